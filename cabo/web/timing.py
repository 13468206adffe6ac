"""Optional timings of the page's Python work, for tools/bench_thinking.py.

Off unless the page's window has a `caboSpans` array (the benchmark's init script makes
one): then `install` wraps the page's entry points (drawing, saving, bot moves, ...) and the
garbage collector's runs, and each pushes name, start ms, duration ms (three items) onto that array,
on `performance.now()`'s clock, so that the benchmark can tell what each long task was.
"""

from __future__ import annotations

import gc

# (module attribute holding a class, method names) timed when the benchmark asks
TIMED = (
    ("App", ("render", "page_html", "after_change", "on_click", "person_acts", "start_game",
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
    return True


def _timed(fn, name, perf, log):
    def timed(*args, **kwargs):
        start = perf.now()
        try:
            return fn(*args, **kwargs)
        finally:
            log.push(name, start, perf.now() - start)
    return timed


class Marks:
    """`mark(name)`: logs the time since the previous mark as a span `name` (None starts)."""

    def __init__(self, window):
        self.log = log_of(window)
        self.perf = window.performance
        self.last = 0.0

    def mark(self, name) -> None:
        if self.log is None:
            return
        now = self.perf.now()
        if name is not None:
            self.log.push(name, self.last, now - self.last)
        self.last = now
