"""Bots: they receive an Observation and the legal actions, never the State.

`PAGE_LEVELS` are offered in the page. "random", "greedy" and "oracle" are baselines for
measurement; the oracle sees every card and must be built with an explicit `peek_state`.
"""

from .base import Bot
from .easy import EasyBot
from .greedy import GreedyBot
from .hard import HardBot
from .medium import MediumBot
from .oracle import OracleBot
from .random_bot import RandomBot

LEVELS = {"random": RandomBot, "easy": EasyBot, "medium": MediumBot, "hard": HardBot,
          "greedy": GreedyBot, "oracle": OracleBot}
PAGE_LEVELS = ("easy", "medium", "hard")


def make_bot(level: str, seed: int, **options) -> Bot:
    """A bot of the named level with its own seeded generator.

    `options` go to the constructor: `simulations=` for "hard", `peek_state=` (a callable
    returning `State.perfect_information()`) for "oracle", which cannot be built without it.
    """
    try:
        cls = LEVELS[level]
    except KeyError:
        raise ValueError(f"unknown bot level {level!r}; levels: {', '.join(LEVELS)}") from None
    return cls(seed, **options)


__all__ = ["Bot", "RandomBot", "EasyBot", "MediumBot", "HardBot", "GreedyBot", "OracleBot",
           "LEVELS", "PAGE_LEVELS", "make_bot"]
