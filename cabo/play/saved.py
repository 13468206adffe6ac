"""A session's save: the format (a head, then named parts, each with its schema), writing it
and reading it back. Every part is checked against its schema before anything is built from
it; a damaged save gives a SaveError with a readable reason, another version's an OldSave.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass

from ..bots import LEVELS
from ..game.errors import SaveError
from ..game.state import CARD, ROW, SEAT, State
from .logschema import LOG_ENTRY, LOG_LIMIT, check_log
from ..party import PartyTracker
from ..replay.moves import MAX_TEXT as MAX_MOVES_TEXT
from ..replay.moves import from_text as moves_from_text
from ..replay.moves import to_text as moves_text
from ..schema import (Any, Enum, Int, Invalid, Json, List, Map, Optional, Record, Schema, Str,
                      Tuple, parse)
from .seating import NAME_MAX, Seat

# 2: bots save their whole state (easy's memory), the look at cards, names of 20 characters
SAVE_SCHEMA = 2
MAX_SAVE_CHARS = 1_000_000  # a real save is ~100 kB (400 log entries, 6 generators)
REQUIRED = object()      # a Part without a default: a save without it is damaged

SEAT_SAVED = Record({"name": Str(NAME_MAX), "bot": Optional(Enum(*(k for k in LEVELS
                                                                 if k != "oracle")))})
# What a person was looking at when the game was saved, and for how many more ms.
LOOK = Record({"seat": SEAT, "cards": List(Tuple(SEAT, Int(0, ROW), CARD), 64),
               "ms": Int(0, 60_000)})


def dump(session) -> str:
    """The whole session as a JSON string: the head (schema, seed, seats, state) and every
    part of SAVE_PARTS."""
    d = {"schema": SAVE_SCHEMA, "seed": session.seed,
         "seats": [{"name": s.name, "bot": s.bot} for s in session.seats],
         "state": session.state.to_dict()}
    for name, part in SAVE_PARTS.items():
        d[name] = part.dump(session)
    return json.dumps(d, separators=(",", ":"))


def load(cls, text):
    """A session of class `cls` saved by `dump`; SaveError with a readable reason otherwise
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
