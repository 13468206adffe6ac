"""The hard bot: determinized Monte Carlo search with the medium policy as rollout policy.

For a real decision it keeps the few best candidates of the medium ranking, deals
consistent worlds from its observation (`worlds.deal_world`: the CloneAndRandomize step of
ISMCTS) and plays every candidate in every world to the end of the round; the same worlds
serve every candidate (common random numbers). The budget is a fixed number of engine steps
(`simulations` rollouts of a typical length), never wall-clock time: a choice is
reproducible from the bot's seed, and late decisions (short rollouts) get more worlds.
Cheap decisions (a single legal move, initial peek, giving a card, peeking, spying, matches)
skip the search.
"""

from __future__ import annotations

from math import sqrt

from ..actions import CallCabo, EndTurn
from ..engine import apply
from .base import Bot, own_moves
from .knowledge import from_obs
from .policy import MEDIUM, rank, react
from .rollout import play_out, reward
from .worlds import deal_world

SEARCH_PHASES = ("turn", "drawn", "after_turn", "king")
SEARCH_POWERS = ("swap", "king")
STEPS_PER_ROLLOUT = 30   # the budget is simulations x this many engine steps, where
ROLLOUT_COST = 6         # cloning and scoring a rollout counts as this many steps
WORLD_COST = 3           # and dealing a world as this many


class HardBot(Bot):
    """Information-set Monte Carlo search over the medium policy's best candidates."""

    name = "hard"
    reaction_ms = 600

    # 160 rollouts: official 2p, hard beat medium in 56.7 % [51.0-62.2] of 300 rounds (51.8 %
    # of 2000 at 80), with a decision p95 of 130 ms CPU in CPython (arena, 2026-11-30).
    def __init__(self, seed: int, simulations: int = 160, width: int = 3, max_steps: int = 150,
                 confidence: float = 0.0):
        super().__init__(seed)
        self.confidence = confidence     # standard errors a deviation from medium must win by
        self.simulations = simulations   # rollouts per searched decision (nominal, see above)
        self.width = width               # candidates kept from the medium ranking
        self.max_steps = max_steps       # a rollout is cut after this many actions
        self.last_scores = None          # [(mean reward, action)] of the last search

    def candidates(self, obs, legal) -> tuple:
        """(medium's ranking, the candidates worth searching: empty if not worth it)."""
        moves = own_moves(legal) or legal
        if len(moves) == 1:
            return [(0.0, moves[0])], []
        ranked = rank(from_obs(obs), moves, MEDIUM)
        searched = obs.phase in SEARCH_PHASES or (
            obs.phase == "power" and obs.power in SEARCH_POWERS)
        if obs.gives or not searched or self.simulations <= 0:
            return ranked, []
        cands = [a for _, a in ranked[:self.width]]
        for _, a in ranked[self.width:]:
            if isinstance(a, (CallCabo, EndTurn)):
                cands.append(a)
        return ranked, cands

    def choose(self, obs, legal):
        ranked, cands = self.candidates(obs, legal)
        self.last_scores = None
        if len(cands) < 2:
            return ranked[0][1]
        budget = self.simulations * STEPS_PER_ROLLOUT
        rewards = [[] for _ in cands]
        used = 0
        while used < budget or len(rewards[0]) < 2:
            world = deal_world(obs, self.rng)
            start = world.step
            used += WORLD_COST
            for k, action in enumerate(cands):
                state = world.clone()
                apply(state, action)
                finished = play_out(state, MEDIUM, self.max_steps)
                rewards[k].append(reward(state, obs.seat, finished))
                used += state.step - start + ROLLOUT_COST
        worlds = len(rewards[0])
        self.last_scores = [(sum(r) / worlds, a) for r, a in zip(rewards, cands)]
        return cands[self._pick(rewards)]

    def _pick(self, rewards) -> int:
        """Medium's choice (index 0) unless another candidate is better by `confidence`
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
        return action if action is not None and action in legal else None
