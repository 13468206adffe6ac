"""The bot protocol.

A bot owns one seeded generator. The driver calls `choose` when the game waits for the bot's
seat, and `react` to offer an off-turn move (a match) at any other moment; `react` returns
None to let the moment pass. `reaction_ms` is the human-like delay the page waits before it
asks `react`. Bots see their seat's Observation and the legal actions only.
"""

from __future__ import annotations

import random

from ..actions import is_off_turn


class Bot:
    """Base class: subclasses override `choose` and usually `react`."""

    name = "bot"
    reaction_ms = 1200

    def __init__(self, seed: int):
        self.rng = random.Random(seed)

    def choose(self, obs, legal: list):
        """The action to take when the game waits for this seat."""
        raise NotImplementedError

    def react(self, obs, legal: list):
        """An off-turn action (a match) to take now, or None."""
        return None

    def new_round(self) -> None:
        """Called when a round is dealt (bots with memory reset it here)."""


def own_moves(legal: list) -> list:
    """The legal actions that are not off-turn matches."""
    return [a for a in legal if not is_off_turn(a)]
