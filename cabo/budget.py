"""A step budget: work on outside input that must finish, or be given up, in bounded time.

Loading a saved game and drawing it for the first time runs code of the engine and the view
on data the player's browser kept; a damaged (or merely unusual) save must not make that
work hang the page, whose Python runs on the main thread. `steps(limit)` counts Python
function calls and returns (the interpreter's profile hook: calls of Python functions and of
built-in functions from Python) while the block runs, and raises `OverBudget` when the
count passes `limit`. The count is deterministic (the same work takes the same steps on the
same interpreter), so tests assert a bound by steps, never by time.

Not counted: a single call into C that runs long by itself (sorting a huge list); the size
limits of cabo.schema keep the inputs of such calls small.
"""

from __future__ import annotations

import sys
import time
from contextlib import contextmanager

# Calls and returns allowed for loading a game and drawing its first screen. A start with a
# full log (400 entries) takes about 190,000 under CPython 3.11, a fresh game 36,000
# (tests/test_storage.py checks a margin).
START_STEPS = 1_000_000
# A second bound, in seconds of wall-clock time, for machines far slower than expected (it
# is checked every CHECK_EVERY steps; tests never rely on it).
START_SECONDS = 8.0
CHECK_EVERY = 4096


class OverBudget(Exception):
    """The guarded work took more steps than its budget."""


@contextmanager
def steps(limit: int, seconds: float | None = None):
    """Run the block with at most `limit` profile events (and, if given, about `seconds`);
    OverBudget when it needs more.

    Yields a one-item list holding the number of events so far (read it after the block).
    Nested use is refused: the outer budget would stop counting."""
    if sys.getprofile() is not None:
        raise RuntimeError("a step budget is already running (or a profiler)")
    count = [0]
    deadline = None if seconds is None else time.monotonic() + seconds

    def hook(frame, event, arg):
        count[0] += 1
        if count[0] > limit:
            sys.setprofile(None)
            raise OverBudget(f"more than {limit:,} steps")
        if deadline is not None and count[0] % CHECK_EVERY == 0 \
                and time.monotonic() > deadline:
            sys.setprofile(None)
            raise OverBudget(f"more than {seconds} s")

    sys.setprofile(hook)
    try:
        yield count
    finally:
        sys.setprofile(None)
