"""The replay and the coach's review in the page: long tasks and what they were.

    python -m tools.bench_replay_page [--rounds 5] [--seed 11] [--cpu-throttle 1]

Builds the site, serves it on localhost and, for each seed, plays a 2-player official round
in headless Chromium (a person by tests/e2e/driver.py's Player against an easy bot, at the
instant speed), then presses "Replay and review this round" and waits for the review's
marks. A `PerformanceObserver` records every long task (over 50 ms) from the press to the
marks; the page times its Python entry points and each slice of the review
(tools/page_spans.py, handed to the page once it is ready, and cabo/web/replaypage.py: spans
"App.on_click", "Replay.import", "Replay.review"), and each long task is told apart: the press
(drawing the replay), the review's imports (the hard bot's search, a task of their own), a
review slice, another drawing (the marks shown), or other.
Reports per round the press's Python time, the time until the marks show, the longest
review slice, and the long tasks. Target (issue 46): no task over 50 ms from the review. A
measurement, not a test: the machine's load moves the numbers (say it: `uptime`).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import threading
import time
from pathlib import Path

from playwright.sync_api import expect, sync_playwright

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tests.e2e import driver  # noqa: E402
from tools import build, page_spans, serve  # noqa: E402
from tools.stdlib_record import load_tool, run_python  # noqa: E402

ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]

OBSERVE = """() => {
  globalThis.caboSpans.length = 0;
  globalThis.caboLong = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) globalThis.caboLong.push([e.startTime, e.duration]);
  }).observe({type: "longtask", buffered: false});
}"""


def one_round(page, seed: int) -> dict:
    driver.open_page(page, seed)
    run_python(page, load_tool(ROOT / "tools" / "page_spans.py", "cabo_page_spans")
               + page_spans.INSTALL)
    page.wait_for_function("() => globalThis.caboSpansInstalled === true")
    driver.new_game(page, "official", ("person", "easy"))
    driver.Player(page).play_round()
    driver.wait_idle(page)
    page.evaluate(OBSERVE)
    start = time.monotonic()
    page.get_by_role("button", name="Replay and review this round").click()
    expect(page.locator(".review .marks, .review .review-none")).to_be_visible(timeout=120_000)
    shown = time.monotonic() - start
    page.wait_for_timeout(200)  # the last long task's entry
    flat = page.evaluate("() => Array.from(globalThis.caboSpans)")
    spans = [flat[i:i + 3] for i in range(0, len(flat), 3)]
    longs = page.evaluate("() => globalThis.caboLong")
    clicks = [(s, d) for name, s, d in spans if name == "App.on_click"]
    slices = [(s, d) for name, s, d in spans if name == "Replay.review"]
    imports = [(s, d) for name, s, d in spans if name == "Replay.import"]
    draws = [(s, d) for name, s, d in spans if name == "App.render"]

    def what(at, dur) -> str:
        for kind, found in (("press", clicks), ("import", imports), ("review", slices),
                            ("drawing", draws)):
            if any(s >= at - 1 and s < at + dur for s, _ in found):
                return kind
        return "other"

    return {"seed": seed, "press_ms": round(sum(d for _, d in clicks), 1),
            "marks_after_s": round(shown, 2), "slices": len(slices),
            "import_ms": round(sum(d for _, d in imports), 1),
            "longest_slice_ms": round(max((d for _, d in slices), default=0.0), 1),
            "long_tasks": [(what(at, dur), round(dur)) for at, dur in longs]}


def main(argv=None) -> list:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--cpu-throttle", type=float, default=1.0,
                        help="slow the page's CPU this many times (DevTools throttling)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    build.build()
    server = serve.make_server(port=0, handler=serve.QuietRequestHandler, base_path="/cabo/")
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}/cabo/"
    results = []
    with sync_playwright() as p:
        browser = p.chromium.launch(
            executable_path=os.environ.get("CABO_CHROMIUM", "/usr/bin/chromium"), args=ARGS)
        for seed in range(args.seed, args.seed + args.rounds):
            context = browser.new_context(base_url=base, viewport={"width": 1280, "height": 800})
            context.add_init_script("globalThis.caboSpans = [];")
            page = context.new_page()
            if args.cpu_throttle > 1:
                context.new_cdp_session(page).send(
                    "Emulation.setCPUThrottlingRate", {"rate": args.cpu_throttle})
            results.append(one_round(page, seed))
            context.close()
        browser.close()
    server.shutdown()
    if args.json:
        print(json.dumps(results))
        return results
    for r in results:
        print(f"seed {r['seed']}: press {r['press_ms']} ms of Python; marks after "
              f"{r['marks_after_s']} s; the review's imports {r['import_ms']} ms; "
              f"{r['slices']} review slices, the longest "
              f"{r['longest_slice_ms']} ms; long tasks {r['long_tasks']}")
    review = [d for r in results for kind, d in r["long_tasks"] if kind == "review"]
    print(f"marks after (median) {statistics.median(r['marks_after_s'] for r in results)} s; "
          f"longest review slice {max(r['longest_slice_ms'] for r in results)} ms; "
          f"long tasks from the review: {len(review)} (longest {max(review, default=0)} ms)")
    return results


if __name__ == "__main__":
    main()
