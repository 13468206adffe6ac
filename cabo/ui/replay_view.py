"""The replay screen's contents: a finished round, step by step, as one seat saw it or face up.

A `Viewer` holds what the screen steps through: a Replay (cabo.replay.record; the device
that held the game, or a shared link, knows the whole round) or only a SeatReplay (a guest
across devices: its own seat's view, nothing more). Each step is drawn by the table's own
screen builder (cabo.ui.screen) from an Observation, with no legal moves: a seat's view shows
the cards that seat knew at that moment face up (what it saw and remembered, with the eye
marks); the face-up view, offered only for a whole Replay (the round is over: every card was
turned up at its end), shows every card. The caption is the step's events in words, as the
chosen seat saw them (screen.announcement).
"""

from __future__ import annotations

from dataclasses import replace
from typing import NamedTuple

from ..game.observation import observe
from ..game.state import OVER_PHASES
from . import default_name, motion, screen

ALL = "all"  # the face-up view's key (a seat's view is its seat number)


class Seats(NamedTuple):
    """Who sat at a table a guest replays (it has no record: no seed, no moves)."""
    rules: object
    names: tuple
    bots: tuple

    @property
    def n(self) -> int:
        return len(self.names)


class Viewer:
    """A replay on screen: the round, the chosen view and step, and the review's marks."""

    def __init__(self, record, replay=None, seat_replay=None, person=None):
        self.record = record                  # a RoundRecord, or a guest's Seats
        self.replay = replay                  # the whole round, or None (a guest)
        self.seat_replay = seat_replay        # a guest's own view, when `replay` is None
        self.person = person if person is not None else _first_person(record)
        self.view = self.person if self.person is not None else ALL
        if replay is None:
            self.view = seat_replay.seat
        self.index = 0
        self._seat_views = {}
        self.marks = None                     # the review's marks (None: not yet computed)

    # -- what can be chosen ------------------------------------------------------------------
    @property
    def round_no(self) -> int:
        if self.replay is not None:
            return self.replay.round_no
        return self.seat_replay.frames[-1].obs.round_no

    @property
    def length(self) -> int:
        return len(self.replay.frames if self.replay is not None else self.seat_replay.frames)

    def views(self) -> list:
        """The views on offer: (key, is a seat)."""
        if self.replay is None:
            return [self.seat_replay.seat]
        return list(range(self.record.n)) + [ALL]

    def choose(self, view) -> bool:
        if view not in self.views():
            return False
        self.view = view
        return True

    def go(self, index: int) -> None:
        self.index = max(0, min(self.length - 1, index))

    # -- one step on screen ------------------------------------------------------------------
    def _seat_frames(self, seat):
        if self.replay is None:
            return self.seat_replay.frames
        if seat not in self._seat_views:
            self._seat_views[seat] = self.replay.seat_view(seat).frames
        return self._seat_views[seat]

    def names(self, t) -> list:
        """The seats' names as shown (a person's default name in the page's language)."""
        return default_name.shown_names(self.record.names, self.record.bots, t)

    def sight(self, t) -> tuple:
        """(screen.Sight of this step, the caption's seat, the events as that seat saw them)."""
        names = self.names(t)
        levels = list(self.record.bots)
        if self.view == ALL:
            frame = self.replay.frames[self.index]
            seat = self.person if self.person is not None else 0
            obs = face_up(frame.state, seat)
            events = [e.view_all() for e in frame.events]
            reveals = {(o, i): c for o, row in enumerate(frame.state.hands)
                       for i, c in enumerate(row) if c is not None}
        else:
            seat = self.view
            frame = self._seat_frames(seat)[self.index]
            obs, events = frame.obs, frame.events
            reveals = {(o, i): cell[0] for o, row in enumerate(obs.hands)
                       for i, cell in enumerate(row) if cell is not None and cell[0] is not None}
        return screen.Sight(
            obs=obs, legal=[], names=names, levels=levels, shared=False, log=[], t=t,
            arranged=[], suggested=None, selection=(), reveals=reveals, reveal_seat=obs.seat,
            confirming=False, mistake=[], look_over=False, sel_top=None, last=events,
            hint=None), seat, events

    def motion_back(self, t) -> list:
        """The motion of this step undone (Back from it): `backwards` of its steps as the
        chosen view saw them."""
        if self.index == 0:
            return []
        _, seat, events = self.sight(t)
        return backwards(motion.motion(events, seat)[1])

    def table_view(self, t) -> dict:
        """The table of this step (cabo.ui.screen.table's dict), its status the step's words."""
        sight, seat, events = self.sight(t)
        v = screen.table(sight)
        caption = screen.announcement(t, self.names(t), seat, self.record.rules,
                                      events, [])
        v["status"] = caption or (t("rp_dealt") if self.index == 0 else t("rp_step_quiet"))
        v["buttons"] = []
        return v


def backwards(steps) -> list:
    """A step's motion (cabo.ui.motion) undone: each card that travelled flies back to
    where it came from, the last first, without a sound. A card that was turned up turns
    back by itself (static/js/motion.js turns a card face down again that was up before);
    a shake, a sound or the reveal has nothing to undo."""
    return [{**s, "kind": "fly", "from": s["to"], "to": s["from"], "sound": None, "delay": 0}
            for s in reversed(steps)
            if s["kind"] in ("fly", "deal") and s["from"] is not None and s["to"] is not None]


def face_up(state, seat):
    """The perfect-information picture of a finished round's step, drawn for `seat`: every
    card known to it. Only for the face-up view after the round (nothing is secret then)."""
    obs = observe(state, seat)
    hands = tuple(tuple(None if c is None else (c, k) for c, k in zip(h, kn))
                  for h, kn in zip(state.hands, state.known))
    return replace(obs, hands=hands, drawn=state.drawn, drawn_hidden=False)


def _first_person(record):
    for seat, bot in enumerate(record.bots):
        if bot is None:
            return seat
    return None


def round_over(session) -> bool:
    """Whether the round on a table (this device's game or a guest's) is over."""
    state = getattr(session, "state", None)
    if state is not None:
        return state.phase in OVER_PHASES
    obs = session.observation()
    return obs is not None and obs.phase in OVER_PHASES


def guest_viewer(session):
    """The replay of a guest's round, from what its seat received (cabo.net.guest), or None
    before a round has frames."""
    from ..replay.record import SeatReplay

    guest = getattr(session, "guest", None)
    frames = getattr(guest, "frames", None)
    if not frames or guest.seat is None:
        return None
    table = Seats(guest.rules, tuple(s.name for s in session.seats),
                  tuple(s.bot for s in session.seats))
    return Viewer(table, seat_replay=SeatReplay(guest.seat, list(frames)), person=guest.seat)


def record_of(session, daily_date=None):
    """The RoundRecord of a session's last round (its moves from the game's start), or None
    when the session does not know them all (a guest, an old save, a scripted lesson)."""
    from ..replay.record import RoundRecord

    moves = getattr(session, "moves", None)
    if moves is None or not getattr(session, "holds_game", False):
        return None
    return RoundRecord(session.rules, tuple(s.name for s in session.seats),
                       tuple(s.bot for s in session.seats), session.seed, tuple(moves),
                       daily_date)


def view_name(k, names, t) -> str:
    """A choice of the view, as a person says it: "What Ada saw", "Everything face up", and
    "What you saw" for a seat under the default name (not "What You saw"; a typed name is
    said as it is: a shared link may be opened by someone else)."""
    if k == ALL:
        return t("rp_view_all")
    if default_name.is_default(names[k]):
        return t("rp_view_mine")
    return t("rp_view_seat", name=names[k])


def screen_view(viewer, t, review_state, marks, share, daily=None) -> dict:
    """Everything the replay screen shows (cabo.web.render_replay.screen)."""
    from . import reviewwords

    names = viewer.names(t)
    views = [(str(k), view_name(k, names, t)) for k in viewer.views()]
    if review_state == "done":
        shown = [reviewwords.mark_view(t, names, viewer.record.rules, m, m.frame + 1)
                 for m in marks]
        rv = {"state": "done", "marks": shown}
    elif review_state == "none":
        rv = None
    else:
        rv = {"state": review_state, "text": t("rv_thinking")}
    return {"title": t("rp_title", n=viewer.round_no),
            "views": views, "view": str(viewer.view), "index": viewer.index,
            "length": viewer.length, "table": viewer.table_view(t), "review": rv,
            "share": share, "daily": daily,
            "note": t("rp_guest_note") if viewer.replay is None else None}


def daily_view(t, date, result, first, url, said=None) -> dict:
    """The deal of the day's result: `result` this try's {points, place, n}; `first` the
    date's counted result (the same dict when this try is the first)."""
    from ..replay import daily

    text = daily.share_text(date, result["points"], result["place"], result["n"], t)
    counted = daily.share_text(date, first["points"], first["place"], first["n"], t)
    line = (t("daily_result", text=text) if first is result or first == result
            else t("daily_not_counted", text=counted))
    return {"title": t("daily_title", date=daily.short_date(date, t)), "line": line,
            "text": f"{counted}\n{url}", "said": said}


def keep_daily_try(kept, state, date, data) -> tuple:
    """(shelf, counted) after a finished round of `date`'s deal (`data`: its link's data):
    one try a day counts, the first; a later try changes nothing (cabo.replay.shelf)."""
    from ..replay import shelf

    return shelf.keep_daily(kept, date, {**result_of(state, 0), "link": data})


def daily_try_view(t, kept, state, date, url, said=None) -> dict:
    """`daily_view` of a finished try of `date`'s deal: this try's result, and the counted
    one the shelf `kept` holds (this one's if none is kept yet)."""
    result = result_of(state, 0)
    first = kept["daily"].get(date) or result
    first = {k: first[k] for k in ("points", "place", "n")}
    return daily_view(t, date, result, first, url, said)


def result_of(state, seat) -> dict:
    """{points, place, n} of `seat` in a finished round's last scoring."""
    from ..replay import daily

    points = state.history[-1]["points"]
    seats = state.history[-1]["seats"]
    mine = [points[s] for s in seats]
    return {"points": points[seat], "place": daily.placing(mine, seats.index(seat)),
            "n": len(seats)}


def kept_list(shelf, t) -> list:
    """The kept rounds for the statistics, newest first: {i, label}."""
    from ..replay import daily

    out = []
    for i, r in reversed(list(enumerate(shelf["rounds"]))):
        out.append({"i": i, "label": t("rp_kept_item", date=daily.short_date(r["date"], t),
                                       n=r.get("round", 1), names=t.join(r["names"]))})
    return out


def daily_list(shelf, t, n=7) -> list:
    """The last `n` results of the deal of the day, newest first: {date, label} (the
    label: the text that was shared)."""
    from ..replay import daily

    days = sorted(shelf["daily"].items(), reverse=True)[:n]
    return [{"date": d, "label": daily.share_text(d, r["points"], r["place"], r["n"], t)}
            for d, r in days]
