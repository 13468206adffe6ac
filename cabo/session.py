"""A game at one table: who sits where (a person or a bot level), the state, the log, saving.

The page holds one Session and only translates clicks into `act` and events into pictures.
Everything here is plain Python, so the whole table flow (bots moving and matching, save and
resume, hot-seat viewers) is tested under CPython. The log keeps each event with its secret
part and who may read it, so every viewer sees the log as that seat saw it.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from dataclasses import dataclass

from .game.actions import EndGame, NextRound
from .bots import LEVELS, make_bot
from .claims import TableMemory, judge
from .game.engine import legal_actions, new_game, to_move
from .game.errors import IllegalAction, SaveError
from .game.events import Event, seen_by
from .game.matching import may_match
from .game.observation import observe
from .game.seeds import bot_seed
from .party import PartyTracker
from .party.reactions import EMOJI_IDS
from .game.rules import Rules
from .schema import (Any, Enum, Int, Invalid, Json, List, Map, Optional, Record, Schema, Str,
                     Tuple, parse)
from .interface import Change, Watched
from .logschema import LOG_ENTRY, check_log
from .replay.moves import MAX_MOVES
from .replay.moves import MAX_TEXT as MAX_MOVES_TEXT
from .replay.moves import from_text as moves_from_text
from .replay.moves import to_text as moves_text
from .game.state import CARD, ROW, SEAT, State
from .play.driver import Driver

# 2: bots save their whole state (easy's memory), the look at cards, names of 20 characters
SAVE_SCHEMA = 2
LOG_LIMIT = 400          # log entries kept (and saved); older ones are dropped
NAME_MAX = 20            # characters of a player's name (the form's limit)
MAX_SAVE_CHARS = 1_000_000  # a real save is ~100 kB (400 log entries, 6 generators)
REQUIRED = object()      # a Part without a default: a save without it is damaged

SEAT_SAVED = Record({"name": Str(NAME_MAX), "bot": Optional(Enum(*(k for k in LEVELS
                                                                 if k != "oracle")))})
# What a person was looking at when the game was saved, and for how many more ms.
LOOK = Record({"seat": SEAT, "cards": List(Tuple(SEAT, Int(0, ROW), CARD), 64),
               "ms": Int(0, 60_000)})


@dataclass(frozen=True)
class Seat:
    """One place at the table: a name, and a bot level or None for a person."""

    name: str
    bot: str | None = None

    @property
    def human(self) -> bool:
        return self.bot is None


class Session(Driver, Watched):
    """One game: rules, seats, the state and the bots; saved as JSON after every action.
    The table reads it through cabo.interface.TableSession. Who acts next, and the bots'
    moves, are the table's driver (cabo.play.driver.Driver)."""

    holds_game = True  # this device holds the game: it saves it and runs its bots

    def __init__(self, rules: Rules, seats: list, seed: int, state: State | None = None):
        if not seats or len(seats) != len({id(s) for s in seats}):
            raise ValueError("a game needs seats")
        self.rules = rules
        self.seats = list(seats)
        self.seed = seed
        events = []
        self.state = state or new_game(rules, len(seats), seed, events)
        self.bots = {i: make_bot(s.bot, bot_seed(seed, i)) for i, s in enumerate(seats) if s.bot}
        self.party = PartyTracker(rules, len(seats), self.bots, seed)
        self.party_notes = []  # notes of the extras (cabo.party) made by the last act / react
        self.log = []
        # every move of the game since its deal, in order (cabo.replay rebuilds a round from
        # them and the seed); None when they are not all known (a game saved before moves
        # were kept, a state given from elsewhere, a game longer than a link carries)
        self.moves = [] if state is None else None
        self._record(events)
        self.last_viewer = self.humans()[0] if self.humans() else None
        self.look = None  # the cards a person looks at (cabo.ui.table keeps it; see LOOK)
        self.asked = set()  # (seat, step): bots the page already asked to react at that step
        # the clock (ms) of actions given no time: the page sets its own (cabo.web.main)
        self.clock = lambda: time.monotonic() * 1000
        self.memory = TableMemory()  # the table at recent steps, for judging claims
        self.memory.note(self.state, self.clock())
        # role -> the views told of every change (cabo.interface.TableView): this device's
        # screen, a host's guests
        self.views = {}

    # -- who is who ------------------------------------------------------------------------
    def humans(self) -> list:
        """Seats played by people."""
        return [i for i, s in enumerate(self.seats) if s.human]

    def viewer(self):
        """The seat whose view is on screen: the person the game waits for (hot-seat), or
        the last person who played; None when only bots play (a public view)."""
        humans = self.humans()
        if len(humans) == 1:
            return humans[0]
        waiting = [s for s in to_move(self.state) if s in humans]
        if waiting:
            self.last_viewer = waiting[0]
        return self.last_viewer

    def observation(self, seat):
        """What `seat` knows (the screen renders only this)."""
        return observe(self.state, seat)

    def legal(self, seat) -> list:
        """What `seat` may do now."""
        return legal_actions(self.state, seat)

    # -- acting ---------------------------------------------------------------------------
    def act(self, action, at_ms=None) -> list:
        """Apply an action (from a person or a bot); IllegalAction leaves everything as it was.

        at_ms: when the action happened on the page's clock (ms), for the extras' timing of a
        person's match (the fastest hand); a bot's match is timed by its reaction delay.
        """
        events = Driver.act(self, action)
        if self.moves is not None:
            self.moves.append(action)
            if len(self.moves) > MAX_MOVES:
                self.moves = None
        bot = self.bots.get(action.seat)
        self._record(events, at_ms, bot.reaction_ms if bot is not None else None)
        self.memory.note(self.state, self.clock() if at_ms is None else at_ms, action)
        self.tell(Change("act", action.seat, events, self.party_notes, at_ms))
        return events

    def time_by(self, clock) -> None:
        """Time the table's changes by `clock` (ms) from now on: the page's clock, or a test's.
        What was remembered by another clock is forgotten (its times would not compare)."""
        self.clock = clock
        self.memory.clear()
        self.memory.note(self.state, clock())

    def claim(self, action, seen_top=None, seen_step=None, at_ms=None) -> list:
        """An off-turn claim of a person, judged by what its maker saw (cabo.claims): the
        top discard `seen_top` shown when they began it, the step `seen_step` their screen
        showed (None: the current one), made at `at_ms`. Too late: one "too_late" event,
        logged, and nothing else changes; otherwise `act` (IllegalAction as there)."""
        at = self.clock() if at_ms is None else at_ms
        late = judge(self.state, action, seen_top, seen_step, self.memory, at)
        if late is None:
            return self.act(action, at)
        event = Event("too_late", action.seat, late)
        self.log.append({"public": event.view(None), "secret": None, "to": 0})
        del self.log[:-LOG_LIMIT]
        self.party_notes = []
        self.tell(Change("act", action.seat, [event], [], at))
        return [event]

    def _record(self, events, at_ms=None, bot_ms=None) -> None:
        public = []
        for e in events:
            view = e.view(None)
            public.append(view)
            self.log.append({"public": view, "secret": e.secret, "to": e.secret_to})
        # the extras read public views only: nothing they show depends on a hidden card
        self.party_notes = self.party.feed(public, at_ms, bot_ms)
        self.log += [{"public": note, "secret": None, "to": 0} for note in self.party_notes
                     if note["kind"] in ("quip", "achievement", "awards")]
        del self.log[:-LOG_LIMIT]

    def react(self, seat: int, emoji: str, at_ms: float):
        """A person's emoji reaction (cabo.party.reactions): its note, or None when the rate
        limit holds it back. IllegalAction without extras, for a bot or an unknown emoji."""
        if not self.rules.extras:
            raise IllegalAction("reactions are off under these rules")
        if not (type(seat) is int and 0 <= seat < len(self.seats)) or not self.seats[seat].human:
            raise IllegalAction("only a person at the table may react")
        if emoji not in EMOJI_IDS:
            raise IllegalAction(f"unknown reaction {emoji!r}")
        if not self.party.limit.allow(seat, at_ms):
            self.party_notes = []
            return None
        note = {"kind": "reaction", "seat": seat, "emoji": emoji}
        self.party_notes = [note]
        # in the log, so that play across devices sends it to every guest (not shown there)
        self.log.append({"public": note, "secret": None, "to": 0})
        del self.log[:-LOG_LIMIT]
        self.tell(Change("reaction", seat, [], [note], at_ms))
        return note

    def next_round(self) -> list:
        """Deal the next round (the table's host button, whoever sits at seat 0)."""
        return self.act(NextRound(0))

    def end_game(self) -> list:
        """End a game whose rules let the host end it."""
        return self.act(EndGame(0))

    def coach_move(self, seat) -> tuple:
        """No coach: the hint decides what the table shows (a lesson overrides this)."""
        return (False, None)

    def allows(self, action) -> bool:
        """Every move goes to the engine, which checks it (a lesson overrides this)."""
        return True

    def person_may_claim(self) -> bool:
        """Whether a person at this table (here or on another device) may claim the top
        discard now (the bots' pace waits for them: cabo.ui.pacing)."""
        state = self.state
        return state.match_target is not None and any(
            may_match(state, seat) for seat in self.humans())

    def log_for(self, seat, start: int = 0) -> list:
        """The log from entry `start` on, as `seat` saw it (None: public only)."""
        return [seen_by(e["public"], e["secret"], e["to"], seat) for e in self.log[start:]]

    # -- saving ---------------------------------------------------------------------------
    def to_json(self) -> str:
        """The whole session as a JSON string: the head (schema, seed, seats, state) and
        every part of SAVE_PARTS."""
        d = {"schema": SAVE_SCHEMA, "seed": self.seed,
             "seats": [{"name": s.name, "bot": s.bot} for s in self.seats],
             "state": self.state.to_dict()}
        for name, part in SAVE_PARTS.items():
            d[name] = part.dump(self)
        return json.dumps(d, separators=(",", ":"))

    @classmethod
    def from_json(cls, text) -> "Session":
        """A session saved by `to_json`; SaveError with a readable reason otherwise
        (OldSave for a save of another version). Every part is checked against its schema
        before anything is built from it."""
        try:
            d = parse(text, HEAD, max_chars=MAX_SAVE_CHARS)
        except Invalid as exc:
            raise SaveError(f"the saved game is not readable: {exc}") from None
        if type(d["schema"]) is not int:
            raise SaveError("the saved game is damaged (schema: not a whole number)")
        if d["schema"] != SAVE_SCHEMA:
            raise OldSave(f"the saved game comes from another version (schema "
                          f"{str(d['schema'])[:12]}, now {SAVE_SCHEMA})")
        try:
            SAVE.check(d)
        except Invalid as exc:
            raise SaveError(f"the saved game is damaged ({exc})") from None
        state = State.from_dict(d["state"])
        try:
            seats = [Seat(s["name"], s["bot"]) for s in d["seats"]]
            if len(seats) != state.n:
                raise Invalid(f"seats: {len(seats)} for a game of {state.n}")
            session = cls(state.rules, seats, d["seed"], state=state)
            for name, part in SAVE_PARTS.items():
                part.load(session, d[name] if name in d else part.default)
        except (Invalid, KeyError, TypeError, ValueError, IndexError) as exc:
            raise SaveError(f"the saved game is damaged ({str(exc)[:120]})") from None
        return session


class OldSave(SaveError):
    """A save written by another version of the game (the player is told so)."""


@dataclass(frozen=True)
class Part:
    """One named part of a saved session after its head: the schema of its saved value,
    how the value is made from a session (`dump`) and put back into a new one (`load`,
    which may raise Invalid for what the schema cannot see, such as a seat out of range).
    A part added later gets a `default` that is loaded from older saves without it."""

    schema: Schema
    dump: Callable
    load: Callable
    default: object = REQUIRED


def _dump_bots(session) -> dict:
    return {str(i): bot.save_state() for i, bot in session.bots.items()}


def _load_bots(session, saved) -> None:
    if set(saved) != {str(i) for i in session.bots}:
        raise Invalid("bots: the saved bots do not match the seats")
    for i, bot in session.bots.items():
        bot.load_state(saved[str(i)], f"bots.{i}")


def _load_log(session, saved) -> None:
    check_log(saved, session.state.n, len(session.state.cards))
    session.log = saved


def _load_viewer(session, saved) -> None:
    if saved is not None and saved not in session.humans():
        raise Invalid("last_viewer: not a person at this table")
    session.last_viewer = saved


def _dump_asked(session) -> list:
    step = session.state.step  # only this step's questions matter: the next step asks anew
    return sorted([seat, at] for seat, at in session.asked if at == step)


def _load_asked(session, saved) -> None:
    if any(seat not in session.bots for seat, _ in saved):
        raise Invalid("asked: not a bot at this table")
    session.asked = {(seat, at) for seat, at in saved}


def _load_party(session, saved) -> None:
    if saved is not None:  # checked against cabo.party.tracker.saved_schema (Invalid otherwise)
        session.party = PartyTracker.from_dict(saved, session.state.rules, session.state.n,
                                               session.bots, session.seed)


def _load_look(session, saved) -> None:
    """The cards the seat was looking at; cards that have moved since are not shown."""
    if saved is None:
        session.look = None
        return
    if saved["seat"] not in session.humans():
        raise Invalid("look: not a person at this table")
    hands = session.state.hands
    cards = [[o, i, c] for o, i, c in saved["cards"]
             if o < len(hands) and i < len(hands[o]) and hands[o][i] == c]
    session.look = {**saved, "cards": cards} if cards else None


def _dump_moves(session):
    return None if session.moves is None else moves_text(session.moves)


def _load_moves(session, saved) -> None:
    try:
        session.moves = None if saved is None else moves_from_text(saved)
    except ValueError as exc:
        raise Invalid(f"moves: {exc}") from None
    if session.moves is not None and len(session.moves) != session.state.step:
        raise Invalid("moves: not the moves of this game")


# The parts of a save after its head; adding a validated part is one entry here.
SAVE_PARTS = {
    "bots": Part(Map(Map(Json(3, 1000), 16), 6, key=Str(1, "[0-5]")), _dump_bots, _load_bots),
    "log": Part(List(LOG_ENTRY, LOG_LIMIT), lambda s: s.log, _load_log),
    "last_viewer": Part(Optional(SEAT), lambda s: s.last_viewer, _load_viewer),
    "look": Part(Optional(LOOK), lambda s: s.look, _load_look),
    "asked": Part(List(Tuple(SEAT, Int(0, 10**9)), 6), _dump_asked, _load_asked),
    # the extras (cabo.party); bounded here, every value checked by party.tracker.saved_schema
    "party": Part(Map(Json(5, 1000), 32), lambda s: s.party.to_dict(), _load_party, None),
    # the game's moves (cabo.replay.moves as text); a save without them: no replay
    "moves": Part(Optional(Str(MAX_MOVES_TEXT, "[A-Za-z0-9_-]*")), _dump_moves, _load_moves,
                  None),
}
HEAD = Record({"schema": Any()}, extra=Any(), max_extra=len(SAVE_PARTS) + 8)
SAVE = Record({"schema": Int(), "seed": Int(), "seats": List(SEAT_SAVED, 6, 2),
               "state": Map(Any(), 64)},
              optional={name: part.schema for name, part in SAVE_PARTS.items()})
for _name, _part in SAVE_PARTS.items():
    if _part.default is REQUIRED:
        SAVE.fields[_name] = SAVE.optional.pop(_name)


__all__ = ["Seat", "Session", "SAVE_SCHEMA", "SAVE_PARTS", "Part", "IllegalAction",
           "SaveError", "OldSave", "NAME_MAX"]
