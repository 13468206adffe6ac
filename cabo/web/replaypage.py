"""The replay screen in the page: a finished round step by step, the coach's review computed
in slices, "Share this round", a shared link opened, the deal of the day and the rounds kept.

The state and the words come from cabo.replay and cabo.ui.replay_view; this module reads the
URL, the clock and localStorage, runs the review between the browser's turns, and draws.
"""

from __future__ import annotations

import asyncio
import json

from pyscript import window

from ..replay import daily, link, shelf
from ..replay.record import rebuild
from ..play.session import Seat, Session
from ..ui import replay_view
from . import render_replay
from .browser import py
from .pacer import FIRST_SLICE_AFTER_S, in_slices
from .saving import storage_set

SHEETS = ("board", "daily")  # the sheets a replay opens from


class ReplayPage:
    """The replay screen's state and its part of the page's other screens."""

    def __init__(self, app):
        self.app = app
        self.viewer = None        # cabo.ui.replay_view.Viewer on screen, or None
        self.problem = None       # why a link did not open (words), or None
        self.url = None           # the shared link of the replay on screen
        self.said = None          # the last word about copying or sharing
        self.review_state = "none"
        self.marks = []
        self.version = 0          # bumped when the replay changes: a running review stops
        self.daily = None         # the deal of the day's result view of the replay, or None
        self.kept_step = None     # (seed, step) of the last finished round kept
        self.animate = None       # the next drawing's motion: "next" (the step's own),
        #                           "back" (the step left, undone: back_moves), or None
        self.back_moves = []
        self.opening = False      # a link in the URL opens as the page starts
        self.moves = []           # the motion steps of the drawing now (cabo.ui.motion)
        self.back_to = "setup"
        self.shelf = app.saving.load_stored("replays", shelf.read) or shelf.empty()

    # -- opening ---------------------------------------------------------------------------
    def start(self) -> bool:
        """Open the replay in the URL's fragment (a shared round), if there is one."""
        data = link.data_of(str(window.location.hash))
        if data is None:
            return False
        self.opening = True  # (the page's own entry: no history entry of the replay's)
        try:
            self.open_link(data)
        finally:
            self.opening = False
        return True

    def open_link(self, data) -> None:
        try:
            record = link.read(data)
        except link.LinkError as exc:
            self.enter()
            self.viewer, self.problem = None, self.app.t(f"replay_bad_{exc.reason}")
            return
        self.show(record)

    def show(self, record, daily_result=None) -> None:
        """The replay of `record` on screen, its review started."""
        self.show_viewer(replay_view.Viewer(record, rebuild(record)),
                         self.base_url() + link.make(record), daily_result)

    def show_viewer(self, viewer, url=None, daily_result=None) -> None:
        """A replay on screen; its review started when it holds the whole round and a person
        played in it (a guest's replay has neither a review nor a link: it knows too little)."""
        app = self.app
        self.enter()
        self.viewer = viewer
        self.problem = None
        self.url = url
        self.said = None
        self.daily = daily_result
        self.version += 1
        self.marks = []
        reviewed = viewer.person is not None and viewer.replay is not None
        self.review_state = "thinking" if reviewed else "none"
        app.focus_to = "#replay-title"
        if reviewed:
            asyncio.ensure_future(self.run_review(self.version))

    def enter(self) -> None:
        """The replay screen instead of the screen now, which its close button returns to
        (opened from a sheet: the screen under the sheets)."""
        app = self.app
        if app.screen in ("setup", "table"):
            self.back_to = app.screen
        elif app.screen in SHEETS:
            if app.back_to in ("setup", "table"):  # (a sheet over a replay: keep its way back)
                self.back_to = app.back_to
            app.leave_sheets()
        if app.screen != "replay" and not self.opening:
            # a history entry of its own: the phone's back button closes the replay
            window.history.pushState(window.JSON.parse('{"cabo": "replay"}'), "")
        app.screen = "replay"
        app.pacer.stop()

    @staticmethod
    def base_url() -> str:
        """The page's address without its query (a link opens in its reader's language)."""
        return str(window.location.origin) + str(window.location.pathname)

    async def run_review(self, version) -> None:
        """The coach's review in slices (pacer.in_slices), the browser's turn between
        (each slice a span "Replay.review" on the caboSpans array that only
        tools/bench_replay_page.py makes)."""
        await asyncio.sleep(FIRST_SLICE_AFTER_S)
        log, perf = py(getattr(window, "caboSpans", None)), window.performance
        begun = perf.now() if log is not None else 0.0
        from ..replay import review  # the hard bot's search: imported when first needed

        if log is not None:
            log.push("Replay.import", begun, perf.now() - begun)
        await asyncio.sleep(0)  # (the import a task of its own: it cannot be sliced)
        if version != self.version:
            return
        viewer = self.viewer

        def slice_done(began) -> None:
            log.push("Replay.review", began, perf.now() - began)

        finished, marks = await in_slices(
            review.thinking(viewer.replay, viewer.person), lambda: version == self.version,
            slice_done if log is not None else None)
        if not finished:
            return
        await asyncio.sleep(0)  # (the marks drawn in a task of their own, not the last slice's)
        if version != self.version:
            return
        self.marks, self.review_state = marks, "done"
        if self.app.screen == "replay":
            self.app.render()

    # -- the deal of the day -----------------------------------------------------------------
    def today(self) -> str:
        day = py(window.URLSearchParams.new(window.location.search).get("day"))
        try:
            if day is not None:
                daily.parse_date(day)
                return day
        except ValueError:
            pass
        d = window.Date.new()
        return f"{d.getFullYear():04d}-{d.getMonth() + 1:02d}-{d.getDate():02d}"

    def start_daily(self) -> None:
        app = self.app
        name = (app.settings["players"][0].get("name") or "").strip() or app.t(
            "player_default", n=1)
        date = self.today()
        seats = [Seat(n, b) for n, b in daily.seats(name[:20])]
        app.open_table(Session(daily.rules(), seats, daily.seed_for(date)))

    def daily_date(self, session):
        """The date whose deal of the day `session` is, or None: today's, or yesterday's
        (a round begun before midnight and finished after it counts for the day it began)."""
        if session.rules != daily.rules() or [s.bot for s in session.seats] != [
                None, *daily.BOTS]:
            return None
        today = self.today()
        for date in (today, daily.previous_day(today)):
            if session.seed == daily.seed_for(date):
                return date
        return None

    # -- a finished round --------------------------------------------------------------------
    def after_round_html(self, table) -> str:
        """Under a finished round of this device's game: keep it, and offer its replay (the
        deal of the day: the result and its text to share)."""
        session = table.session
        if not replay_view.round_over(session) or self.app.lesson.on():
            return ""
        if not session.holds_game:  # a guest: its own seat's view only
            if replay_view.guest_viewer(session) is None:
                return ""
            return render_replay.after_round({"daily": None}, self.app.t)
        date = self.daily_date(session)
        record = replay_view.record_of(session, date)
        if record is None:
            return ""
        data = link.make(record)[len(link.PREFIX):]
        self.keep(session, data, date)
        v = {"daily": self.daily_result(session, date, data) if date else None}
        return render_replay.after_round(v, self.app.t)

    def keep(self, session, data, date) -> None:
        key = (session.seed, session.state.step)
        if key == self.kept_step:
            return
        self.kept_step = key
        state = session.state
        entry = {"link": data, "date": self.today(), "round": state.round_no,
                 "rules": state.rules.name if state.rules.name in link.PRESETS else "custom",
                 "names": [s.name[:20] for s in session.seats],
                 "points": list(state.history[-1]["points"])}
        self.shelf = shelf.keep_round(self.shelf, entry)
        if date is not None:
            self.shelf, _ = replay_view.keep_daily_try(self.shelf, state, date, data)
        storage_set(shelf.KEY, json.dumps(self.shelf, separators=(",", ":")))

    def daily_result(self, session, date, data) -> dict:
        url = self.base_url() + link.PREFIX + data
        return {**replay_view.daily_try_view(self.app.t, self.shelf, session.state, date, url,
                                             self.said),
                "can_share": self.can_share()}

    @staticmethod
    def can_share() -> bool:
        """Whether the browser has a share sheet (navigator.share)."""
        return py(getattr(window.navigator, "share", None)) is not None

    def table_daily(self):
        """The deal of the day's result under the finished round on the table, or None."""
        table = self.app.table
        if table is None or not table.session.holds_game or not replay_view.round_over(
                table.session):
            return None
        session = table.session
        date = self.daily_date(session)
        record = replay_view.record_of(session, date)
        if date is None or record is None:
            return None
        return self.daily_result(session, date, link.make(record)[len(link.PREFIX):])

    def open_current(self) -> None:
        table = self.app.table
        if table is None:
            return
        session = table.session
        if not session.holds_game:
            viewer = replay_view.guest_viewer(session)
            if viewer is not None:
                self.show_viewer(viewer)
            return
        date = self.daily_date(session)
        record = replay_view.record_of(session, date)
        if record is not None:
            data = link.make(record)[len(link.PREFIX):]
            self.show(record, self.daily_result(session, date, data) if date else None)

    # -- the page ------------------------------------------------------------------------------
    def html(self) -> str:
        t = self.app.t
        if self.viewer is None:
            return render_replay.problem(t("replay_bad_intro"), self.problem or "", t)
        share = None if self.url is None else {
            "url": self.url, "said": self.said,
            "can_share": self.can_share()}
        v = replay_view.screen_view(self.viewer, t, self.review_state, self.marks, share,
                                    self.daily)
        self.moves = (v["table"]["moves"] if self.animate == "next" else
                      self.back_moves if self.animate == "back" else [])
        self.animate, self.back_moves = None, []
        return render_replay.screen(v, t)

    def flying(self) -> list:
        """The motion steps of the replay's drawing now: a step forward moves its cards as
        in play, a step back moves them back; a jump shows the new step at once."""
        moves, self.moves = self.moves, []
        return moves

    def kept_html(self) -> str:
        """The rounds kept and the deal of the day's results, in the statistics sheet."""
        t = self.app.t
        return render_replay.kept(replay_view.kept_list(self.shelf, t),
                                  replay_view.daily_list(self.shelf, t), t)

    def daily_sheet_html(self) -> str:
        """The deal of the day's sheet: what it is, today's counted result, and Play."""
        t = self.app.t
        today = self.shelf["daily"].get(self.today())
        played = None
        if today is not None:
            played = t("daily_played", text=daily.share_text(
                self.today(), today["points"], today["place"], today["n"], t))
        return render_replay.daily_sheet(
            {"title": t("daily_title", date=daily.short_date(self.today(), t)),
             "played": played}, t)

    def click(self, ctl, target) -> None:
        app, viewer = self.app, self.viewer
        if ctl == "daily-start":
            self.start_daily()
            return
        if ctl == "replay-open":
            self.open_current()
        elif ctl == "replay-kept":
            i = int(target.dataset.i)
            if 0 <= i < len(self.shelf["rounds"]):
                self.open_link(self.shelf["rounds"][i]["link"])
        elif ctl == "replay-day":
            result = self.shelf["daily"].get(str(target.dataset.date))
            if result is not None:
                self.open_link(result["link"])
        elif ctl == "replay-close":
            if app.sheet_in_history() == "replay":
                window.history.back()  # the phone's back button and this one do the same
            else:
                self.close()
            return
        elif ctl == "replay-copy":
            asyncio.ensure_future(self.copy(self.url))
        elif ctl == "daily-copy":
            shown = self.daily or self.table_daily()
            if shown is not None:
                asyncio.ensure_future(self.copy(shown["text"]))
        elif ctl in ("replay-send", "daily-send") and self.can_share():
            shown = self.daily or self.table_daily()
            what = ({"url": self.url} if ctl == "replay-send" or shown is None
                    else {"text": shown["text"]})
            asyncio.ensure_future(self.send(what))
        elif viewer is not None:
            steps = {"replay-first": 0, "replay-back": viewer.index - 1,
                     "replay-next": viewer.index + 1, "replay-last": viewer.length - 1}
            if ctl in steps:
                if ctl == "replay-next" and viewer.index < viewer.length - 1:
                    self.animate = "next"
                elif ctl == "replay-back" and viewer.index > 0:
                    self.animate, self.back_moves = "back", viewer.motion_back(app.t)
                viewer.go(steps[ctl])
                app.focus_to = f'[data-ctl="{ctl}"]'
            elif ctl == "replay-goto":
                viewer.go(int(target.dataset.frame))
                app.focus_to = "#replay-pos"
        app.render()

    def choose_view(self, value) -> None:
        if self.viewer is not None:
            self.viewer.choose(replay_view.ALL if value == replay_view.ALL else
                               int(value) if value.isdigit() else value)
            self.app.render()

    @staticmethod
    async def send(what) -> None:
        """The browser's share sheet with `what` ({url} or {text})."""
        try:
            await window.navigator.share(window.JSON.parse(json.dumps(what)))
        except Exception:  # noqa: BLE001 - closed without sharing: nothing to say
            pass

    async def copy(self, text) -> None:
        """Copy `text` and say whether it worked (the replay's link, or the deal of the
        day's text with its link)."""
        t = self.app.t
        try:
            await window.navigator.clipboard.writeText(text)
            self.said = t("rp_copied")
        except Exception:  # noqa: BLE001 - no clipboard, or refused: say so
            self.said = t("rp_copy_failed")
        if self.daily is not None:
            self.daily = {**self.daily, "said": self.said}
        self.app.render()

    def close(self) -> None:
        """Back to where the replay was opened from (a shared link: the start screen)."""
        app = self.app
        self.version += 1
        self.viewer, self.problem = None, None
        if str(window.location.hash).startswith(link.PREFIX):
            window.history.replaceState(None, "", window.location.pathname
                                        + window.location.search)
        app.screen = self.back_to if (self.back_to != "table" or app.table is not None) \
            else "setup"
        app.render()
        if app.screen == "table":
            app.pacer.schedule()

