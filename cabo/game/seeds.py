"""The seeds of a game's generators, all derived from the one game seed in one place.

A game has one seed. The deal uses it directly (`State.rng`); every other generator of the
table gets its own seed made from it here, so that no two parts of the program draw from the
same stream and the arithmetic is written once. The formulas are fixed: a saved game, a
seeded test or a benchmark replays only while they stay as they are.
"""

from __future__ import annotations


def bot_seed(seed: int, seat: int) -> int:
    """The bot at `seat` of a table (cabo.play.session)."""
    return seed * 1009 + seat


def stand_in_seed(seed: int, seat: int, step: int) -> int:
    """The bot that plays for an away guest's seat from game step `step` on (cabo.net.host)."""
    return bot_seed(seed, seat) + 7919 * step


def headless_bot_seed(seed: int, seat: int) -> int:
    """A bot of a headless game between bots (cabo.play.arena, cabo.play.selfplay)."""
    return seed * 7919 + seat


def quips_seed(seed: int) -> int:
    """The generator of the extras' quips (cabo.party.quips)."""
    return seed * 7919 + 17
