"""Card motion in the page under a slow CPU: frames, long tasks and taps while cards move.

    python -m tools.bench_motion [--cpu-throttle 4] [--seed 11] [--rounds 1] [--json]
    python -m tools.bench_motion --bytes-only [--bytes-base ../cabo-before]

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
the card faces, the sounds and the motion (gzip -9 of their own files, and of the sprite in
index.html); with `--bytes-base DIR` (a built checkout of the commit before) also what the
first visit's files grew by, file by file. A measurement, not a test: the machine's load moves the
numbers (say `uptime` with them).
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
from tools import build, serve  # noqa: E402

ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]

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
  // a tap: its time, then the first frame after the page changed
  let pending = null;
  addEventListener("click", (e) => { pending = {at: e.timeStamp, changed: null}; }, true);
  const seen = new MutationObserver(() => {
    if (!pending || pending.changed !== null) return;
    const tap = pending;
    tap.changed = performance.now();
    requestAnimationFrame((t) => { rec.taps.push([tap.at, t]); });
  });
  addEventListener("DOMContentLoaded", () => seen.observe(document.getElementById("app"),
                                       {subtree: true, childList: true, attributes: true,
                                        characterData: true}));
})();
"""

FILES_ADDED = ("cabo/web/render_card.py", "cabo/ui/motion.py", "static/css/cards.css",
               "static/js/motion.js", "static/js/sound.js")


def pct(xs, q) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))] if xs else 0.0


def gz(data: bytes) -> int:
    return len(gzip.compress(data, 9))


def bytes_added() -> dict:
    """First-visit bytes (gzip -9) of what the faces, sounds and motion add: their own files
    (the Python ones travel inside cabo.zip, compressed about as much) and the card sprite
    that index.html carries."""
    from cabo.web import render_card
    out = {path: gz((ROOT / path).read_bytes()) for path in FILES_ADDED}
    out["index.html: the card sprite"] = gz(render_card.SPRITE.encode())
    out["total"] = sum(out.values())
    return out


def first_visit(root: Path) -> dict:
    """gzip -9 bytes of each file a first visit fetches that the faces, sounds and motion can
    change: the page, its styles and scripts, the game's package and bytecode."""
    files = ([root / "index.html"] + sorted((root / "static/css").glob("*.css"))
             + sorted((root / "static/js").glob("*.js")) + sorted((root / "static/build").glob("*")))
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
        longs = [d for s, d in rec["long"] if s < end and s + d > start]
        slot = per.setdefault(kind, {"motions": 0, "gaps": [], "long": []})
        slot["motions"] += 1
        slot["gaps"] += gaps
        slot["long"] += longs
    result = {}
    for kind, slot in sorted(per.items()):
        gaps = slot["gaps"]
        result[kind] = {
            "motions": slot["motions"], "frames": len(gaps),
            "frame_ms_median": round(statistics.median(gaps), 1) if gaps else None,
            "frame_ms_p95": round(pct(gaps, 0.95), 1) if gaps else None,
            "long_tasks": len(slot["long"]),
            "long_task_ms_max": round(max(slot["long"], default=0.0), 1)}
    all_gaps = [g for slot in per.values() for g in slot["gaps"]]
    all_long = [d for slot in per.values() for d in slot["long"]]
    taps = [t - at for at, t in rec["taps"]]
    return {"kinds": result,
            "frame_ms_median": round(statistics.median(all_gaps), 1) if all_gaps else None,
            "long_tasks_while_moving": len(all_long),
            "long_task_ms_max_while_moving": round(max(all_long, default=0.0), 1),
            "taps": len(taps), "tap_to_change_ms_p50": round(pct(taps, 0.5), 1),
            "tap_to_change_ms_p95": round(pct(taps, 0.95), 1),
            "tap_to_change_ms_max": round(max(taps, default=0.0), 1)}


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
    args = parser.parse_args(argv)
    build.build()
    if args.bytes_only:
        args.bytes = True
        result = {"bytes_gzip": bytes_added()}
        if args.bytes_base:
            result["first_visit_added_gzip"] = bytes_against(args.bytes_base)
        print(json.dumps(result, indent=1))
        return result
    server = serve.make_server(port=0, handler=serve.QuietRequestHandler, base_path="/cabo/")
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}/cabo/"
    driver.wait_idle = lambda page: page.wait_for_function(
        "document.getElementById('app').dataset.busy === 'false'", timeout=300_000)
    with sync_playwright() as p:
        browser = p.chromium.launch(
            executable_path=os.environ.get("CABO_CHROMIUM", "/usr/bin/chromium"), args=ARGS)
        page = browser.new_page(base_url=base,
                                viewport={"width": args.width, "height": args.height})
        page.add_init_script(OBSERVE)
        driver.open_page(page, args.seed)
        page.context.new_cdp_session(page).send(
            "Emulation.setCPUThrottlingRate", {"rate": args.cpu_throttle})
        driver.new_game(page, "official", ("person", "easy", "easy", "easy"), speed="normal")
        for r in range(args.rounds):
            driver.Player(page, cabo_after_draws=4).play_round()
            page.wait_for_timeout(3000)  # the reveal
            if r + 1 < args.rounds and "Next round" in driver.buttons(page):
                driver.press(page, "Next round")
                page.wait_for_timeout(2500)  # the deal
        rec = page.evaluate("globalThis.caboBench")
        browser.close()
    server.shutdown()
    result = {"cpu_throttle": args.cpu_throttle, "seed": args.seed, "rounds": args.rounds,
              "viewport": [args.width, args.height], **measure(rec)}
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
              f"{k['long_tasks']} (max {k['long_task_ms_max']} ms)")
    print(f"while cards move: frame interval median {result['frame_ms_median']} ms; long tasks "
          f"{result['long_tasks_while_moving']} (longest {result['long_task_ms_max_while_moving']}"
          f" ms)")
    print(f"taps {result['taps']}: tap to visible change p50 {result['tap_to_change_ms_p50']} ms,"
          f" p95 {result['tap_to_change_ms_p95']} ms, max {result['tap_to_change_ms_max']} ms")
    if args.bytes:
        print("faces, sounds and motion, gzip -9 bytes:",
              ", ".join(f"{k} {v}" for k, v in result["bytes_gzip"].items()))
        if args.bytes_base:
            print(f"first visit, added against {args.bytes_base}:",
                  ", ".join(f"{k} {v:+d}" for k, v in result["first_visit_added_gzip"].items()))
    return result


if __name__ == "__main__":
    main()
