"""Who sits where at a table: one Seat per place, a person or a bot level."""

from __future__ import annotations

from dataclasses import dataclass

NAME_MAX = 20            # characters of a player's name (the form's limit)


@dataclass(frozen=True)
class Seat:
    """One place at the table: a name, and a bot level or None for a person."""

    name: str
    bot: str | None = None

    @property
    def human(self) -> bool:
        return self.bot is None
