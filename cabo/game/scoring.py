"""Round scoring, game end and the next first player (docs/RULES.md, "Scoring a round", "Game end").

Pure functions of the rules and the round's sums; `rounds.py` applies them to the state.
Decisions where the texts are silent:
- official kamikaze (seed 000: "zwei 12 und beiden 13"): the kamikaze hand scores 0 and every
  other player scores exactly 50 this round, instead of their sum;
- standard52 variant kamikaze: a caller with sum exactly 0 adds 50 to every other player's
  normal score; the caller is scored as usual;
- a round that ends without a Cabo call (deck exhausted) is scored as if nobody called.
Each player gets "notes": codes that the UI turns into words explaining the score.
"""

from __future__ import annotations

KAMIKAZE_HAND = [12, 12, 13, 13]
KAMIKAZE_SUM = sum(KAMIKAZE_HAND)  # (a hand of another sum cannot be it)


def score_round(rules, seats, sums, hands_values, caller):
    """Points per seat (dict), round winners (sorted list), notes per seat, and draw flag.

    `sums` and `hands_values` map each seat in the round to its sum and its card values.
    """
    style = rules.scoring
    if style == "official":
        points, notes, winners = _official(rules, seats, sums, hands_values, caller)
    elif style == "caller":
        points, notes = _caller(rules, seats, sums, caller)
        winners = _fewest(points)
    elif style == "hut":
        points, notes = _hut(rules, seats, sums, caller)
        winners = _fewest(points)
    else:
        points = dict(sums)
        notes = {s: [] for s in seats}
        winners = _single_winners(rules, seats, sums, caller, notes)
    draw = style == "single" and len(winners) > 1
    return points, sorted(winners), notes, draw


def _fewest(points):
    low = min(points.values())
    return [s for s, p in points.items() if p == low]


def _official(rules, seats, sums, hands_values, caller):
    notes = {}
    for s in seats:  # (plain loops: this runs at every round's end)
        notes[s] = []
    if rules.kamikaze == "hand":
        for s in seats:
            if sums[s] == KAMIKAZE_SUM and sorted(hands_values[s]) == KAMIKAZE_HAND:
                points = _kamikaze_points(rules, seats, s)
                notes[s].append("kamikaze")
                for o in seats:
                    if o != s:
                        notes[o].append("kamikaze_victim")
                return points, notes, [s]
    low = min(sums.values())
    lowest = []
    for s in seats:
        if sums[s] == low:
            lowest.append(s)
    if caller is not None and caller in lowest:
        lowest = [caller]
    points = {}
    for s in seats:
        if s in lowest:
            points[s] = 0
            notes[s].append("lowest_zero" if s != caller else "caller_zero")
        else:
            points[s] = sums[s]
            if s == caller:
                points[s] += rules.caller_penalty
                notes[s].append("caller_penalty")
    return points, notes, lowest


def _kamikaze_points(rules, seats, kamikaze):
    """The official kamikaze's points (a function of its own: a comprehension reading a
    local makes it a cell, allocated on every call of the function that holds it)."""
    return {o: (0 if o == kamikaze else rules.kamikaze_points) for o in seats}


def _called(rules, seats, sums, caller):
    """The part the caller-based styles share: every seat scores its sum, and a caller who
    is not strictly lowest adds the penalty. (points, notes, whether the caller is strictly
    lowest: None when nobody called)."""
    points = dict(sums)
    notes = {s: [] for s in seats}
    if caller is None:
        return points, notes, None
    lowest = all(sums[caller] < sums[s] for s in seats if s != caller)
    if not lowest:
        points[caller] = sums[caller] + rules.caller_penalty
        notes[caller].append("caller_penalty")
    return points, notes, lowest


def _caller(rules, seats, sums, caller):
    points, notes, lowest = _called(rules, seats, sums, caller)
    if lowest:
        points[caller] = 0
        notes[caller].append("caller_zero")
    if lowest is not None and rules.kamikaze == "cabo_zero" and sums[caller] == 0:
        for s in seats:
            if s != caller:
                points[s] += rules.kamikaze_points
                notes[s].append("kamikaze_victim")
        notes[caller].append("kamikaze")
    return points, notes


def _hut(rules, seats, sums, caller):
    points, notes, lowest = _called(rules, seats, sums, caller)
    if lowest:
        points[caller] = sums[caller] - rules.caller_bonus
        notes[caller].append("caller_bonus")
    elif lowest is not None:
        for s in seats:
            if s != caller and sums[s] <= sums[caller]:
                points[s] = 0
                notes[s].append("beat_caller")
    return points, notes


def _single_winners(rules, seats, sums, caller, notes):
    best = (max if rules.most_points_win else min)(sums.values())
    tied = [s for s in seats if sums[s] == best]
    if caller in tied and len(tied) > 1:
        tied.remove(caller)
        notes[caller].append("caller_tie_loses")
    for s in tied:
        notes[s].append("best_sum")
    return tied


def apply_totals(rules, totals, points):
    """Add the round's points to the totals; returns the seats whose total was reset."""
    reset = []
    half, target = rules.exact_target_reset, rules.target
    for s, p in points.items():
        totals[s] += p
        if half is not None and totals[s] == target:
            totals[s] = half
            reset.append(s)
    return reset


def game_result(rules, totals, seats_in_round, rounds_won, round_winners, host_ended=False):
    """(over, winners, tiebreak_seats) after a round.

    `tiebreak_seats` is non-empty when the game goes on with a tie-break round among them.
    """
    if rules.game_end == "one_round":
        return True, tuple(round_winners), ()
    if rules.game_end == "host":
        if not host_ended:
            return False, (), ()
        return True, _most_rounds_won(rounds_won), ()
    contenders = seats_in_round
    if len(seats_in_round) == len(totals):
        top = max(totals)  # (any total over / at the target)
        if not (top > rules.target if rules.end_when == "over" else top >= rules.target):
            return False, (), ()
    # (map and a loop, no comprehension: one would make its locals cells on every call)
    low = min(map(totals.__getitem__, contenders))
    lowest = []
    for s in contenders:
        if totals[s] == low:
            lowest.append(s)
    lowest = tuple(lowest)
    if len(lowest) > 1 and rules.tiebreak:
        return False, (), lowest
    return True, lowest, ()


def _most_rounds_won(rounds_won) -> tuple:
    best = max(rounds_won)
    return tuple(s for s, w in enumerate(rounds_won) if w == best)


def next_first_player(rules, rng, prev_first, seats, totals, round_winners):
    """Who starts the next round under the `first_player` rule (not for "rotate")."""
    how = rules.first_player
    if how == "random":
        return rng.choice(seats)
    # the seats in turn order from the previous first player
    if prev_first in seats:
        k = seats.index(prev_first)
        order = seats[k:] + seats[:k]
    else:
        order = seats
    if how == "winner":
        candidates = []  # (a loop: a comprehension would make round_winners a cell)
        for s in order:
            if s in round_winners:
                candidates.append(s)
        candidates = candidates or order
    else:  # highest_total: the highest total of the round's seats, first in turn order
        candidates = order
    # min and max return the first seat in turn order among equals
    pick = min if how == "winner" else max
    return pick(candidates, key=totals.__getitem__) if candidates else None
