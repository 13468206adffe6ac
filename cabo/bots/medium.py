"""The medium bot: perfect memory, card counting, purposeful powers, sure matches only.

Its memory is the Observation itself: knowledge of a card stays with the card until it is
discarded, so the bot is stateless and a decision depends on the observation alone.
"""

from __future__ import annotations

from ..game.actions import permits
from .base import Bot
from .knowledge import from_obs
from .policy import MEDIUM, decide, react


class MediumBot(Bot):
    """Counts unseen cards, plays the best one-step expected gain, calls Cabo by estimate."""

    name = "medium"
    reaction_ms = 900
    params = MEDIUM

    def view(self, obs):
        """What the bot reasons on (the easy bot overrides it to forget)."""
        return from_obs(obs)

    def choose(self, obs, legal):
        return decide(self.view(obs), legal, self.params)

    def react(self, obs, legal):
        action = react(self.view(obs))
        return action if action is not None and permits(legal, action) else None
