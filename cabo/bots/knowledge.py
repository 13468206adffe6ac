"""What a seat knows, in the compact form the heuristic bots reason on (a View).

A View is built either from an Observation (the bots' only input) or, inside a search bot's
simulated worlds, from a State restricted to what one seat knows there (`from_state`). Both
give the same View for the same knowledge, so the rollout policy and the real bot agree.

Card counting: a card the seat has not located is one of the "unseen" cards (in an unknown
slot, the deck or a hidden draw); its expected value is the mean value of the unseen cards.
In `cards`, a slot is None (empty), UNKNOWN, or the card id the seat knows.
"""

from __future__ import annotations

from math import erf, sqrt

from ..game.observation import drawn_knowers
from ..game.state import card_tables

UNKNOWN = -1
# A card its owner knows but we do not is probably better than average for the owner:
# players keep low cards (docs/speed.md, "cards their owner kept"). Its estimate is this
# share of the unseen mean.
OWNER_KNOWN_SHARE = 0.65


def by_rules_identity(func):
    """Cache `func(rules, n)` by the identity of `rules` (hashing a Rules dataclass is slow,
    and the policy asks for its tables at every step of a rollout)."""
    cache = {}  # (id(rules), n) -> (rules, result); the rules are kept so an id is not reused

    def cached(rules, n):
        hit = cache.get((id(rules), n))
        if hit is not None and hit[0] is rules:
            return hit[1]
        if len(cache) > 256:
            cache.clear()
        result = func(rules, n)
        cache[(id(rules), n)] = (rules, result)
        return result

    cached.__doc__ = func.__doc__
    return cached


@by_rules_identity
def deck_totals(rules, n: int) -> tuple:
    """(values, powers, count, sum of values, sum of squared values) of all cards."""
    _, values, powers = card_tables(rules, n)
    return values, powers, len(values), sum(values), sum(v * v for v in values)


class View:
    """One seat's knowledge of the table, with card-counting estimates."""

    __slots__ = ("seat", "n", "seats", "rules", "values", "powers", "cards", "masks", "phase",
                 "current", "caller", "turns_done", "discard", "deck_size", "drawn",
                 "drawn_from", "power", "king_target", "match_target", "gives", "totals",
                 "step", "mean", "var", "unseen", "est", "sums", "rb", "sw", "own", "ds")

    def finish(self, seen_sum: int, seen_sq: int, seen_cnt: int) -> "View":
        """Set the unseen cards' mean and variance from the totals of the seen cards."""
        _, _, count, total, total_sq = deck_totals(self.rules, self.n)
        self.rb = None          # (params, policy.replace_base) for this View, once asked for
        self.sw = None          # (params, policy.best_swap) likewise
        self.est = None         # value() of every slot, per owner (see row), once asked for
        self.sums = None        # est_sum per owner, once asked for
        self.own = None         # policy._own_summary of our row, once asked for
        k = count - seen_cnt
        self.unseen = k
        if k <= 0:
            self.mean, self.var = 0.0, 0.0
        else:
            self.mean = (total - seen_sum) / k
            self.var = max(0.0, (total_sq - seen_sq) / k - self.mean * self.mean)
        return self

    # -- estimates --------------------------------------------------------------------
    def value(self, owner: int, slot: int) -> float:
        """The known value, or the expected value of an unknown card in (owner, slot)."""
        c = self.cards[owner][slot]
        if c >= 0:
            return self.values[c]
        if owner != self.seat and self.masks[owner][slot] >> owner & 1:
            return self.mean * OWNER_KNOWN_SHARE
        return self.mean

    def occupied(self, owner: int) -> list:
        """Non-empty slots of `owner`."""
        return [i for i, c in enumerate(self.cards[owner]) if c is not None]

    def row(self, owner: int) -> list:
        """`value(owner, slot)` of every slot of `owner` (None for an empty slot). Computed
        once, when first asked for: a bot may still change `cards` between building the View
        and deciding (the easy bot forgets), never after."""
        rows = self.est
        if rows is None:
            rows = self.est = [None] * len(self.cards)
        row = rows[owner]
        if row is None:
            values = self.values
            mean = self.mean
            if owner == self.seat:
                row = [None if c is None else values[c] if c >= 0 else mean
                       for c in self.cards[owner]]
            else:
                kept = mean * OWNER_KNOWN_SHARE
                bit = 1 << owner
                row = [None if c is None else values[c] if c >= 0 else kept if m & bit else mean
                       for c, m in zip(self.cards[owner], self.masks[owner])]
            rows[owner] = row
        return row

    def est_sum(self, owner: int) -> tuple:
        """(expected sum, number of unknown cards) of `owner`'s row."""
        sums = self.sums
        if sums is None:
            sums = self.sums = [None] * len(self.cards)
        hit = sums[owner]
        if hit is not None:
            return hit
        total, unknown = 0.0, 0
        for x, c in zip(self.row(owner), self.cards[owner]):
            if x is None:
                continue
            total += x
            if c < 0:
                unknown += 1
        hit = sums[owner] = (total, unknown)
        return hit

    def p_lowest(self, margin: float = 0.0) -> float:
        """Probability that our sum ends below every other sum (normal approximation);
        `margin` is what each opponent is expected to improve before the reveal."""
        mine, unk = self.est_sum(self.seat)
        p = 1.0
        for o in self.seats:
            if o == self.seat:
                continue
            theirs, unk_o = self.est_sum(o)
            sd = sqrt((unk + unk_o) * self.var + 1.0)
            p *= phi((theirs - margin - mine - 0.5) / sd)
        return p


def phi(z: float) -> float:
    """Standard normal distribution function."""
    return 0.5 * (1.0 + erf(z / 1.4142135623730951))


def _base(v: View, src) -> None:
    v.n, v.seats, v.rules, v.phase = src.n, src.seats, src.rules, src.phase
    v.current, v.caller, v.turns_done = src.current, src.caller, src.turns_done
    v.drawn_from, v.power, v.king_target = src.drawn_from, src.power, src.king_target
    v.match_target, v.step = src.match_target, src.step


def from_obs(obs) -> View:
    """The View of an Observation."""
    v = View()
    v.ds = None
    values, powers, _, _, _ = deck_totals(obs.rules, obs.n)
    v.values, v.powers = values, powers
    v.seat = obs.seat
    _base(v, obs)
    v.discard = obs.discard
    v.deck_size = obs.deck_size
    v.drawn = obs.drawn
    v.gives = obs.gives
    v.totals = obs.totals
    cards, masks = [], []
    seen_sum = seen_sq = seen_cnt = 0
    for row in obs.hands:
        masks.append([0 if cell is None else cell[1] for cell in row])  # (0: an empty slot)
        crow = []
        for cell in row:
            if cell is None:  # an empty slot
                crow.append(None)
            elif cell[0] is None:  # a card this seat was not shown
                crow.append(UNKNOWN)
            else:
                c = cell[0]
                crow.append(c)
                x = values[c]
                seen_sum += x
                seen_sq += x * x
                seen_cnt += 1
        cards.append(crow)
    v.cards, v.masks = cards, masks
    extra = list(obs.discard) + ([obs.drawn] if obs.drawn is not None else [])
    for c in extra:
        x = values[c]
        seen_sum += x
        seen_sq += x * x
    return v.finish(seen_sum, seen_sq, seen_cnt + len(extra))


_DISCARDS = [None, {}]   # (card table, {discard pile's cards: discard_stats entry})
# Entries kept before the memo starts afresh: few, since most hits are the same pile at the
# next steps of one rollout, and entries that live on make work for the garbage collector
# during thinking (docs/speed.md, "the discard pile's memo").
DISCARDS_KEPT = 64


def discard_stats(values, discard) -> list:
    """[sum of the values, sum of their squares, None, None] of the discard pile's cards,
    for the card table `values`, memoized by the pile's cards (a search builds many Views
    of the same pile: every seat, every step between two discards, every candidate). The
    last two items are policy.draw_gain's (kind counts left after the pile, kind table).
    The values are integers, so the sums are the same in any order."""
    memo = _DISCARDS
    if memo[0] is not values:
        memo[0], memo[1] = values, {}
    table = memo[1]
    key = tuple(discard)
    hit = table.get(key)
    if hit is None:
        # (a pile mostly grows by one card between two decisions: start from the shorter
        # pile's entry when the memo has it)
        prev = table.get(key[:-1]) if key else None
        if prev is not None:
            c = key[-1]
            x = values[c]
            hit = [prev[0] + x, prev[1] + x * x, None, None]
            kind_of = prev[3]
            if kind_of is not None:
                left = list(prev[2])
                left[kind_of[c]] -= 1
                hit[2], hit[3] = tuple(left), kind_of
        else:
            total = squares = 0
            for c in key:
                x = values[c]
                total += x
                squares += x * x
            hit = [total, squares, None, None]
        if len(table) >= DISCARDS_KEPT:
            table.clear()
        table[key] = hit
    return hit


def from_state(state, seat: int) -> View:
    """The View `seat` would build from `observe(state, seat)`, without building it."""
    v = View()
    values = state.values
    v.values, v.powers, v.seat = values, state.powers, seat
    rules, n = state.rules, state.n
    v.n, v.seats, v.rules, v.phase = n, state.seats, rules, state.phase
    v.current, v.caller, v.turns_done = state.current, state.caller, state.turns_done
    v.drawn_from, v.power, v.king_target = state.drawn_from, state.power, state.king_target
    v.match_target, v.step = state.match_target, state.step
    discard = state.discard
    v.discard = discard
    v.deck_size = len(state.deck)
    drawn = state.drawn
    if drawn is not None and not drawn_knowers(state) >> seat & 1:
        drawn = None
    v.drawn = drawn
    v.gives = state.gives
    v.totals = state.totals
    bit = 1 << seat
    cards = []
    seen_sum = seen_sq = seen_cnt = 0
    for row, krow in zip(state.hands, state.known):
        crow = []
        add = crow.append
        for c, k in zip(row, krow):
            if c is None:
                add(None)
            elif k & bit:
                add(c)
                x = values[c]
                seen_sum += x
                seen_sq += x * x
                seen_cnt += 1
            else:
                add(UNKNOWN)
        cards.append(crow)
    v.cards, v.masks = cards, state.known
    seen_cnt += len(discard)
    if drawn is not None:
        x = values[drawn]
        seen_sum += x
        seen_sq += x * x
        seen_cnt += 1
    ds = v.ds = discard_stats(values, discard)
    return v.finish(seen_sum + ds[0], seen_sq + ds[1], seen_cnt)
