"""Events: what an action did, with a redacted view per seat.

An event has public data (everyone at the table saw it) and optional secret data that only
the seats in `secret_to` (a bit mask of seats) saw, such as the value of a drawn card. The
UI animates `view(seat)`, the log prints it, and tests may read `view_all()`.

Events are values: nobody changes one after the engine made it (the engine may share a
`data` or `secret` dict between an event and the state's record, an event without public
data shares one read-only empty mapping, and the frequent events without any data, such as
"turn", are made once per seat and handed out again: `shared_event`, read-only). The events
of the frequent kinds (a draw, a take, a replace, a discard, a power and its use, an initial
peek) have one class each (`DrawEvent` ...), made by the engine's handler of that move: they
keep their few values and build `data` and `secret` when they are read. Every event reads
the same and gives the same views, whatever its class.
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
        return seen_by({"kind": self.kind, "seat": self.seat, **self.data}, self.secret,
                       self.secret_to, seat)

    def view_all(self) -> dict:
        """The perfect-information view, for tests and the oracle only."""
        return {"kind": self.kind, "seat": self.seat, **self.data, **(self.secret or {})}

    def __repr__(self) -> str:
        return f"Event({self.view_all()!r})"


def seen_by(public: dict, secret: dict | None, secret_to: int, seat: int | None) -> dict:
    """The one redaction: what `seat` (None: a spectator) saw of an event whose public view
    is `public` (not changed) and whose `secret` only the seats in the mask `secret_to` saw.
    Events, the session's log and the host's messages to its guests all read it."""
    view = dict(public)
    if secret and seat is not None and secret_to >> seat & 1:
        view.update(secret)
    return view


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


# -- the engine's events of the frequent kinds: their dicts are built when read -------------
# Each class is made in one place, the engine handler of its move (engine.py), which fills
# the slots of an instance made without arguments (object.__init__: no Python __init__ to
# run on the engine's hottest path).
class _LazyEvent(Event):
    """An event that keeps its few values and builds its `data` (and `secret`) when they are
    read: most events of a search are never read. Copies and pickles become plain, equal
    `Event`s."""

    __slots__ = ()
    __init__ = object.__init__  # (made empty, then filled by its handler)
    secret = None
    secret_to = 0

    def __reduce__(self):
        return Event, (self.kind, self.seat, self.data, self.secret, self.secret_to)


class _SecretCard(_LazyEvent):
    """An event whose `card` only its own seat saw."""

    __slots__ = ()
    secret = property(lambda self: {"card": self.card})
    secret_to = property(lambda self: 1 << self.seat)


class DrawEvent(_SecretCard):
    """"draw": `seat` drew `card` from the deck, `deck_size` cards are left (the card is
    secret to the drawer)."""

    __slots__ = ("deck_size", "card")
    kind = "draw"
    data = property(lambda self: {"deck_size": self.deck_size})



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



class ReplaceEvent(_SecretCard):
    """"replace": the drawn `card` was put in place of own `slots` (a tuple, ascending), the
    cards `discarded` went onto the discard pile and the drawn card is in the first of the
    slots. The drawn card is public when it was `taken` from the discard pile, else secret to
    the player."""

    __slots__ = ("slots", "discarded", "card", "taken")
    kind = "replace"
    revealed = new_slot = None  # (a wrong multi-replace's fields: WrongReplaceEvent)

    @property
    def data(self) -> dict:
        if self.new_slot is None:
            d = {"slots": list(self.slots), "discarded": list(self.discarded), "ok": True}
        else:
            d = {"slots": list(self.slots), "ok": False, "revealed": self.revealed,
                 "new_slot": self.new_slot}
        if self.taken:
            d["card"] = self.card
        return d



class WrongReplaceEvent(ReplaceEvent):
    """"replace" done wrong (cards of different values): the cards stay where they are
    (`revealed`: their list if the rules show them, else None) and the drawn card is in a new
    slot `new_slot` at the right end of the row; nothing was discarded."""

    __slots__ = ("revealed", "new_slot")



class PowerEvent(_LazyEvent):
    """"power": the card `seat` put on the discard pile grants `power` (public)."""

    __slots__ = ("power",)
    kind = "power"
    data = property(lambda self: {"power": self.power})



class PeekEvent(_SecretCard):
    """"peek": `seat` looked at its own `slot` and saw `card` (secret to that seat)."""

    __slots__ = ("slot", "card")
    kind = "peek"
    data = property(lambda self: {"slot": self.slot})



class SpyEvent(_SecretCard):
    """"spy": `seat` looked at `target`'s `slot` and saw `card` (secret to `seat`)."""

    __slots__ = ("target", "slot", "card")
    kind = "spy"
    data = property(lambda self: {"target": self.target, "slot": self.slot})


class KingSpyEvent(SpyEvent):
    """"king_spy": the king's look at `target`'s `slot` (a swap with it may follow)."""

    __slots__ = ()
    kind = "king_spy"



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

