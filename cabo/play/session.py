"""A game at one table, by roles: who sits where (cabo.play.seating), the driver that says who
acts next (cabo.play.driver), the log, and the save (cabo.play.saved).

The page holds one Session and only translates clicks into `act` and events into pictures.
Everything here is plain Python, so the whole table flow (bots moving and matching, save and
resume, hot-seat viewers) is tested under CPython. The log keeps each event with its secret
part and who may read it, so every viewer sees the log as that seat saw it.
"""

from __future__ import annotations

import time

from ..bots import make_bot
from .claims import TableMemory, judge
from ..game.actions import EndGame, NextRound
from ..game.engine import legal_actions, new_game, to_move
from ..game.errors import IllegalAction, SaveError
from ..game.events import Event, seen_by
from ..game.matching import may_match
from ..game.observation import observe
from ..game.rules import Rules
from ..game.seeds import bot_seed
from ..game.state import State
from .interface import Change, Watched
from .logschema import LOG_LIMIT
from ..party import PartyTracker
from ..party.reactions import EMOJI_IDS
from . import saved
from .driver import Driver
from .seating import NAME_MAX, Seat
from ..replay.moves import MAX_MOVES


class Session(Driver, Watched):
    """One game: rules, seats, the state and the bots; saved as JSON after every action.
    The table reads it through cabo.play.interface.TableSession. Who acts next, and the bots'
    moves, are the table's driver (cabo.play.driver.Driver)."""

    holds_game = True  # this device holds the game: it saves it and runs its bots

    def __init__(self, rules: Rules, seats: list, seed: int, state: State | None = None):
        if not seats or len(seats) != len({id(s) for s in seats}):
            raise ValueError("a game needs seats")
        self.rules = rules
        self.seats = list(seats)
        self.seed = seed
        events = []
        self.state = state or new_game(rules, len(seats), seed, events)
        self.bots = {i: make_bot(s.bot, bot_seed(seed, i)) for i, s in enumerate(seats) if s.bot}
        self.party = PartyTracker(rules, len(seats), self.bots, seed)
        self.party_notes = []  # notes of the extras (cabo.party) made by the last act / react
        self.log = []
        # every move of the game since its deal, in order (cabo.replay rebuilds a round from
        # them and the seed); None when they are not all known (a game saved before moves
        # were kept, a state given from elsewhere, a game longer than a link carries)
        self.moves = [] if state is None else None
        self._record(events)
        self.last_viewer = self.humans()[0] if self.humans() else None
        self.look = None  # the cards a person looks at (cabo.ui.table keeps it; see LOOK)
        self.asked = set()  # (seat, step): bots the page already asked to react at that step
        # the clock (ms) of actions given no time: the page sets its own (cabo.web.main)
        self.clock = lambda: time.monotonic() * 1000
        self.memory = TableMemory()  # the table at recent steps, for judging claims
        self.memory.note(self.state, self.clock())
        # role -> the views told of every change (cabo.play.interface.TableView): this device's
        # screen, a host's guests
        self.views = {}

    # -- who is who ------------------------------------------------------------------------
    def humans(self) -> list:
        """Seats played by people."""
        return [i for i, s in enumerate(self.seats) if s.human]

    def viewer(self):
        """The seat whose view is on screen: the person the game waits for (hot-seat), or
        the last person who played; None when only bots play (a public view)."""
        humans = self.humans()
        if len(humans) == 1:
            return humans[0]
        waiting = [s for s in to_move(self.state) if s in humans]
        if waiting:
            self.last_viewer = waiting[0]
        return self.last_viewer

    def observation(self, seat):
        """What `seat` knows (the screen renders only this)."""
        return observe(self.state, seat)

    def legal(self, seat) -> list:
        """What `seat` may do now."""
        return legal_actions(self.state, seat)

    # -- acting ---------------------------------------------------------------------------
    def act(self, action, at_ms=None) -> list:
        """Apply an action (from a person or a bot); IllegalAction leaves everything as it was.

        at_ms: when the action happened on the page's clock (ms), for the extras' timing of a
        person's match (the fastest hand); a bot's match is timed by its reaction delay.
        """
        events = Driver.act(self, action)
        if self.moves is not None:
            self.moves.append(action)
            if len(self.moves) > MAX_MOVES:
                self.moves = None
        bot = self.bots.get(action.seat)
        self._record(events, at_ms, bot.reaction_ms if bot is not None else None)
        self.memory.note(self.state, self.clock() if at_ms is None else at_ms, action)
        self.tell(Change("act", action.seat, events, self.party_notes, at_ms))
        return events

    def time_by(self, clock) -> None:
        """Time the table's changes by `clock` (ms) from now on: the page's clock, or a test's.
        What was remembered by another clock is forgotten (its times would not compare)."""
        self.clock = clock
        self.memory.clear()
        self.memory.note(self.state, clock())

    def claim(self, action, seen_top=None, seen_step=None, at_ms=None) -> list:
        """An off-turn claim of a person, judged by what its maker saw (cabo.play.claims): the
        top discard `seen_top` shown when they began it, the step `seen_step` their screen
        showed (None: the current one), made at `at_ms`. Too late: one "too_late" event,
        logged, and nothing else changes; otherwise `act` (IllegalAction as there)."""
        at = self.clock() if at_ms is None else at_ms
        late = judge(self.state, action, seen_top, seen_step, self.memory, at)
        if late is None:
            return self.act(action, at)
        event = Event("too_late", action.seat, late)
        self.log.append({"public": event.view(None), "secret": None, "to": 0})
        del self.log[:-LOG_LIMIT]
        self.party_notes = []
        self.tell(Change("act", action.seat, [event], [], at))
        return [event]

    def _record(self, events, at_ms=None, bot_ms=None) -> None:
        public = []
        for e in events:
            view = e.view(None)
            public.append(view)
            self.log.append({"public": view, "secret": e.secret, "to": e.secret_to})
        # the extras read public views only: nothing they show depends on a hidden card
        self.party_notes = self.party.feed(public, at_ms, bot_ms)
        self.log += [{"public": note, "secret": None, "to": 0} for note in self.party_notes
                     if note["kind"] in ("quip", "achievement", "awards")]
        del self.log[:-LOG_LIMIT]

    def react(self, seat: int, emoji: str, at_ms: float):
        """A person's emoji reaction (cabo.party.reactions): its note, or None when the rate
        limit holds it back. IllegalAction without extras, for a bot or an unknown emoji."""
        if not self.rules.extras:
            raise IllegalAction("reactions are off under these rules")
        if not (type(seat) is int and 0 <= seat < len(self.seats)) or not self.seats[seat].human:
            raise IllegalAction("only a person at the table may react")
        if emoji not in EMOJI_IDS:
            raise IllegalAction(f"unknown reaction {emoji!r}")
        if not self.party.limit.allow(seat, at_ms):
            self.party_notes = []
            return None
        note = {"kind": "reaction", "seat": seat, "emoji": emoji}
        self.party_notes = [note]
        # in the log, so that play across devices sends it to every guest (not shown there)
        self.log.append({"public": note, "secret": None, "to": 0})
        del self.log[:-LOG_LIMIT]
        self.tell(Change("reaction", seat, [], [note], at_ms))
        return note

    def next_round(self) -> list:
        """Deal the next round (the table's host button, whoever sits at seat 0)."""
        return self.act(NextRound(0))

    def end_game(self) -> list:
        """End a game whose rules let the host end it."""
        return self.act(EndGame(0))

    def coach_move(self, seat) -> tuple:
        """No coach: the hint decides what the table shows (a lesson overrides this)."""
        return (False, None)

    def allows(self, action) -> bool:
        """Every move goes to the engine, which checks it (a lesson overrides this)."""
        return True

    def person_may_claim(self) -> bool:
        """Whether a person at this table (here or on another device) may claim the top
        discard now (the bots' pace waits for them: cabo.ui.pacing)."""
        state = self.state
        return state.match_target is not None and any(
            may_match(state, seat) for seat in self.humans())

    def log_for(self, seat, start: int = 0) -> list:
        """The log from entry `start` on, as `seat` saw it (None: public only)."""
        return [seen_by(e["public"], e["secret"], e["to"], seat) for e in self.log[start:]]

    # -- saving (cabo.play.saved) ---------------------------------------------------------
    def to_json(self) -> str:
        """The whole session as a JSON string (cabo.play.saved.dump)."""
        return saved.dump(self)

    @classmethod
    def from_json(cls, text) -> "Session":
        """A session saved by `to_json`; SaveError with a readable reason otherwise (OldSave
        for a save of another version): cabo.play.saved.load."""
        return saved.load(cls, text)


__all__ = ["Seat", "Session", "IllegalAction", "SaveError", "NAME_MAX"]
