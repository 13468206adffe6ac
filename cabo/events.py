"""Events: what an action did, with a redacted view per seat.

An event has public data (everyone at the table saw it) and optional secret data that only
the seats in `secret_to` (a bit mask of seats) saw, such as the value of a drawn card. The
UI animates `view(seat)`, the log prints it, and tests may read `view_all()`.

Events are values: nobody changes one after the engine made it (the engine may share a
`data` or `secret` dict between an event and the state's record, an event without public
data shares one read-only empty mapping, and the frequent events without any data, such as
"turn", are made once per seat and handed out again: `shared_event`, read-only).
"""

from __future__ import annotations

from functools import lru_cache
from types import MappingProxyType

NO_DATA = MappingProxyType({})  # (the public data of an event that has none)


class Event:
    """One thing that happened: `Event(kind, seat, data, secret, secret_to)`, positional for
    speed (the engine makes one or two per action); `data` and `secret` are dicts (or None)."""

    __slots__ = ("kind", "seat", "data", "secret", "secret_to")

    def __init__(self, kind: str, seat: int | None = None, data=NO_DATA,
                 secret: dict | None = None, secret_to: int = 0):
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


class SharedEvent(Event):
    """An event without data or secret, made once and handed out many times: read-only."""

    __slots__ = ()

    def __setattr__(self, name, value):
        raise AttributeError(f"a shared event cannot be changed ({name})")

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self

    def __reduce__(self):
        return shared_event, (self.kind, self.seat)


@lru_cache(maxsize=None)
def shared_event(kind: str, seat: int | None) -> SharedEvent:
    """The read-only event `kind` of `seat` without data (the same object every time)."""
    event = object.__new__(SharedEvent)
    for name, value in (("kind", kind), ("seat", seat), ("data", NO_DATA), ("secret", None),
                        ("secret_to", 0)):
        object.__setattr__(event, name, value)
    return event
