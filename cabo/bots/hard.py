"""The hard bot: determinized Monte Carlo search over its own tuned policy's candidates.

For a real decision it ranks the moves with its policy (medium's, with parameters tuned by
self-play: `HARD`), keeps the best few that are within `gap` points of the best (a Cabo call
while it is not hopeless), deals consistent worlds from its observation
(`worlds.deal_world`: the CloneAndRandomize step of ISMCTS) and plays every candidate in
every world to the end of the round, itself with its policy and every other seat with
`opponent` (medium); the same worlds serve every candidate (common random numbers). A round
is judged by a win bonus plus the score difference. It plays the policy's first choice
unless another candidate is better by `confidence` standard errors of the paired
differences, and stops early once the first choice leads every other by EARLY_Z standard
errors. The budget is a fixed number of engine steps (`simulations` rollouts of a typical
length), never wall-clock time: a choice is reproducible from the bot's seed, and late
decisions (short rollouts) get more worlds. `think` is the search as a generator that
yields every few engine steps, so that the page can run it in slices.
Cheap decisions (a single legal move, initial peek, giving a card, peeking, spying, matches)
and clear ones (the best move ahead of the rest by more than `gap`) skip the search.
"""

from __future__ import annotations

from math import sqrt

from ..game.actions import CallCabo, EndTurn, Replace, permits
from ..game.engine import apply
from .base import Bot, own_moves
from .knowledge import from_obs
from .policy import MEDIUM, Params, rank, react
from .rollout import play_out_sliced, reward
from .worlds import deal_world

SEARCH_PHASES = ("turn", "drawn", "after_turn", "king")
SEARCH_POWERS = ("swap", "king")
STEPS_PER_ROLLOUT = 30   # the budget is simulations x this many engine steps, where
ROLLOUT_COST = 6         # cloning and scoring a rollout counts as this many steps
WORLD_COST = 3           # and dealing a world as this many
EARLY_WORLDS = 24        # a search may stop early from this many worlds on, checked every
EARLY_EVERY = 8          # this many worlds, when the policy's choice leads every other
EARLY_Z = 2.0            # candidate by this many standard errors (see HardBot._settled)
# Rollout horizon: in 2-player games scored "official" or "caller" without matches of
# foreign cards (official, standard52), a rollout is cut after CUT_ACTIONS actions (about
# two turns each) and judged by the true sums of that world (rollout.reward of an
# unfinished round); else it is played to the end of the round (FULL_ACTIONS at most). The
# cut wins more rounds where it is used and fewer elsewhere (docs/speed.md, "rollout horizon").
CUT_ACTIONS = 12
FULL_ACTIONS = 150
# With more than two players the budget shrinks to 2/n of the nominal one (3 players: 2/3,
# 4 players: 1/2): the policy decides for more seats in every step, and a full-budget
# decision should take about as long at every table (docs/speed.md, "budget per player count").
BUDGET_SEATS = 2


def horizon(rules, n: int) -> int:
    """Actions after which a rollout is cut (see CUT_ACTIONS)."""
    if n == 2 and rules.scoring in ("official", "caller") and rules.match != "any":
        return CUT_ACTIONS
    return FULL_ACTIONS
# The hard bot's own policy (candidates, unsearched decisions, its own seat in rollouts):
# medium's, with the Cabo threshold and `improve` tuned by self-play against medium
# (docs/speed.md, "its own parameters").
HARD = Params(improve=3.0, cabo_p={"official": 0.65, "caller": 0.65, "hut": 0.65,
                                   "single": 0.55})


def _blind_replace(obs, action):
    """For a Replace of one own card this seat does not know: the set of seats that know
    that card. Two such replaces with the same knowers are alike (the cards are exchangeable
    in every sampled world), so searching both only measures noise. Else None."""
    if not isinstance(action, Replace) or len(action.slots) != 1:
        return None
    cell = obs.hands[obs.seat][action.slots[0]]
    if cell is None or cell[0] is not None:
        return None
    return cell[1]


class HardBot(Bot):
    """Information-set Monte Carlo search over the tuned policy's best candidates."""

    name = "hard"
    reaction_ms = 600

    def __init__(self, seed: int, simulations: int = 160, width: int = 3,
                 max_steps: int | None = None,
                 confidence: float = 1.0, bonus: float = 20.0, gap: float = 4.0,
                 cabo_gap: float = 3.0, params: Params = HARD, opponent: Params = MEDIUM,
                 other_simulations: int | None = None, symmetric: bool = False):
        super().__init__(seed)
        # rollouts for a decision without a Cabo call among the candidates (None: as many as
        # `simulations`, read at each decision, so that setting `simulations` sets both)
        self.other_simulations = other_simulations
        self.symmetric = symmetric       # stop early when any candidate leads clearly
        self.confidence = confidence     # standard errors a deviation from the policy must win by
        self.simulations = simulations   # rollouts per searched decision (nominal, see above)
        self.width = width               # candidates kept from the policy's ranking
        # a rollout is cut after this many actions (None: `horizon` of the rules)
        self.max_steps = max_steps
        self.bonus = bonus               # worth of winning the round in a rollout's reward
        self.gap = gap                   # candidates this much worse than the best are dropped
        self.cabo_gap = cabo_gap         # and a Cabo call scored below -cabo_gap
        self.params = params             # own policy
        self.opponent = opponent         # the policy the others play in the rollouts
        self.last_scores = None          # [(mean reward, action)] of the last search
        self.last_steps = 0              # budget steps used by the last decision
        self.last_worlds = 0             # worlds dealt by the last decision's search

    def candidates(self, obs, legal) -> tuple:
        """(the policy's ranking, the candidates worth searching: empty if not worth it)."""
        moves = own_moves(legal) or legal
        if len(moves) == 1:
            return [(0.0, moves[0])], []
        ranked = rank(from_obs(obs), moves, self.params)
        searched = obs.phase in SEARCH_PHASES or (
            obs.phase == "power" and obs.power in SEARCH_POWERS)
        if obs.gives or not searched or self.simulations <= 0:
            return ranked, []
        best = ranked[0][0]
        cands, classes = [], set()
        for sc, a in ranked:
            if len(cands) >= self.width or sc < best - self.gap:
                break
            if isinstance(a, (CallCabo, EndTurn)):
                continue
            key = _blind_replace(obs, a)
            if key is not None:
                if key in classes:   # the same as a blind replace already kept
                    continue
                classes.add(key)
            cands.append(a)
        cabo = [a for sc, a in ranked if isinstance(a, CallCabo) and sc >= -self.cabo_gap]
        if cabo:
            cands += cabo + [a for _, a in ranked if isinstance(a, EndTurn)]
        first = ranked[0][1]
        if first in cands:
            cands.remove(first)
        return ranked, [first] + cands

    def choose(self, obs, legal):
        thinking = self.think(obs, legal)
        while True:
            try:
                next(thinking)
            except StopIteration as stop:
                return stop.value

    def think(self, obs, legal):
        """The decision as a generator: it yields every few engine steps of a rollout and after
        every world (so that a page can give the browser a turn) and returns the action. The number of worlds depends on
        the step budget only, never on time: the choice is the same however it is driven."""
        ranked, cands = self.candidates(obs, legal)
        self.last_scores = None
        self.last_steps = 0
        self.last_worlds = 0
        if len(cands) < 2:
            return ranked[0][1]
        sims = self.simulations
        if self.other_simulations is not None and not any(isinstance(a, CallCabo)
                                                           for a in cands):
            sims = self.other_simulations
        if sims <= 0:
            return ranked[0][1]
        saved = self.rng.getstate()
        try:
            return (yield from self._search(obs, cands, sims))
        except GeneratorExit:  # abandoned (the game moved on): as if it never started
            self.rng.setstate(saved)
            raise

    def _search(self, obs, cands, sims):
        budget = sims * STEPS_PER_ROLLOUT
        if obs.n > BUDGET_SEATS:
            budget = budget * BUDGET_SEATS // obs.n
        rewards = [[] for _ in cands]
        used = 0
        me = obs.seat
        own = (me, self.params)
        cut = self.max_steps or horizon(obs.rules, obs.n)
        while used < budget or len(rewards[0]) < 2:
            world = deal_world(obs, self.rng)
            start = world.step
            used += WORLD_COST
            for k, action in enumerate(cands):
                state = world.clone()
                apply(state, action)
                finished = yield from play_out_sliced(state, self.opponent, cut, own)
                rewards[k].append(reward(state, me, finished, self.bonus))
                used += state.step - start + ROLLOUT_COST
            yield  # (also after a world of short rollouts: at a round's end none yields)
            worlds = len(rewards[0])
            if worlds >= EARLY_WORLDS and worlds % EARLY_EVERY == 0 and (
                    self._leader(rewards) is not None if self.symmetric
                    else self._settled(rewards)):
                break
        self.last_steps = used
        worlds = self.last_worlds = len(rewards[0])
        self.last_scores = [(sum(r) / worlds, a) for r, a in zip(rewards, cands)]
        return cands[self._pick(rewards)]

    @staticmethod
    def _settled(rewards) -> bool:
        """True when the policy's choice is ahead of every other candidate by EARLY_Z
        standard errors of the paired differences: more worlds would not change the pick."""
        base = rewards[0]
        worlds = len(base)
        for r in rewards[1:]:
            diffs = [x - y for x, y in zip(r, base)]
            mean = sum(diffs) / worlds
            var = sum((d - mean) ** 2 for d in diffs) / (worlds - 1)
            if mean + EARLY_Z * sqrt(var / worlds) >= 0.0:
                return False
        return True

    @staticmethod
    def _leader(rewards):
        """The candidate ahead of every other by EARLY_Z standard errors of the paired
        differences, or None."""
        worlds = len(rewards[0])
        means = [sum(r) / worlds for r in rewards]
        top = max(range(len(rewards)), key=lambda k: (means[k], -k))
        for k, r in enumerate(rewards):
            if k == top:
                continue
            diffs = [x - y for x, y in zip(rewards[top], r)]
            mean = sum(diffs) / worlds
            var = sum((d - mean) ** 2 for d in diffs) / (worlds - 1)
            if mean - EARLY_Z * sqrt(var / worlds) <= 0.0:
                return None
        return top

    def _pick(self, rewards) -> int:
        """The policy's choice (index 0) unless another candidate is better by `confidence`
        standard errors of the paired differences, in the same worlds."""
        base = rewards[0]
        worlds = len(base)
        best, best_mean = 0, 0.0
        for k in range(1, len(rewards)):
            diffs = [x - y for x, y in zip(rewards[k], base)]
            mean = sum(diffs) / worlds
            var = sum((d - mean) ** 2 for d in diffs) / (worlds - 1)
            if mean > best_mean and mean > self.confidence * sqrt(var / worlds):
                best, best_mean = k, mean
        return best

    def react(self, obs, legal):
        action = react(from_obs(obs))
        return action if action is not None and permits(legal, action) else None
