"""Events: what an action did, with a redacted view per seat.

An event has public data (everyone at the table saw it) and optional secret data that only
the seats in `secret_to` (a bit mask of seats) saw, such as the value of a drawn card. The
UI animates `view(seat)`, the log prints it, and tests may read `view_all()`.

Events are values: nobody changes one after the engine made it (the engine may share a
`data` or `secret` dict between an event and the state's record, an event without public
data shares one read-only empty mapping, and the frequent events without any data, such as
"turn", are made once per seat and handed out again: `shared_event`, read-only). The events
of `apply`'s fast path (a draw, a take, a one-slot replace, a discard, a power and its use,
an initial peek) keep their few values and build `data` and `secret` when they are read
(`DrawEvent` ...): most events of a search are never read. Every event reads the same and gives the same views, whatever its class.
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


# -- the fast path's events: their dicts are built when read --------------------------------
class _LazyEvent(Event):
    """An event that builds its `data` (and `secret`) when they are read. Made by
    `object.__new__(cls)` and setting its own fields (no __init__ call: it is made on every
    draw and replace). Copies and pickles become plain, equal `Event`s."""

    __slots__ = ()
    secret = None
    secret_to = 0

    def __reduce__(self):
        return Event, (self.kind, self.seat, self.data, self.secret, self.secret_to)


class DrawEvent(_LazyEvent):
    """"draw": `seat` drew `card` from the deck, `deck_size` cards are left (the card is
    secret to the drawer)."""

    __slots__ = ("deck_size", "card")
    kind = "draw"
    data = property(lambda self: {"deck_size": self.deck_size})
    secret = property(lambda self: {"card": self.card})
    secret_to = property(lambda self: 1 << self.seat)


class TakeEvent(_LazyEvent):
    """"take_discard": `seat` took `card`, the top discard (public)."""

    __slots__ = ("card",)
    kind = "take_discard"
    data = property(lambda self: {"card": self.card})


class DiscardEvent(_LazyEvent):
    """"discard": `seat` discarded `card`, the card drawn from the deck (public)."""

    __slots__ = ("card",)
    kind = "discard"
    data = property(lambda self: {"card": self.card})


class ReplaceEvent(_LazyEvent):
    """"replace" of one slot: the drawn `card` (secret to the player: drawn from the deck)
    took `slot`'s place, `old` went onto the discard pile."""

    __slots__ = ("slot", "old", "card")
    kind = "replace"
    data = property(lambda self: {"slots": [self.slot], "discarded": [self.old], "ok": True})
    secret = property(lambda self: {"card": self.card})
    secret_to = property(lambda self: 1 << self.seat)


class ReplaceTakenEvent(ReplaceEvent):
    """`ReplaceEvent` with the card taken from the discard pile: public too."""

    __slots__ = ()
    data = property(lambda self: {"slots": [self.slot], "discarded": [self.old], "ok": True,
                                  "card": self.card})


class PowerEvent(_LazyEvent):
    """"power": the card `seat` put on the discard pile grants `power` (public)."""

    __slots__ = ("power",)
    kind = "power"
    data = property(lambda self: {"power": self.power})


class PeekEvent(_LazyEvent):
    """"peek": `seat` looked at its own `slot` and saw `card` (secret to that seat)."""

    __slots__ = ("slot", "card")
    kind = "peek"
    data = property(lambda self: {"slot": self.slot})
    secret = property(lambda self: {"card": self.card})
    secret_to = property(lambda self: 1 << self.seat)


class SpyEvent(_LazyEvent):
    """"spy": `seat` looked at `target`'s `slot` and saw `card` (secret to `seat`)."""

    __slots__ = ("target", "slot", "card")
    kind = "spy"
    data = property(lambda self: {"target": self.target, "slot": self.slot})
    secret = property(lambda self: {"card": self.card})
    secret_to = property(lambda self: 1 << self.seat)


class SwapEvent(_LazyEvent):
    """"swap": `seat`'s `slot` and `target`'s `target_slot` traded cards, unseen (public)."""

    __slots__ = ("slot", "target", "target_slot")
    kind = "swap"
    data = property(lambda self: {"slot": self.slot, "target": self.target,
                                  "target_slot": self.target_slot})


class SkipEvent(_LazyEvent):
    """"skip_power": `seat` did not use `power` (public)."""

    __slots__ = ("power",)
    kind = "skip_power"
    data = property(lambda self: {"power": self.power})


class InitialPeekEvent(_LazyEvent):
    """"initial_peek": `seat` looked at its own `slots` (a tuple) and saw `cards` (a tuple,
    secret to that seat)."""

    __slots__ = ("slots", "cards")
    kind = "initial_peek"
    data = property(lambda self: {"slots": list(self.slots)})
    secret = property(lambda self: {"cards": list(self.cards)})
    secret_to = property(lambda self: 1 << self.seat)
