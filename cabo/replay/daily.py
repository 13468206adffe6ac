"""The deal of the day: everyone who opens it on the same date plays the same deal against
the same bots.

The date (YYYY-MM-DD, the person's own calendar day) picks the seed; the table is fixed: the
official rules for one round, the person at seat 0 and two bots, whose generators come from
the seed (cabo.play.session: `seed * 1009 + seat`), so they play the same for the same moves. One
try per day counts: the first finished round of a date is kept (cabo.replay.shelf).
"""

from __future__ import annotations

import re

from ..game.rules import PRESETS

BOTS = ("medium", "hard")
BOT_NAMES = ("Ada", "Bo")
SEED_BITS = 48
_DATE = re.compile(r"(\d{4})-(\d\d)-(\d\d)")
_DAYS = (31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31)
_MASK = (1 << 64) - 1


def rules():
    """The rules of the deal of the day: the official ones, for one round."""
    return PRESETS["official"].with_options(name="official", game_end="one_round")


def parse_date(text: str) -> tuple:
    """(year, month, day) of a real date written YYYY-MM-DD; ValueError otherwise. (The page
    ships without the datetime module: the calendar's rule is written out.)"""
    match = _DATE.fullmatch(text) if isinstance(text, str) else None
    if match is None:
        raise ValueError(f"not a date: {str(text)[:20]!r}")
    year, month, day = map(int, match.groups())
    leap = year % 4 == 0 and (year % 100 != 0 or year % 400 == 0)
    if not (1 <= month <= 12 and 1 <= day <= _DAYS[month - 1] + (month == 2 and leap)):
        raise ValueError(f"not a date: {text!r}")
    return year, month, day


def previous_day(date: str) -> str:
    """The date before `date` (YYYY-MM-DD)."""
    year, month, day = parse_date(date)
    if day > 1:
        return f"{year:04d}-{month:02d}-{day - 1:02d}"
    year, month = (year - 1, 12) if month == 1 else (year, month - 1)
    leap = year % 4 == 0 and (year % 100 != 0 or year % 400 == 0)
    return f"{year:04d}-{month:02d}-{_DAYS[month - 1] + (month == 2 and leap):02d}"


def seed_for(date: str) -> int:
    """The seed of a date's deal (the same on every device, different between dates): the
    date's number YYYYMMDD mixed by splitmix64's finalizer (a bijection of 64-bit numbers),
    cut to its top SEED_BITS bits: two dates share a seed with odds of about 2**-48."""
    year, month, day = parse_date(date)
    z = (year * 10000 + month * 100 + day + 0x9E3779B97F4A7C15) & _MASK
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return (z ^ (z >> 31)) >> (64 - SEED_BITS)


def seats(person: str) -> list:
    """(name, bot level) of the three seats: the person first."""
    return [(person, None)] + list(zip(BOT_NAMES, BOTS))


def placing(points: list, seat: int) -> int:
    """1 for the fewest points of the round; seats with equal points share a place."""
    return 1 + sum(1 for p in points if p < points[seat])


def short_date(date: str, t) -> str:
    """"6 Dec" / "6. Dez." in the person's language."""
    _, month, day = parse_date(date)
    return t("daily_date", day=day, month=t(f"month_{month}"))


def share_text(date: str, points: int, place: int, n: int, t) -> str:
    """"Cabo, 6 Dec: 3 points, 1st of 3"."""
    return t("daily_share_one" if points == 1 else "daily_share", date=short_date(date, t),
             points=points, place=t(f"place_{place}"), n=n)
