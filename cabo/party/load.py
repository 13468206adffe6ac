"""Reading the saved party state back: every value checked, ValueError with a reason otherwise.

Kept apart from the tracker so that it can move onto the project's shared validated load path
(the save schema) without touching the rules of the extras.
"""

from __future__ import annotations

from .tracker import ACHIEVEMENTS, AWARDS, COUNTERS


def _int(value, what, lo=0, hi=10**9) -> int:
    if type(value) is not int or not lo <= value <= hi:
        raise ValueError(f"party: {what} must be an int {lo}..{hi}")
    return value


def _opt_num(value, what):
    if value is None:
        return None
    if type(value) not in (int, float) or value != value:
        raise ValueError(f"party: {what} must be a number or null")
    return value


def _ints(value, n, what, nullable=False) -> list:
    if not isinstance(value, list) or len(value) != n:
        raise ValueError(f"party: {what} must be a list of {n}")
    return [None if nullable and v is None else _int(v, what) for v in value]


def _seat(value, n, what) -> int:
    return _int(value, what, 0, n - 1)


def _earned(value, n) -> list:
    if not isinstance(value, list):
        raise ValueError("party: earned must be a list")
    out = []
    for item in value:
        if not (isinstance(item, list) and len(item) == 2 and item[1] in ACHIEVEMENTS):
            raise ValueError("party: bad achievement entry")
        out.append([_seat(item[0], n, "achievement seat"), item[1]])
    return out


def _counts(d, n) -> dict:
    if not isinstance(d, dict):
        raise ValueError("party: counts must be a dict")
    out = {k: _ints(d.get(k), n, k) for k in COUNTERS}
    out["fastest"] = _ints(d.get("fastest"), n, "fastest", nullable=True)
    out["earned"] = _earned(d.get("earned"), n)
    return out


def _awards(value, n) -> list:
    if not isinstance(value, list):
        raise ValueError("party: awards must be a list")
    out = []
    for item in value:
        if not (isinstance(item, list) and len(item) == 3 and item[0] in AWARDS
                and isinstance(item[1], list) and item[1]):
            raise ValueError("party: bad award entry")
        out.append([item[0], [_seat(s, n, "award seat") for s in item[1]],
                    _int(item[2], "award value")])
    return out


def _round(d, n) -> dict:
    if not isinstance(d, dict):
        raise ValueError("party: a round summary must be a dict")
    caller = d.get("caller")
    out = {"round_no": _int(d.get("round_no"), "round_no", 1),
           "caller": None if caller is None else _seat(caller, n, "caller"),
           "lost": d.get("lost") is True, "awards": _awards(d.get("awards"), n)}
    for k in COUNTERS:
        out[k] = _ints(d.get(k), n, k)
    out["fastest"] = _ints(d.get("fastest"), n, "fastest", nullable=True)
    out["earned"] = _earned(d.get("earned"), n)
    return out


def load_tracker(tracker, d) -> None:
    """Fill a fresh tracker from saved data `d`, or raise ValueError (tracker then unusable)."""
    n = tracker.n
    if not isinstance(d, dict):
        raise ValueError("party: the saved extras must be a dict")
    tracker.counts = _counts(d.get("counts"), n)
    chain = d.get("chain")
    if chain is not None:
        if not (isinstance(chain, list) and len(chain) == 2):
            raise ValueError("party: bad chain")
        chain = [_seat(chain[0], n, "chain seat"), _int(chain[1], "chain length", 1)]
    tracker.chain = chain
    tracker.landed_ms = _opt_num(d.get("landed_ms"), "landed_ms")
    tracker.start_pending = d.get("start_pending") is True
    marks = d.get("marks")
    if not isinstance(marks, list) or len(marks) != n:
        raise ValueError("party: marks must be a list per seat")
    tracker.marks = [sorted({_seat(s, n, "marked seat") for s in (m if isinstance(m, list)
                                                                   else [None])}) for m in marks]
    noses = d.get("noses")
    if not isinstance(noses, list):
        raise ValueError("party: noses must be a list")
    tracker.noses = {}
    for item in noses:
        if not (isinstance(item, list) and len(item) == 2):
            raise ValueError("party: bad nose entry")
        tracker.noses[_seat(item[0], n, "nose seat")] = _int(item[1], "nose round", 1)
    rounds = d.get("rounds")
    if not isinstance(rounds, list):
        raise ValueError("party: rounds must be a list")
    tracker.rounds = [_round(r, n) for r in rounds]
    tracker.quips.load(d.get("quips"))
    tracker.recorded = _int(d.get("recorded"), "recorded")
    tracker.recorded_end = d.get("recorded_end") is True
