"""A game at one table: who sits where (a person or a bot level), the state, the log, saving.

The page holds one Session and only translates clicks into `act` and events into pictures.
Everything here is plain Python, so the whole table flow (bots moving and matching, save and
resume, hot-seat viewers) is tested under CPython. The log keeps each event with its secret
part and who may read it, so every viewer sees the log as that seat saw it.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass

from .actions import EndGame, NextRound
from .bots import make_bot
from .engine import apply, legal_actions, new_game, to_move
from .errors import IllegalAction, SaveError
from .matching import may_match
from .observation import observe
from .party import PartyTracker
from .party.reactions import EMOJI_IDS
from .rules import Rules
from .state import State

SAVE_SCHEMA = 1
LOG_LIMIT = 400  # log entries kept (and saved); older ones are dropped


@dataclass(frozen=True)
class Seat:
    """One place at the table: a name, and a bot level or None for a person."""

    name: str
    bot: str | None = None

    @property
    def human(self) -> bool:
        return self.bot is None


class Session:
    """One game: rules, seats, the state and the bots; saved as JSON after every action."""

    def __init__(self, rules: Rules, seats: list, seed: int, state: State | None = None):
        if not seats or len(seats) != len({id(s) for s in seats}):
            raise ValueError("a game needs seats")
        self.rules = rules
        self.seats = list(seats)
        self.seed = seed
        events = []
        self.state = state or new_game(rules, len(seats), seed, events)
        self.bots = {i: make_bot(s.bot, seed * 1009 + i) for i, s in enumerate(seats) if s.bot}
        self.party = PartyTracker(rules, len(seats), self.bots, seed)
        self.party_notes = []  # notes of the extras (cabo.party) made by the last act / react
        self.log = []
        self._record(events)
        self.last_viewer = self.humans()[0] if self.humans() else None

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
        events = apply(self.state, action)
        bot = self.bots.get(action.seat)
        self._record(events, at_ms, bot.reaction_ms if bot is not None else None)
        return events

    def _record(self, events, at_ms=None, bot_ms=None) -> None:
        public = []
        for e in events:
            if e.kind == "deal":
                for bot in self.bots.values():
                    bot.new_round()
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
        return note

    def next_round(self) -> list:
        """Deal the next round (the table's host button, whoever sits at seat 0)."""
        return self.act(NextRound(0))

    def end_game(self) -> list:
        """End a game whose rules let the host end it."""
        return self.act(EndGame(0))

    def waiting_bot(self):
        """A bot seat the game waits for now, or None."""
        if self.state.phase in ("round_over", "game_over"):
            return None
        for seat in to_move(self.state):
            if seat in self.bots:
                return seat
        return None

    def bot_move(self, seat):
        """The move of the bot at `seat`, from its observation and legal actions only."""
        return self.bots[seat].choose(observe(self.state, seat), legal_actions(self.state, seat))

    def bot_thinking(self, seat):
        """`bot_move` as a generator that yields while the bot thinks (a bot with a `think`
        generator, the hard one), so that the page can give the browser a turn."""
        bot = self.bots[seat]
        obs, legal = observe(self.state, seat), legal_actions(self.state, seat)
        think = getattr(bot, "think", None)
        if think is None:
            return bot.choose(obs, legal)
        return (yield from think(obs, legal))

    def reacting_bots(self) -> list:
        """(seat, reaction_ms) of the bots that may match now, for the page to schedule."""
        return [(seat, bot.reaction_ms) for seat, bot in self.bots.items()
                if may_match(self.state, seat) and seat not in to_move(self.state)]

    def bot_reaction(self, seat):
        """An off-turn move of the bot at `seat`, or None."""
        if not may_match(self.state, seat):
            return None
        return self.bots[seat].react(observe(self.state, seat), legal_actions(self.state, seat))

    def run_bots(self, max_steps: int = 10_000) -> int:
        """Play bot moves and bot reactions until a person must act or the round is over.

        The headless counterpart of the page's paced loop; returns the steps taken.
        """
        steps = 0
        while steps < max_steps:
            action = None
            for seat, _ in self.reacting_bots():
                action = self.bot_reaction(seat)
                if action is not None:
                    break
            if action is None:
                seat = self.waiting_bot()
                if seat is None:
                    return steps
                action = self.bot_move(seat)
            self.act(action)
            steps += 1
        return steps

    def log_for(self, seat) -> list:
        """The log as `seat` saw it (None: public only)."""
        out = []
        for entry in self.log:
            view = dict(entry["public"])
            if entry["secret"] and seat is not None and entry["to"] >> seat & 1:
                view.update(entry["secret"])
            out.append(view)
        return out

    # -- saving ---------------------------------------------------------------------------
    def to_json(self) -> str:
        """The whole session as a JSON string (state, seats, bots' generators, log)."""
        return json.dumps({
            "schema": SAVE_SCHEMA,
            "seed": self.seed,
            "seats": [{"name": s.name, "bot": s.bot} for s in self.seats],
            "state": self.state.to_dict(),
            "bots": {str(i): _rng_state(b.rng) for i, b in self.bots.items()},
            "log": self.log,
            "last_viewer": self.last_viewer,
            "party": self.party.to_dict(),
        }, separators=(",", ":"))

    @classmethod
    def from_json(cls, text) -> "Session":
        """A session saved by `to_json`; SaveError with a readable reason otherwise."""
        try:
            d = json.loads(text)
        except (TypeError, ValueError):
            raise SaveError("the saved game is not readable") from None
        if not isinstance(d, dict) or d.get("schema") != SAVE_SCHEMA:
            raise SaveError("the saved game comes from another version")
        state = State.from_dict(d.get("state"))
        try:
            seats = [Seat(str(s["name"]), s["bot"]) for s in d["seats"]]
            if len(seats) != state.n:
                raise ValueError("seats do not match the game")
            session = cls(state.rules, seats, int(d["seed"]), state=state)
            for key, rng_state in d["bots"].items():
                _set_rng_state(session.bots[int(key)].rng, rng_state)
            session.log = list(d["log"])
            session.last_viewer = d["last_viewer"]
            if "party" in d:  # saves from before the extras start them fresh
                session.party = PartyTracker.from_dict(d["party"], state.rules, state.n,
                                                       session.bots, session.seed)
        except (KeyError, TypeError, ValueError, IndexError) as exc:
            raise SaveError(f"the saved game is damaged ({exc})") from None
        return session


def _rng_state(rng: random.Random) -> list:
    version, internal, gauss = rng.getstate()
    return [version, list(internal), gauss]


def _set_rng_state(rng: random.Random, saved) -> None:
    version, internal, gauss = saved
    rng.setstate((version, tuple(internal), gauss))


__all__ = ["Seat", "Session", "SAVE_SCHEMA", "IllegalAction", "SaveError"]
