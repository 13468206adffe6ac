"""What a guest's device shows of the extras, sent by the host with every `state`.

A guest has no party tracker (cabo.party.tracker lives with the host's session). The host
sends `for_seat(tracker, seat)`: who wears the clown nose, the guest's own revenge marks
(the marks of other seats are theirs, so they are never sent), and the awards and
achievements of the last scored round. `Shown` answers the tracker's screen questions
(`nose`, `marked_by`, `last_round`) from it, so cabo.ui.party_view draws a guest's table as
it draws the host's. `SHOWN` is its wire schema (checked by cabo.net.protocol).
"""

from __future__ import annotations

from ..schema import Enum, Int, List, Optional, Record, Tuple
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


_SEAT = Int(0, MAX_SEATS - 1)
# `for_seat` output as the wire carries it (None without extras), checked by the protocol.
SHOWN = Optional(Record({
    "noses": List(Tuple(_SEAT, Int(0, BIG)), MAX_SEATS),
    "marks": List(_SEAT, MAX_SEATS),
    "round": Optional(Record({
        "round_no": Int(0, BIG),
        "awards": List(Tuple(Enum(*AWARDS), List(_SEAT, MAX_SEATS), Int(0, BIG)), len(AWARDS)),
        "earned": List(Tuple(_SEAT, Enum(*ACHIEVEMENTS)), MAX_EARNED)})),
}))


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
