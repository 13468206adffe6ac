"""The party state of one game: the round's counters, marks, noses, achievements and awards.

`PartyTracker.feed` reads the public views of the events of one action (see `cabo.party` for
every rule and decision) and returns notes: small dicts for the screen and the log, such as
{"kind": "achievement", "seat": 2, "id": "thief"} or {"kind": "quip", "seat": 1, "line":
"penalty.3"}. The counters run under every rule set (the statistics use them); marks, noses,
quips, achievements and awards only with `rules.extras`.
"""

from __future__ import annotations

import copy
from functools import lru_cache

from ..schema import Bool, Enum, Int, List, Num, Optional, Record, Tuple
from . import quips
from .reactions import RateLimit

ACHIEVEMENTS = ("double_match", "thief", "elephant", "revenge", "clean_sheet")
AWARDS = ("memory_king", "unlucky", "fastest")
ICONS = {"double_match": "🎯", "thief": "🦝", "elephant": "🐘", "revenge": "🔥",
         "clean_sheet": "✨", "memory_king": "👑", "unlucky": "🐦", "fastest": "⚡",
         "nose": "🤡", "mark": "🎯", "poker": "🃏", "board": "🏆"}
THIEF_CARDS = 3        # foreign cards in one round
ELEPHANT_SUM = 3       # a caller's card sum at most this
CLEAN_SUM = 0          # a card sum at most this
ROUNDS_KEPT = 100      # round summaries kept in the save
COUNTERS = ("matched", "foreign", "wrong", "penalties")


def available(rules) -> tuple:
    """(achievements, awards) that can happen under `rules` (empty without extras)."""
    if not rules.extras:
        return (), ()
    match = rules.match != "off"
    swaps = any(power in ("swap", "king") for _, power in rules.powers)
    low_cards = (rules.deck == "cabo" or rules.jokers > 0 or rules.red_king_value <= 0
                 or rules.black_king_value <= 0 or match)
    ach = {"double_match": match, "thief": rules.match == "any",
           "elephant": rules.cabo_instead or rules.cabo_after_turn or rules.auto_cabo_empty,
           "revenge": rules.match == "any" and swaps, "clean_sheet": low_cards}
    awards = {"memory_king": match, "unlucky": match or rules.multi_replace, "fastest": match}
    return (tuple(a for a in ACHIEVEMENTS if ach[a]), tuple(a for a in AWARDS if awards[a]))


class PartyTracker:
    """Everything the extras know about one game, from public events only."""

    def __init__(self, rules, n: int, bots=(), seed: int = 0):
        self.rules = rules
        self.n = n
        self.bots = frozenset(bots)
        self.on = bool(rules.extras)
        self.achievements, self.awards = available(rules)
        self.counts = self._fresh_counts()
        self.chain = None          # [seat, correct matches in a row] on the current pile top
        self.landed_ms = None      # when the current top discard landed (page clock, ms)
        self.start_pending = False  # the dealt top discard: timed from the first turn
        self.marks = [[] for _ in range(n)]  # marks[victim]: seats marked for its next swap
        self.noses = {}            # seat -> the last round in which it wears the clown nose
        self.rounds = []           # one summary per scored round (see _round_end)
        self.quips = quips.QuipMaker(seed)
        self.recorded = 0          # scored rounds already written to the leaderboard
        self.recorded_end = False  # the game's end already written to the leaderboard
        self.limit = RateLimit()   # reactions (not saved: a reload may react again)

    def _fresh_counts(self) -> dict:
        n = self.n
        return {"matched": [0] * n, "foreign": [0] * n, "wrong": [0] * n,
                "penalties": [0] * n, "fastest": [None] * n, "earned": []}

    # -- reading events ----------------------------------------------------------------------
    def feed(self, events, at_ms=None, bot_ms=None) -> list:
        """Notes for the public event views of one action.

        at_ms: the page's clock when the action happened (a person's click time), or None;
        bot_ms: the reaction delay of the bot that acted, None for a person.
        """
        notes = []
        for e in events:
            handler = getattr(self, "_on_" + e["kind"], None)
            if handler is not None:
                handler(e, notes, at_ms, bot_ms)
        if self.on:
            quip = self.quips.pick(quips.situations(events, self.bots, self.n))
            if quip is not None:
                notes.append(quip)
        return notes

    def _earn(self, seat, achievement, notes) -> None:
        if achievement in self.achievements:
            self.counts["earned"].append([seat, achievement])
            notes.append({"kind": "achievement", "seat": seat, "id": achievement})

    def _land(self, at_ms) -> None:
        """A card that is not a correct match landed on the pile."""
        self.landed_ms = at_ms
        self.chain = None

    def _on_deal(self, e, notes, at_ms, bot_ms) -> None:
        self.counts = self._fresh_counts()
        self.chain, self.landed_ms = None, None
        self.start_pending = e.get("discard") is not None

    def _on_turn(self, e, notes, at_ms, bot_ms) -> None:
        if self.start_pending:
            self.start_pending = False
            self.landed_ms = at_ms

    def _on_replace(self, e, notes, at_ms, bot_ms) -> None:
        if e["ok"]:
            self._land(at_ms)
        else:  # a wrong multi-replace: "die gezogene Karte kommt als Strafkarte dazu" (seed 001)
            self.counts["penalties"][e["seat"]] += 1

    def _on_discard(self, e, notes, at_ms, bot_ms) -> None:
        self._land(at_ms)

    def _on_take_discard(self, e, notes, at_ms, bot_ms) -> None:
        self._land(None)

    def _on_reshuffle(self, e, notes, at_ms, bot_ms) -> None:
        pass  # the top discard stays where it is

    def _on_match(self, e, notes, at_ms, bot_ms) -> None:
        seat, c = e["seat"], self.counts
        if not e["ok"]:
            c["wrong"][seat] += 1
            if self.chain and self.chain[0] == seat:
                self.chain = None
            if not e.get("returned"):
                self._land(at_ms)  # the wrong card stays on the pile (rule "pile")
            return
        c["matched"][seat] += 1
        if e["owner"] != seat:
            self._foreign(seat, 1, notes)
        ms = bot_ms if seat in self.bots else (
            at_ms - self.landed_ms if at_ms is not None and self.landed_ms is not None else None)
        if ms is not None and ms >= 0 and (c["fastest"][seat] is None or ms < c["fastest"][seat]):
            c["fastest"][seat] = round(ms)
        if self.chain and self.chain[0] == seat:
            self.chain[1] += 1
            if self.chain[1] == 2:
                self._earn(seat, "double_match", notes)
        else:
            self.chain = [seat, 1]
        self.landed_ms = at_ms

    def _on_pair_discard(self, e, notes, at_ms, bot_ms) -> None:
        seat = e["seat"]
        if not e["ok"]:
            self.counts["wrong"][seat] += 1
            return
        self.counts["matched"][seat] += len(e["cards"])
        foreign = sum(1 for owner, _ in e["cards"] if owner != seat)
        if foreign:
            self._foreign(seat, foreign, notes)
        self._land(at_ms)

    def _foreign(self, seat, k, notes) -> None:
        before = self.counts["foreign"][seat]
        self.counts["foreign"][seat] += k
        if before < THIEF_CARDS <= before + k:
            self._earn(seat, "thief", notes)

    def _on_give(self, e, notes, at_ms, bot_ms) -> None:
        victim, giver = e["to"], e["seat"]
        self.counts["penalties"][victim] += 1
        if self.on and giver not in self.marks[victim]:
            self.marks[victim] = sorted(self.marks[victim] + [giver])

    def _on_penalty(self, e, notes, at_ms, bot_ms) -> None:
        self.counts["penalties"][e["seat"]] += 1

    def _on_swap(self, e, notes, at_ms, bot_ms) -> None:
        seat, target = e["seat"], e["target"]
        if not self.on or not self.marks[seat]:
            return
        if target in self.marks[seat]:
            self._earn(seat, "revenge", notes)
        self.marks[seat] = []  # the next swap uses the marks up, whoever it hits

    def _on_round_end(self, e, notes, at_ms, bot_ms) -> None:
        r, caller, sums, c = e["round_no"], e["caller"], e["sums"], self.counts
        lost = caller is not None and caller not in e["winners"]
        if caller is not None and sums[caller] is not None and sums[caller] <= ELEPHANT_SUM:
            self._earn(caller, "elephant", notes)
        for seat in e["seats"]:
            if sums[seat] is not None and sums[seat] <= CLEAN_SUM:
                self._earn(seat, "clean_sheet", notes)
        self.noses = {s: last for s, last in self.noses.items() if last > r}
        if lost and self.on:
            self.noses[caller] = r + 1
        awards = self._awards(e["seats"])
        if awards:
            notes.append({"kind": "awards", "round_no": r, "awards": awards})
        summary = {"round_no": r, "caller": caller, "lost": lost, "awards": awards,
                   **{k: list(c[k]) for k in COUNTERS + ("fastest",)},
                   "earned": [list(x) for x in c["earned"]]}
        self.rounds = (self.rounds + [summary])[-ROUNDS_KEPT:]
        self.chain, self.landed_ms, self.start_pending = None, None, False

    def _awards(self, seats) -> list:
        """[[award, seats, value]] of the round just scored (ties share; 0 earns nothing)."""
        c, out = self.counts, []
        for award, key, best in (("memory_king", "matched", max), ("unlucky", "penalties", max),
                                 ("fastest", "fastest", min)):
            if award not in self.awards:
                continue
            values = {s: c[key][s] for s in seats
                      if c[key][s] is not None and (key == "fastest" or c[key][s] > 0)}
            if not values:
                continue
            top = best(values.values())
            winners = sorted(s for s, v in values.items() if v == top)
            if key == "fastest" and len(winners) > 1 and all(s in self.bots for s in winners):
                continue  # bots tied on their fixed reaction delay: no one was fastest
            out.append([award, winners, top])
        return out

    # -- what the screen shows -----------------------------------------------------------------
    def nose(self, seat, round_no) -> bool:
        """Whether `seat` wears the clown nose in round `round_no` (or at its reveal)."""
        return self.on and self.noses.get(seat, -1) >= round_no

    def marked_by(self, seat) -> list:
        """The players `seat` may take revenge on with its next swap."""
        return list(self.marks[seat]) if self.on else []

    def last_round(self, round_no):
        """The summary of scored round `round_no`, or None."""
        for summary in reversed(self.rounds):
            if summary["round_no"] == round_no:
                return summary
        return None

    # -- saving --------------------------------------------------------------------------------
    def to_dict(self) -> dict:
        return {"counts": self.counts, "chain": self.chain, "landed_ms": self.landed_ms,
                "start_pending": self.start_pending, "marks": self.marks,
                "noses": [[s, last] for s, last in sorted(self.noses.items())],
                "rounds": self.rounds, "quips": self.quips.to_dict(),
                "recorded": self.recorded, "recorded_end": self.recorded_end}

    @classmethod
    def from_dict(cls, d, rules, n, bots=(), seed=0) -> "PartyTracker":
        """A tracker from `to_dict` output; cabo.schema.Invalid (a ValueError) when the data
        do not fit `saved_schema(n)`."""
        saved_schema(n).check(d, "party")
        d = copy.deepcopy(d)
        tracker = cls(rules, n, bots, seed)
        tracker.counts = d["counts"]
        tracker.chain = d.get("chain")
        tracker.landed_ms = d.get("landed_ms")
        tracker.start_pending = d.get("start_pending", False)
        tracker.marks = [sorted(set(m)) for m in d["marks"]]
        tracker.noses = {s: last for s, last in d["noses"]}
        tracker.rounds = d["rounds"]
        tracker.quips.load(d["quips"], "party.quips")
        tracker.recorded = d["recorded"]
        tracker.recorded_end = d.get("recorded_end", False)
        return tracker


@lru_cache(maxsize=8)
def saved_schema(n: int) -> Record:
    """The schema (cabo.schema) of `PartyTracker.to_dict()` in a game of `n` seats."""
    seat, count, rounds = Int(0, n - 1), Int(0, 10**9), Int(1, 10**9)
    per_seat = List(count, n, n)
    counters = {k: per_seat for k in COUNTERS}
    counters["fastest"] = List(Optional(count), n, n)
    counters["earned"] = List(Tuple(seat, Enum(*ACHIEVEMENTS)), 10**4)
    award = Tuple(Enum(*AWARDS), List(seat, n, 1), count)
    summary = Record({"round_no": rounds, "caller": Optional(seat), "lost": Bool(),
                      "awards": List(award, len(AWARDS)), **counters})
    return Record(
        {"counts": Record(counters), "marks": List(List(seat, n), n, n),
         "noses": List(Tuple(seat, rounds), n), "rounds": List(summary, ROUNDS_KEPT),
         "quips": quips.QuipMaker.STATE, "recorded": count},
        optional={"chain": Optional(Tuple(seat, rounds)),
                  "landed_ms": Optional(Num(-1e300, 1e300)), "start_pending": Bool(),
                  "recorded_end": Bool()})
