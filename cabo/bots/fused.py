"""The rollout's private step: `decide_state(state, seat, moves, prm)` is
`policy.decide(knowledge.from_state(state, seat), moves, prm)`, bit for bit, faster.

Only `bots/rollout.py` uses it: a specialisation of the one policy for the search's inner
loop, kept because the search needs the speed (docs/speed.md, "the rollout's step").

A search bot's rollouts ask the policy for a move at nearly every engine step, and most of
those steps are a turn (draw, take the discard or call Cabo) or a drawn card (replace or
discard). For those two phases this module reads the State directly, as the seat would see
it, in one pass over the cards for the card counting and one over the rows for the
estimates, instead of building a View and asking it the same questions one function at a
time. Every estimate is the same expression as in policy.py and knowledge.py, with its
floating-point operations in the same order, so the scores and the move are identical; the
rarer cases (a power, giving a card) use the plain path. tests/test_bots_fused.py checks
the identity on every step of self-play under every preset.
"""

from __future__ import annotations

from math import sqrt

from ..game.actions import CallCabo, Discard, DrawDeck, Replace, Several, TakeDiscard
from ..game.observation import drawn_knowers, drawn_power
from .knowledge import OWNER_KNOWN_SHARE, deck_totals, discard_stats, from_state, phi
from .policy import _LAST_KINDS, _kinds, decide


def decide_state(state, seat, moves, prm):
    """decide(from_state(state, seat), moves, prm), computed without the View where the
    phase allows (moves: `engine.own_actions(state, seat)`, not empty)."""
    if not state.gives:
        phase = state.phase
        if phase == "turn":
            return _turn(state, seat, moves, prm)
        if phase == "drawn" and state.drawn is not None:
            action = _drawn(state, seat, moves, prm)
            if action is not None:
                return action
    return decide(from_state(state, seat), moves, prm)


def _own(values, row, krow, bit, mean, bonus):
    """Our row in one pass: (replace_base's worth and slots without groups, est_sum
    (total, unknowns), (top, i_top, known, i_known, i_unknown) as in View.own, whether two
    known cards share a value)."""
    top = i_top = known = i_known = i_unknown = None
    best, best_slots = -99.0, None
    knowns = []
    pair = False
    total, unknowns = 0.0, 0
    i = -1
    for c, k in zip(row, krow):
        i += 1
        if c is None:
            continue
        if k & bit:
            x = values[c]
            if x in knowns:
                pair = True
            knowns.append(x)
            if known is None or x > known:
                known, i_known = x, i
            worth = x + 0.0
        else:
            x = mean
            unknowns += 1
            if i_unknown is None:
                i_unknown = i
            worth = mean + bonus
        total += x
        if top is None or x > top:
            top, i_top = x, i
        if worth > best:
            best, best_slots = worth, (i,)
    return best, best_slots, total, unknowns, (top, i_top, known, i_known, i_unknown), pair


def _multi(values, row, krow, bit, best, best_slots):
    """policy._multi_replace (the rules allow a multi-replace)."""
    groups = {}
    i = -1
    for c, k in zip(row, krow):
        i += 1
        if c is not None and k & bit:
            groups.setdefault(values[c], []).append(i)
    for x, slots in groups.items():
        if len(slots) >= 2 and x * len(slots) > best:
            best, best_slots = x * len(slots), tuple(slots)
    return best, best_slots


def _others(state, seat, bit, mean, own, need_swap, prm):
    """(best_swap's (gain, own slot, owner, slot) or None if not `need_swap`, est_sum per
    other seat of the round {seat: (total, unknowns)}, whether one of them has a card we do
    not know (policy._has_spy_target)); as policy._best_swap and View.est_sum compute them."""
    values, hands, known = state.values, state.hands, state.known
    kept = mean * OWNER_KNOWN_SHARE
    sums = {}
    spy = False
    swap = None
    if need_swap:
        margin = prm.swap_margin
        top, i_top, mine_known, i_known, i_unknown = own
        best, bi, bo, bj = -99.0, None, None, None
        swap = (best, bi, bo, bj)
        protect, caller = state.rules.protect_caller, state.caller
        if top is None:
            need_swap = False
    for o in state.seats:
        if o == seat:
            continue
        obit = 1 << o
        total, unknowns = 0.0, 0
        swappable = need_swap and not (protect and o == caller)
        j = -1
        for c, m in zip(hands[o], known[o]):
            j += 1
            if c is None:
                continue
            if not m & bit:
                theirs = kept if m & obit else mean
                total += theirs
                unknowns += 1
                spy = True
                if swappable:
                    gain = top - theirs - margin
                    i = i_top
                    if gain > best:
                        best, bi, bo, bj = gain, i, o, j
            else:
                theirs = values[c]
                total += theirs
                if swappable:
                    if mine_known is None:
                        gain = mean - theirs - margin
                        i = i_unknown
                    else:
                        gain = mine_known - theirs
                        i = i_known
                        if i_unknown is not None:
                            other = mean - theirs - margin
                            if other > gain or (other == gain and i_unknown < i):
                                gain, i = other, i_unknown
                    if gain > best:
                        best, bi, bo, bj = gain, i, o, j
        sums[o] = (total, unknowns)
    if need_swap:
        swap = (best, bi, bo, bj)
    return swap, sums, spy


def _power_gain(power, prm, own_unknown, spy, swap):
    """policy.power_gain from its parts (swap: best_swap of the View)."""
    if power is None:
        return 0.0
    if power == "peek":
        return prm.peek_value if own_unknown else 0.0
    if power == "spy":
        return prm.spy_value if spy else 0.0
    gain = swap[0]
    if power == "king":
        return max(gain + prm.swap_margin * 0.5, prm.spy_value if spy else 0.0)
    return max(gain, 0.0)


def _turn(state, seat, moves, prm):
    """decide in the turn phase: draw_gain, best_replace of the discard, _cabo_score
    (one function: a call costs more than most of its lines)."""
    values = state.values
    hands, known = state.hands, state.known
    bit = 1 << seat
    discard = state.discard
    last = _LAST_KINDS
    if last[0] is values and last[1] is state.powers:
        kvalues, kpowers, kind_of, counts, names = last[2]
    else:
        kinds = _kinds(state.rules, state.n)
        last[0], last[1], last[2] = values, state.powers, kinds
        kvalues, kpowers, kind_of, counts, names = kinds
    ds = discard_stats(values, discard)
    if ds[3] is kind_of:
        left = list(ds[2])
    else:
        left = list(counts)
        for c in discard:
            left[kind_of[c]] -= 1
        ds[2], ds[3] = tuple(left), kind_of
    seen_sum, seen_sq, seen_cnt = ds[0], ds[1], len(discard)
    drawn = state.drawn
    if drawn is not None and not drawn_knowers(state) >> seat & 1:
        drawn = None
    if drawn is not None:
        x = values[drawn]
        seen_sum += x
        seen_sq += x * x
        seen_cnt += 1
        left[kind_of[drawn]] -= 1
    for row, krow in zip(hands, known):
        for c, k in zip(row, krow):
            if k & bit and c is not None:
                x = values[c]
                seen_sum += x
                seen_sq += x * x
                seen_cnt += 1
                left[kind_of[c]] -= 1
    _, _, count, total, total_sq = deck_totals(state.rules, state.n)
    k = count - seen_cnt
    if k <= 0:
        mean, var = 0.0, 0.0
    else:
        mean = (total - seen_sum) / k
        var = max(0.0, (total_sq - seen_sq) / k - mean * mean)
    # our row: replace_base, View.row and est_sum in one pass
    base, slots, mine, unk, own, pair = _own(values, hands[seat], known[seat], bit, mean,
                                             prm.info_bonus)
    top, i_top, mine_known, i_known, i_unknown = own
    if pair and state.rules.multi_replace:   # (2+ known cards of one value)
        base, slots = _multi(values, hands[seat], known[seat], bit, base, slots)
    # the others' rows: policy._best_swap (its gain), _has_spy_target and View.est_sum; as
    # _others, without its slots (a turn needs the gain only: 1 % of a hard round's instructions)
    margin = prm.swap_margin
    kept = mean * OWNER_KNOWN_SHARE
    protect, caller = state.rules.protect_caller, state.caller
    sums = []
    spy = False
    swap = -99.0
    for o in state.seats:
        if o == seat:
            continue
        obit = 1 << o
        theirs_sum, unknowns = 0.0, 0
        swappable = top is not None and not (protect and o == caller)
        for c, m in zip(hands[o], known[o]):
            if c is None:
                continue
            if not m & bit:
                theirs = kept if m & obit else mean
                theirs_sum += theirs
                unknowns += 1
                spy = True
                if swappable:
                    gain = top - theirs - margin
                    if gain > swap:
                        swap = gain
            else:
                theirs = values[c]
                theirs_sum += theirs
                if swappable:
                    if mine_known is None:
                        gain = mean - theirs - margin
                    else:
                        gain = mine_known - theirs
                        if i_unknown is not None:
                            other = mean - theirs - margin
                            if other > gain or (other == gain and i_unknown < i_known):
                                gain = other
                    if gain > swap:
                        swap = gain
        sums.append((theirs_sum, unknowns))
    result = best_a = None
    for a in moves:
        t = type(a)
        if t is DrawDeck:
            # policy.draw_gain: max(power_gain, 0) per power, then the sum over the kinds left
            pgs = []
            for name in names:
                if name is None:
                    g = 0.0
                elif name == "peek":
                    g = prm.peek_value if i_unknown is not None else 0.0
                elif name == "spy":
                    g = prm.spy_value if spy else 0.0
                elif name == "king":
                    g = max(swap + margin * 0.5, prm.spy_value if spy else 0.0)
                else:
                    g = max(swap, 0.0)
                pgs.append(max(g, 0.0))
            tot, weight = 0.0, 0
            for value, p, n in zip(kvalues, kpowers, left):
                if n > 0:
                    pg = pgs[p]
                    gain = base - value
                    tot += n * (gain if gain > pg else pg)
                    weight += n
            sc = tot / weight if weight else 0.0
        elif t is TakeDiscard:
            sc = (base - values[discard[-1]] if slots else -99.0) - prm.take_margin
        elif t is CallCabo:
            # policy._cabo_score: 10 (p_lowest(improve) - cabo_p)
            improve = prm.improve
            p = 1.0
            for theirs, unk_o in sums:
                sd = sqrt((unk + unk_o) * var + 1.0)
                p *= phi((theirs - improve - mine - 0.5) / sd)
            need = prm.cabo_p.get(state.rules.scoring, 0.6)
            per_player = state.turns_done / max(1, len(state.seats))
            if per_player > prm.late_turns:
                need -= prm.late_relax * (per_player - prm.late_turns)
            sc = 10.0 * (p - need)
        else:
            sc = -50.0
        if best_a is None or sc > result:
            result, best_a = sc, a
    return best_a


def _drawn(state, seat, moves, prm):
    """decide for a drawn card (policy._drawn's scores), or None if the drawn card is not the
    seat's to see."""
    if not drawn_knowers(state) >> seat & 1:
        return None
    values = state.values
    hands, known = state.hands, state.known
    bit = 1 << seat
    drawn = state.drawn
    value = values[drawn]
    discard = state.discard
    ds = discard_stats(values, discard)
    seen_sum, seen_sq, seen_cnt = ds[0] + value, ds[1] + value * value, len(discard) + 1
    for r, kr in zip(hands, known):
        for c, k in zip(r, kr):
            if k & bit and c is not None:
                x = values[c]
                seen_sum += x
                seen_sq += x * x
                seen_cnt += 1
    _, _, count, total, _ = deck_totals(state.rules, state.n)
    k = count - seen_cnt
    mean = 0.0 if k <= 0 else (total - seen_sum) / k
    row, krow = hands[seat], known[seat]
    best = best_a = None
    for a in moves:
        t = type(a)
        if t is Replace:
            i = a.slots[0]
            if krow[i] & bit:
                sc = values[row[i]] - value + 0.0
            else:
                sc = mean - value + prm.info_bonus
        elif t is Several:
            knowns = []
            pair = False
            for c, k in zip(row, krow):
                if k & bit and c is not None:
                    x = values[c]
                    if x in knowns:
                        pair = True
                        break
                    knowns.append(x)
            if not pair:
                continue     # (no two equal known cards: replace_base's group is one slot)
            worth, group = _own(values, row, krow, bit, mean, prm.info_bonus)[:2]
            if state.rules.multi_replace:
                worth, group = _multi(values, row, krow, bit, worth, group)
            if group is None or len(group) < 2:
                continue
            multi = Replace(seat, group)
            if multi not in a:
                continue
            sc, a = worth - value, multi
        elif t is Discard:
            power = drawn_power(state.powers, drawn, state.drawn_from)
            if power is None:
                sc = 0.0
            elif power == "peek":
                sc = prm.peek_value if _own_unknown(row, krow, bit) else 0.0
            else:
                own = None
                if power != "spy":
                    own = _own(values, row, krow, bit, mean, prm.info_bonus)[4]
                swap, _, spy = _others(state, seat, bit, mean, own, own is not None, prm)
                sc = _power_gain(power, prm, None, spy, swap)
        else:
            continue
        if best_a is None or sc > best:
            best, best_a = sc, a
    return moves[0] if best_a is None else best_a


def _own_unknown(row, krow, bit) -> bool:
    for c, k in zip(row, krow):
        if c is not None and not k & bit:
            return True
    return False
