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
from ..schema import (RNG_STATE, AnyOf, Bool, Enum, Int, Invalid, Json, List, Map, Optional,
                     Record, Str, Tuple, set_rng_state)

SCHEMA = 1

PHASES = ("peek", "turn", "drawn", "power", "king", "after_turn", "final", "round_over",
          "game_over")
# Phases in which off-turn matching may happen.
PLAY_PHASES = frozenset(("turn", "drawn", "power", "king", "after_turn", "final"))
# Phases in which the round is over (scored, or the whole game ended): nobody is to move but
# the host, who deals the next round or ends the game.
OVER_PHASES = frozenset(("round_over", "game_over"))
# Phases of someone's turn (a play phase but the closing "final" one): one seat is to move.
TURN_PHASES = PLAY_PHASES - {"final"}

# Saved fields, in order; the rest (rules, rng, card tables) is saved or derived separately.
_FIELDS = (
    "n", "seed", "round_no", "seats", "dealer", "first", "totals", "rounds_won", "history",
    "game_over", "winners", "hands", "known", "deck", "discard", "phase", "current", "drawn",
    "drawn_from", "power", "king_target", "peeked", "ready", "caller", "final_left",
    "turns_done", "match_target", "gives", "step",
)


class State:
    """The whole game: the current round and the game around it."""

    __slots__ = _FIELDS + ("rules", "_rng", "_rng_state", "cards", "values", "powers",
                            "all_mask", "most_equal")

    def __init__(self, rules: Rules, n: int, seed: int):
        rules.check_players(n)
        self.rules = rules
        self.n = n
        self.seed = seed
        self._rng_state = None
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
        # (an occupied first slot settles it without comparing every card with None)
        return (hand and hand[0] is not None) or hand.count(None) != len(hand)

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
        if len(seats) == self.n:  # (everyone is dealt in: the common case)
            return seat + 1 if seat + 1 < self.n else 0
        for s in range(seat + 1, seat + 1 + self.n):
            if s % self.n in seats:
                return s % self.n
        raise AssertionError("no seats in round")

    def perfect_information(self) -> dict:
        """Every hidden card, for tests and the oracle baseline only."""
        return {"hands": [h[:] for h in self.hands], "deck": self.deck[:], "drawn": self.drawn}

    # -- the generator ----------------------------------------------------------------------
    @property
    def rng(self) -> random.Random:
        """The game's only random generator. A clone keeps its parent's generator state (an
        immutable tuple, shared with clones of the clone) and makes its own generator from it
        when it first draws: a search rollout seldom draws, and setstate cost much of a clone.
        The state may also be a seed (`seed_rng`): the generator is then `Random(seed)`."""
        rng = self._rng
        if rng is None:
            saved = self._rng_state
            if type(saved) is int:
                rng = self._rng = random.Random(saved)
            else:
                # (Random() would seed itself from os.urandom twice, only to be overwritten)
                rng = self._rng = random.Random.__new__(random.Random, 0)
                rng.setstate(saved)
            self._rng_state = None
        return rng

    @rng.setter
    def rng(self, value: random.Random) -> None:
        self._rng = value
        self._rng_state = None

    def seed_rng(self, seed: int) -> None:
        """Give the state the generator `Random(seed)`, made only when it first draws: a
        search world is cloned once per candidate and seldom draws, and copying a generator
        in use (getstate) costs more than a short rollout step (cabo/game/sampler.py)."""
        self._rng = None
        self._rng_state = seed

    # -- copies ---------------------------------------------------------------------------
    def clone(self) -> "State":
        """An independent copy that continues identically (for search)."""
        s = State.__new__(State)
        s.rules, s.cards, s.values, s.powers, s.all_mask, s.most_equal = (
            self.rules, self.cards, self.values, self.powers, self.all_mask, self.most_equal)
        s._rng = None
        s._rng_state = self._rng_state if self._rng is None else self._rng.getstate()
        s.n, s.seed, s.round_no, s.seats, s.dealer, s.first = (
            self.n, self.seed, self.round_no, self.seats, self.dealer, self.first)
        s.game_over, s.winners, s.phase, s.current, s.drawn, s.drawn_from = (
            self.game_over, self.winners, self.phase, self.current, self.drawn, self.drawn_from)
        s.power, s.king_target, s.caller, s.final_left, s.turns_done = (
            self.power, self.king_target, self.caller, self.final_left, self.turns_done)
        s.match_target, s.step = self.match_target, self.step
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
            raise SaveError("saved with another version (state schema "
                            f"{str(d['schema'])[:12]}, now {SCHEMA})")
        try:
            STATE.check(d, "state")
        except Invalid as exc:
            raise SaveError(f"the saved game is damaged ({exc})") from None
        try:
            rules = Rules.from_dict(d["rules"])
            rules.check_players(d["n"])
            s = cls.__new__(cls)
            s.rules = rules
            for name in _FIELDS:
                setattr(s, name, d[name])
            s.seats = tuple(s.seats)
            s.winners = tuple(s.winners)
            s.king_target = tuple(s.king_target) if s.king_target is not None else None
            s.rng = random.Random.__new__(random.Random, 0)
            set_rng_state(s.rng, d["rng"])
            s._derive()
            _check_loaded(s)
        except SaveError:
            raise
        except (KeyError, TypeError, ValueError, IndexError, AttributeError, OverflowError,
                RecursionError) as exc:
            raise SaveError(f"the saved game is damaged ({type(exc).__name__}: "
                            f"{str(exc)[:80]})") from None
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


# -- the saved form (cabo.schema) -----------------------------------------------------------
MAX_CARDS = 4 * 52 + 16     # most cards a game can have (4 decks and 16 jokers)
SEAT = Int(0, 5)
MASK = Int(0, 63)           # a bit mask of seats
CARD = Int(0, MAX_CARDS - 1)
BIG = 10**9                 # a bound for counters (steps, rounds, points)
ROW = MAX_CARDS             # a row only grows (penalty cards), never past every card
PER_SEAT = 6
# A game keeps the record of its last MAX_HISTORY scored rounds (rounds.finish_round): a game
# the host ends may go on for ever, and the record travels in every saved game and every
# guest's state, so it stays bounded; a saved game with more is damaged.
MAX_HISTORY = 200

# One scored round, as rounds.finish_round writes it (the score table and the next round
# read it).
HISTORY_ENTRY = Record({
    "round_no": Int(0, BIG), "seats": List(SEAT, PER_SEAT, 1), "caller": Optional(SEAT),
    "sums": List(Optional(Int(-BIG, BIG)), PER_SEAT),
    "points": List(Optional(Int(-BIG, BIG)), PER_SEAT),
    "notes": List(List(Str(40), 8), PER_SEAT), "winners": List(SEAT, PER_SEAT),
    "draw": Bool(), "totals": List(Int(-BIG, BIG), PER_SEAT),
    "hands": List(List(CARD, ROW), PER_SEAT),
})


def _consistent(d: dict) -> None:
    """Rules across the fields of a saved state: lengths and seats fit the player count."""
    n = d["n"]
    for name in ("totals", "rounds_won", "hands", "known", "peeked", "ready"):
        if len(d[name]) != n:
            raise Invalid(f"state.{name}: {len(d[name])} entries for {n} players")
    seats = [d["dealer"], d["first"], d["current"], *d["seats"], *d["winners"],
             *(x for g in d["gives"] for x in g)] + ([d["caller"]] if d["caller"] is not None
                                                      else [])
    if any(x >= n for x in seats):
        raise Invalid(f"state: a seat number of {n} players is out of range")
    if d["seats"] != sorted(set(d["seats"])):
        raise Invalid("state.seats: not in seat order")
    if d["final_left"] >> n or any(m >> n for row in d["known"] for m in row):
        raise Invalid("state: a mask of seats is out of range")
    if any(len(h) != len(k) for h, k in zip(d["hands"], d["known"])):
        raise Invalid("state.known: does not fit the cards")
    if (d["drawn"] is None) != (d["phase"] != "drawn"):
        raise Invalid("state.drawn: does not fit the phase")
    if d["match_target"] is not None and d["match_target"] != (d["discard"] or [None])[-1]:
        raise Invalid("state.match_target: not the top of the discard pile")
    for i, h in enumerate(d["history"]):
        if any(len(h[k]) != n for k in ("sums", "points", "notes", "totals", "hands")) \
                or any(x >= n for x in h["seats"] + h["winners"]) \
                or (h["caller"] is not None and h["caller"] >= n):
            raise Invalid(f"state.history[{i}]: does not fit {n} players")


STATE = Record({
    "schema": Int(), "rules": Map(Json(3, 64), max_len=80),
    "n": Int(2, 6), "seed": AnyOf(Int(), Str(64)), "round_no": Int(0, BIG),
    "seats": List(SEAT, PER_SEAT, 1), "dealer": SEAT, "first": SEAT,
    "totals": List(Int(-BIG, BIG), PER_SEAT), "rounds_won": List(Int(0, BIG), PER_SEAT),
    "history": List(HISTORY_ENTRY, MAX_HISTORY), "game_over": Bool(),
    "winners": List(SEAT, PER_SEAT),
    "hands": List(List(Optional(CARD), ROW), PER_SEAT), "known": List(List(MASK, ROW), PER_SEAT),
    "deck": List(CARD, MAX_CARDS), "discard": List(CARD, MAX_CARDS), "phase": Enum(*PHASES),
    "current": SEAT, "drawn": Optional(CARD), "drawn_from": Optional(Enum("deck", "discard")),
    "power": Optional(Enum("peek", "spy", "swap", "king")),
    "king_target": Optional(Tuple(SEAT, Int(0, ROW))),
    "peeked": List(Bool(), PER_SEAT), "ready": List(Bool(), PER_SEAT), "caller": Optional(SEAT),
    "final_left": MASK, "turns_done": Int(0, BIG), "match_target": Optional(CARD),
    "gives": List(Tuple(SEAT, SEAT), 64), "step": Int(0, BIG), "rng": RNG_STATE,
}, check=_consistent)


def _check_loaded(s: State) -> None:
    """What needs the rules: every card of the game in exactly one place."""
    places = [c for h in s.hands for c in h if c is not None] + s.deck + s.discard
    if s.drawn is not None:
        places.append(s.drawn)
    if sorted(places) != list(range(len(s.cards))):
        raise SaveError("the saved game is damaged (cards missing or doubled)")
    total = len(s.cards)  # (the record of scored rounds shows their cards: cards of this game)
    for i, h in enumerate(s.history):
        if any(c >= total for row in h["hands"] for c in row):
            raise SaveError(f"the saved game is damaged (state.history[{i}]: "
                            f"a card this game does not have)")
