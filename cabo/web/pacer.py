"""The page's pace: bot moves and reactions after their pauses, thinking in slices, the hint,
and the timers that redraw the table when something shown has had its time.

Everything waits in the browser's event loop (asyncio on the main thread); each Python call
between two waits is short. A person's action makes every waiting loop stale (`version`).
"""

from __future__ import annotations

import asyncio
import time

from pyscript import document, window

from ..ui.pacing import landed_beat_ms
from .browser import after_motion, now_ms, py

# A hard bot thinks on the main thread in slices, not in a worker: the worker thought no
# faster, added a round trip per move and a second runtime (docs/speed.md).
THINK_SLICE_MS = 15  # a thinking bot gives the browser a turn after this long
# A wait of more than 2 ms is a browser timer, a task of its own; a shorter one (sleep(0))
# joins the callbacks Pyodide runs together in one task (its MessageChannel queue).
FIRST_SLICE_AFTER_S = 0.003
# A bot waits for moving cards at most this long (a hidden page draws no frames, and its
# motion would never end: static/js/motion.js caboAfterMotion)
LANDING_WAITS_MS = 3000
# A wait for the cards that took longer than this found them moving (one task's round trip
# otherwise, a few ms)
MOVING_AFTER_MS = 40


async def in_slices(work, wanted, slice_done=None):
    """Run the generator `work` to its end in slices of about THINK_SLICE_MS, giving the
    browser a turn between them: (True, its value); or (False, None) as soon as `wanted()`
    says no after a turn, `work` closed. `slice_done(began)` hears each slice's start
    (performance.now()) when the slice ends: the benchmarks' logs."""
    perf = window.performance
    # (the slice's end is checked after every yield by Python's clock: cheaper than a call
    # into JavaScript; performance.now() only for the benchmarks' logs)
    clock = time.perf_counter
    began = perf.now() if slice_done else 0.0
    due = clock() + THINK_SLICE_MS / 1000
    while True:
        try:
            next(work)
        except StopIteration as done:
            if slice_done:
                slice_done(began)
            return True, done.value
        if clock() >= due:
            if slice_done:
                slice_done(began)
            await asyncio.sleep(0)
            if not wanted():
                work.close()
                return False, None
            began = perf.now() if slice_done else 0.0
            due = clock() + THINK_SLICE_MS / 1000


class Pacer:
    """The app's bot loop, hint and redraw timers."""

    def __init__(self, app):
        self.app = app
        self.version = 0          # bumped on every change by a person: stale timers stop
        self.expire_token = 0

    def stop(self) -> None:
        """Whatever waits now (bots, a hint) drops its work."""
        self.version += 1

    def schedule(self) -> None:
        self.version += 1
        asyncio.ensure_future(self.bot_loop(self.version))
        asyncio.ensure_future(self.count_down(self.version))

    def hint(self) -> None:
        """The hint bot searches: in slices, so the page stays responsive."""
        self.schedule()
        asyncio.ensure_future(self.give_hint(self.version))

    async def bot_loop(self, version) -> None:
        """Bot moves and reactions, each after its pause, until a person must act."""
        app = self.app
        while (version == self.version and app.screen == "table" and app.table is not None
               and not app.saving.paused):
            task = app.table.bot_task()
            if task is None:
                if document.getElementById("app").getAttribute("data-busy") != "false":
                    app.render()
                return
            delay, kind, seat = task
            start = window.performance.now()
            if kind == "move":  # a bot thinks during its pause, in slices
                planned = await self.think(app.table.bot_thinking(seat), version)
            wait = delay - (window.performance.now() - start)
            if delay:  # (nothing moves at the instant pace)
                # a bot acts once the last change's cards lie still: its drawing would fall
                # into their flight, and its cards would fly among them
                if wait > 0:
                    await asyncio.sleep(wait / 1000)
                moved = await self.landed() > MOVING_AFTER_MS
                wait = landed_beat_ms(app.table.speed) if moved else 0
            await asyncio.sleep(max(0, wait) / 1000)
            if version != self.version or app.screen != "table":
                return
            had = dict(app.table.reveals)
            if kind == "move":
                events = app.table.play_bot_move(seat, planned)
            else:
                events = app.table.run_bot_task(kind, seat)
            if events:
                if app.table.reveals and app.table.reveals != had:
                    app.saving.show_look()
                app.saving.save_later()
                app.announce.append(app.table.announcement())
                following = app.table.bot_task()
                if delay or following is None or following[0] > 0:
                    app.render()

    async def landed(self) -> float:
        """Wait until every card on the table has landed (at once if none moves); the ms
        waited."""
        perf = window.performance
        began = perf.now()
        landed = asyncio.get_event_loop().create_future()

        def land() -> None:
            if not landed.done():
                landed.set_result(None)

        if not after_motion(land, LANDING_WAITS_MS):
            return 0.0
        await landed
        return perf.now() - began

    async def count_down(self, version) -> None:
        """While the person is only asked to call Cabo or end their turn: redraw "End turn"
        as its seconds go (cabo.ui.table.Table.end_turn_left), and press it at zero."""
        app = self.app
        shown = None
        while (version == self.version and app.screen == "table" and app.table is not None
               and app.table.may_end_turn()):
            left = app.table.end_turn_left(now_ms())
            if left is not None and left <= 0:
                app.person_acts("end_turn")
                return
            secs = None if left is None else -(-int(left) // 1000)
            if secs != shown:
                shown = secs
                app.render()
            # (a paused countdown is looked at again soon: the selection may be cleared)
            await asyncio.sleep(0.25 if left is None else min(left % 1000 or 1000, left) / 1000)

    async def give_hint(self, version) -> None:
        """Think about the hint in slices (the table says so meanwhile), then show it; it is
        dropped if the person acts or the game moves on first."""
        app = self.app
        app.table.hint_pending()
        app.render()
        shown = await self.think(app.table.hint_thinking(), version, timed=False)
        if version == self.version and app.screen == "table":
            if not shown:
                app.table.drop_hint()
            app.render()

    async def think(self, thinking, version, timed=True):
        """Run a bot's thinking (a generator) in slices of about THINK_SLICE_MS, giving the
        browser a turn between them; its result, or None if the game changed meanwhile.
        The hard bot's budget is a step count: the slicing never changes its choice."""
        perf = window.performance
        slices = py(getattr(window, "caboThinkSlices", None)) if timed else None
        spans = py(getattr(window, "caboSpans", None))  # (tools/page_spans.py's log)

        def slice_done(began) -> None:  # (the benchmark's logs of a slice, if it asked)
            if slices is not None:
                slices.push(perf.now() - began)
            if spans is not None:
                spans.push("think", began, perf.now() - began)

        def wanted() -> bool:  # the game did not change while the browser had its turn
            return version == self.version and self.app.screen == "table"

        # The first slice in a task of its own: the call comes right after drawing the table
        # (the last move's), and the two together would make one long task.
        await asyncio.sleep(FIRST_SLICE_AFTER_S)
        if not wanted():
            thinking.close()
            return None
        start = perf.now()  # (the browser's drawing meanwhile is no thinking)
        logged = slices is not None or spans is not None
        finished, move = await in_slices(thinking, wanted, slice_done if logged else None)
        if not finished:
            return None
        log = py(getattr(window, "caboThinkMs", None))  # tools/bench_thinking.py
        if log is not None and timed:
            log.push(perf.now() - start)
        return move

    def expire_after(self, wait_ms) -> None:
        """Draw again when the next reaction, quip or toast has had its time (one timer:
        a later call replaces an earlier one)."""
        self.expire_token += 1
        asyncio.ensure_future(self.expire_later(self.expire_token, wait_ms))

    async def expire_later(self, token, wait_ms) -> None:
        await asyncio.sleep(wait_ms / 1000 + 0.05)
        app = self.app
        if token == self.expire_token and app.screen == "table" and app.table is not None:
            app.render()
