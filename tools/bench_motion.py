"""Card motion in the page under a slow CPU: frames, long tasks and taps while cards move.

    python -m tools.bench_motion [--cpu-throttle 4] [--seed 11] [--rounds 1] [--json]
    python -m tools.bench_motion --bytes-only [--bytes-base ../cabo-before]
    python -m tools.bench_motion --trace /tmp/motion.json [--spans] [--before DIR --runs 2]

Builds the site (tools/build.py), serves it on localhost and plays a round in headless
Chromium with the CPU slowed `--cpu-throttle` times (DevTools Protocol
Emulation.setCPUThrottlingRate; 4 is a mid-range phone): a person (tests/e2e/driver.py's
simple Player, by clicks) and three easy bots at normal speed, official rules. The page
records every frame (requestAnimationFrame) and every long task (PerformanceObserver,
a main-thread task over 50 ms) while a card moves (static/js/motion.js: from a motion's
first animation to its last one's end), per kind of step (deal, fly, flip, shake, reveal),
and for each of the person's taps the time from the tap (the event's timeStamp) to the
first frame after the page changed (a MutationObserver on #app, then the next
requestAnimationFrame: the frame that shows the change).

Goals (issue 41): no long task over 50 ms while a card moves, median frame interval
<= 20 ms, tap-to-visible-change p95 <= 100 ms. `--bytes` prints the first-visit bytes of
the card faces, the sounds and the motion (gzip -9 of their own files); with `--bytes-base
DIR` (a built checkout of the commit before) also what the first visit's files grew by, file
by file. A measurement, not a test: the machine's load moves the
numbers (say `uptime` with them).

`--trace FILE` records a Chromium trace and splits each long task while cards move by what
ran (tools/trace_tasks.py), and counts the tasks whose CPU time is over 50 ms: on a loaded
machine a quiet machine's long tasks, estimated. `--spans` names the page's Python entry
points and scripts inside each long task. `--before DIR --runs N` plays the round with a
built checkout DIR and with this one in turn (before, this, before, this, ...). `--return`
plays on a returning player's page (the reload after a first visit) instead of a first visit.
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import statistics
import sys
import threading
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tests.e2e import driver  # noqa: E402
from tools import build, page_spans, serve, trace_tasks  # noqa: E402
from tools.bench_boot import CHROMIUM_ARGS  # noqa: E402
from tools.bench_thinking import attribute  # noqa: E402
from tools.stdlib_record import load_tool, run_python  # noqa: E402

ARGS = CHROMIUM_ARGS  # (the benches' one Chromium command line)

# The page's side: frames, long tasks and motions, and the taps' visible changes.
OBSERVE = """
(() => {
  const rec = globalThis.caboBench = {frames: [], long: [], motions: [], taps: []};
  const frame = (t) => { rec.frames.push(t); requestAnimationFrame(frame); };
  requestAnimationFrame(frame);
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) rec.long.push([e.startTime, e.duration]);
  }).observe({type: "longtask", buffered: false});
  // each Element.animate call of motion.js: [start, end, kind] (kind from the element)
  const animate = Element.prototype.animate;
  Element.prototype.animate = function (keyframes, options) {
    const a = animate.call(this, keyframes, options);
    const start = performance.now();
    const kind = this.classList.contains("ghost") ? "ghost" : "card";
    const entry = [start, start + (options?.delay || 0) + (options?.duration || 0), kind,
                   globalThis.caboBenchStep || ""];
    rec.motions.push(entry);
    const end = () => { entry[1] = Math.min(entry[1], performance.now()); };
    a.addEventListener("finish", end); a.addEventListener("cancel", end);
    return a;
  };
  // a tap or key press finishes every motion at once (motion.js `finishAll`): from then on
  // no card moves (the animations' finish events come only with the next frame)
  const stop = () => {
    const now = performance.now();
    for (const entry of rec.motions) entry[1] = Math.min(entry[1], now);
  };
  addEventListener("pointerdown", stop, true);
  addEventListener("keydown", stop, true);
  // the kind of the change being animated: motion.js reads its steps from caboMotion
  addEventListener("DOMContentLoaded", () => {
    const wrap = () => {
      const motion = globalThis.caboMotion;
      if (!motion || motion.__bench) return false;
      const wrapped = (steps, instant) => {
        const kinds = [...new Set(JSON.parse(steps).map(s => s.kind))];
        if (kinds.length) globalThis.caboBenchStep = kinds.join("+");
        return motion(steps, instant);
      };
      wrapped.__bench = true;
      globalThis.caboMotion = wrapped;
      return true;
    };
    if (!wrap()) { const t = setInterval(() => { if (wrap()) clearInterval(t); }, 50); }
  });
  // a tap: its time, then the first frame after the page changed (the page's changes are
  // observed only from a tap to its first change: observing every change of the round put
  // the observer's own work into the page's tasks)
  let pending = null;
  const seen = new MutationObserver(() => {
    seen.disconnect();
    if (!pending || pending.changed !== null) return;
    const tap = pending;
    tap.changed = performance.now();
    requestAnimationFrame((t) => { rec.taps.push([tap.at, t]); });
  });
  addEventListener("click", (e) => {
    pending = {at: e.timeStamp, changed: null};
    const app = document.getElementById("app");
    if (app) seen.observe(app, {subtree: true, childList: true, attributes: true,
                                characterData: true});
  }, true);
})();
"""

FILES_ADDED = ("cabo/web/render_card.py", "cabo/web/card_glyphs.py", "cabo/ui/motion.py",
               "static/css/cards.css", "static/js/motion.js", "static/js/sound.js")


def pct(xs, q) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))] if xs else 0.0


def gz(data: bytes) -> int:
    return len(gzip.compress(data, 9))


def bytes_added() -> dict:
    """First-visit bytes (gzip -9) of what the faces, sounds and motion add: their own files
    (the Python ones travel inside cabo.zip, compressed about as much; the faces' shapes and
    the outlines of their words are in render_card.py and card_glyphs.py)."""
    out = {path: gz((ROOT / path).read_bytes()) for path in FILES_ADDED}
    out["total"] = sum(out.values())
    return out


def first_visit(root: Path) -> dict:
    """gzip -9 bytes of each file a first visit fetches that the faces, sounds and motion can
    change: the page, its styles and scripts, the game's package and bytecode."""
    files = ([root / "index.html"] + sorted((root / "static/css").glob("*.css"))
             + sorted((root / "static/js").glob("*.*js"))  # the .js and the boot's .mjs
             + sorted((root / "static/build").glob("*")))
    return {str(f.relative_to(root)): gz(f.read_bytes()) for f in files if f.is_file()}


def bytes_against(base: Path) -> dict:
    """What this build adds to the first visit, file by file, against the built checkout
    `base` (e.g. a `git worktree` of the commit before, after `python tools/build.py`)."""
    a, b = first_visit(base), first_visit(ROOT)
    out = {k: b.get(k, 0) - a.get(k, 0) for k in sorted(set(a) | set(b))
           if b.get(k, 0) != a.get(k, 0)}
    out["total"] = sum(out.values())
    return out


def windows(motions):
    """Merged [start, end, kinds] intervals during which something moved."""
    out = []
    for start, end, _kind, step in sorted(motions):
        if out and start <= out[-1][1] + 1:
            out[-1][1] = max(out[-1][1], end)
            out[-1][2].add(step)
        else:
            out.append([start, end, {step}])
    return out


def measure(rec) -> dict:
    """Frames and long tasks inside the motion windows, per kind of step; the taps."""
    per = {}
    frames = rec["frames"]
    for start, end, steps in windows(rec["motions"]):
        kind = "+".join(sorted(s for s in steps if s)) or "other"
        inside = [t for t in frames if start <= t <= end]
        gaps = [b - a for a, b in zip(inside, inside[1:])]
        longs = [(d, s > start) for s, d in rec["long"] if s < end and s + d > start]
        slot = per.setdefault(kind, {"motions": 0, "gaps": [], "long": [], "flight": []})
        slot["motions"] += 1
        slot["gaps"] += gaps
        slot["long"] += [d for d, _ in longs]
        slot["flight"] += [d for d, later in longs if later]
    result = {}
    for kind, slot in sorted(per.items()):
        gaps = slot["gaps"]
        result[kind] = {
            "motions": slot["motions"], "frames": len(gaps),
            "frame_ms_median": round(statistics.median(gaps), 1) if gaps else None,
            "frame_ms_p95": round(pct(gaps, 0.95), 1) if gaps else None,
            "long_tasks": len(slot["long"]),
            "long_task_ms_max": round(max(slot["long"], default=0.0), 1),
            "in_flight": len(slot["flight"]),
            "in_flight_ms_max": round(max(slot["flight"], default=0.0), 1)}
    all_gaps = [g for slot in per.values() for g in slot["gaps"]]
    all_long = [d for slot in per.values() for d in slot["long"]]
    flight = [d for slot in per.values() for d in slot["flight"]]
    taps = [t - at for at, t in rec["taps"]]
    return {"kinds": result,
            "frame_ms_median": round(statistics.median(all_gaps), 1) if all_gaps else None,
            "long_tasks_while_moving": len(all_long),
            "long_task_ms_max_while_moving": round(max(all_long, default=0.0), 1),
            "long_tasks_in_flight": len(flight),
            "long_task_ms_max_in_flight": round(max(flight, default=0.0), 1),
            "taps": len(taps), "tap_to_change_ms_p50": round(pct(taps, 0.5), 1),
            "tap_to_change_ms_p95": round(pct(taps, 0.95), 1),
            "tap_to_change_ms_max": round(max(taps, default=0.0), 1)}


def play_once(p, root, args, trace):
    """One round in a fresh browser with the site of `root`: the page's records and spans."""
    server = serve.make_server(port=0, directory=root, handler=serve.QuietRequestHandler,
                               base_path="/cabo/")
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}/cabo/"
    browser = p.chromium.launch(
        executable_path=os.environ.get("CABO_CHROMIUM", "/usr/bin/chromium"), args=ARGS)
    page = browser.new_page(base_url=base, viewport={"width": args.width, "height": args.height})
    page.add_init_script(OBSERVE + (page_spans.SCRIPTS_JS if args.spans else ""))
    driver.open_page(page, args.seed)
    if args.returning:  # a returning player: the page restores the first visit's snapshot
        page.evaluate("async () => await caboRuntime.kept")
        page.reload()
        page.get_by_test_id("ready").wait_for(timeout=60_000)
    if args.spans:  # the timing wrappers are not part of the page: handed to it now
        run_python(page, load_tool(ROOT / "tools" / "page_spans.py", "cabo_page_spans")
                   + page_spans.INSTALL)
        page.wait_for_function("() => globalThis.caboSpansInstalled === true")
    page.context.new_cdp_session(page).send(
        "Emulation.setCPUThrottlingRate", {"rate": args.cpu_throttle})
    if trace:
        browser.start_tracing(page=page, path=str(trace), categories=trace_tasks.CATEGORIES)
        page.evaluate("performance.mark('cabo-sync')")
    driver.new_game(page, "official", ("person", "easy", "easy", "easy"), speed="normal")
    for r in range(args.rounds):
        driver.Player(page, cabo_after_draws=4).play_round()
        page.wait_for_timeout(3000)  # the reveal
        if r + 1 < args.rounds and "Next round" in driver.buttons(page):
            driver.press(page, "Next round")
            page.wait_for_timeout(2500)  # the deal
    rec = page.evaluate("globalThis.caboBench")
    flat = page.evaluate("() => Array.from(globalThis.caboSpans || [])")
    if trace:
        browser.stop_tracing()
    browser.close()
    server.shutdown()
    return rec, flat


def analyse(rec, flat, trace, args) -> dict:
    """measure(), and with --spans / --trace what ran in each long task while cards moved."""
    result = measure(rec)
    moving = windows(rec["motions"])

    def while_moving(start, ms):
        return any(start < end and start + ms > begin for begin, end, _ in moving)
    if args.spans:
        spans = [flat[i:i + 3] for i in range(0, len(flat), 3)]
        longs = [[s, d] for s, d in rec["long"] if while_moving(s, d)]
        result["long_task_spans"] = attribute(longs, spans)
    if trace:
        tasks = trace_tasks.long_tasks(trace, "cabo-sync")
        result["long_task_split"] = [t for t in tasks if while_moving(t["at"], t["ms"])]
        total = {}
        for t in result["long_task_split"]:
            for kind, ms in t["split"]:
                total[kind] = round(total.get(kind, 0) + ms, 1)
        result["long_task_split_total"] = sorted(total.items(), key=lambda kv: -kv[1])
        # the page's own: a task mostly spent by the driver's DevTools calls is the bench's
        own = [t for t in result["long_task_split"]
               if dict(t["split"]).get("devtools", 0) < t["ms"] / 2]
        result["page_long_tasks_while_moving"] = len(own)
        result["page_long_task_ms_max_while_moving"] = max((t["ms"] for t in own), default=0)
        # what a quiet machine would show: the tasks whose CPU time is over 50 ms (the
        # throttling is in it: tools/trace_tasks.py)
        quiet = [t for t in trace_tasks.long_tasks(trace, "cabo-sync", cpu_times=1.0)
                 if while_moving(t["at"], t["ms"]) and dict(t["split"]).get("devtools", 0)
                 < t["ms"] / 2]
        result["quiet_long_tasks_while_moving"] = len(quiet)
        result["quiet_long_task_ms_max_while_moving"] = round(
            max((t["cpu_ms"] for t in quiet), default=0), 1)
        result["quiet_long_task_split"] = quiet
        # every task of the page while cards move with 10 ms of CPU time or more: its CPU
        # times' median, p90 and sum move less with the machine's load than a count over 50
        busy = sorted(t["cpu_ms"] for t in trace_tasks.long_tasks(
            trace, "cabo-sync", cpu_times=1.0, over_ms=10.0)
            if while_moving(t["at"], t["ms"]) and dict(t["split"]).get("devtools", 0)
            < t["ms"] / 2)
        result["task_cpu_ms_while_moving"] = {
            "tasks": len(busy), "median": round(statistics.median(busy), 1) if busy else 0,
            "p90": round(pct(busy, 0.9), 1), "sum": round(sum(busy))}
        if args.spans:
            for t in quiet:
                t["spans"] = attribute([[t["at"], t["ms"]]], spans)[0]["spans"]
    result["motion_windows"] = [[round(a, 1), round(b, 1), sorted(k)] for a, b, k in moving]
    return result


def moving_kind(r, task) -> str:
    """The kinds of the motion a task fell into (its window's steps)."""
    return "+".join(sorted({k for a, b, kinds in r["motion_windows"]
                            if task["at"] < b and task["at"] + task["ms"] > a
                            for k in kinds if k})) or "other"


def brief(r) -> str:
    return (f"frame median {r['frame_ms_median']} ms; long tasks while moving "
            f"{r['long_tasks_while_moving']} (longest {r['long_task_ms_max_while_moving']} ms; "
            f"in flight {r['long_tasks_in_flight']}, longest {r['long_task_ms_max_in_flight']} "
            f"ms)" + (f"; the page's own (trace) {r['page_long_tasks_while_moving']}, longest "
                      f"{r['page_long_task_ms_max_while_moving']} ms"
                      if "page_long_tasks_while_moving" in r else "")
            + (f"; by CPU time (a quiet machine's long tasks, estimated) "
               f"{r['quiet_long_tasks_while_moving']}, longest "
               f"{r['quiet_long_task_ms_max_while_moving']} ms"
               if "quiet_long_tasks_while_moving" in r else "")
            + (f"; tasks >= 10 ms CPU while moving {r['task_cpu_ms_while_moving']}"
               if "task_cpu_ms_while_moving" in r else "")
            + f"; tap p95 {r['tap_to_change_ms_p95']} ms")


def main(argv=None) -> dict:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cpu-throttle", type=float, default=4.0)
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--rounds", type=int, default=1)
    parser.add_argument("--width", type=int, default=390)
    parser.add_argument("--height", type=int, default=844)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--bytes", action="store_true", help="also the first-visit bytes")
    parser.add_argument("--bytes-base", type=Path,
                        help="with --bytes: a built checkout to compare the first visit with")
    parser.add_argument("--bytes-only", action="store_true", help="only the bytes")
    parser.add_argument("--spans", action="store_true",
                        help="also time the page's Python entry points and its scripts "
                             "(tools/page_spans.py) and print what ran in each long task "
                             "while cards moved")
    parser.add_argument("--trace", type=Path,
                        help="record a Chromium trace of the round to this file and split "
                             "each long task while cards moved by what ran (tools/trace_tasks.py)")
    parser.add_argument("--before", type=Path,
                        help="a built checkout to compare with: its round and this one's in "
                             "turn, --runs times (before, this, before, this, ...)")
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument("--return", dest="returning", action="store_true",
                        help="play on a return (a reload that restores the runtime snapshot "
                             "the first visit stored), not on a first visit")
    args = parser.parse_args(argv)
    build.build()
    if args.bytes_only:
        args.bytes = True
        result = {"bytes_gzip": bytes_added()}
        if args.bytes_base:
            result["first_visit_added_gzip"] = bytes_against(args.bytes_base)
        print(json.dumps(result, indent=1))
        return result
    # (polled every 100 ms: polled in every frame, the driver's DevTools calls are long
    # tasks of their own in the page under the slowed CPU)
    driver.wait_idle = lambda page: page.wait_for_function(
        "document.getElementById('app').dataset.busy === 'false'", timeout=300_000,
        polling=100)
    roots = [("this", ROOT)] if not args.before else [("before", args.before), ("this", ROOT)]
    runs = []
    with sync_playwright() as p:
        for i in range(args.runs):
            for label, root in roots:  # before, this, before, this, ...
                trace = (args.trace.with_suffix(f".{label}{i}.json")
                         if args.trace and args.runs * len(roots) > 1 else args.trace)
                rec, flat = play_once(p, root, args, trace)
                runs.append((label, analyse(rec, flat, trace, args)))
                if args.runs * len(roots) > 1:
                    print(f"run {len(runs)} ({label}, load {os.getloadavg()[0]:.1f}): "
                          + brief(runs[-1][1]), flush=True)
                    for task in runs[-1][1].get("quiet_long_task_split", ()):
                        print(f"    by CPU time {task['cpu_ms']} ms at {task['at']} "
                              f"({moving_kind(runs[-1][1], task)}): "
                              + ", ".join(f"{k} {ms}" for k, ms in task["split"]), flush=True)
    result = {"cpu_throttle": args.cpu_throttle, "seed": args.seed, "rounds": args.rounds,
              "viewport": [args.width, args.height], **runs[-1][1]}
    if len(runs) > 1:
        result["runs"] = [{"variant": label, **r} for label, r in runs]
    if args.bytes:
        result["bytes_gzip"] = bytes_added()
        if args.bytes_base:
            result["first_visit_added_gzip"] = bytes_against(args.bytes_base)
    if args.json:
        print(json.dumps(result, indent=1))
        return result
    print(f"official, a person and 3 easy bots, {args.rounds} round(s), seed {args.seed}, "
          f"normal speed, {args.width}x{args.height}, CPU throttled {args.cpu_throttle:g}x")
    for kind, k in result["kinds"].items():
        print(f"  {kind:24} motions {k['motions']:3}  frames {k['frames']:4}  interval median "
              f"{k['frame_ms_median']} ms, p95 {k['frame_ms_p95']} ms  long tasks "
              f"{k['long_tasks']} (max {k['long_task_ms_max']} ms; in flight {k['in_flight']},"
              f" max {k['in_flight_ms_max']} ms)")
    print(f"while cards move: frame interval median {result['frame_ms_median']} ms; long tasks "
          f"{result['long_tasks_while_moving']} (longest {result['long_task_ms_max_while_moving']}"
          f" ms), of them in flight (begun after the motion's first frame) "
          f"{result['long_tasks_in_flight']} (longest {result['long_task_ms_max_in_flight']} ms)")
    print(f"taps {result['taps']}: tap to visible change p50 {result['tap_to_change_ms_p50']} ms,"
          f" p95 {result['tap_to_change_ms_p95']} ms, max {result['tap_to_change_ms_max']} ms")
    for task in result.get("quiet_long_task_split", ()):
        print(f"  by CPU time {task['cpu_ms']} ms (wall {task['ms']} ms) at {task['at']}: "
              + ", ".join(f"{k} {ms}" for k, ms in task["split"])
              + ("; " + ", ".join(f"{n} {d}" for n, d in task.get("spans", ())) if
                 task.get("spans") else ""))
    for task in result.get("long_task_split", ()):
        print(f"  long task (trace) {task['ms']} ms at {task['at']}: "
              + ", ".join(f"{k} {ms}" for k, ms in task["split"]))
    if "long_task_split_total" in result:
        print("  long tasks while moving, all together (ms):",
              ", ".join(f"{k} {ms}" for k, ms in result["long_task_split_total"]))
        print(f"  the page's own (not mostly the driver's DevTools calls): "
              f"{result['page_long_tasks_while_moving']} (longest "
              f"{result['page_long_task_ms_max_while_moving']} ms)")
    for task in result.get("long_task_spans", ()):
        print(f"  long task {task['ms']} ms at {task['at']}: "
              + ", ".join(f"{n} {d}" for n, d in task["spans"]))
    if args.bytes:
        print("faces, sounds and motion, gzip -9 bytes:",
              ", ".join(f"{k} {v}" for k, v in result["bytes_gzip"].items()))
        if args.bytes_base:
            print(f"first visit, added against {args.bytes_base}:",
                  ", ".join(f"{k} {v:+d}" for k, v in result["first_visit_added_gzip"].items()))
    return result


if __name__ == "__main__":
    main()
