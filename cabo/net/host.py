"""The host's side of a game across devices: seats, tokens, links, and what each guest gets.

The host's page owns the only Session (the one engine, the bots, the save). Every guest is a
link (one WebRTC data channel) that plays one remote seat. What a link receives is built from
that seat's Observation, its legal actions and the events as that seat saw them
(`Session.log_for`, each entry's secret only if the seat may read it) — never the State and
never another seat's secret. The NetHost applies a guest's action to the Session itself and
watches the Session like every other view of the table (`Session.watch("guests", host)`; the
host's own screen is the "screen" view): on every change, whoever acted, each joined guest
gets its seat's new state through `send` at once. A guest's action goes through the same strict
`apply` as any other: an illegal one is answered `illegal` and changes nothing. An off-turn
claim is judged against the table its sender saw (the step in its `act`): if the top discard or
a card it names has changed since that step, or another claim was applied after it, it is
answered `too_late` and costs nothing (nothing is applied). A guest always sees the table a
little late; that never turns its correct claim into a penalty.

Seat tokens: every remote seat has a random token, given to the guest in `welcome` and kept in
its localStorage. A hello with the token of a seat gets that seat back (after a reload, a drop,
or a host reload). A hello without a valid token gets the seat the invitation was made for,
with a fresh token (the old one stops working). While a remote seat has no link it is "away":
the table waits for it, unless the host lets a bot play for it (`hand_to_bot`), which ends
when the guest comes back or the host takes it back (`take_back`).

Nothing here touches the page: `receive` returns the messages to send, so all of this is
tested under CPython.
"""

from __future__ import annotations

import base64
import os
import time
from dataclasses import dataclass, field

from ..game.actions import OFF_TURN
from ..bots import PAGE_LEVELS, make_bot
from ..game.errors import IllegalAction
from ..game.seeds import stand_in_seed
from ..play.seating import Seat
from ..party import shown
from . import again, build, protocol

STAND_IN_BOT = "medium"  # the level that plays for a seat whose guest is away
SYNC_LOG = 160           # log entries sent to a guest that (re)joins


def new_token() -> str:
    """A random seat token (96 bits, base64url)."""
    return base64.urlsafe_b64encode(os.urandom(12)).decode("ascii")


@dataclass
class Link:
    """One data channel to a guest: the seat it plays once joined, its message numbers."""

    invited: int                 # the seat the invitation was made for
    seat: int | None = None      # the seat it plays, after a good hello
    last_in: int = 0             # the last message number received (older ones are replays)
    out: int = 0                 # the last message number sent
    last_entry: object = None    # the last log entry sent (by identity)
    sent: list = field(default_factory=list)  # (type, bytes) of every message sent

    def next_n(self) -> int:
        self.out += 1
        return self.out


class NetHost:
    """The remote seats of one Session and the links of the guests playing them."""

    def __init__(self, session, remote, game=None, tokens=None, stand_ins=(), send=None,
                 clock=None):
        self.session = session
        self.remote = sorted(remote)           # seats played on other devices
        if not self.remote or 0 in self.remote:
            raise ValueError("remote seats are 1..n-1")
        self.game = game or new_token()
        self.tokens = dict(tokens or {s: new_token() for s in self.remote})
        self.stand_ins = set(stand_ins)        # remote seats a bot plays for now
        self.stand_in_level = STAND_IN_BOT     # the level of a bot that stands in
        self.seen = set()                       # remote seats a guest has joined at least once
        self.links = {}                         # link id -> Link
        self.dropped = []                       # (link id, reason): the log of dropped input
        # send([(link id, text)]): the page's data channels; every change of the session
        # (an action, a reaction, by anyone) reaches every joined guest through it at once
        self.send = send
        self.clock = clock or (lambda: time.monotonic() * 1000)  # ms, the page's clock
        if clock is not None:
            session.time_by(clock)  # the judge of claims times every change by this clock
        session.watch("guests", self)  # every change of the session reaches the guests
        self.guest_drops = []                   # (link id, reason): host messages a guest dropped
        # after a game, while the host asks "another game?": remote seat -> the guest's answer
        # (True, False, None: none yet); None while nobody is asked (cabo/net/again.py)
        self.asking = None

    # -- saving (next to the Session's own save) ----------------------------------------
    def to_dict(self) -> dict:
        return {"game": self.game, "remote": self.remote,
                "tokens": {str(s): t for s, t in self.tokens.items()},
                "stand_ins": sorted(self.stand_ins), "seed": self.session.seed,
                "stand_in_level": self.stand_in_level, "seen": sorted(self.seen),
                "asking": again.to_dict(self.asking)}

    @classmethod
    def from_dict(cls, d, session, send=None, clock=None) -> "NetHost":
        """The host state saved by `to_dict`, for this session; ValueError if it does not fit."""
        if not isinstance(d, dict) or d.get("seed") != session.seed:
            raise ValueError("the saved table belongs to another game")
        remote = [int(s) for s in d["remote"]]
        if any(not 0 < s < len(session.seats) for s in remote):
            raise ValueError("bad remote seats")
        tokens = {int(s): str(t) for s, t in d["tokens"].items()}
        if set(tokens) != set(remote):
            raise ValueError("bad seat tokens")
        for token in tokens.values():
            protocol.TOKEN.check(token, "tokens")  # (Invalid is a ValueError)
        host = cls(session, remote, str(d["game"]), tokens, [int(s) for s in d["stand_ins"]],
                   send, clock)
        if d.get("stand_in_level") in PAGE_LEVELS:
            host.stand_in_level = d["stand_in_level"]
        seen = d.get("seen", [])  # (a save from before it was kept: no seat seen)
        if not isinstance(seen, list) or any(s not in remote for s in seen):
            raise ValueError("bad seen seats")
        host.seen = set(seen)
        host.asking = again.from_dict(d.get("asking"), remote)  # (none in a save from before)
        return host

    # -- who is where ---------------------------------------------------------------------
    @property
    def step(self) -> int:
        """The game's step: it changes with every applied action."""
        return self.session.state.step

    def connected(self) -> set:
        """Remote seats with a joined link."""
        return {link.seat for link in self.links.values() if link.seat is not None}

    def seat_of(self, link_id):
        """The seat a link plays (None before its hello was welcomed, or once it closed)."""
        link = self.links.get(link_id)
        return None if link is None else link.seat

    def away(self) -> list:
        """Remote seats without a link (a bot may be playing for them)."""
        here = self.connected()
        return [s for s in self.remote if s not in here]

    def waiting_for(self) -> list:
        """Seats the game waits for now (empty between rounds)."""
        return self.session.waiting()

    def seats_info(self) -> list:
        away = set(self.away())
        return [{"name": s.name, "bot": s.bot, "away": i in away}
                for i, s in enumerate(self.session.seats)]

    def hand_to_bot(self, seat) -> None:
        """Let a bot play for an away remote seat until its guest returns."""
        if seat not in self.remote or seat in self.stand_ins:
            return
        self.stand_ins.add(seat)
        s = self.session
        level = self.stand_in_level
        s.seats[seat] = Seat(s.seats[seat].name, level)
        s.bots[seat] = make_bot(level, stand_in_seed(s.seed, seat, s.state.step))

    def rename(self, seat, name) -> None:
        """The name the seat's person typed when joining (trimmed, never empty)."""
        name = " ".join(str(name).split())[:protocol.NAME_CHARS]
        if name and seat in self.remote:
            s = self.session
            s.seats[seat] = Seat(name, s.seats[seat].bot)

    def take_back(self, seat) -> None:
        """The seat is played by its person again (the table waits while they are away)."""
        if seat not in self.stand_ins:
            return
        self.stand_ins.discard(seat)
        s = self.session
        s.seats[seat] = Seat(s.seats[seat].name, None)
        s.bots.pop(seat, None)

    def restart(self, session) -> list:
        """Play again: a new game on the same seats, tokens and links (an online room keeps
        its codes). The guests who said yes to `ask_again` play their seats; every other
        remote seat (said no, gave no answer, or away) is played by a stand-in bot, until its
        person says yes after all or comes back (`take_back`). Returns the new table for every
        joined guest (with the whole log, as after a join)."""
        yes = again.seated(self.asking, self.connected())
        self.asking = None
        self.session.watch("guests", None)  # the old game tells its guests nothing more
        self.session = session
        session.watch("guests", self)
        self.stand_ins = set()
        for seat in self.remote:
            if seat not in yes:
                self.hand_to_bot(seat)
        for link in self.links.values():
            link.last_entry = None
        return self.updates()

    # -- play again: the host asks, each guest answers for its own seat ------------------
    def ask_again(self) -> list:
        """After a game: ask every joined guest whether it plays another game (the answers
        so far are kept if the host asks again). Returns the questions ([] before the
        game is over)."""
        if self.session.state.phase != "game_over":
            return []
        if self.asking is None:
            self.asking = again.new(self.remote)
        return self._asks()

    def answers(self) -> dict:
        """Each remote seat's answer for the host's screen (cabo.net.again.ANSWERS)."""
        return again.answers(self.asking, self.connected())

    def _asks(self, only=None) -> list:
        """The question, with the seat's answer so far, for every joined link (or `only`)."""
        return [(link_id, self._send(link, "ask", protocol.ask(link.next_n(),
                                                               self.asking[link.seat])))
                for link_id, link in self.links.items()
                if link.seat is not None and only in (None, link_id)]

    def _again(self, link_id, link, msg) -> list:
        """A guest's answer: for its own seat only, while the host asks; or, during a game
        its seat sits out (a stand-in plays it), a yes takes the seat back."""
        if msg["seat"] != link.seat:
            return self._error(link_id, link, "illegal", "not your seat")
        if self.asking is not None:
            self.asking[link.seat] = msg["yes"]
            return self._asks(only=link_id)
        if msg["yes"] and link.seat in self.stand_ins:
            self.take_back(link.seat)
            return self.updates()
        self.dropped.append((link_id, "an answer while nobody is asked"))
        return self._error(link_id, link, "not_asked")

    def revoke(self, seat) -> list:
        """The seat goes to a new device: its token is void from now on, and a link that
        plays it now is told `replaced` and no longer plays it (its seat is away). Returns
        those replies (the page closes such a link a moment later, after the message)."""
        if seat not in self.remote:
            return []
        self.tokens[seat] = new_token()
        out = []
        for link_id, link in list(self.links.items()):
            if link.seat == seat:
                out += self._error(link_id, link, "replaced")
                del self.links[link_id]
        return out

    # -- links ----------------------------------------------------------------------------
    def open_link(self, link_id, invited: int) -> None:
        """A data channel for the invitation of seat `invited` is open."""
        self.links[link_id] = Link(invited)

    def close_link(self, link_id) -> None:
        """The channel closed or failed: its seat is away."""
        self.links.pop(link_id, None)

    def receive(self, link_id, text) -> tuple:
        """Handle one message: (replies [(link id, text)], events applied).

        A malformed, unknown, oversized or replayed message is dropped and logged, and the
        guest is told `bad`; a link that has not said hello yet may only say hello.
        """
        link = self.links.get(link_id)
        if link is None:
            return [], []
        try:
            msg = protocol.decode(text, "guest")
        except protocol.ProtocolError as exc:
            return self._drop(link_id, link, str(exc)), []
        if msg["n"] <= link.last_in:
            self.dropped.append((link_id, f"replayed message {msg['n']}"))
            print(f"cabo.net: dropped a message from link {link_id}: replayed ({msg['n']})")
            return [], []
        link.last_in = msg["n"]
        if msg["t"] == "hello":
            return self._hello(link_id, link, msg), []
        if link.seat is None:
            return self._drop(link_id, link, "act before hello"), []
        if msg["t"] == "error":  # never answered: two pages must not trade errors forever
            self.guest_drops.append((link_id, msg["text"]))
            print(f"cabo.net: link {link_id} dropped a message of ours: {msg['text']}")
            return [], []
        if msg["t"] == "react":
            return self._react(link_id, link, msg), []
        if msg["t"] == "again":
            return self._again(link_id, link, msg), []
        return self._act(link_id, link, msg)

    def _react(self, link_id, link, msg) -> list:
        """A guest's emoji reaction: rate-limited by the session, then on every device (the
        session tells every view: the guests get the note in the log, the host's screen
        lets it fly)."""
        try:
            self.session.react(link.seat, msg["emoji"], self.clock())
        except IllegalAction as exc:
            return self._error(link_id, link, "illegal", str(exc)[:300])
        return []

    def _drop(self, link_id, link, reason) -> list:
        self.dropped.append((link_id, reason))
        print(f"cabo.net: dropped a message from link {link_id}: {reason}")
        return self._error(link_id, link, "bad", reason[:200])

    def _error(self, link_id, link, code, text="") -> list:
        """The replies that tell the link an error `code` (protocol.ERROR_CODES)."""
        return [(link_id, self._send(link, "error", protocol.error(link.next_n(), code, text)))]

    @staticmethod
    def _send(link, kind, text) -> str:
        link.sent.append((kind, len(text.encode())))
        return text

    def _hello(self, link_id, link, msg) -> list:
        if msg["build"] != build.BUILD or msg["v"] != protocol.PROTOCOL:
            return self._error(link_id, link, "reload")
        if link.seat is not None:
            return self._drop(link_id, link, "second hello")
        seat = next((s for s, t in self.tokens.items() if t == msg["token"]), None)
        if seat is None:
            seat = link.invited
            if seat in self.connected():
                return self._error(link_id, link, "no_seat")
            self.tokens[seat] = new_token()
        out = []
        for other_id, other in list(self.links.items()):
            if other_id != link_id and other.seat == seat:
                del self.links[other_id]   # the same seat joined again: the new link wins
                out.append((other_id, None))
        link.seat = seat
        self.seen.add(seat)
        self.take_back(seat)
        if msg.get("name"):
            self.rename(seat, msg["name"])
        out.append((link_id, self._send(link, "welcome", protocol.welcome(
            link.next_n(), seat, self.tokens[seat], self.game, self.session.rules))))
        # after its welcome the joined guest gets the table, and every other guest the news
        # that this seat is back: one round of updates; and the question, if one is open
        out += self.updates()
        return out + (self._asks(only=link_id) if self.asking is not None else [])

    def _act(self, link_id, link, msg) -> tuple:
        action = msg["action"]
        if action.seat != link.seat:
            return self._error(link_id, link, "illegal", "not your seat"), []
        before = self.session.state.step
        claim = isinstance(action, OFF_TURN)
        try:
            if claim:  # judged by what its maker saw (cabo.play.claims), as on one device
                events = self.session.claim(action, msg["seen"], msg["step"], self.clock())
            else:
                events = self.session.act(action, self.clock())
        except IllegalAction as exc:
            # a claim refused on a table that changed since its sender's view costs nothing
            code = "too_late" if claim and msg["step"] < before else "illegal"
            return self._error(link_id, link, code, str(exc)[:300]), []
        if events and events[0].kind == "too_late":  # (its log line; nothing else changed)
            return self._error(link_id, link, "too_late",
                               "the table changed before the claim"), events
        return [], events

    # -- what every guest gets after a change -------------------------------------------
    def changed(self, change) -> None:
        """The session applied an action or a reaction (cabo.play.interface.TableView): every
        joined guest gets its seat's view of it at once."""
        if self.send is not None:
            self.send(self.updates())

    def updates(self) -> list:
        """A `state` message for every joined link, with the events it has not seen."""
        # the table guests are sent, remembered for judging their claims (cabo.play.claims)
        self.session.memory.note(self.session.state, self.clock())
        out = []
        log = self.session.log
        seats, waiting = self.seats_info(), self.waiting_for()
        for link_id, link in self.links.items():
            if link.seat is None:
                continue
            seat = link.seat
            first = link.last_entry is None
            start = 0 if first else _index_after(log, link.last_entry)
            new = [] if first else self.session.log_for(seat, start)
            link.last_entry = log[-1] if log else None
            sync = self.session.log_for(seat, max(0, len(log) - SYNC_LOG)) if first else None
            text = protocol.state(link.next_n(), self.session.observation(seat),
                                  self.session.legal(seat) if seat not in self.stand_ins else [],
                                  new, seats, waiting, sync,
                                  shown.for_seat(self.session.party, seat))
            out.append((link_id, self._send(link, "state", text)))
        return out


def _index_after(log, entry) -> int:
    """The index after `entry` in the log (found by identity), or 0 if it was dropped."""
    for i in range(len(log) - 1, -1, -1):
        if log[i] is entry:
            return i + 1
    return 0
