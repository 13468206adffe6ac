"""Play again in a room: after a game the host asks every guest "another game?", and each
guest answers for its own seat (cabo/net/host.py carries the messages, protocol.py checks them).

The host's answers are a map remote seat -> True (yes), False (no) or None (no answer yet).
When the host starts, the seats whose guest said yes and is connected are played by their
people; every other remote seat is played by a stand-in bot until its person says yes after
all or comes back. The host decides when to start: nobody's answer starts or blocks the game.
"""

from __future__ import annotations

# What the host's screen says about a seat: its guest said yes, said no, has not answered
# yet, or is not connected (then a stand-in plays it, whatever it said before).
ANSWERS = ("yes", "no", "open", "away")


def new(remote) -> dict:
    """Nobody has answered yet."""
    return {seat: None for seat in remote}


def seated(asking, connected) -> set:
    """The remote seats played by their people in the new game: yes, and connected."""
    return {seat for seat, yes in (asking or {}).items() if yes and seat in connected}


def answers(asking, connected) -> dict:
    """seat -> one of ANSWERS, for every remote seat ({} while nobody is asked)."""
    if asking is None:
        return {}
    return {seat: "away" if seat not in connected else
            "open" if yes is None else "yes" if yes else "no"
            for seat, yes in asking.items()}


def to_dict(asking):
    """The answers as JSON (seat numbers as strings), None while nobody is asked."""
    return None if asking is None else {str(seat): yes for seat, yes in asking.items()}


def from_dict(d, remote):
    """The answers saved by `to_dict` for these remote seats; ValueError if they do not fit."""
    if d is None:
        return None
    if not isinstance(d, dict) or sorted(d) != sorted(str(s) for s in remote) or \
            any(not (yes is None or type(yes) is bool) for yes in d.values()):
        raise ValueError("bad answers")
    return {int(seat): yes for seat, yes in d.items()}
