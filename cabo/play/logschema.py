"""The schema of a saved game log entry: each event kind with the public fields the log
shows (cabo/ui/describe.py reads them), its secret part, and who saw that part.

A log entry is `{"public": Event.view(None), "secret": Event.secret, "to": Event.secret_to}`
(cabo.play.session). Kinds not listed here are kept as long as they are plain, small JSON: the
log draws no line for them. `check_log` adds what needs the game: seats and card ids in
range. tests/test_storage.py checks that every event of random games of every preset fits.
"""

from __future__ import annotations

from ..schema import AnyOf, Bool, Enum, Int, Invalid, Json, List, Map, Optional, Record, Str, Tuple
from ..game.state import BIG, CARD, HISTORY_ENTRY, MASK, ROW, SEAT

LOG_LIMIT = 400          # log entries a table keeps (and saves); older ones are dropped
SLOT = Int(0, ROW)
SEATS = List(SEAT, 6)
COUNT = Int(0, BIG)
POWER = Enum("peek", "spy", "swap", "king")
EXTRA = Json(3, ROW)  # any further field of an event (the log does not read it)


def _kind(kind: str, seat, **fields) -> Record:
    return Record({"kind": Enum(kind), "seat": seat, **fields}, extra=EXTRA)


_ACTOR = SEAT
_NOBODY = Enum(None)

EVENTS = {
    "cabo": _kind("cabo", _ACTOR, automatic=Bool()),
    "deal": _kind("deal", _NOBODY, round_no=COUNT, seats=SEATS, dealer=SEAT, first=SEAT,
                  hand_size=COUNT, deck_size=COUNT, discard=Optional(CARD)),
    "deck_empty": _kind("deck_empty", _NOBODY),
    "last_chance": _kind("last_chance", _NOBODY),
    "ready": _kind("ready", _ACTOR),
    "turn": _kind("turn", _ACTOR),
    "discard": _kind("discard", _ACTOR, card=CARD),
    "take_discard": _kind("take_discard", _ACTOR, card=CARD),
    "draw": _kind("draw", _ACTOR, deck_size=COUNT),
    "game_over": _kind("game_over", _NOBODY, winners=SEATS, totals=List(Int(-BIG, BIG), 6),
                       rounds_won=List(COUNT, 6)),
    # a claim judged too late (cabo.play.claims): the top its maker saw, the top when it came
    # (why: "top" the top discard changed, "card" a card it names moved or was claimed first)
    "too_late": _kind("too_late", _ACTOR, why=Enum("top", "card"), seen=Optional(CARD),
                      top=Optional(CARD)),
    "give": _kind("give", _ACTOR, slot=SLOT, to=SEAT, to_slot=SLOT),
    "initial_peek": _kind("initial_peek", _ACTOR, slots=List(SLOT, ROW)),
    "match": _kind("match", _ACTOR, owner=SEAT, slot=SLOT, card=CARD, ok=Bool()),
    "pair_discard": _kind("pair_discard", _ACTOR, cards=List(Tuple(SEAT, SLOT), ROW),
                          values=List(CARD, ROW), ok=Bool()),
    "peek": _kind("peek", _ACTOR, slot=SLOT),
    "penalty": _kind("penalty", _ACTOR, slot=SLOT),
    "penalty_skipped": _kind("penalty_skipped", _ACTOR),
    "power": _kind("power", _ACTOR, power=POWER),
    "skip_power": _kind("skip_power", _ACTOR),
    "reshuffle": _kind("reshuffle", _NOBODY, deck_size=COUNT),
    "round_end": Record({"kind": Enum("round_end"), "seat": _NOBODY, **HISTORY_ENTRY.fields},
                        extra=EXTRA),
    "spy": _kind("spy", _ACTOR, target=SEAT, slot=SLOT),
    "king_spy": _kind("king_spy", _ACTOR, target=SEAT, slot=SLOT),
    "swap": _kind("swap", _ACTOR, slot=SLOT, target=SEAT, target_slot=SLOT),
    "replace": AnyOf(
        _kind("replace", _ACTOR, ok=Enum(True), slots=List(SLOT, ROW, 1),
              discarded=List(CARD, ROW, 1)),
        _kind("replace", _ACTOR, ok=Enum(False), slots=List(SLOT, ROW, 1), new_slot=SLOT)),
}
# other kinds, such as the notes of the extras (cabo.party: "quip", "achievement", ...)
OTHER_EVENT = Record({"kind": Str(32, "[a-z_]+")}, {"seat": Optional(SEAT)}, extra=EXTRA)


class _Public(Record):
    """An event's public view: checked by the schema of its kind."""

    def __init__(self):
        super().__init__({})

    def check(self, value, path=""):
        if type(value) is not dict:
            self._fail(value, path, "an object")
        kind = value.get("kind")
        (EVENTS.get(kind, OTHER_EVENT) if type(kind) is str else OTHER_EVENT).check(value, path)


LOG_ENTRY = Record({"public": _Public(), "secret": Optional(Map(EXTRA, 16)), "to": MASK})

# Public fields holding seats or card ids (checked against the game by `check_log`).
SEAT_FIELDS = ("seat", "owner", "target", "to", "dealer", "first", "caller")
CARD_FIELDS = ("card", "discard", "seen", "top")
CARD_LISTS = ("discarded", "values")


def check_log(log: list, n: int, cards: int) -> None:
    """Seats and card ids of the entries fit a game of `n` players and `cards` cards."""
    for i, entry in enumerate(log):
        e = entry["public"]
        if e.get("kind") not in EVENTS:
            continue
        if any(type(e.get(k)) is int and e[k] >= n for k in SEAT_FIELDS) \
                or any(s >= n for k in ("seats", "winners") for s in e.get(k, ())):
            raise Invalid(f"log[{i}]: a seat out of range")
        if any(type(e.get(k)) is int and e[k] >= cards for k in CARD_FIELDS) \
                or any(c >= cards for k in CARD_LISTS for c in e.get(k, ())):
            raise Invalid(f"log[{i}]: a card out of range")
        if e["kind"] == "round_end" and any(
                len(e[k]) != n for k in ("sums", "points", "notes", "totals", "hands")):
            raise Invalid(f"log[{i}]: does not fit {n} players")
        if e["kind"] == "round_end" and any(c >= cards for h in e["hands"] for c in h):
            raise Invalid(f"log[{i}]: a card out of range")
