"""Bots: they receive an Observation and the legal actions, never the State."""

from .base import Bot
from .random_bot import RandomBot

LEVELS = {"random": RandomBot}


def make_bot(level: str, seed: int) -> Bot:
    """A bot of the named level with its own seeded generator."""
    try:
        cls = LEVELS[level]
    except KeyError:
        raise ValueError(f"unknown bot level {level!r}; levels: {', '.join(LEVELS)}") from None
    return cls(seed)


__all__ = ["Bot", "RandomBot", "LEVELS", "make_bot"]
