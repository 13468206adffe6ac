"""The few browser primitives the page's modules share: JavaScript's null, the page's clock,
a task of its own, and a call once the cards have landed."""

from __future__ import annotations

from pyodide.ffi import create_once_callable

try:
    from pyodide.ffi import jsnull
except ImportError:  # older Pyodide turns null into None
    jsnull = None
from pyscript import window


def py(value):
    """None for JavaScript's null and undefined."""
    return None if value is None or value is jsnull else value


def task_of_its_own(fn) -> None:
    """Call `fn` from a browser timer (setTimeout 0): a task of its own. (asyncio's
    call_soon would not do: Pyodide runs all callbacks queued by then in one task.)"""
    window.setTimeout(create_once_callable(fn), 0)


def after_motion(fn, most_ms) -> bool:
    """Call `fn` once, in a task of its own, when every card on the table has landed (at once
    if none moves), or `most_ms` later at the latest (static/js/motion.js caboAfterMotion);
    False, and no call, if the page has no motion."""
    wait = getattr(window, "caboAfterMotion", None)
    if wait is None:
        return False
    wait(create_once_callable(fn), most_ms)
    return True


def now_ms() -> float:
    """The page's clock in ms (the same time base as an event's time)."""
    return window.performance.timeOrigin + window.performance.now()


def event_ms(event):
    """When a click or tap happened, on `now_ms`'s clock (None if the event has no time)."""
    stamp = py(getattr(event, "timeStamp", None))
    return window.performance.timeOrigin + stamp if stamp is not None else None
