"""The rounds kept for a second look, and the results of the deal of the day (localStorage
key `cabo.replays`): plain data, checked by SHELF when read back (cabo.ui.storage).

    {"rounds": [{"link": data, "date": "YYYY-MM-DD", "rules": preset name, "round": n,
                 "names": [...], "points": [...]}, ...],            (newest last, at most KEEP)
     "daily": {"YYYY-MM-DD": {"points": p, "place": k, "n": n, "link": data}, ...}}

`link` is a replay link's data (cabo.replay.link, after `#replay=`). The first finished
round of a date's deal is its result; later tries of the same date change nothing.
"""

from __future__ import annotations

from ..schema import Enum, Int, List, Map, Optional, Record, Str, parse
from ..game.rules import PRESETS
from .link import MAX_CHARS

KEY = "cabo.replays"
BACKUP_KEY = "cabo.replays.backup"
KEEP = 10          # rounds kept
DAYS = 400         # daily results kept
MAX_STORED = KEEP * (MAX_CHARS + 400) + DAYS * (MAX_CHARS + 100)

_DATE = Str(10, r"\d{4}-\d\d-\d\d")
_LINK = Str(MAX_CHARS + 1, r"[A-Za-z0-9_-]*")
ROUND = Record({"link": _LINK, "date": _DATE, "rules": Enum(*PRESETS, "custom"),
                "names": List(Str(20), 6, 2),
                "points": List(Optional(Int(-10**6, 10**6)), 6, 2)},
               optional={"round": Int(1, 10**4)})
RESULT = Record({"points": Int(-10**6, 10**6), "place": Int(1, 6), "n": Int(2, 6),
                 "link": _LINK})
SHELF = Record({"rounds": List(ROUND, KEEP), "daily": Map(RESULT, DAYS, key=_DATE)})


def empty() -> dict:
    return {"rounds": [], "daily": {}}


def read(text: str) -> dict:
    """The shelf stored in `text`; cabo.schema.Invalid if it is damaged."""
    return parse(text, SHELF, MAX_STORED, max_depth=5)


def keep_round(shelf: dict, entry: dict) -> dict:
    """The shelf with `entry` (a ROUND) as its newest round, the oldest dropped past KEEP;
    a round already kept (the same link) is not kept twice."""
    ROUND.check(entry, "round")
    rounds = [r for r in shelf["rounds"] if r["link"] != entry["link"]] + [entry]
    return {**shelf, "rounds": rounds[-KEEP:]}


def keep_daily(shelf: dict, date: str, result: dict) -> tuple:
    """(shelf, counted): the date's result kept if it is the date's first (one try a day
    counts); `counted` says whether this one was kept."""
    RESULT.check(result, "daily")
    if date in shelf["daily"]:
        return shelf, False
    daily = dict(shelf["daily"])
    daily[date] = result
    if len(daily) > DAYS:
        for old in sorted(daily)[:len(daily) - DAYS]:
            del daily[old]
    return {**shelf, "daily": daily}, True
