"""The medium policy: card counting and one-step expected gains, on a View.

Every option gets a score in points of expected improvement of our own sum (higher is
better); `rank` returns the options best first, `decide` the best one. The same code is the
medium bot, the rollout policy of the hard bot (through `knowledge.from_state`) and, with
other parameters, the easy bot. It reads only the View, so it never sees a hidden card.
"""

from __future__ import annotations


from ..game.actions import (
    CallCabo, Discard, DrawDeck, EndGame, Give, KingSpy, KingSwap, Match, NextRound, PairDiscard,
    PeekOwn, Ready, Replace, Several, SkipPower, Spy, Swap, TakeDiscard, is_off_turn)
from ..game.observation import drawn_power
from .knowledge import OWNER_KNOWN_SHARE, by_rules_identity, deck_totals


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
    """The best own move in `legal` (not empty): the first of the highest `score`."""
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
    moves = _own_moves(legal)
    phase = v.phase
    first = moves[0]
    if v.gives and type(first) is Give:
        est = v.row(v.seat)
        scored = [(est[a.slot], a) for a in moves]
    elif phase == "turn":
        scored = _turn(v, moves, prm)
    elif phase == "drawn":
        scored = _drawn(v, moves, prm)
    elif phase in ("power", "king"):
        scored = _power(v, moves, prm)
    elif phase == "after_turn":
        cabo = _cabo_score(v, prm)
        scored = [(cabo if type(a) is CallCabo else 0.0, a) for a in moves]
    else:
        scored = [(_misc_score(a), a) for a in moves]
    return scored


_OFF = frozenset((Match, PairDiscard))  # (actions.OFF_TURN: is_off_turn's classes)


def _own_moves(legal) -> list:
    """The entries of `legal` that are not off-turn moves, or all of them if none is."""
    for a in legal:
        t = type(a)
        if t in _OFF or (t is Several and a.kind in _OFF):
            return [a for a in legal if not is_off_turn(a)] or legal
    return legal


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
        t = type(a)
        if t is DrawDeck:
            out.append((draw_gain(v, prm), a))
        elif t is TakeDiscard:
            gain = best_replace(v, v.values[v.discard[-1]], prm)[0]
            out.append((gain - prm.take_margin, a))
        elif t is CallCabo:
            out.append((_cabo_score(v, prm), a))
        else:
            out.append((-50.0, a))
    return out


@by_rules_identity
def _kinds(rules, n) -> tuple:
    """(value per kind, power index per kind, kind index per card id, count per kind, the
    powers by index) of a game's cards; a kind is a (value, power) pair, in the order of
    value, then power's name."""
    values, powers, _, _, _ = deck_totals(rules, n)
    kinds = sorted(set(zip(values, powers)), key=lambda k: (k[0], str(k[1])))
    index = {k: i for i, k in enumerate(kinds)}
    kind_of = tuple(index[k] for k in zip(values, powers))
    counts = [0] * len(kinds)
    for k in kind_of:
        counts[k] += 1
    names = tuple(dict.fromkeys(k[1] for k in kinds))
    return (tuple(k[0] for k in kinds), tuple(names.index(k[1]) for k in kinds), kind_of,
            tuple(counts), names)


_LAST_KINDS = [None, None, None]   # (values, powers, _kinds) of the last card table seen


def draw_gain(v, prm) -> float:
    """Expected gain of drawing the deck's top card (card counting over unseen cards)."""
    last = _LAST_KINDS
    if last[0] is v.values and last[1] is v.powers:
        kvalues, kpowers, kind_of, counts, names = last[2]
    else:
        kinds = _kinds(v.rules, v.n)
        last[0], last[1], last[2] = v.values, v.powers, kinds
        kvalues, kpowers, kind_of, counts, names = kinds
    ds = v.ds
    if ds is not None and ds[3] is kind_of:
        left = list(ds[2])
    else:
        left = list(counts)
        for c in v.discard:
            left[kind_of[c]] -= 1
        if ds is not None:   # (the pile's memo entry: knowledge.discard_stats)
            ds[2], ds[3] = tuple(left), kind_of
    if v.drawn is not None:
        left[kind_of[v.drawn]] -= 1
    for row in v.cards:
        for c in row:
            if c is not None and c >= 0:
                left[kind_of[c]] -= 1
    base = replace_base(v, prm)[0]
    gains = [None] * len(names)   # max(power_gain, 0) per power, once needed
    total, weight = 0.0, 0
    for value, p, k in zip(kvalues, kpowers, left):
        if k <= 0:
            continue
        pg = gains[p]
        if pg is None:
            pg = gains[p] = max(power_gain(v, names[p], prm), 0.0)
        gain = base - value
        total += k * (gain if gain > pg else pg)
        weight += k
    return total / weight if weight else 0.0


def replace_base(v, prm) -> tuple:
    """(worth, slots) of the best slot(s) to replace: a card of value x gains worth - x.

    The worth of one slot is its estimate (plus the information bonus if unknown); of a
    known group of equal cards (multi-replace), their sum. Worth -99 without own cards.
    """
    hit = v.rb
    if hit is not None and hit[0] is prm:
        return hit[1]
    best, best_slots = -99.0, None
    bonus = prm.info_bonus
    known = []
    for i, (x, c) in enumerate(zip(v.row(v.seat), v.cards[v.seat])):
        if x is not None:
            if c >= 0:
                known.append(c)
                worth = x + 0.0
            else:
                worth = x + bonus
            if worth > best:
                best, best_slots = worth, (i,)
    result = best, best_slots
    if v.rules.multi_replace and len(known) >= 2:
        values = v.values
        if len({values[c] for c in known}) < len(known):   # (2+ known cards of one value)
            result = _multi_replace(v, best, best_slots)
    v.rb = (prm, result)
    return result


def _multi_replace(v, best, best_slots) -> tuple:
    """(worth, slots) with a known group of equal own cards instead, where it is worth more."""
    if v.rules.multi_replace:
        groups = {}
        values = v.values
        for i, c in enumerate(v.cards[v.seat]):
            if c is not None and c >= 0:
                groups.setdefault(values[c], []).append(i)
        for x, slots in groups.items():
            if len(slots) >= 2 and x * len(slots) > best:
                best, best_slots = x * len(slots), tuple(slots)
    return best, best_slots


def _own_summary(v) -> tuple:
    """(highest estimate, its first slot, highest known value, its first slot, the first
    unknown slot) of our row (None where there is none), once per View."""
    own = v.own
    if own is None:
        top = i_top = known = i_known = i_unknown = None
        for i, (x, c) in enumerate(zip(v.row(v.seat), v.cards[v.seat])):
            if x is None:
                continue
            if c >= 0:
                if known is None or x > known:
                    known, i_known = x, i
            elif i_unknown is None:
                i_unknown = i
            if top is None or x > top:
                top, i_top = x, i
        own = v.own = (top, i_top, known, i_known, i_unknown)
    return own


def best_replace(v, value, prm) -> tuple:
    """(gain, slots) of the best Replace with a card of `value`; gain -99 if none."""
    worth, slots = replace_base(v, prm)
    return (worth - value if slots else -99.0), slots


# -- a drawn card: replace or discard ----------------------------------------------------
def _drawn(v, moves, prm) -> list:
    value = v.values[v.drawn]
    me = v.seat
    row = v.cards[me]
    est = v.row(me)
    bonus = prm.info_bonus
    worth, group = replace_base(v, prm)
    out = []
    for a in moves:
        t = type(a)
        if t is Replace:
            i = a.slots[0]
            gain = est[i] - value + (bonus if row[i] < 0 else 0.0)
            out.append((gain, a))
        elif t is Several:
            # only the known group of equal cards: a wrong multi-replace adds a card
            if group is not None and len(group) >= 2:
                multi = Replace(me, group)
                if multi in a:
                    out.append((worth - value, multi))
        elif t is Discard:
            power = drawn_power(v.powers, v.drawn, v.drawn_from)
            out.append((power_gain(v, power, prm), a))
    return out or [(0.0, moves[0])]


def power_gain(v, power, prm) -> float:
    """Expected worth of using `power` now."""
    if power is None:
        return 0.0
    if power == "peek":
        return prm.peek_value if _has_own_unknown(v) else 0.0
    if power == "spy":
        return prm.spy_value if _has_spy_target(v) else 0.0
    gain = best_swap(v, prm)[0]
    if power == "king":
        return max(gain + prm.swap_margin * 0.5, prm.spy_value if _has_spy_target(v) else 0.0)
    return max(gain, 0.0)


def _has_own_unknown(v) -> bool:
    for c in v.cards[v.seat]:
        if c is not None and c < 0:
            return True
    return False


def _has_spy_target(v) -> bool:
    """Whether `_spy_target` finds one (an unknown card of another player of the round)."""
    me, cards = v.seat, v.cards
    for o in v.seats:
        if o != me:
            for c in cards[o]:
                if c is not None and c < 0:
                    return True
    return False


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


def best_swap(v, prm) -> tuple:
    """(gain, own slot, owner, slot) of the best blind swap; gain -99 if none."""
    hit = v.sw
    if hit is not None and hit[0] is prm:
        return hit[1]
    best = _best_swap(v, prm)
    v.sw = (prm, best)
    return best


def _best_swap(v, prm) -> tuple:
    """The best (own slot, other's slot) pair, the first one in the order other, slot, own
    slot among equal gains. A swap gains mine - theirs, less the margin if either card is
    unknown to us. For one of the other's cards, the best own card is the first highest one
    (if that card is blind), else the first highest known one or the first unknown one (all
    unknown own cards have the same estimate), whichever gains more (the first on a tie)."""
    me = v.seat
    margin = prm.swap_margin
    top, i_top, known, i_known, i_unknown = _own_summary(v)
    unknown = v.mean
    best, bi, bo, bj = -99.0, None, None, None
    if top is None:
        return (best, bi, bo, bj)
    protect, caller = v.rules.protect_caller, v.caller
    values, mean = v.values, v.mean
    kept = mean * OWNER_KNOWN_SHARE
    sums = v.sums
    if sums is None:
        sums = v.sums = [None] * len(v.cards)
    for o in v.seats:
        if o == me or (protect and o == caller):
            continue
        bit = 1 << o
        total, unknowns = 0.0, 0
        j = -1
        for c, m in zip(v.cards[o], v.masks[o]):
            j += 1
            if c is None:
                continue
            if c < 0:
                theirs = kept if m & bit else mean
                total += theirs
                unknowns += 1
                gain = top - theirs - margin
                i = i_top
            else:
                theirs = values[c]
                total += theirs
                if known is None:
                    gain = unknown - theirs - margin
                    i = i_unknown
                else:
                    gain = known - theirs
                    i = i_known
                    if i_unknown is not None:
                        other = unknown - theirs - margin
                        if other > gain or (other == gain and i_unknown < i):
                            gain, i = other, i_unknown
            if gain > best:
                best, bi, bo, bj = gain, i, o, j
        sums[o] = (total, unknowns)
    return (best, bi, bo, bj)


_UNSET = object()


def _power(v, moves, prm) -> list:
    me = v.seat
    out = []
    peek = None
    for i, c in enumerate(v.cards[me]):
        if c is not None and c < 0:
            peek = i     # the first unknown own card: the one worth peeking at
            break
    spy = _UNSET
    swap = best_swap(v, prm) if v.power in ("swap", "king") else None
    for a in moves:
        t = type(a)
        if t is SkipPower:
            out.append((0.0, a))
        elif t is PeekOwn:
            out.append((prm.peek_value if a.slot == peek else -1.0, a))
        elif t is Spy:
            if spy is _UNSET:
                spy = _spy_target(v)
            hit = spy is not None and spy[0] == a.target and spy[1] == a.slot
            out.append((prm.spy_value if hit else -1.0, a))
        elif t is Swap:
            hit = (swap is not None and swap[1] == a.slot and swap[2] == a.target
                   and swap[3] == a.target_slot)
            out.append((swap[0] if hit else -5.0, a))
        elif t is KingSpy:
            if spy is _UNSET:
                spy = _spy_target(v)
            out.append((_king_spy_score(v, a, spy, swap, prm), a))
        elif t is KingSwap:
            o, j = v.king_target
            out.append((v.row(me)[a.slot] - v.row(o)[j], a))
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
                worst = max((x for x in v.row(me) if x is not None), default=None)
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
