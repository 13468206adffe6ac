"""The random baseline: a uniformly random legal move; it rarely tries a match."""

from __future__ import annotations

from ..game.actions import Several, is_off_turn
from .base import Bot, own_moves


class RandomBot(Bot):
    """Picks uniformly among its own legal moves; off-turn it matches with a small chance."""

    name = "random"
    reaction_ms = 1500
    match_chance = 0.05

    def choose(self, obs, legal):
        moves = own_moves(legal) or legal
        return self._concrete(self.rng.choice(moves))

    def react(self, obs, legal):
        matches = [a for a in legal if is_off_turn(a)]
        if matches and self.rng.random() < self.match_chance:
            return self._concrete(self.rng.choice(matches))
        return None

    def _concrete(self, entry):
        """A family entry (a multi-replace, pair discards) becomes one random member."""
        return entry.sample(self.rng) if type(entry) is Several else entry
