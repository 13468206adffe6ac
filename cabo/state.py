"""Game and round state: every card's place, who knows which card, turn and scores.

Invariants (checked by the random-playthrough tests):
- every card id is in exactly one place: a slot, the deck, the discard pile, or `drawn`;
- `hands[seat][i]` is a card id or None (an empty slot); slots never move, rows only grow
  at the right end; `known[seat][i]` is a bit mask of the seats that know that card, and it
  travels with the card when the card moves (everyone sees cards move);
- the deck's top card is `deck[-1]`, the discard pile's top card is `discard[-1]`.
The state owns the game's only random generator.
"""

from __future__ import annotations

import random
from functools import lru_cache

from .cards import build_cards, card_power, card_value
from .errors import SaveError
from .rules import Rules

SCHEMA = 1

PHASES = ("peek", "turn", "drawn", "power", "king", "after_turn", "final", "round_over",
          "game_over")
# Phases in which off-turn matching may happen.
PLAY_PHASES = frozenset(("turn", "drawn", "power", "king", "after_turn", "final"))

# Saved fields, in order; the rest (rules, rng, card tables) is saved or derived separately.
_FIELDS = (
    "n", "seed", "round_no", "seats", "dealer", "first", "totals", "rounds_won", "history",
    "game_over", "winners", "hands", "known", "deck", "discard", "phase", "current", "drawn",
    "drawn_from", "power", "king_target", "peeked", "ready", "caller", "final_left",
    "turns_done", "match_target", "gives", "step",
)


class State:
    """The whole game: the current round and the game around it."""

    __slots__ = _FIELDS + ("rules", "rng", "cards", "values", "powers", "all_mask",
                            "most_equal")

    def __init__(self, rules: Rules, n: int, seed: int):
        rules.check_players(n)
        self.rules = rules
        self.n = n
        self.seed = seed
        self.rng = random.Random(seed)
        self._derive()
        self.round_no = 0
        self.seats = tuple(range(n))      # seats dealt into this round (a tie-break: fewer)
        self.dealer = 0
        self.first = 0
        self.totals = [0] * n
        self.rounds_won = [0] * n
        self.history = []                 # one dict per scored round (see scoring.py)
        self.game_over = False
        self.winners = ()
        self.hands = [[] for _ in range(n)]
        self.known = [[] for _ in range(n)]
        self.deck = []
        self.discard = []
        self.phase = "peek"
        self.current = 0
        self.drawn = None                 # the card in the current player's hand
        self.drawn_from = None            # "deck" or "discard"
        self.power = None                 # the power being used ("peek", "spy", ...)
        self.king_target = None           # (seat, slot) spied by the king power
        self.peeked = [False] * n
        self.ready = [False] * n
        self.caller = None
        self.final_left = 0               # mask of seats still owed a last turn after Cabo
        self.turns_done = 0               # turns completed this round
        self.match_target = None          # card id on the discard pile that may be matched
        self.gives = []                   # [snapper, owner] pairs: a card is owed to owner
        self.step = 0                     # actions applied in this game

    def _derive(self) -> None:
        self.cards, self.values, self.powers = card_tables(self.rules, self.n)
        self.all_mask = (1 << self.n) - 1
        self.most_equal = most_equal(self.values)

    # -- small queries used everywhere --------------------------------------------------
    def occupied(self, seat: int) -> list[int]:
        """Indices of the non-empty slots of `seat`, left to right."""
        return [i for i, c in enumerate(self.hands[seat]) if c is not None]

    def has_cards(self, seat: int) -> bool:
        """Whether `seat` has at least one card in its row."""
        hand = self.hands[seat]
        return hand.count(None) != len(hand)

    def hand_sum(self, seat: int) -> int:
        """Sum of the values of the cards in `seat`'s row."""
        values = self.values
        return sum(values[c] for c in self.hands[seat] if c is not None)

    def in_round(self, seat: int) -> bool:
        """Whether `seat` was dealt into this round."""
        return seat in self.seats

    def next_seat(self, seat: int) -> int:
        """The next seat of this round clockwise (seat order) after `seat`."""
        seats = self.seats
        for s in range(seat + 1, seat + 1 + self.n):
            if s % self.n in seats:
                return s % self.n
        raise AssertionError("no seats in round")

    def perfect_information(self) -> dict:
        """Every hidden card, for tests and the oracle baseline only."""
        return {"hands": [h[:] for h in self.hands], "deck": self.deck[:], "drawn": self.drawn}

    # -- copies ---------------------------------------------------------------------------
    def clone(self) -> "State":
        """An independent copy that continues identically (for search)."""
        s = State.__new__(State)
        s.rules, s.cards, s.values, s.powers, s.all_mask, s.most_equal = (
            self.rules, self.cards, self.values, self.powers, self.all_mask, self.most_equal)
        # (Random() would seed itself from os.urandom twice, only to be overwritten)
        s.rng = random.Random.__new__(random.Random, 0)
        s.rng.setstate(self.rng.getstate())
        for name in ("n", "seed", "round_no", "seats", "dealer", "first", "game_over",
                     "winners", "phase", "current", "drawn", "drawn_from", "power",
                     "king_target", "caller", "final_left", "turns_done", "match_target",
                     "step", "history"):
            setattr(s, name, getattr(self, name))
        s.history = list(self.history)  # entries are never mutated once appended
        s.totals = self.totals[:]
        s.rounds_won = self.rounds_won[:]
        s.hands = [h[:] for h in self.hands]
        s.known = [k[:] for k in self.known]
        s.deck = self.deck[:]
        s.discard = self.discard[:]
        s.peeked = self.peeked[:]
        s.ready = self.ready[:]
        s.gives = [g[:] for g in self.gives]
        return s

    def to_dict(self) -> dict:
        """A JSON-safe snapshot, with the schema version and the generator's state."""
        d = {"schema": SCHEMA, "rules": self.rules.to_dict()}
        for name in _FIELDS:
            value = getattr(self, name)
            d[name] = _jsonify(value)
        version, internal, gauss = self.rng.getstate()
        d["rng"] = [version, list(internal), gauss]
        return d

    @classmethod
    def from_dict(cls, d) -> "State":
        """The state saved by `to_dict`; SaveError with a readable reason otherwise."""
        if not isinstance(d, dict) or "schema" not in d:
            raise SaveError("not a saved Cabo game")
        if type(d["schema"]) is not int or d["schema"] != SCHEMA:
            raise SaveError(f"saved with an older version (schema {d['schema']}, now {SCHEMA})")
        try:
            rules = Rules.from_dict(d["rules"])
            s = cls.__new__(cls)
            s.rules = rules
            for name in _FIELDS:
                setattr(s, name, d[name])
            s.seats = tuple(s.seats)
            s.winners = tuple(s.winners)
            s.king_target = tuple(s.king_target) if s.king_target is not None else None
            version, internal, gauss = d["rng"]
            s.rng = random.Random()
            s.rng.setstate((version, tuple(internal), gauss))
            s._derive()
            _check_loaded(s)
        except SaveError:
            raise
        except (KeyError, TypeError, ValueError, IndexError, AttributeError, OverflowError,
                RecursionError) as exc:
            raise SaveError(f"the saved game is damaged ({type(exc).__name__}: {exc})") from None
        return s


@lru_cache(maxsize=64)
def card_tables(rules: Rules, n: int) -> tuple:
    """(cards, values, powers) indexed by card id, for these rules and player count."""
    cards = build_cards(rules, n)
    return (cards, tuple(card_value(rules, c) for c in cards),
            tuple(card_power(rules, c) for c in cards))


@lru_cache(maxsize=64)
def most_equal(values: tuple) -> int:
    """The largest number of cards of one value in the game: no more can ever be equal."""
    counts = {}
    for v in values:
        counts[v] = counts.get(v, 0) + 1
    return max(counts.values(), default=1)


def _jsonify(value):
    if isinstance(value, tuple):
        return [_jsonify(v) for v in value]
    if isinstance(value, list):
        return [_jsonify(v) for v in value]
    return value


def _int(v, lo=None, hi=None) -> bool:
    return type(v) is int and (lo is None or v >= lo) and (hi is None or v <= hi)


def _int_list(v, n, lo=None, hi=None) -> bool:
    return type(v) is list and len(v) == n and all(_int(x, lo, hi) for x in v)


def _check_fields(s: State) -> None:
    """Every saved field has its type and range (garbage must not load and crash later)."""
    n = s.n
    if not _int(n, 2, 6) or s.phase not in PHASES:
        raise SaveError("the saved game is damaged (bad phase or players)")
    seat, mask = (0, n - 1), (0, (1 << n) - 1)
    checks = {
        "seed": type(s.seed) in (int, str),
        "round_no": _int(s.round_no, 0), "turns_done": _int(s.turns_done, 0),
        "step": _int(s.step, 0), "dealer": _int(s.dealer, *seat),
        "first": _int(s.first, *seat), "current": _int(s.current, *seat),
        "seats": (bool(s.seats) and all(_int(x, *seat) for x in s.seats)
                  and list(s.seats) == sorted(set(s.seats))),
        "totals": _int_list(s.totals, n), "rounds_won": _int_list(s.rounds_won, n, 0),
        "peeked": type(s.peeked) is list and len(s.peeked) == n
        and all(type(x) is bool for x in s.peeked),
        "ready": type(s.ready) is list and len(s.ready) == n
        and all(type(x) is bool for x in s.ready),
        "game_over": type(s.game_over) is bool,
        "winners": all(_int(x, *seat) for x in s.winners),
        "history": type(s.history) is list and all(type(h) is dict for h in s.history),
        "hands": type(s.hands) is list and len(s.hands) == n and all(
            type(h) is list and all(c is None or _int(c, 0) for c in h) for h in s.hands),
        "known": type(s.known) is list and len(s.known) == n and all(
            type(k) is list and all(_int(x, *mask) for x in k) for k in s.known),
        "deck": type(s.deck) is list and all(_int(c, 0) for c in s.deck),
        "discard": type(s.discard) is list and all(_int(c, 0) for c in s.discard),
        "drawn": (s.drawn is None) == (s.phase != "drawn") and (s.drawn is None
                                                                or _int(s.drawn, 0)),
        "drawn_from": s.drawn_from in (None, "deck", "discard"),
        "power": s.power in (None, "peek", "spy", "swap", "king"),
        "king_target": s.king_target is None or (len(s.king_target) == 2 and all(
            _int(x, 0) for x in s.king_target)),
        "caller": s.caller is None or _int(s.caller, *seat),
        "final_left": _int(s.final_left, *mask),
        "match_target": s.match_target is None or (type(s.discard) is list and bool(s.discard)
                                                   and s.match_target == s.discard[-1]),
        "gives": type(s.gives) is list and all(
            type(g) is list and len(g) == 2 and all(_int(x, *seat) for x in g)
            for g in s.gives),
    }
    bad = [name for name, ok in checks.items() if not ok]
    if bad:
        raise SaveError(f"the saved game is damaged (bad {', '.join(bad)})")


def _check_loaded(s: State) -> None:
    """Cheap consistency checks on a loaded state: each card once, fields in range."""
    _check_fields(s)
    if s.phase not in PHASES or not 2 <= s.n <= 6 or len(s.hands) != s.n:
        raise SaveError("the saved game is damaged (bad phase or players)")
    places = [c for h in s.hands for c in h if c is not None] + s.deck + s.discard
    if s.drawn is not None:
        places.append(s.drawn)
    if sorted(places) != list(range(len(s.cards))):
        raise SaveError("the saved game is damaged (cards missing or doubled)")
    for h, k in zip(s.hands, s.known):
        if len(h) != len(k):
            raise SaveError("the saved game is damaged (knowledge does not fit the cards)")
