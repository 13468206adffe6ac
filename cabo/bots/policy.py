"""The medium policy: card counting and one-step expected gains, on a View.

Every option gets a score in points of expected improvement of our own sum (higher is
better); `rank` returns the options best first, `decide` the best one. The same code is the
medium bot, the rollout policy of the hard bot (through `knowledge.from_state`) and, with
other parameters, the easy bot. It reads only the View, so it never sees a hidden card.
"""

from __future__ import annotations


from ..actions import (
    CallCabo, Discard, DrawDeck, EndGame, Give, KingSpy, KingSwap, Match, NextRound, PairDiscard,
    PeekOwn, Ready, Replace, Several, SkipPower, Spy, Swap, TakeDiscard, is_off_turn)
from .knowledge import by_rules_identity, deck_totals


class Params:
    """Tunable weights of the policy (units: points of our own sum)."""

    info_bonus = 1.0        # worth of knowing a slot we did not know
    peek_value = 2.0        # worth of peeking at an unknown own card
    spy_value = 1.0         # worth of spying an unknown card of another player
    swap_margin = 1.0       # a blind swap must gain this much more than its estimate
    take_margin = 0.0       # the discard must beat the expected deck draw by this much
    improve = 1.5           # how much each opponent improves with the last turn after Cabo
    late_turns = 6          # turns per player after which the Cabo threshold relaxes
    late_relax = 0.05       # threshold relaxation per turn per player beyond late_turns
    # probability of ending lowest needed to call Cabo, per scoring style
    cabo_p = {"official": 0.55, "caller": 0.65, "hut": 0.65, "single": 0.55}

    def __init__(self, **kw):
        for k, val in kw.items():
            if not hasattr(self, k):
                raise AttributeError(f"no parameter {k}")
            setattr(self, k, val)


MEDIUM = Params()


def decide(v, legal, prm=MEDIUM):
    """The best own move (legal must not be empty); the first of equal ones."""
    scored = score(v, legal, prm)
    best = scored[0]
    for item in scored:
        if item[0] > best[0]:
            best = item
    return best[1]


def rank(v, legal, prm=MEDIUM) -> list:
    """[(score, action)] for the own moves in `legal`, best first (stable on ties)."""
    scored = score(v, legal, prm)
    order = sorted(range(len(scored)), key=lambda k: -scored[k][0])
    return [scored[k] for k in order]


def score(v, legal, prm=MEDIUM) -> list:
    """[(score, action)] for the own moves in `legal`, in their order."""
    moves = [a for a in legal if not is_off_turn(a)] or legal
    phase = v.phase
    first = moves[0]
    if v.gives and isinstance(first, Give):
        scored = [(v.value(v.seat, a.slot), a) for a in moves]
    elif phase == "turn":
        scored = _turn(v, moves, prm)
    elif phase == "drawn":
        scored = _drawn(v, moves, prm)
    elif phase in ("power", "king"):
        scored = _power(v, moves, prm)
    elif phase == "after_turn":
        cabo = _cabo_score(v, prm)
        scored = [(cabo if isinstance(a, CallCabo) else 0.0, a) for a in moves]
    else:
        scored = [(_misc_score(a), a) for a in moves]
    return scored


def _misc_score(a) -> float:
    if isinstance(a, (NextRound, Ready)):
        return 1.0
    if isinstance(a, EndGame):
        return -1.0
    return 0.0


# -- Cabo ---------------------------------------------------------------------------------
def cabo_p(v, prm) -> float:
    """The probability of ending lowest needed before calling Cabo now."""
    need = prm.cabo_p.get(v.rules.scoring, 0.6)
    per_player = v.turns_done / max(1, len(v.seats))
    if per_player > prm.late_turns:
        need -= prm.late_relax * (per_player - prm.late_turns)
    return need


def _cabo_score(v, prm) -> float:
    """Positive when calling Cabo is better than playing on."""
    return 10.0 * (v.p_lowest(prm.improve) - cabo_p(v, prm))


# -- a turn: draw, take the discard or call ------------------------------------------------
def _turn(v, moves, prm) -> list:
    out = []
    for a in moves:
        if isinstance(a, DrawDeck):
            out.append((draw_gain(v, prm), a))
        elif isinstance(a, TakeDiscard):
            gain = best_replace(v, v.values[v.discard[-1]], prm)[0]
            out.append((gain - prm.take_margin, a))
        elif isinstance(a, CallCabo):
            out.append((_cabo_score(v, prm), a))
        else:
            out.append((-50.0, a))
    return out


@by_rules_identity
def _kinds(rules, n) -> tuple:
    """((value, power) per kind, kind index per card id, count per kind) of a game's cards."""
    values, powers, _, _, _ = deck_totals(rules, n)
    kinds = sorted(set(zip(values, powers)), key=lambda k: (k[0], str(k[1])))
    index = {k: i for i, k in enumerate(kinds)}
    kind_of = tuple(index[k] for k in zip(values, powers))
    counts = [0] * len(kinds)
    for k in kind_of:
        counts[k] += 1
    return tuple(kinds), kind_of, tuple(counts)


def draw_gain(v, prm) -> float:
    """Expected gain of drawing the deck's top card (card counting over unseen cards)."""
    kinds, kind_of, counts = _kinds(v.rules, v.n)
    left = list(counts)
    for c in v.discard:
        left[kind_of[c]] -= 1
    if v.drawn is not None:
        left[kind_of[v.drawn]] -= 1
    for row in v.cards:
        for c in row:
            if c is not None and c >= 0:
                left[kind_of[c]] -= 1
    base = replace_base(v, prm)[0]
    by_power = {}
    total, weight = 0.0, 0
    for (value, power), k in zip(kinds, left):
        if k <= 0:
            continue
        pg = by_power.get(power)
        if pg is None:
            pg = by_power[power] = max(power_gain(v, power, prm), 0.0)
        gain = base - value
        total += k * (gain if gain > pg else pg)
        weight += k
    return total / weight if weight else 0.0


def replace_base(v, prm) -> tuple:
    """(worth, slots) of the best slot(s) to replace: a card of value x gains worth - x.

    The worth of one slot is its estimate (plus the information bonus if unknown); of a
    known group of equal cards (multi-replace), their sum. Worth -99 without own cards.
    """
    key = ("replace", id(prm))
    memo = v.memo.get(key)
    if memo is not None:
        return memo
    me = v.seat
    best, best_slots = -99.0, None
    groups = {}
    for i, c in enumerate(v.cards[me]):
        if c is None:
            continue
        worth = v.value(me, i) + (prm.info_bonus if c < 0 else 0.0)
        if worth > best:
            best, best_slots = worth, (i,)
        if c >= 0:
            groups.setdefault(v.values[c], []).append(i)
    if v.rules.multi_replace:
        for x, slots in groups.items():
            if len(slots) >= 2 and x * len(slots) > best:
                best, best_slots = x * len(slots), tuple(slots)
    v.memo[key] = (best, best_slots)
    return best, best_slots


def best_replace(v, value, prm) -> tuple:
    """(gain, slots) of the best Replace with a card of `value`; gain -99 if none."""
    worth, slots = replace_base(v, prm)
    return (worth - value if slots else -99.0), slots


# -- a drawn card: replace or discard ----------------------------------------------------
def _drawn(v, moves, prm) -> list:
    value = v.values[v.drawn]
    me = v.seat
    row = v.cards[me]
    worth, group = replace_base(v, prm)
    out = []
    for a in moves:
        if isinstance(a, Replace):
            i = a.slots[0]
            gain = v.value(me, i) - value + (prm.info_bonus if row[i] < 0 else 0.0)
            out.append((gain, a))
        elif type(a) is Several:
            # only the known group of equal cards: a wrong multi-replace adds a card
            if group is not None and len(group) >= 2:
                multi = Replace(me, group)
                if multi in a:
                    out.append((worth - value, multi))
        elif isinstance(a, Discard):
            power = v.powers[v.drawn] if v.drawn_from == "deck" else None
            out.append((power_gain(v, power, prm), a))
    return out or [(0.0, moves[0])]


def power_gain(v, power, prm) -> float:
    """Expected worth of using `power` now."""
    if power is None:
        return 0.0
    if power == "peek":
        return prm.peek_value if _own_unknown(v) else 0.0
    if power == "spy":
        return prm.spy_value if _spy_target(v) else 0.0
    gain = best_swap(v, prm)[0]
    if power == "king":
        return max(gain + prm.swap_margin * 0.5, prm.spy_value if _spy_target(v) else 0.0)
    return max(gain, 0.0)


def _own_unknown(v) -> list:
    return [i for i, c in enumerate(v.cards[v.seat]) if c is not None and c < 0]


def _by_threat(v) -> list:
    """Other players of the round, lowest expected sum first."""
    others = [o for o in v.seats if o != v.seat]
    if len(others) < 2:
        return others
    return sorted(others, key=lambda o: v.est_sum(o)[0])


def _spy_target(v):
    """(owner, slot): an unknown card of the most threatening player, or None."""
    for o in _by_threat(v):
        for i, c in enumerate(v.cards[o]):
            if c is not None and c < 0:
                return o, i
    return None


def _swappable(v, o) -> bool:
    return not (v.rules.protect_caller and o == v.caller)


def best_swap(v, prm) -> tuple:
    """(gain, own slot, owner, slot) of the best blind swap; gain -99 if none."""
    key = ("swap", id(prm))
    memo = v.memo.get(key)
    if memo is not None:
        return memo
    v.memo[key] = best = _best_swap(v, prm)
    return best


def _best_swap(v, prm) -> tuple:
    me = v.seat
    margin = prm.swap_margin
    best, bi, bo, bj = -99.0, None, None, None
    own = [(i, v.value(me, i), c < 0) for i, c in enumerate(v.cards[me]) if c is not None]
    protect, caller = v.rules.protect_caller, v.caller
    for o in v.seats:
        if o == me or (protect and o == caller):
            continue
        for j, c in enumerate(v.cards[o]):
            if c is None:
                continue
            theirs = v.value(o, j)
            blind = c < 0
            for i, mine, unknown in own:
                gain = mine - theirs
                if unknown or blind:
                    gain -= margin
                if gain > best:
                    best, bi, bo, bj = gain, i, o, j
    return (best, bi, bo, bj)


def _power(v, moves, prm) -> list:
    me = v.seat
    out = []
    unknown_own = _own_unknown(v)
    spy = _spy_target(v)
    swap = best_swap(v, prm) if v.power in ("swap", "king") else None
    for a in moves:
        if isinstance(a, SkipPower):
            out.append((0.0, a))
        elif isinstance(a, PeekOwn):
            out.append((prm.peek_value if a.slot in unknown_own[:1] else -1.0, a))
        elif isinstance(a, Spy):
            out.append((prm.spy_value if spy == (a.target, a.slot) else -1.0, a))
        elif isinstance(a, Swap):
            hit = swap is not None and (a.slot, a.target, a.target_slot) == swap[1:]
            out.append((swap[0] if hit else -5.0, a))
        elif isinstance(a, KingSpy):
            out.append((_king_spy_score(v, a, spy, swap, prm), a))
        elif isinstance(a, KingSwap):
            o, j = v.king_target
            out.append((v.value(me, a.slot) - v.value(o, j), a))
    return out


def _king_spy_score(v, a, spy, swap, prm) -> float:
    if swap is not None and swap[0] > 0 and (a.target, a.slot) == swap[2:]:
        return swap[0] + prm.swap_margin
    if spy == (a.target, a.slot):
        return prm.spy_value
    return -1.0


# -- off-turn: matches ---------------------------------------------------------------------
def react(v):
    """A sure match (known equal value) or a sure pair discard, else None."""
    rules = v.rules
    me = v.seat
    values = v.values
    row = v.cards[me]
    if v.match_target is not None:
        t = values[v.match_target]
        if t > 0:
            for i, c in enumerate(row):
                if c is not None and c >= 0 and values[c] == t:
                    return Match(me, me, i)
            if rules.match == "any":
                worst = max((v.value(me, i) for i, c in enumerate(row) if c is not None),
                            default=None)
                if worst is not None and 2 * worst - t > 1:
                    for o in v.seats:
                        if o == me:
                            continue
                        for i, c in enumerate(v.cards[o]):
                            if c is not None and c >= 0 and values[c] == t:
                                return Match(me, o, i)
    if rules.pair_discard:
        seen = {}
        for i, c in enumerate(row):
            if c is not None and c >= 0 and values[c] > 0:
                if values[c] in seen:
                    return PairDiscard(me, ((me, seen[values[c]]), (me, i)))
                seen[values[c]] = i
    return None
