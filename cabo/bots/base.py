"""The bot protocol.

A bot owns one seeded generator. The driver calls `choose` when the game waits for the bot's
seat, and `react` to offer an off-turn move (a match) at any other moment; `react` returns
None to let the moment pass. `reaction_ms` is the human-like delay the page waits before it
asks `react`. Bots see their seat's Observation and the legal actions only.

Everything a bot keeps between calls that can change a move (its generator, a memory, a
mood drawn per round) is saved with the game: `save_state` returns it as JSON, `STATE` is
its schema (cabo.schema) and `load_state` restores it, so a reloaded game plays on exactly
as it would have. A level that adds such state extends all three.
"""

from __future__ import annotations

import random

from ..game.actions import is_off_turn
from ..schema import RNG_STATE, Record, rng_state, set_rng_state


class Bot:
    """Base class: subclasses override `choose` and usually `react`."""

    name = "bot"
    reaction_ms = 1200
    STATE = Record({"rng": RNG_STATE})  # the schema of `save_state()`

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

    def save_state(self) -> dict:
        """Everything that affects this bot's future moves, as JSON (see STATE)."""
        return {"rng": rng_state(self.rng)}

    def load_state(self, saved: dict, path: str = "bot") -> None:
        """Restore `save_state()` output; cabo.schema.Invalid if it does not fit STATE."""
        type(self).STATE.check(saved, path)
        set_rng_state(self.rng, saved["rng"])


def own_moves(legal: list) -> list:
    """The legal actions that are not off-turn matches."""
    return [a for a in legal if not is_off_turn(a)]
