"""Hard-bot thinking in the page: long tasks on the main thread and thinking time per move.

    python -m tools.bench_thinking [--preset official] [--bots 2] [--rounds 1] [--seed 12]

Builds the site (tools/build.py), serves it on localhost and plays whole rounds in headless
Chromium at normal speed: a person (tests/e2e/driver.py's simple Player, by clicks) against
`--bots` hard bots. A `PerformanceObserver` records every long task (a main-thread task of
more than 50 ms) from the start of the game to the end of the last round, and the page logs
each bot move's thinking time (cabo/web/pacer.py `Pacer.think`: from the start of the decision
to its result, slices and the browser's turns between them included). The page thinks
during the bot's pause before its move (1000 ms at normal speed), so a person waits longer
only by the thinking beyond the pause, also reported. `--level medium` gives the baseline of
long tasks that are not thinking (drawing the table, saving). Recording starts once the first
visit's service worker has installed (tools/bench_boot.py's wait): its install fetches and
hashes every file of the site (13 MB) in the seconds after the page is ready, which a person
spends reading the form, but this script would spend filling it in and starting; on a 2-core
machine that install starves the page's main thread (a Chromium trace of the start click:
`window.scrollTo` blocked 94 of its 98 ms). `--during-install` starts at once, as before.
`--spans` also times the page's
Python entry points and the garbage collector (tools/page_spans.py) and prints what ran inside
each long task (`--spans-file` keeps them as JSON). Targets (issue 11): no long task over 50 ms caused by thinking, thinking p95 <=
250 ms. A measurement, not a test: the machine's load moves the numbers.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import threading
from pathlib import Path

from playwright.sync_api import expect, sync_playwright

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tests.e2e import driver  # noqa: E402
from tools import build, page_spans, serve  # noqa: E402
from tools.stdlib_record import load_tool, run_python  # noqa: E402
from tools.bench_boot import CHROMIUM_ARGS, SERVICE_WORKER_READY  # noqa: E402

ARGS = CHROMIUM_ARGS  # (the benches' one Chromium command line)

OBSERVE = """
globalThis.caboThinkMs = [];
globalThis.caboThinkSlices = [];
globalThis.caboLongTasks = [];
globalThis.caboLongTaskAt = [];
globalThis.caboRecording = false;
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) {
    if (globalThis.caboRecording) {
      globalThis.caboLongTasks.push(e.duration);
      globalThis.caboLongTaskAt.push([e.startTime, e.duration]);
    }
  }
}).observe({type: "longtask", buffered: false});
"""


def wait_idle(page) -> None:
    """Until no bot is due to move (normal speed: several seconds per bot turn)."""
    expect(page.locator("#app")).to_have_attribute("data-busy", "false", timeout=180_000)


def pct(xs, q) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))] if xs else 0.0


def main(argv=None) -> dict:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--preset", default="official")
    parser.add_argument("--bots", type=int, default=2, help="bots beside the person")
    parser.add_argument("--level", default="hard", help="their level (medium: a baseline)")
    parser.add_argument("--rounds", type=int, default=1)
    parser.add_argument("--seed", type=int, default=12)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--spans", action="store_true",
                        help="time the page's Python entry points and the garbage collector "
                             "(tools/page_spans.py) and print what ran inside each long task")
    parser.add_argument("--spans-file", help="with --spans: write the long tasks and spans here")
    parser.add_argument("--query", default="", help="more URL parameters, e.g. &patch=off")
    parser.add_argument("--during-install", action="store_true",
                        help="start at once, while the first visit's service worker installs "
                             "(by default the game starts once it has)")
    parser.add_argument("--cpu-throttle", type=float, default=1.0,
                        help="slow the page's CPU this many times (Chromium's DevTools "
                             "throttling): a slower phone, or a loaded machine, without "
                             "loading the machine")
    args = parser.parse_args(argv)
    build.build()
    server = serve.make_server(port=0, handler=serve.QuietRequestHandler, base_path="/cabo/")
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}/cabo/"
    driver.wait_idle = wait_idle  # the driver's press() waits through it
    with sync_playwright() as p:
        browser = p.chromium.launch(
            executable_path=os.environ.get("CABO_CHROMIUM", "/usr/bin/chromium"), args=ARGS)
        page = browser.new_page(base_url=base)
        if args.cpu_throttle > 1:
            page.context.new_cdp_session(page).send(
                "Emulation.setCPUThrottlingRate", {"rate": args.cpu_throttle})
        page.add_init_script(OBSERVE + ("globalThis.caboSpans = [];" if args.spans else ""))
        driver.open_page(page, args.seed, query=args.query)
        installed_at = None
        if not args.during_install:
            page.wait_for_load_state("networkidle")
            page.evaluate(SERVICE_WORKER_READY)
            installed_at = round(page.evaluate("performance.now()"))
        if args.spans:  # the timing wrappers are not part of the page: handed to it now
            run_python(page, load_tool(ROOT / "tools" / "page_spans.py", "cabo_page_spans")
                       + page_spans.INSTALL)
            page.wait_for_function("() => globalThis.caboSpansInstalled === true")
        page.evaluate("() => { globalThis.caboRecording = true; }")
        driver.new_game(page, args.preset, ("person",) + (args.level,) * args.bots, speed="normal")
        for r in range(args.rounds):
            driver.Player(page, cabo_after_draws=6).play_round()
            if r + 1 < args.rounds:
                names = driver.buttons(page)
                if "Next round" not in names:
                    break
                driver.press(page, "Next round")
        page.evaluate("() => { globalThis.caboRecording = false; }")
        think = page.evaluate("() => globalThis.caboThinkMs")
        slices = page.evaluate("() => globalThis.caboThinkSlices")
        longs = page.evaluate("() => globalThis.caboLongTasks")
        long_at = page.evaluate("() => globalThis.caboLongTaskAt")
        flat = page.evaluate("() => globalThis.caboSpans || []") if args.spans else []
        spans = [flat[i:i + 3] for i in range(0, len(flat), 3)]
        browser.close()
    server.shutdown()
    pause = 1000.0  # cabo/ui/pacing.py: a bot's pause before its move at normal speed
    late = [max(0.0, t - pause) for t in think]
    result = {"preset": args.preset, "level": args.level, "bots": args.bots, "rounds": args.rounds,
              "seed": args.seed, "cpu_throttle": args.cpu_throttle,
              "started_ms": installed_at, "bot_moves": len(think),
              "thinking_ms_p50": round(pct(think, 0.5), 1),
              "thinking_ms_p95": round(pct(think, 0.95), 1),
              "thinking_ms_max": round(max(think, default=0.0), 1),
              "beyond_pause_ms_p95": round(pct(late, 0.95), 1),
              "beyond_pause_ms_max": round(max(late, default=0.0), 1),
              "slices": len(slices), "slice_ms_p99": round(pct(slices, 0.99), 1),
              "slice_ms_max": round(max(slices, default=0.0), 1),
              "busy_ms_total": round(sum(slices)), "thinking_ms_total": round(sum(think)),
              "long_tasks": len(longs), "long_task_ms_max": round(max(longs, default=0.0), 1),
              "long_tasks_ms": [round(x) for x in sorted(longs, reverse=True)[:20]],
              "thinking_ms": [round(t, 1) for t in think]}
    if args.json:
        print(json.dumps(result, indent=1))
    else:
        print(f"{args.preset}, a person and {args.bots} {args.level} bots, {args.rounds} round(s), "
              f"seed {args.seed}, normal speed, "
              + ("while the service worker installs" if args.during_install
                 else f"once the service worker has installed ({installed_at} ms after navigation)")
              + (f", CPU throttled {args.cpu_throttle:g}x" if args.cpu_throttle > 1 else ""))
        print(f"bot moves {result['bot_moves']}: thinking p50 {result['thinking_ms_p50']} ms, "
              f"p95 {result['thinking_ms_p95']} ms, max {result['thinking_ms_max']} ms; beyond the "
              f"{pause:.0f} ms pause: p95 {result['beyond_pause_ms_p95']} ms, max "
              f"{result['beyond_pause_ms_max']} ms")
        print(f"thinking slices {result['slices']} (Python running between the browser's turns): "
              f"p99 {result['slice_ms_p99']} ms, longest {result['slice_ms_max']} ms; busy "
              f"{result['busy_ms_total']} ms of {result['thinking_ms_total']} ms thinking")
        print(f"long tasks (> 50 ms) during play: {result['long_tasks']}, longest "
              f"{result['long_task_ms_max']} ms; the longest: {result['long_tasks_ms']}")
    if args.spans:
        if args.spans_file:
            Path(args.spans_file).write_text(json.dumps({"long": long_at, "spans": spans}))
        result["long_task_spans"] = attribute(long_at, spans)
        for task in result["long_task_spans"]:
            print(f"long task {task['ms']} ms at {task['at']}: "
                  + ", ".join(f"{n} {d}" for n, d in task["spans"]))
        result["span_ms_max"] = span_maxima(spans)
        print("longest span of each kind (ms):",
              ", ".join(f"{n} {d}" for n, d in result["span_ms_max"]))
    return result


def attribute(long_at, spans) -> list:
    """For each long task [start, duration]: the timed spans that ran inside it, longest
    first (spans nest: Saving.save holds Session.to_json)."""
    out = []
    for start, dur in sorted(long_at):
        inside = [(name, round(d, 1)) for name, s, d in spans
                  if s >= start - 1 and s + d <= start + dur + 1]
        inside.sort(key=lambda nd: -nd[1])
        out.append({"at": round(start), "ms": round(dur, 1), "spans": inside[:8]})
    return out


def span_maxima(spans) -> list:
    best = {}
    for name, _s, d in spans:
        key = name.split(":")[0]
        best[key] = max(best.get(key, 0.0), d)
    return sorted(((k, round(v, 1)) for k, v in best.items()), key=lambda kv: -kv[1])


if __name__ == "__main__":
    main()
