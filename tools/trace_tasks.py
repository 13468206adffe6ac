"""What a page's long tasks spent their time on, from a Chromium trace (tools/bench_motion.py
--trace).

`CATEGORIES` are the trace categories to record; `long_tasks(trace, sync)` finds the renderer
main thread's tasks ("RunTask") over 50 ms and splits each into self time by kind: Python
(the WebAssembly and Pyodide's glue: a call into pyodide.asm.js, a Python callable's proxy,
Pyodide's event loop), the page's own scripts (by file), frame callbacks, timers, the
benchmark's own scripts ("bench"), style ("UpdateLayoutTree"), layout, paint and compositing,
garbage collection, "devtools" (the benchmark's driver, Playwright, evaluating in the page)
and the rest. `sync` is a performance.mark's name: its trace time and startTime put the tasks
on the page's performance.now() clock.
"""

from __future__ import annotations

import json
from pathlib import Path

# (not "disabled-by-default-devtools.timeline.invalidationTracking": nothing here reads its
# events, and recording them makes every style invalidation of the page slower: the trace
# measured the tracing's own work as the page's style time)
CATEGORIES = ["toplevel", "devtools.timeline", "blink.user_timing", "v8",
              "disabled-by-default-devtools.timeline"]

LONG_MS = 50.0

KINDS = {  # trace event name -> kind
    "UpdateLayoutTree": "style", "RecalculateStyles": "style", "ParseAuthorStyleSheet": "style",
    "Layout": "layout", "UpdateLayerTree": "layout",
    "IntersectionObserverController::computeIntersections": "layout",
    "Paint": "paint", "PrePaint": "paint", "Layerize": "paint", "PaintImage": "paint",
    "Commit": "paint", "UpdateLayer": "paint", "CompositeLayers": "paint",
    "MinorGC": "gc", "MajorGC": "gc", "V8.GC_SCAVENGER": "gc", "BlinkGC.AtomicPhase": "gc",
    "ParseHTML": "html", "HitTest": "input",
}


def _load(path) -> list:
    data = json.loads(Path(path).read_text())
    return data["traceEvents"] if isinstance(data, dict) else data


def _main_thread(events):
    """(pid, tid) of the busiest renderer main thread."""
    mains = {(e["pid"], e["tid"]) for e in events
             if e.get("ph") == "M" and e.get("name") == "thread_name"
             and e.get("args", {}).get("name") == "CrRendererMain"}
    busy = {}
    for e in events:
        key = (e.get("pid"), e.get("tid"))
        if key in mains and e.get("name") == "RunTask" and e.get("ph") == "X":
            busy[key] = busy.get(key, 0) + e.get("dur", 0)
    return max(busy, key=busy.get) if busy else None


def _kind(e) -> str:
    name = e.get("name", "")
    if name in KINDS:
        return KINDS[name]
    if name == "v8.callFunction" and not e.get("args", {}).get("data"):
        return "other"  # (the kind of what called it)
    if e.get("args", {}).get("src_func") == "PostDispatchNextMessageFromPipe":
        return "python"  # a MessageChannel message: Pyodide's event loop runs asyncio's tasks
    if name == "FireAnimationFrame":
        return "frame callbacks"  # motion.js, the benchmark's frame counter, the reveal's sums
    if name == "TimerFire":
        return "timers"
    if name in ("FunctionCall", "EvaluateScript", "v8.compile", "v8.callFunction"):
        data = e.get("args", {}).get("data", {})
        url = data.get("url") or data.get("scriptName") or ""
        base = url.rsplit("/", 1)[-1].split("?")[0]
        if not base:  # a Python callable's proxy (no script) or the benchmark's own
            return "python" if str(data.get("scriptId")) == "0" else "bench"
        if base.startswith("pyodide") or base.startswith("core"):
            return "python"
        return "js:" + base
    if "GC" in name:
        return "gc"
    if name == "Receive mojo message" and "DevToolsSession" in json.dumps(e.get("args", {})):
        return "devtools"  # the benchmark's driver (Playwright) asking the page
    return "other"


def long_tasks(path, sync: str, cpu_times: float = 0.0, over_ms: float = LONG_MS) -> list:
    """[{at, ms, cpu_ms, split: [(kind, ms), ...]}] of every long task, `at` on the page's
    clock: a task over 50 ms, or with `cpu_times`, a task whose main-thread CPU time
    (the trace's thread duration) times `cpu_times` is over 50 ms. On a loaded machine a
    task's wall time is mostly waiting for a core; its CPU time is about what it takes on a
    quiet machine under the same throttling: Chromium's throttling shows in the thread's CPU
    time (a busy loop: 20 ms of CPU time at rate 1, 67 ms at rate 4, at load 6), so
    `cpu_times` is 1 for a throttled page. `over_ms`: the threshold (50 ms: a long task)."""
    events = _load(path)
    offset = 0.0
    for e in events:
        if e.get("name") == sync and e.get("cat") == "blink.user_timing":
            offset = e["ts"] / 1000 - e["args"]["data"]["startTime"]
            break
    main = _main_thread(events)
    mine = sorted((e for e in events if (e.get("pid"), e.get("tid")) == main
                   and e.get("ph") == "X" and "dur" in e),
                  key=lambda e: (e["ts"], -e["dur"]))
    out = []
    def long(e) -> bool:
        if cpu_times:
            return e.get("tdur", 0) / 1000 * cpu_times > over_ms
        return e["dur"] / 1000 > over_ms
    for task in (e for e in mine if e["name"] == "RunTask" and long(e)):
        end = task["ts"] + task["dur"]
        inner = [e for e in mine if task["ts"] <= e["ts"] and e["ts"] + e["dur"] <= end
                 and e is not task]
        split: dict = {}
        # self time: each event's time minus its children's, charged to the nearest kind
        # that names it (a FunctionCall's script by its own kind, not by the task's)
        stack = [(task, "other")]
        last = {id(task): task["ts"]}
        for e in inner:
            while stack and e["ts"] >= stack[-1][0]["ts"] + stack[-1][0]["dur"]:
                done, kind = stack.pop()
                split[kind] = split.get(kind, 0) + (done["ts"] + done["dur"] - last[id(done)])
                if stack:
                    last[id(stack[-1][0])] = done["ts"] + done["dur"]
            parent, parent_kind = stack[-1]
            split[parent_kind] = split.get(parent_kind, 0) + (e["ts"] - last[id(parent)])
            kind = _kind(e)
            if kind == "other" or (kind in ("bench", "python", "frame callbacks", "timers")
                                   and parent_kind not in ("other", "devtools")):
                kind = parent_kind
            stack.append((e, kind))
            last[id(e)] = e["ts"]
        while stack:
            done, kind = stack.pop()
            split[kind] = split.get(kind, 0) + (done["ts"] + done["dur"] - last[id(done)])
            if stack:
                last[id(stack[-1][0])] = done["ts"] + done["dur"]
        out.append({"at": round(task["ts"] / 1000 - offset), "ms": round(task["dur"] / 1000, 1),
                    "cpu_ms": round(task.get("tdur", 0) / 1000, 1),
                    "split": sorted(((k, round(v / 1000, 1)) for k, v in split.items()
                                     if v >= 500), key=lambda kv: -kv[1])})
    return out
