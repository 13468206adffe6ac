"""The coach's review: the person's three costliest decisions of a round, by the hard bot's
evaluation from the person's own observation at that moment.

For each of the person's decisions that the hard bot would search (a turn's start, a drawn
card, the end of a turn, a swap or king power; `HardBot.candidates`), `judge` gets what a bot
gets — the Observation and the legal actions, never the State — and plays the hard bot's
candidates and the person's move in the same REVIEW_WORLDS dealt worlds (the hard bot's
rollouts: its own policy for the person, medium for the others), each judged by the points
of the round's end (no win bonus: `rollout.reward(bonus=0)`, the seat's score against the
others' mean, or the hand sums where the hard bot cuts a rollout). The best candidate's mean
minus the person's is the move's expected cost in points: an estimate, with its standard
error. A move is marked only when the coach's choice is better by MARK_Z standard errors of
the paired differences and by MIN_POINTS at least; the three largest are the review.

The same record and seat give the same marks: each decision's worlds come from a generator
seeded by the game's seed and the decision's place in the round. `thinking` yields after
every world and every few engine steps of a rollout (the hard bot's slices), so the page can
run it without a task over 50 ms.
"""

from __future__ import annotations

import random
from math import sqrt
from typing import NamedTuple

from ..bots.base import own_moves
from ..bots.hard import HardBot, _blind_replace, horizon
from ..bots.hint import explain, facts
from ..bots.rollout import play_out_sliced, reward
from ..bots.worlds import deal_world
from ..game.engine import apply, legal_actions
from ..game.observation import Observation, observe

REVIEW_WORLDS = 64   # worlds per reviewed decision (all its candidates play the same ones)
MARK_Z = 1.0         # standard errors of the paired differences a mark must be ahead by
MIN_POINTS = 0.5     # and points
MARKS = 3


class Decision(NamedTuple):
    """One decision of the person: its frame in the replay, what the person knew and could
    do then, and what it did."""
    frame: int
    obs: Observation
    legal: list
    done: object


class Mark(NamedTuple):
    """A costly decision: the person's move, the coach's, the expected difference in points
    (and its standard error), the worlds it was measured in, and the hint's code and facts
    for the line why (cabo.bots.hint, as the person knew the table)."""
    frame: int
    done: object
    suggested: object
    points: float
    error: float
    worlds: int
    code: str
    facts: dict
    obs: Observation


def decisions(replay, seat: int) -> list:
    """The decisions of `seat` in a replay's round, as that seat saw the table before each
    (built from the states of the device that may know them; the judge sees only these)."""
    out = []
    for k in range(1, len(replay.frames)):
        move = replay.frames[k].move
        if move is None or move.seat != seat:
            continue
        before = replay.frames[k - 1].state
        out.append(Decision(k, observe(before, seat), legal_actions(before, seat), move))
    return out


def _same(obs, a, b) -> bool:
    """Whether two moves are the same choice for the searcher (equal, or blind replaces of
    cards that the same seats know: exchangeable in every world)."""
    if a == b:
        return True
    key = _blind_replace(obs, a)
    return key is not None and key == _blind_replace(obs, b)


def judge(decision: Decision, seed: int):
    """A generator that returns a Mark for a costly decision, or None; it reads only the
    decision's Observation and legal actions."""
    obs, legal, done = decision.obs, decision.legal, decision.done
    if not isinstance(obs, Observation) or len(own_moves(legal)) < 2:
        return None
    bot = HardBot(seed)
    ranked, cands = bot.candidates(obs, legal)
    if not cands:  # a decision the hard bot does not search: reviewed only if it is one
        searched = obs.phase in ("turn", "drawn", "after_turn", "king") or (
            obs.phase == "power" and obs.power in ("swap", "king"))
        if not searched:
            return None
        cands = [ranked[0][1]]
    if any(_same(obs, done, c) for c in cands) and len(cands) == 1:
        return None
    cands = [c for c in cands if not _same(obs, done, c)] + [done]
    rewards = yield from _rollouts(obs, cands, random.Random(seed))
    worlds = len(rewards[0])
    base = rewards[-1]
    best = None
    for k in range(len(cands) - 1):
        diffs = [x - y for x, y in zip(rewards[k], base)]
        mean = sum(diffs) / worlds
        err = sqrt(sum((d - mean) ** 2 for d in diffs) / (worlds - 1) / worlds)
        if mean >= MIN_POINTS and mean > MARK_Z * err and (best is None or mean > best[1]):
            best = (k, mean, err)
    if best is None:
        return None
    k, mean, err = best
    return Mark(decision.frame, done, cands[k], mean, err, worlds, explain(obs, cands[k]),
                facts(obs, cands[k]), obs)


def _rollouts(obs, cands, rng):
    """Rewards in points, [candidate][world], of every candidate in the same worlds."""
    me = obs.seat
    own = (me, HardBot(0).params)
    cut = horizon(obs.rules, obs.n)
    opponent = HardBot(0).opponent
    rewards = [[] for _ in cands]
    for _ in range(REVIEW_WORLDS):
        world = deal_world(obs, rng)
        for k, action in enumerate(cands):
            state = world.clone()
            apply(state, action)
            finished = yield from play_out_sliced(state, opponent, cut, own)
            rewards[k].append(reward(state, me, finished, 0.0))
        yield
    return rewards


def thinking(replay, seat: int):
    """The review of `seat`'s decisions as a generator (yields while it works); returns the
    costliest MARKS marks, costliest first."""
    marks = []
    base = replay.record.seed * 7919 + replay.round_no * 104729 + seat
    for decision in decisions(replay, seat):
        mark = yield from judge(decision, base + decision.frame)
        if mark is not None:
            marks.append(mark)
    marks.sort(key=lambda m: (-m.points, m.frame))
    return marks[:MARKS]


def review(replay, seat: int) -> list:
    """`thinking` run to its end."""
    work = thinking(replay, seat)
    while True:
        try:
            next(work)
        except StopIteration as done:
            return done.value
