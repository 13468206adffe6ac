"""Actions: small immutable values, one class per kind of move.

Every action names the seat that takes it. Slots are indices into a player's row; index 0
is the leftmost slot, and a row only grows at its right end.
"""

from __future__ import annotations

from dataclasses import FrozenInstanceError

# Each kind is a plain class with __slots__ and its methods written out: as values they
# behave as frozen, slotted dataclasses did (equal only within their kind and with equal
# fields; hashed by the tuple of their fields; immutable; the same repr), without building
# each class by exec at import, which the page's start-up waited for.


class _Action:
    """The behaviour every action shares. `FIELDS` names its fields in constructor order."""
    __slots__ = ()
    FIELDS = ()

    def __setattr__(self, name, value):
        raise FrozenInstanceError(f"cannot assign to field {name!r}")

    def __delattr__(self, name):
        raise FrozenInstanceError(f"cannot delete field {name!r}")

    def __repr__(self):
        shown = ", ".join(f"{n}={getattr(self, n)!r}" for n in self.FIELDS)
        return f"{type(self).__qualname__}({shown})"

    def __reduce__(self):  # copy and pickle rebuild through the constructor
        return type(self), tuple(getattr(self, n) for n in self.FIELDS)


class _SeatAction(_Action):
    """An action that names nothing but its seat: each such kind is a subclass (equal only
    to an action of its own kind)."""
    __slots__ = ("seat",)
    FIELDS = ("seat",)

    def __init__(self, seat):
        object.__setattr__(self, "seat", seat)

    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return self.seat == other.seat
        return NotImplemented

    def __hash__(self):
        return hash((self.seat,))


class _SlotAction(_Action):
    """An action that names its seat and one own `slot`: each such kind is a subclass."""
    __slots__ = ("seat", "slot")
    FIELDS = ("seat", "slot")

    def __init__(self, seat, slot):
        object.__setattr__(self, "seat", seat)
        object.__setattr__(self, "slot", slot)

    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.seat, self.slot) == (other.seat, other.slot)
        return NotImplemented

    def __hash__(self):
        return hash((self.seat, self.slot))


class _SlotsAction(_Action):
    """An action that names its seat and a tuple of own `slots`: each such kind is a
    subclass."""
    __slots__ = ("seat", "slots")
    FIELDS = ("seat", "slots")

    def __init__(self, seat, slots):
        object.__setattr__(self, "seat", seat)
        object.__setattr__(self, "slots", slots)

    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.seat, self.slots) == (other.seat, other.slots)
        return NotImplemented

    def __hash__(self):
        return hash((self.seat, self.slots))


class _LookAction(_Action):
    """An action that names its seat and another player's card (`target`, `slot`): each
    such kind is a subclass."""
    __slots__ = ("seat", "target", "slot")
    FIELDS = ("seat", "target", "slot")

    def __init__(self, seat, target, slot):
        object.__setattr__(self, "seat", seat)
        object.__setattr__(self, "target", target)
        object.__setattr__(self, "slot", slot)

    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.seat, self.target, self.slot) == (other.seat, other.target, other.slot)
        return NotImplemented

    def __hash__(self):
        return hash((self.seat, self.target, self.slot))


class InitialPeek(_SlotsAction):
    """Look at these own slots at the start of a round."""
    __slots__ = ()


class DrawDeck(_SeatAction):
    """Draw the top card of the deck (only the drawer sees it)."""
    __slots__ = ()


class TakeDiscard(_SeatAction):
    """Take the top discard (everyone sees it); it must replace a card."""
    __slots__ = ()


class Replace(_SlotsAction):
    """Put the drawn card in place of the card(s) in `slots` (2+ slots: all must be equal)."""
    __slots__ = ()


class Discard(_SeatAction):
    """Discard the card drawn from the deck."""
    __slots__ = ()


class PeekOwn(_SlotAction):
    """Power 7/8: look at one own card."""
    __slots__ = ()


class Spy(_LookAction):
    """Power 9/10: look at one card of another player."""
    __slots__ = ()


class Swap(_Action):
    """Power 11/12: swap an own card blindly with another player's card."""
    __slots__ = ("seat", "slot", "target", "target_slot")
    FIELDS = ("seat", "slot", "target", "target_slot")

    def __init__(self, seat, slot, target, target_slot):
        object.__setattr__(self, "seat", seat)
        object.__setattr__(self, "slot", slot)
        object.__setattr__(self, "target", target)
        object.__setattr__(self, "target_slot", target_slot)

    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return ((self.seat, self.slot, self.target, self.target_slot)
                    == (other.seat, other.slot, other.target, other.target_slot))
        return NotImplemented

    def __hash__(self):
        return hash((self.seat, self.slot, self.target, self.target_slot))


class KingSpy(_LookAction):
    """King power, first part: look at another player's card."""
    __slots__ = ()


class KingSwap(_SlotAction):
    """King power, second part: swap an own card with the card just spied."""
    __slots__ = ()


class SkipPower(_SeatAction):
    """Do not use (the rest of) the power."""
    __slots__ = ()


class CallCabo(_SeatAction):
    """Call Cabo: every other player gets one more turn."""
    __slots__ = ()


class EndTurn(_SeatAction):
    """End the turn without calling Cabo (where Cabo may follow a turn)."""
    __slots__ = ()


class Match(_Action):
    """Throw the card at (owner, slot) onto the top discard, claiming it has the same value."""
    __slots__ = ("seat", "owner", "slot")
    FIELDS = ("seat", "owner", "slot")

    def __init__(self, seat, owner, slot):
        object.__setattr__(self, "seat", seat)
        object.__setattr__(self, "owner", owner)
        object.__setattr__(self, "slot", slot)

    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.seat, self.owner, self.slot) == (other.seat, other.owner, other.slot)
        return NotImplemented

    def __hash__(self):
        return hash((self.seat, self.owner, self.slot))


class PairDiscard(_Action):
    """Discard 2+ cards of equal value, own and/or foreign: `cards` = ((owner, slot), ...)."""
    __slots__ = ("seat", "cards")
    FIELDS = ("seat", "cards")

    def __init__(self, seat, cards):
        object.__setattr__(self, "seat", seat)
        object.__setattr__(self, "cards", cards)

    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.seat, self.cards) == (other.seat, other.cards)
        return NotImplemented

    def __hash__(self):
        return hash((self.seat, self.cards))


class Give(_SlotAction):
    """Give the card in own `slot` to the player whose card was taken by a match."""
    __slots__ = ()


class Ready(_SeatAction):
    """Done with the last matching chance: reveal when everyone is ready."""
    __slots__ = ()


class NextRound(_SeatAction):
    """Deal the next round (the host, seat 0)."""
    __slots__ = ()


class EndGame(_SeatAction):
    """End the game after this round (the host, where the rules let the host decide)."""
    __slots__ = ()


class Several(_Action):
    """Not an action: one entry of a legal list that stands for a whole family of them.

    It stands for `kind(seat, members)` for every choice of `least` to `most` different
    members of `pool`: slots for a multi-replace (`kind` Replace, members in ascending order),
    (owner, slot) cards for a pair discard (`kind` PairDiscard, any order). Listing every
    subset would grow exponentially with the hand (see legal.py); `action in several` checks
    one, `make(members)` builds one, `sample(rng)` draws a random one. `apply` refuses the
    entry itself.
    """
    __slots__ = ("kind", "seat", "pool", "least", "most")
    FIELDS = ("kind", "seat", "pool", "least", "most")

    def __init__(self, kind, seat, pool, least, most):
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "seat", seat)
        object.__setattr__(self, "pool", pool)
        object.__setattr__(self, "least", least)
        object.__setattr__(self, "most", most)

    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return ((self.kind, self.seat, self.pool, self.least, self.most)
                    == (other.kind, other.seat, other.pool, other.least, other.most))
        return NotImplemented

    def __hash__(self):
        return hash((self.kind, self.seat, self.pool, self.least, self.most))

    def make(self, members):
        """The action of this family with these members (IllegalAction-free; `in` checks)."""
        members = tuple(members)
        if self.kind is Replace:
            return Replace(self.seat, tuple(sorted(members)))
        return self.kind(self.seat, members)

    def members(self, action) -> tuple:
        """The slots (Replace) or cards (PairDiscard) an action of this kind names."""
        return action.slots if self.kind is Replace else action.cards

    def __contains__(self, action) -> bool:
        if (type(action) is not self.kind or type(action.seat) is not int
                or action.seat != self.seat):
            return False
        chosen = self.members(action)
        if not (type(chosen) is tuple and self.least <= len(chosen) <= self.most):
            return False
        if self.kind is Replace:
            if not all(type(i) is int for i in chosen) or list(chosen) != sorted(set(chosen)):
                return False
        elif not all(type(c) is tuple and len(c) == 2 and type(c[0]) is int
                     and type(c[1]) is int for c in chosen) or len(set(chosen)) != len(chosen):
            return False
        pool = self.pool
        return all(x in pool for x in chosen)

    def sample(self, rng):
        """A uniformly random size, then a uniformly random choice of members of that size."""
        most = min(self.most, len(self.pool))  # (an entry from the wire may promise more)
        k = self.least + int(rng.random() * (most - self.least + 1))
        return self.make(rng.sample(self.pool, k))


def is_off_turn(entry) -> bool:
    """Whether a legal-list entry is an off-turn move (a match or a family of pair discards)."""
    return isinstance(entry, OFF_TURN) or (type(entry) is Several and entry.kind in OFF_TURN)


def permits(legal, action) -> bool:
    """Whether `action` is one of the entries of a legal list (or of one of its families)."""
    if action in legal:
        return True
    return any(type(e) is Several and action in e for e in legal)


ACTION_TYPES = {cls.__name__: cls for cls in (
    InitialPeek, DrawDeck, TakeDiscard, Replace, Discard, PeekOwn, Spy, Swap, KingSpy,
    KingSwap, SkipPower, CallCabo, EndTurn, Match, PairDiscard, Give, Ready, NextRound, EndGame)}

# Actions any seat may take while the game waits for someone else.
OFF_TURN = (Match, PairDiscard)


def _to_json(value):
    if isinstance(value, tuple):
        return [_to_json(v) for v in value]
    return value


def _from_json(value):
    if isinstance(value, list):
        return tuple(_from_json(v) for v in value)
    return value


def action_to_dict(action) -> dict:
    """{"type": "Replace", "seat": 0, "slots": [1, 2]}"""
    d = {"type": type(action).__name__}
    for name in action.FIELDS:
        d[name] = _to_json(getattr(action, name))
    return d


def action_from_dict(d: dict):
    """The action described by `action_to_dict` output; ValueError if it is malformed."""
    try:
        cls = ACTION_TYPES[d["type"]]
        args = {name: _from_json(d[name]) for name in cls.FIELDS}
    except (KeyError, TypeError):
        raise ValueError(f"not an action: {d!r}") from None
    for name, value in args.items():
        ok = isinstance(value, tuple) if name in ("slots", "cards") else type(value) is int
        if not ok:
            raise ValueError(f"not an action: {d!r}")
    return cls(**args)
