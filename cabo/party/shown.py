"""What a guest's device shows of the extras, sent by the host with every `state`.

A guest has no party tracker (cabo.party.tracker lives with the host's session). The host
sends `for_seat(tracker, seat)`: who wears the clown nose, the guest's own revenge marks
(the marks of other seats are theirs, so they are never sent), and the awards and
achievements of the last scored round. `Shown` answers the tracker's screen questions
(`nose`, `marked_by`, `last_round`) from it, so cabo.ui.party_view draws a guest's table as
it draws the host's. `check` validates the received data in full (cabo.net.protocol).
"""

from __future__ import annotations

from .tracker import ACHIEVEMENTS, AWARDS

MAX_SEATS = 16
MAX_EARNED = 64
BIG = 10**9


def for_seat(tracker, seat: int) -> dict | None:
    """The extras `seat`'s screen shows, as JSON-safe data; None without extras."""
    if not tracker.on:
        return None
    last = tracker.rounds[-1] if tracker.rounds else None
    return {"noses": [[s, r] for s, r in sorted(tracker.noses.items())],
            "marks": tracker.marked_by(seat),
            "round": None if last is None else {
                "round_no": last["round_no"], "awards": last["awards"],
                "earned": last["earned"]}}


def _int(v, lo=0, hi=BIG) -> bool:
    return type(v) is int and lo <= v <= hi


def _seat_list(v) -> bool:
    return isinstance(v, list) and len(v) <= MAX_SEATS and all(
        _int(s, 0, MAX_SEATS - 1) for s in v)


def check(d) -> bool:
    """Whether `d` is well-formed `for_seat` output (None included)."""
    if d is None:
        return True
    if not isinstance(d, dict) or set(d) != {"noses", "marks", "round"}:
        return False
    noses = d["noses"]
    if not (isinstance(noses, list) and len(noses) <= MAX_SEATS and all(
            isinstance(x, list) and len(x) == 2 and _int(x[0], 0, MAX_SEATS - 1)
            and _int(x[1]) for x in noses)):
        return False
    if not _seat_list(d["marks"]):
        return False
    r = d["round"]
    if r is None:
        return True
    if not isinstance(r, dict) or set(r) != {"round_no", "awards", "earned"}:
        return False
    awards, earned = r["awards"], r["earned"]
    return (_int(r["round_no"])
            and isinstance(awards, list) and len(awards) <= len(AWARDS) and all(
                isinstance(a, list) and len(a) == 3 and a[0] in AWARDS and _seat_list(a[1])
                and _int(a[2]) for a in awards)
            and isinstance(earned, list) and len(earned) <= MAX_EARNED and all(
                isinstance(e, list) and len(e) == 2 and _int(e[0], 0, MAX_SEATS - 1)
                and e[1] in ACHIEVEMENTS for e in earned))


class Shown:
    """The tracker's screen questions, answered from `for_seat` data (a guest's view)."""

    on = True

    def __init__(self, data: dict, seat: int):
        self.seat = seat
        self.noses = {s: r for s, r in data["noses"]}
        self.marks = list(data["marks"])
        self.round = data["round"]

    def nose(self, seat, round_no) -> bool:
        return self.noses.get(seat, -1) >= round_no

    def marked_by(self, seat) -> list:
        return list(self.marks) if seat == self.seat else []

    def last_round(self, round_no):
        r = self.round
        return r if r is not None and r["round_no"] == round_no else None
