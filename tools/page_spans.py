"""Timings of the page's Python work, for tools/bench_thinking.py --spans.

Not part of the page: the benchmark makes a `caboSpans` array on the window (its init
script) and, once the page is ready, hands this file to the page's interpreter
(`INSTALL`), whose `install` wraps the page's entry points (drawing, saving, bot
moves, ...) and the garbage collector's runs; each pushes name, start ms, duration ms (three
items) onto that array, on `performance.now()`'s clock, so that the benchmark can tell what
each long task was. The pacer pushes its thinking slices there too ("think"), the replay its
review's ("Replay.review"). The event listeners bound at the start keep the methods they were
given: a click is timed by two listeners of its own around the page's ("App.on_click").
"""

from __future__ import annotations

import gc

# (class, method names) timed when the benchmark asks
TIMED = (
    ("App", ("render", "page_html", "after_change", "person_acts", "start_game",
             "show_new_table")),
    ("Saving", ("save", "show_look", "on_pagehide")),
    ("Table", ("play_bot_move", "run_bot_task", "bot_task", "view", "act", "press",
               "announcement", "keep_look")),
    ("Session", ("to_json", "bot_move", "bot_reaction")),
)


def log_of(window):
    """The benchmark's array, or None (then nothing is timed)."""
    log = getattr(window, "caboSpans", None)
    return None if log is None or type(log).__name__ in ("JsNull", "NoneType") else log


def install(window, classes: dict) -> bool:
    """Time the methods in TIMED of `classes` (name -> class) and the garbage collector."""
    log = log_of(window)
    if log is None:
        return False
    perf = window.performance
    for cls_name, names in TIMED:
        cls = classes.get(cls_name)
        for name in names if cls is not None else ():
            setattr(cls, name, _timed(getattr(cls, name), f"{cls_name}.{name}", perf, log))
    gc_start = []

    def on_gc(phase, info):
        if phase == "start":
            gc_start.append(perf.now())
        elif gc_start:
            start = gc_start.pop()
            log.push(f"gc{info.get('generation')}:{info.get('collected')}", start,
                     perf.now() - start)
    gc.callbacks.append(on_gc)
    _time_clicks(window, perf, log)
    return True


_KEPT = []  # the click listeners' proxies, kept alive


def _time_clicks(window, perf, log) -> None:
    """An "App.on_click" span per click: from a capturing listener on the document, which runs
    before the page's own (a bubbling one on the document, added at the start), to a bubbling
    one added now, which runs right after it."""
    from pyodide.ffi import create_proxy

    began = []

    def start(event):
        began.append(perf.now())

    def done(event):
        if began:
            at = began.pop()
            log.push("App.on_click", at, perf.now() - at)
    for handler, capture in ((start, True), (done, False)):
        proxy = create_proxy(handler)
        _KEPT.append(proxy)
        window.document.addEventListener("click", proxy, capture)


def _timed(fn, name, perf, log):
    def timed(*args, **kwargs):
        start = perf.now()
        try:
            return fn(*args, **kwargs)
        finally:
            log.push(name, start, perf.now() - start)
    return timed


# tools/bench_motion.py --spans: the page's scripts' share of a task (patching the table, reading the boxes before
# it, and starting the motion in the next frame), on the array tools/page_spans.py fills
SCRIPTS_JS = """
(() => {
  globalThis.caboSpans = [];
  const timed = (name, fn, least = 0) => function (...args) {
    const start = performance.now();
    try { return fn.apply(this, args); }
    finally {
      const ms = performance.now() - start;
      if (ms >= least) globalThis.caboSpans.push(name, start, ms);
    }
  };
  // (a frame callback is kept when it took 2 ms or more: the frame counter's are not)
  const raf = globalThis.requestAnimationFrame;
  globalThis.requestAnimationFrame = (cb) => raf((t) => timed("js.frame", cb, 2)(t));
  addEventListener("DOMContentLoaded", () => {
    const wrap = () => {
      if (!globalThis.caboPatch || !globalThis.caboMotionFirst || globalThis.caboPatch.__timed)
        return !!(globalThis.caboPatch && globalThis.caboPatch.__timed);
      globalThis.caboPatch = timed("js.patch", globalThis.caboPatch);
      globalThis.caboPatch.__timed = true;
      globalThis.caboMotionFirst = timed("js.motion_first", globalThis.caboMotionFirst);
      return true;
    };
    if (!wrap()) { const t = setInterval(() => { if (wrap()) clearInterval(t); }, 50); }
  });
})();
"""


# Run in the page after this file's source (tools/stdlib_record.load_tool).
INSTALL = """
from js import window
from cabo.play.session import Session
from cabo.ui.table import Table
from cabo.web.main import App
from cabo.web.saving import Saving
_m.install(window, {"App": App, "Saving": Saving, "Table": Table, "Session": Session})
window.caboSpansInstalled = True
"""
