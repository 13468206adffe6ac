"""Events: what an action did, with a redacted view per seat.

An event has public data (everyone at the table saw it) and optional secret data that only
the seats in `secret_to` (a bit mask of seats) saw, such as the value of a drawn card. The
UI animates `view(seat)`, the log prints it, and tests may read `view_all()`.
"""

from __future__ import annotations


class Event:
    """One thing that happened."""

    __slots__ = ("kind", "seat", "data", "secret", "secret_to")

    def __init__(self, kind: str, seat: int | None = None, secret: dict | None = None,
                 secret_to: int = 0, **data):
        self.kind = kind
        self.seat = seat
        self.data = data
        self.secret = secret
        self.secret_to = secret_to

    def view(self, seat: int | None) -> dict:
        """What `seat` saw (None: a spectator who saw only public data)."""
        d = {"kind": self.kind, "seat": self.seat, **self.data}
        if self.secret and seat is not None and self.secret_to >> seat & 1:
            d.update(self.secret)
        return d

    def view_all(self) -> dict:
        """The perfect-information view, for tests and the oracle only."""
        return {"kind": self.kind, "seat": self.seat, **self.data, **(self.secret or {})}

    def __repr__(self) -> str:
        return f"Event({self.view_all()!r})"
