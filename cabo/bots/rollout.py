"""Rollouts for the search bot: play a determinized world to the end of the round.

Every seat plays the medium policy on what it knows in that world (`knowledge.from_state`),
off-turn matches included, so a rollout never looks at a card its player could not know.
A rollout that runs too long is cut and judged by the true sums as if nobody had called.
Moves are taken from the engine's own legal lists (or are sure matches of `react`), so they are
applied with `apply_trusted`: the same states and events as `apply`, without its checks.
"""

from __future__ import annotations

from ..game.actions import Several
from ..game.engine import apply, apply_trusted, own_actions, to_move
from ..game.matching import reacting_seats
from ..game.state import OVER_PHASES
from .knowledge import from_state
from .fused import decide_state
from .policy import MEDIUM, react

WIN_BONUS = 10.0   # worth of winning the round, in points of score difference


def _could_match(state, seat) -> bool:
    """Cheap test: does `seat` know a card that might make a sure match or pair?"""
    values = state.values
    bit = 1 << seat
    target = state.match_target
    tv = values[target] if target is not None else None
    pairs = state.rules.pair_discard
    seen = set()
    for owner in state.seats:
        if owner != seat and state.rules.match != "any":
            continue
        for c, k in zip(state.hands[owner], state.known[owner]):
            if c is None or not k & bit:
                continue
            x = values[c]
            if x == tv:
                return True
            if pairs and owner == seat:
                if x in seen:
                    return True
                seen.add(x)
    return False


def off_turn(state, prm=MEDIUM):
    """The first sure match any seat makes now, or None: the seats asked in the drivers' one
    off-turn order (cabo.game.matching.reacting_seats, as cabo.play.driver asks them)."""
    for seat in reacting_seats(state):
        if _could_match(state, seat):
            action = react(from_state(state, seat))
            if action is not None:
                return action
    return None


def play_out(state, prm=MEDIUM, max_steps: int = 150, own=None, trusted: bool = True) -> bool:
    """Play the policy `prm` for every seat to the end of the round (seat `own[0]` plays
    `own[1]` instead, if given); False if cut after max_steps. `trusted=False` applies the
    moves with the strict `apply` instead (the same moves, slower: for comparison)."""
    step = apply_trusted if trusted else apply
    matching = state.rules.match != "off"
    me, mine = own if own is not None else (None, prm)
    for _ in range(max_steps):
        if state.phase in OVER_PHASES:
            return True
        action = off_turn(state, prm) if matching else None
        if action is None:
            seat = to_move(state)[0]
            moves = own_actions(state, seat)
            if len(moves) == 1 and type(moves[0]) is not Several:
                action = moves[0]   # (what the policy plays: its only choice)
            else:
                action = decide_state(state, seat, moves, mine if seat == me else prm)
        step(state, action)  # (from the legal list: no checks needed)
    return state.phase in OVER_PHASES


SLICE_STEPS = 4   # play_out_sliced yields after this many actions


def play_out_sliced(state, prm=MEDIUM, max_steps: int = 150, own=None):
    """`play_out` as a generator that yields every SLICE_STEPS actions (a page gives the
    browser a turn there) and returns what play_out returns; the same moves."""
    done = 0
    while done < max_steps:
        chunk = min(SLICE_STEPS, max_steps - done)
        if play_out(state, prm, chunk, own):
            return True
        done += chunk
        yield
    return state.phase in OVER_PHASES


def reward(state, seat: int, finished: bool, bonus: float = WIN_BONUS) -> float:
    """How good the end of the round is for `seat`: win bonus plus score difference."""
    if finished:
        last = state.history[-1]
        points, winners = last["points"], last["winners"]
        if state.rules.scoring == "single":
            return 2 * bonus * (seat in winners) / len(winners)
        mine = points[seat]
        others = [points[s] for s in last["seats"] if s != seat]
    else:
        mine = state.hand_sum(seat)
        others = [state.hand_sum(s) for s in state.seats if s != seat]
        winners = [seat] if all(mine < o for o in others) else []
    win = bonus * (seat in winners) / max(1, len(winners))
    return win + sum(others) / len(others) - mine
