"""The deal of the day: everyone who opens it on the same date plays the same deal against
the same bots.

The date (YYYY-MM-DD, the person's own calendar day) picks the seed; the table is fixed: the
official rules for one round, the person at seat 0 and two bots, whose generators come from
the seed (cabo.session: `seed * 1009 + seat`), so they play the same for the same moves. One
try per day counts: the first finished round of a date is kept (cabo.replay.shelf).
"""

from __future__ import annotations

import datetime
import hashlib

from ..game.rules import PRESETS

BOTS = ("medium", "hard")
BOT_NAMES = ("Ada", "Bo")
SEED_BITS = 48


def rules():
    """The rules of the deal of the day: the official ones, for one round."""
    return PRESETS["official"].with_options(name="official", game_end="one_round")


def parse_date(text: str) -> datetime.date:
    """A date from YYYY-MM-DD; ValueError otherwise."""
    if not isinstance(text, str) or len(text) != 10:
        raise ValueError(f"not a date: {text!r}")
    return datetime.date.fromisoformat(text)


def seed_for(date: str) -> int:
    """The seed of a date's deal (the same on every device, different between dates)."""
    day = parse_date(date).isoformat()
    digest = hashlib.sha256(f"cabo deal of the day {day}".encode()).digest()
    return int.from_bytes(digest[:SEED_BITS // 8], "big")


def seats(person: str) -> list:
    """(name, bot level) of the three seats: the person first."""
    return [(person, None)] + list(zip(BOT_NAMES, BOTS))


def placing(points: list, seat: int) -> int:
    """1 for the fewest points of the round; seats with equal points share a place."""
    return 1 + sum(1 for p in points if p < points[seat])


def short_date(date: str, t) -> str:
    """"6 Dec" / "6. Dez." in the person's language."""
    d = parse_date(date)
    return t("daily_date", day=d.day, month=t(f"month_{d.month}"))


def share_text(date: str, points: int, place: int, n: int, t) -> str:
    """"Cabo, 6 Dec: 3 points, 1st of 3"."""
    return t("daily_share_one" if points == 1 else "daily_share", date=short_date(date, t),
             points=points, place=t(f"place_{place}"), n=n)
