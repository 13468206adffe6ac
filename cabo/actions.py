"""Actions: small immutable values, one class per kind of move.

Every action names the seat that takes it. Slots are indices into a player's row; index 0
is the leftmost slot, and a row only grows at its right end.
"""

from __future__ import annotations

from dataclasses import astuple, dataclass, fields


@dataclass(frozen=True, slots=True)
class InitialPeek:
    """Look at these own slots at the start of a round."""
    seat: int
    slots: tuple


@dataclass(frozen=True, slots=True)
class DrawDeck:
    """Draw the top card of the deck (only the drawer sees it)."""
    seat: int


@dataclass(frozen=True, slots=True)
class TakeDiscard:
    """Take the top discard (everyone sees it); it must replace a card."""
    seat: int


@dataclass(frozen=True, slots=True)
class Replace:
    """Put the drawn card in place of the card(s) in `slots` (2+ slots: all must be equal)."""
    seat: int
    slots: tuple


@dataclass(frozen=True, slots=True)
class Discard:
    """Discard the card drawn from the deck."""
    seat: int


@dataclass(frozen=True, slots=True)
class PeekOwn:
    """Power 7/8: look at one own card."""
    seat: int
    slot: int


@dataclass(frozen=True, slots=True)
class Spy:
    """Power 9/10: look at one card of another player."""
    seat: int
    target: int
    slot: int


@dataclass(frozen=True, slots=True)
class Swap:
    """Power 11/12: swap an own card blindly with another player's card."""
    seat: int
    slot: int
    target: int
    target_slot: int


@dataclass(frozen=True, slots=True)
class KingSpy:
    """King power, first part: look at another player's card."""
    seat: int
    target: int
    slot: int


@dataclass(frozen=True, slots=True)
class KingSwap:
    """King power, second part: swap an own card with the card just spied."""
    seat: int
    slot: int


@dataclass(frozen=True, slots=True)
class SkipPower:
    """Do not use (the rest of) the power."""
    seat: int


@dataclass(frozen=True, slots=True)
class CallCabo:
    """Call Cabo: every other player gets one more turn."""
    seat: int


@dataclass(frozen=True, slots=True)
class EndTurn:
    """End the turn without calling Cabo (where Cabo may follow a turn)."""
    seat: int


@dataclass(frozen=True, slots=True)
class Match:
    """Throw the card at (owner, slot) onto the top discard, claiming it has the same value."""
    seat: int
    owner: int
    slot: int


@dataclass(frozen=True, slots=True)
class PairDiscard:
    """Discard 2+ cards of equal value, own and/or foreign: `cards` = ((owner, slot), ...)."""
    seat: int
    cards: tuple


@dataclass(frozen=True, slots=True)
class Give:
    """Give the card in own `slot` to the player whose card was taken by a match."""
    seat: int
    slot: int


@dataclass(frozen=True, slots=True)
class Ready:
    """Done with the last matching chance: reveal when everyone is ready."""
    seat: int


@dataclass(frozen=True, slots=True)
class NextRound:
    """Deal the next round (the host, seat 0)."""
    seat: int


@dataclass(frozen=True, slots=True)
class EndGame:
    """End the game after this round (the host, where the rules let the host decide)."""
    seat: int


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
    for f, value in zip(fields(action), astuple(action)):
        d[f.name] = _to_json(value)
    return d


def action_from_dict(d: dict):
    """The action described by `action_to_dict` output; ValueError if it is malformed."""
    try:
        cls = ACTION_TYPES[d["type"]]
        args = {f.name: _from_json(d[f.name]) for f in fields(cls)}
    except (KeyError, TypeError):
        raise ValueError(f"not an action: {d!r}") from None
    for name, value in args.items():
        ok = isinstance(value, tuple) if name in ("slots", "cards") else type(value) is int
        if not ok:
            raise ValueError(f"not an action: {d!r}")
    return cls(**args)
