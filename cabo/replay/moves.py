"""Moves as bytes: the compact form of a game's actions that a shared link carries.

Each action is its kind's number (its place in KINDS), then its fields in the order of the
action's FIELDS: a whole number as an unsigned LEB128 varint (every field of every action is
a non-negative int: seats, slots, owners), a tuple of slots as its length then its ints, a
tuple of (owner, slot) cards as its length then both ints of each. A round of the official
rules for two is about 2 bytes a move.

`decode` reads outside input (a link typed by hand): it never raises anything but MovesError,
and bounds every length, so a hostile text cannot make it allocate or loop much.
"""

from __future__ import annotations

import base64
import re

from ..game.actions import (CallCabo, Discard, DrawDeck, EndGame, EndTurn, Give, InitialPeek,
                            KingSpy, KingSwap, Match, NextRound, PairDiscard, PeekOwn, Ready,
                            Replace, SkipPower, Spy, Swap, TakeDiscard)

# The kinds in the order of their numbers: append new kinds, never reorder (old links).
KINDS = (InitialPeek, DrawDeck, TakeDiscard, Replace, Discard, PeekOwn, Spy, Swap, KingSpy,
         KingSwap, SkipPower, CallCabo, EndTurn, Match, PairDiscard, Give, Ready, NextRound,
         EndGame)
_NUMBER = {kind: i for i, kind in enumerate(KINDS)}
MAX_INT = 1 << 14      # no field of a real action comes near (seats < 6, slots < 160)
MAX_TUPLE = 64         # members of a slots or cards tuple
MAX_MOVES = 20_000     # moves of one game in a link (a long game of many rounds: ~3,000)


class MovesError(ValueError):
    """Bytes that are not a list of moves; the message says where they stop making sense."""


def encode(actions) -> bytes:
    """The bytes of these actions (each a real action, not a Several)."""
    out = bytearray()
    for action in actions:
        _varint(out, _NUMBER[type(action)])
        for name in action.FIELDS:
            value = getattr(action, name)
            if name == "slots":
                _varint(out, len(value))
                for i in value:
                    _varint(out, i)
            elif name == "cards":
                _varint(out, len(value))
                for owner, slot in value:
                    _varint(out, owner)
                    _varint(out, slot)
            else:
                _varint(out, value)
    return bytes(out)


def _varint(out: bytearray, value: int) -> None:
    if type(value) is not int or value < 0:
        raise ValueError(f"a move's field must be a whole number >= 0, not {value!r}")
    while value >= 0x80:
        out.append(value & 0x7F | 0x80)
        value >>= 7
    out.append(value)


class _Reader:
    """Reads varints from bytes, bounded: MovesError at the end of the data or past MAX_INT."""

    def __init__(self, data: bytes):
        self.data = data
        self.at = 0

    def int(self) -> int:
        value = shift = 0
        while True:
            if self.at >= len(self.data):
                raise MovesError(f"the moves end in the middle of a move (byte {self.at})")
            byte = self.data[self.at]
            self.at += 1
            value |= (byte & 0x7F) << shift
            if value >= MAX_INT:
                raise MovesError(f"a number too large at byte {self.at}")
            if not byte & 0x80:
                return value
            shift += 7

    def count(self) -> int:
        n = self.int()
        if n > MAX_TUPLE:
            raise MovesError(f"a list of {n} cards at byte {self.at}")
        return n


def decode(data: bytes) -> list:
    """The actions encoded in `data`; MovesError if they are not well-formed moves."""
    if not isinstance(data, (bytes, bytearray)):
        raise MovesError("the moves are not bytes")
    reader = _Reader(data)
    actions = []
    while reader.at < len(data):
        if len(actions) >= MAX_MOVES:
            raise MovesError(f"more than {MAX_MOVES} moves")
        number = reader.int()
        if number >= len(KINDS):
            raise MovesError(f"no kind of move numbered {number} (move {len(actions) + 1})")
        kind = KINDS[number]
        args = []
        for name in kind.FIELDS:
            if name == "slots":
                args.append(tuple(reader.int() for _ in range(reader.count())))
            elif name == "cards":
                args.append(tuple((reader.int(), reader.int()) for _ in range(reader.count())))
            else:
                args.append(reader.int())
        actions.append(kind(*args))
    return actions


_TEXT = re.compile(r"[A-Za-z0-9_-]*")
MAX_TEXT = MAX_MOVES * 8  # characters of a saved game's moves, at most (6 bytes a move)


def to_text(actions) -> str:
    """The moves as URL-safe base64 without padding (the saved game keeps them so)."""
    return base64.urlsafe_b64encode(encode(actions)).decode("ascii").rstrip("=")


def from_text(text: str) -> list:
    """The moves of `to_text`; MovesError if the text is not such moves."""
    if not isinstance(text, str) or len(text) > MAX_TEXT or not _TEXT.fullmatch(text):
        raise MovesError("the moves are not base64 text of a sensible length")
    try:
        data = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    except (ValueError, TypeError):
        raise MovesError("the moves are not base64") from None
    return decode(data)
