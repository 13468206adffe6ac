"""A finished round rebuilt from (seed, rules, moves), event by event.

The game is seeded and deterministic, so the moves of a game from its start replay it
exactly: `new_game(rules, n, seed)` deals as the table dealt, and each move, applied by the
strict `apply`, makes the same events. A round later than the first needs the moves of the
rounds before it (the generator's state carries over), so a record holds every move from the
game's start to the end of the round it shows, and the replay begins at that round's deal.

Views: `Replay.seat_view(seat)` holds only what that seat saw (each event through its
`view(seat)`, the one redaction in events.seen_by, and the seat's Observation after each
move); `Replay.face_up()` is the perfect-information view, allowed only because the round is
over (every card was turned up at its end). A `Replay` itself keeps the states: it is made
where the whole round may be known (the device that played it, or a shared link, which holds
the seed); a guest across devices builds a SeatReplay from what it received instead.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from ..game.engine import apply, new_game
from ..game.errors import IllegalAction
from ..game.observation import observe
from ..game.rules import Rules
from ..game.state import OVER_PHASES


class ReplayError(ValueError):
    """Moves that do not make a finished round of this deal; `reason` is a text key."""

    def __init__(self, reason: str, detail: str = ""):
        super().__init__(f"{reason}: {detail}" if detail else reason)
        self.reason = reason
        self.detail = detail


@dataclass(frozen=True)
class RoundRecord:
    """What a round is made of: the rules, the seats (names and bot levels, None for a
    person), the game's seed and every move from the game's start to the round's end.
    `daily`: the date (YYYY-MM-DD) when this is the deal of the day."""

    rules: Rules
    names: tuple
    bots: tuple
    seed: int
    moves: tuple
    daily: str | None = None

    @property
    def n(self) -> int:
        return len(self.names)


class Frame(NamedTuple):
    """One step of a replay: the move (None for the deal), its events, the state after it."""
    move: object
    events: list
    state: object


class SeatFrame(NamedTuple):
    """One step as one seat saw it: the mover's seat (None for the deal), the events as that
    seat saw them (dicts), and its Observation after the step."""
    mover: object
    events: list
    obs: object


class FaceUpFrame(NamedTuple):
    """One step with every card shown: the events with their secrets, and the whole table
    (`hands`: rows of card ids or None; `drawn`: the drawn card or None)."""
    mover: object
    events: list
    hands: tuple
    drawn: object
    discard: tuple
    deck_size: int


class Replay:
    """A round rebuilt from its record: `frames[0]` is the deal, one frame per move after."""

    def __init__(self, record: RoundRecord, frames: list, start: int):
        self.record = record
        self.frames = frames
        self.start = start  # the index in record.moves of the round's first move after its deal

    @property
    def round_no(self) -> int:
        return self.frames[0].state.round_no

    @property
    def final(self):
        """The state at the round's end."""
        return self.frames[-1].state

    def seat_view(self, seat: int) -> "SeatReplay":
        """The round as `seat` saw it, and nothing more."""
        if not (type(seat) is int and 0 <= seat < self.record.n):
            raise ValueError(f"no seat {seat!r} at this table")
        return SeatReplay(seat, [SeatFrame(None if f.move is None else f.move.seat,
                                           [e.view(seat) for e in f.events],
                                           observe(f.state, seat)) for f in self.frames])

    def face_up(self) -> list:
        """Every step with every card shown (the round is over: nothing is secret now)."""
        return [FaceUpFrame(None if f.move is None else f.move.seat,
                            [e.view_all() for e in f.events],
                            tuple(tuple(h) for h in f.state.hands), f.state.drawn,
                            tuple(f.state.discard), len(f.state.deck)) for f in self.frames]

    def event_views(self) -> list:
        """Every event of the round with its secrets, in order (for comparing two replays)."""
        return [e.view_all() for f in self.frames for e in f.events]


class SeatReplay:
    """A round as one seat saw it: its frames hold dicts and Observations of that seat only
    (built on the device that held the game, or by a guest from the messages it received)."""

    def __init__(self, seat: int, frames: list):
        self.seat = seat
        self.frames = frames


def rebuild(record: RoundRecord) -> Replay:
    """The round of `record`, move by move; ReplayError when a move is not legal where it is
    played, or the moves do not end a round."""
    events = []
    try:
        state = new_game(record.rules, record.n, record.seed, events)
    except ValueError as exc:
        raise ReplayError("bad_table", str(exc)) from None
    frames = [Frame(None, events, state.clone())]
    start = 0
    for i, move in enumerate(record.moves):
        try:
            events = apply(state, move)
        except IllegalAction as exc:
            raise ReplayError("bad_moves", f"move {i + 1}: {exc}") from None
        if any(e.kind == "deal" for e in events):  # (a new round: the replay shows the last)
            frames = [Frame(None, events, state.clone())]
            start = i + 1
        else:
            frames.append(Frame(move, events, state.clone()))
    if state.phase not in OVER_PHASES:
        raise ReplayError("unfinished", f"the moves stop in phase {state.phase}")
    return Replay(record, frames, start)
