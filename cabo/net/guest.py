"""A guest's side: what it received from the host, shaped like a Session for the table view.

The guest has no State and no engine. `RemoteSession` answers the questions the table view
model (`cabo.ui.table.Table`) asks a Session — the seat's observation, its legal actions, the
seats, the log — from the host's last `state` message, and `act` sends the action to the host
instead of applying it. So a guest's screen is drawn by the very same view model as the
host's, from nothing but what its seat may know.

`NetGuest.receive` validates every message (`protocol.decode`); a malformed, unknown,
oversized or replayed one (an old message number) is dropped and logged, and the last good
state stays on screen. A malformed one is also answered: an `error` "bad" tells the host.
"""

from __future__ import annotations

from ..game.actions import action_to_dict
from ..play.interface import Change, Watched
from ..play.logschema import LOG_LIMIT
from ..play.seating import Seat
from ..party import shown
from ..replay.record import SeatFrame
from . import build, protocol

FRAMES_LIMIT = 2000  # states kept for the replay of a round (a long round: ~300)


class RemoteSession(Watched):
    """The table's interface to a game (cabo.play.interface.TableSession), backed by the host's
    messages: nothing is held, saved or run here."""

    holds_game = False

    def __init__(self, guest: "NetGuest"):
        self.guest = guest
        self.party_notes = []  # the extras' notes arrive as events of the next state
        self.asked = set()     # no bots here to ask
        self.bots = {}         # no bot plays on a guest's page
        self.look = None       # a guest's look is not saved
        self.views = {}        # role -> view told of this device's own actions (`watch`)

    @property
    def rules(self):
        return self.guest.rules

    @property
    def seats(self) -> list:
        return [Seat(s["name"], s["bot"]) for s in self.guest.seats]

    def humans(self) -> list:
        return [i for i, s in enumerate(self.guest.seats) if s["bot"] is None]

    def viewer(self):
        return self.guest.seat

    def observation(self, seat=None):
        """This device's seat's observation (the only one it has)."""
        return self.guest.obs

    def legal(self, seat) -> list:
        return list(self.guest.legal) if seat == self.guest.seat else []

    def act(self, action, at_ms=None) -> list:
        """Send the action to the host; its events arrive with the next `state` (`at_ms`, the
        extras' click time, stays on this device)."""
        self.guest.send_action(action)
        self.tell(Change("act", action.seat, [], [], at_ms))
        return []

    def claim(self, action, seen_top=None, seen_step=None, at_ms=None) -> list:
        """Send an off-turn claim with the top discard its person saw when they began it; the
        host judges it (cabo.play.claims) against the step this device shows now."""
        self.guest.send_action(action, seen_top)
        return []

    def log_for(self, seat, start: int = 0) -> list:
        """The log the host sent (already as this device's seat saw it)."""
        return self.guest.log[start:]

    @property
    def party(self):
        """The extras this seat's screen shows (cabo.party.shown.Shown), None without."""
        return self.guest.party

    def react(self, seat, emoji, at_ms=None):
        """Send an emoji reaction to the host; it comes back with the next `state` (None:
        nothing to show before that)."""
        self.guest.send_react(emoji)
        return None

    def coach_move(self, seat) -> tuple:
        return (False, None)  # no lesson is played across devices

    def allows(self, action) -> bool:
        return True  # the host checks every move

    # no bots run on a guest's page: none waits or reacts, so none is ever asked to move
    def waiting_bot(self):
        return None

    def reacting_bots(self) -> list:
        return []

    def person_may_claim(self) -> bool:
        return False  # (asked only to pace bots, and no bot runs here)

    def bot_move(self, seat):
        raise LookupError("no bot plays on a guest's page")

    bot_reaction = bot_thinking = bot_move


class NetGuest:
    """One guest's connection state: seat, token, the last state, and messages to send."""

    def __init__(self, lang: str = "en", token=None, send=None, name=None):
        self.lang = lang
        self.token = token          # the seat token kept from an earlier join, or None
        self.name = name            # the name its person typed (None: the host's name)
        self.send = send or (lambda text: None)
        self.seat = None
        self.game = None
        self.rules = None
        self.obs = None
        self.legal = []
        self.seats = []
        self.waiting = []
        self.log = []
        self.party = None           # the extras shown (cabo.party.shown.Shown) or None
        self.error = None           # the last error code from the host, until the next state
        # after a game: the host asks "another game?" (`asked`), and holds `answer` for this
        # seat (None: not answered yet); both end with the next game's first state
        self.asked = False
        self.answer = None
        self.out = 0
        self.last_in = 0
        self.dropped = []           # reasons of dropped messages
        self.received = []          # every message text received (tests, measurements)
        # this round as this seat received it, one frame per state (cabo.replay: the guest's
        # replay holds nothing more than it saw)
        self.frames = []

    @property
    def ready(self) -> bool:
        """Whether there is a table to draw."""
        return self.obs is not None and self.rules is not None

    def hello(self) -> str:
        self.out += 1
        return protocol.hello(self.out, build.BUILD, self.token, self.lang, self.name)

    def send_react(self, emoji) -> None:
        self.out += 1
        self.send(protocol.react(self.out, emoji))

    def send_again(self, yes: bool) -> None:
        """Answer the host's question "another game?" for this seat (also, during a game this
        seat sits out, a yes takes it back)."""
        self.out += 1
        self.send(protocol.again(self.out, self.seat, bool(yes)))

    def sits_out(self) -> bool:
        """Whether a stand-in bot plays this seat while this device is here (its person said
        no to this game)."""
        return self.ready and self.seat < len(self.seats) and \
            self.seats[self.seat]["bot"] is not None

    def send_action(self, action, seen_top=None) -> None:
        """Send an action, taken at the step this device shows; a claim also names the top
        discard its person saw when they began it (None: not a claim, or not known)."""
        self.out += 1
        step = self.obs.step if self.obs is not None else 0
        self.send(protocol.act(self.out, step, action_to_dict(action), seen_top))

    def receive(self, text) -> tuple:
        """(kind, events): kind is "welcome", "state", "ask", "error" or None (dropped);
        events are the new event views of a `state` (for the view's animation and reveals)."""
        self.received.append(text)
        try:
            msg = protocol.decode(text, "host", self.seat or 0, self.rules)
        except protocol.ProtocolError as exc:
            return self._drop(str(exc), answer=True)
        if msg["n"] <= self.last_in:
            return self._drop(f"replayed message {msg['n']}")
        kind = msg["t"]
        if kind == "welcome":
            self.last_in = msg["n"]
            self.seat, self.token, self.game = msg["seat"], msg["token"], msg["game"]
            self.rules = msg["rules"]
            self.obs, self.log = None, []
            self.asked, self.answer = False, None
            return "welcome", []
        if kind == "error":
            self.last_in = msg["n"]
            self.error = msg["code"]
            return "error", []
        if self.rules is None:
            return self._drop(f"{kind} before welcome")
        if kind == "ask":
            if self.obs is None or not self.obs.game_over:
                return self._drop("a question before the game is over")
            self.last_in = msg["n"]
            self.asked, self.answer = True, msg["answer"]
            return "ask", []
        obs = msg["obs"]
        if obs.seat != self.seat or len(msg["seats"]) != obs.n:
            return self._drop("state for another seat", answer=True)
        self.last_in = msg["n"]
        self.obs, self.legal = obs, msg["legal"]
        self.seats, self.waiting = msg["seats"], msg["waiting"]
        self.error = None
        if not obs.game_over:  # the next game is on: the question is over
            self.asked, self.answer = False, None
        self.party = None if msg["party"] is None else shown.Shown(msg["party"], self.seat)
        if msg["log"] is not None:
            self.log = list(msg["log"])
        self.log += msg["events"]
        del self.log[:-LOG_LIMIT]
        self._keep_frame(msg["events"], obs, msg["log"] is not None)
        return "state", msg["events"]

    def _keep_frame(self, events, obs, whole_log: bool) -> None:
        """This round's frames for the guest's replay: a deal starts them anew; a state with
        the whole log (a join or a rejoin) starts them with this round's log so far."""
        if whole_log:
            deals = [i for i, e in enumerate(self.log) if e.get("kind") == "deal"]
            self.frames = [SeatFrame(None, self.log[deals[-1] if deals else 0:], obs)]
            return
        if any(e.get("kind") == "deal" for e in events):
            self.frames = []
        if events or not self.frames:
            self.frames.append(SeatFrame(None, list(events), obs))
            del self.frames[:-FRAMES_LIMIT]

    def _drop(self, reason, answer=False) -> tuple:
        """Drop a host message; a malformed one (`answer`) is also reported to the host."""
        self.dropped.append(reason)
        print(f"cabo.net: dropped a message from the host: {reason}")
        if answer:
            self.out += 1
            self.send(protocol.error(self.out, "bad", reason[:200]))
        return None, []
