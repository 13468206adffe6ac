"""The table controller: one Session as one person at the screen sees and touches it.

It holds what the Session does not: the cards a person has selected, the cards shown for a
moment after a peek or spy, whose eyes are on the screen (hot-seat), and what moved last (for
the animation). It turns buttons and clicks into actions, and runs the bots' and the hint's
moves. `view()` hands what the seat on screen sees (`session.observation(seat)`,
`session.legal(seat)`, the public log) and this state to cabo.ui.screen, which builds the
screen's contents.
"""

from __future__ import annotations

from ..game.actions import OFF_TURN
from ..game.engine import HOST
from . import choices, default_name, hintwords, party_view, screen
from .describe import Words
from .pacing import AUTO_END_MS, next_bot_task, reveal_ms

from ..bots.hint import facts as hint_facts
from ..bots.hint import quick as hint_quick
from ..bots.hint import thinking as hint_thinking


class Table:
    """A session plus selection, transient reveals and the hot-seat gate."""

    def __init__(self, session, texts, speed: str = "normal"):
        self.session = session
        self.t = texts
        self.speed = speed
        self.selection = ()
        self.reveals = {}          # (owner, slot) -> card id, shown to `reveal_seat`
        self.reveal_seat = None
        humans = session.humans()
        self.confirmed = humans[0] if len(humans) == 1 else None
        self.last = []             # event views (for the screen seat) of the last change
        # (seat, step): bots already asked to react; saved with the session (a guest's
        # remote session has no bots and keeps none)
        self.asked = session.asked
        # the last hint, until the next action: "thinking", or what its words are made of
        # (they are made when drawn, in the language of the table then)
        self._hint = None
        # ((seat, step), action): the searched hint shown, and the cheap one, for their step;
        # the primary button and the glow follow the one of the step on screen
        self._hinted = None
        self._quick = None
        self.ask_cabo = True       # ask "Call Cabo?" once before calling (a setting)
        self.auto_end_ms = AUTO_END_MS  # "End turn" presses itself after this (0: never)
        self._end_since = None     # (step, ms) when the countdown of "End turn" began
        self.confirming = False    # that question is on screen
        # event views of the last failed match / multi-replace / pair (with its penalty), said
        # on the table until the person's next move
        self.mistake = []
        self.look_over = False     # the person's move turned the cards looked at face down
        self.sel_top = None        # the top discard when the selection began
        self.flying = party_view.Flying()  # reactions, quips, toasts of the extras (transient)
        self.last_notes = []       # the extras' notes of the last change (for the live region)
        self.clock = None          # the page's clock in ms (a callable), for the extras' timing
        # ms the look restored from a save still shows
        self.look_ms = self._restore_look(session.look)
        session.watch("screen", self)  # this device's screen hears of every change

    # -- who looks -----------------------------------------------------------------------
    def screen_seat(self):
        """The seat whose view is on screen, or None while the device is passed on."""
        humans = self.session.humans()
        if len(humans) == 1:
            return humans[0]
        target = self.session.viewer()
        if target == self.confirmed:
            return target
        if self.reveals and self.reveal_seat == self.confirmed:
            return self.confirmed  # let the last person finish looking first
        return None

    def show_deal(self) -> None:
        """The round's deal as the last change: a new game's first drawing deals its cards."""
        self.last = [e for e in self.session.log_for(None) if e["kind"] == "deal"][-1:]

    def confirm_handoff(self) -> None:
        """The person the device was passed to is looking now."""
        self.confirmed = self.session.viewer()
        self.reveals, self.selection, self._hint = {}, (), None
        self.mistake, self.look_over, self.confirming = [], False, False

    # -- acting --------------------------------------------------------------------------
    def legal(self) -> list:
        seat = self.screen_seat()
        return [] if seat is None else self.session.legal(seat)

    def buttons(self) -> list:
        """(key, action) of the buttons on screen now."""
        seat = self.screen_seat()
        if seat is None:
            return []
        return [(k, a) for k, a, _, _ in self._arranged(seat)]

    def _arranged(self, seat) -> list:
        """(key, action, primary, risky) of the buttons on screen, in their order."""
        legal = self.session.legal(seat)
        plain = choices.plain_actions(legal)
        if seat != HOST and self.session.observation(seat).phase == "round_over":
            # the host's buttons: whoever is at the screen deals the next round
            plain += [(k, a) for k, a in choices.plain_actions(self.session.legal(HOST))
                      if k in ("next_round", "end_game")]
        selected = choices.selected_actions(legal, self.selection, seat)
        arranged = choices.arrange(plain, selected, self.selection)
        suggested = self.suggestion(seat)
        if suggested is None:
            return arranged
        # the hint drives the table: the button of its move is the primary one, and only it
        return [(k, a, choices.same_move(a, suggested), risky) for k, a, _, risky in arranged]

    def suggestion(self, seat=None):
        """The move the hint suggests for the seat on screen now: the searched hint once the
        person asked for it, else the cheap one (`cabo.bots.hint.quick`); None if nothing is
        to be decided. The primary button and the glow show it."""
        seat = self.screen_seat() if seat is None else seat
        if seat is None:
            return None
        coached, move = self.session.coach_move(seat)
        if coached:
            return move
        obs = self.session.observation(seat)
        key = (seat, obs.step)
        for kept in (self._hinted, self._quick):
            if kept is not None and kept[0] == key:
                return kept[1]
        action = hint_quick(obs, self.session.legal(seat))
        self._quick = (key, action)
        return action

    def click_card(self, owner: int, slot: int) -> None:
        """Select or unselect a card (remembering the top discard the selection began at,
        to flag a change before a match)."""
        before = self.selection
        self.selection = choices.toggle(self.legal(), self.selection, (owner, slot))
        if not before and self.selection:
            self.sel_top = self._top()
        elif not self.selection:
            self.sel_top = None

    def _top(self):
        seat = self.screen_seat()
        discard = self.session.observation(seat).discard if seat is not None else ()
        return discard[-1] if discard else None

    def quick_match(self, owner: int, slot: int, at_ms=None) -> list:
        """A double click: throw this one card onto the discard pile, if that is legal."""
        seat = self.screen_seat()
        if seat is None:
            return []
        for key, action in choices.selected_actions(self.legal(), ((owner, slot),), seat):
            if key == "match":
                return self.act(action, at_ms)
        return []

    def react(self, emoji: str, at_ms=None):
        """The person at the screen sends an emoji reaction; its note, or None (rate limit,
        nobody at the screen, or no extras)."""
        seat = self.screen_seat()
        if seat is None or not self.session.rules.extras:
            return None
        at = at_ms if at_ms is not None else (self.clock() if self.clock else None)
        note = self.session.react(seat, emoji, at if at is not None else 0)
        if note is None:  # held back, or on its way to the host: nothing flies yet
            self.last_notes = []
        return note

    def press(self, key: str, at_ms=None) -> list:
        """Press the button `key` (see `buttons`); returns the events, [] if it is gone."""
        if key == "clear":
            self.selection = ()
            return []
        if key == "hide":
            self.hide_reveals()
            return []
        if key == "handoff":
            self.confirm_handoff()
            return []
        if key == "hint":
            self.show_hint()
            return []
        if key == "cabo_no":
            self.confirming = False
            return []
        if key == "cabo" and self.ask_cabo and not self.confirming:
            self.confirming = any(k == "cabo" for k, _ in self.buttons())
            return []
        if key == "cabo_yes":
            key = "cabo"
        for k, action in self.buttons():
            if k == key:
                return self.act(action, at_ms)
        return []

    def show_hint(self) -> None:
        """Ask the hint bot (it sees this seat's observation only); select its cards."""
        working = self.hint_thinking()
        while True:
            try:
                next(working)
            except StopIteration:
                return

    def hint_thinking(self):
        """`show_hint` as a generator (the page runs its search in slices): it yields while
        the hint bot thinks and returns True once the hint is shown; False if there is none,
        or if the game moved on meanwhile (then the hint is dropped)."""
        seat = self.screen_seat()
        if seat is None:
            return False
        obs = self.session.observation(seat)
        action, code = yield from hint_thinking(obs, self.session.legal(seat), obs.step)
        if self.screen_seat() != seat or self.session.observation(seat).step != obs.step:
            return False
        self.show_suggestion(action, code, obs)
        return True

    def show_suggestion(self, action, code, obs=None) -> None:
        """Show the hint's words, make its move the primary one and select its cards."""
        seat = self.screen_seat()
        obs = obs if obs is not None else (
            self.session.observation(seat) if seat is not None else None)
        facts = None
        if obs is not None:
            facts = hint_facts(obs, action)
            self._hinted = ((obs.seat, obs.step), action)
        self._hint = (code, facts, obs)
        if action is not None:
            cards = choices.cards_of(action)
            if cards:
                self.selection = tuple(sorted(cards))

    @property
    def hint(self):
        """The hint's words in the table's language now; None while no hint is shown."""
        if self._hint is None:
            return None
        if self._hint == "thinking":
            return self.t("hint_thinking")
        code, facts, obs = self._hint
        if obs is None:
            return self.t("hint_text", text=code)
        words = Words(self.t, self.names(), obs.seat, obs.rules, obs.n)
        return self.t("hint_text", text=hintwords.line(self.t, words, code, facts))

    def hint_pending(self) -> None:
        """The hint bot thinks: the table says so until the hint is shown or dropped."""
        self._hint = "thinking"

    def drop_hint(self) -> None:
        self._hint = None

    def act(self, action, at_ms=None) -> list:
        """Apply an action of a person or a bot and remember what it showed.

        at_ms: when a person acted (the page's event time); otherwise the clock's now."""
        person = not self.session.seats[action.seat].bot
        if person and not self.session.allows(action):
            self.selection = ()  # off a lesson's script: nothing applied, the coach says so
            return []
        at = at_ms if at_ms is not None else (self.clock() if self.clock else None)
        if person and isinstance(action, OFF_TURN):
            # a person's claim is judged by the top discard they saw when they began it
            seen = self.sel_top if self.sel_top is not None else self._top()
            return self.session.claim(action, seen, None, at)
        return self.session.act(action, at)  # (`changed` hears of it, as of every change)

    def changed(self, change) -> None:
        """Every change at the table, whoever made it (cabo.play.interface.Change): an action
        played here, a bot's, a guest's applied by the host; an emoji reaction."""
        if change.kind == "reaction":
            self.last_notes = list(change.notes)
            self.flying.add(self.last_notes, change.at_ms)
        else:
            self.took(change.seat, change.events, change.at_ms)

    def took(self, seat, events, at_ms=None) -> None:
        """Remember what an action of `seat` showed."""
        at = at_ms if at_ms is not None else (self.clock() if self.clock else None)
        if seat != self.screen_seat() and all(e.kind == "too_late" for e in events):
            self.last = [e.view(self.screen_seat()) for e in events]  # another's: a log line
            return
        if not self.session.seats[seat].bot:
            self.look_over = bool(self.reveals) and self.reveal_seat == seat
            self.reveals, self.mistake, self.confirming = {}, [], False
        self.last_notes = list(self.session.party_notes)
        self.flying.add(self.last_notes, at)
        self.selection = tuple(c for c in self.selection if self._still_selectable(c))
        if not self.session.seats[seat].bot:
            self.selection, self._hint = (), None
        viewer = self.screen_seat()
        if viewer is None and not self.session.seats[seat].bot:
            viewer = seat
        self.last = [e.view(viewer) for e in events]
        self._remember_reveals(viewer)
        if any(_failed(e) for e in self.last):
            self.mistake = [e for e in self.last
                            if _failed(e) or e["kind"] in ("penalty", "penalty_skipped")]
        if not self.selection:
            self.sel_top = None

    def _still_selectable(self, card) -> bool:
        return card in choices.selectable(self.legal())

    def _remember_reveals(self, viewer) -> None:
        if viewer is None:
            return
        if self.reveal_seat != viewer:
            self.reveals = {}
        found = {}
        for e in self.last:
            kind = e["kind"]
            if kind == "initial_peek" and "cards" in e:
                found.update({(e["seat"], i): c for i, c in zip(e["slots"], e["cards"])})
            elif kind == "peek" and "card" in e:
                found[(e["seat"], e["slot"])] = e["card"]
            elif kind in ("spy", "king_spy") and "card" in e:
                found[(e["target"], e["slot"])] = e["card"]
            elif kind == "match" and not e["ok"] and e.get("returned"):
                found[(e["owner"], e["slot"])] = e["card"]
            elif kind == "replace" and not e["ok"] and e.get("revealed"):
                found.update({(e["seat"], i): c for i, c in zip(e["slots"], e["revealed"])})
            elif kind == "pair_discard" and not e["ok"]:
                found.update({tuple(oc): c for oc, c in zip(e["cards"], e["values"])})
        if found:
            self.reveals.update(found)
            self.reveal_seat = viewer

    def hide_reveals(self) -> None:
        """Turn the cards looked at face down again (on request)."""
        self.reveals = {}
        self.look_over = False

    # -- the look, saved with the game (a reload shows it again for the time left) ---------
    def keep_look(self, ms_left: int) -> None:
        """Put the cards being looked at, and for how many more ms, into the session."""
        if self.reveals and self.reveal_seat is not None and ms_left > 0:
            cards = [[o, i, c] for (o, i), c in sorted(self.reveals.items())]
            look = {"seat": self.reveal_seat, "cards": cards, "ms": min(int(ms_left), 60_000)}
        else:
            look = None
        self.session.look = look  # saved with a game held here (a guest's is not saved)

    def _restore_look(self, look):
        if not look:
            return None
        self.reveals = {(o, i): c for o, i, c in look["cards"]}
        self.reveal_seat = look["seat"]
        if len(self.session.humans()) > 1:
            self.confirmed = look["seat"]  # the person was looking when the page went away
        return look["ms"]

    # -- bots ----------------------------------------------------------------------------
    def step(self) -> int:
        return self.session.observation(0).step

    def bot_task(self):
        """(delay_ms, kind, seat) of the next bot action to try, or None."""
        return next_bot_task(self.session, self.speed, self.asked, self.step(),
                             self.clock() if self.clock else None)

    def run_bot_task(self, kind: str, seat: int) -> list:
        """Let a bot move ("move") or maybe match ("react"); returns the events."""
        if kind == "move":
            if self.session.waiting_bot() != seat:
                return []
            action = self.mover_reaction(seat)
            return self.act(action if action is not None else self.session.bot_move(seat))
        self.asked.add((seat, self.step()))
        action = self.session.bot_reaction(seat)
        return self.act(action) if action is not None else []

    def mover_reaction(self, seat):
        """The off-turn move of the bot the game waits for, asked once per step before it
        moves (the driver's off-turn order asks the current player last:
        cabo.ui.pacing makes that ask part of its move task), or None. A bot that passes is
        not asked again at this step; one whose move a person's click dropped is."""
        key = (seat, self.step())
        if key in self.asked or seat not in self.session.reacting_bots():
            return None
        action = self.session.bot_reaction(seat)
        if action is None:
            self.asked.add(key)
        return action

    def bot_thinking(self, seat):
        """The move of the bot at `seat` as a generator that yields while the bot thinks (the
        page gives the browser a turn between slices); returns (step, action) for
        `play_bot_move`, or None if that bot is not to move. Its off-turn move comes first
        (`mover_reaction`)."""
        if self.session.waiting_bot() != seat:
            return None
        step = self.step()
        action = self.mover_reaction(seat)
        if action is None:
            action = yield from self.session.bot_thinking(seat)
        return step, action

    def play_bot_move(self, seat, planned) -> list:
        """Play a move from `bot_thinking` if the game is still where it was; the events."""
        if planned is None:
            return []
        step, action = planned
        if self.step() != step or self.session.waiting_bot() != seat:
            return []
        return self.act(action)

    # -- a turn that ends itself ------------------------------------------------------------
    def may_end_turn(self) -> bool:
        """Whether the person on screen is only asked to call Cabo or end their turn (the
        rules' call after the turn: phase "after_turn")."""
        seat = self.screen_seat()
        if seat is None:
            return False
        obs = self.session.observation(seat)
        return (obs.phase == "after_turn" and obs.current == seat
                and any(k == "end_turn" for k, _ in self.buttons()))

    def end_turn_left(self, now_ms):
        """ms until "End turn" presses itself, or None: no countdown now (the setting is
        off, no clock, nothing to end, or the person is choosing: a selection, the Cabo
        question). It starts anew at every step and after every pause; while the person
        looks at cards, it lasts at least as long as a look shows at this speed."""
        if (not self.auto_end_ms or now_ms is None or self.selection or self.confirming
                or not self.may_end_turn()):
            self._end_since = None
            return None
        step = self.step()
        if self._end_since is None or self._end_since[0] != step:
            self._end_since = (step, now_ms)
        total = self.auto_end_ms
        if self.reveals and self.reveal_seat == self.screen_seat():
            total = max(total, reveal_ms(self.speed))
        return max(0, total - (now_ms - self._end_since[1]))

    # -- the screen ----------------------------------------------------------------------
    def names(self) -> list:
        """The seats' names as shown (a person's default name in the page's language)."""
        seats = self.session.seats
        return default_name.shown_names([s.name for s in seats], [s.bot for s in seats], self.t)

    def view(self, now_ms=None) -> dict:
        """Everything the table screen shows, as plain data with its words (`now_ms`: the
        page's clock, for the extras' reactions, quips and toasts): cabo.ui.screen."""
        seat = self.screen_seat()
        if seat is None:
            return screen.handoff(self.names()[self.session.viewer()], self.t)
        v = screen.table(self.sight(seat))
        party_view.decorate(self, v, now_ms)
        left = self.end_turn_left(now_ms)
        if left is not None:  # the countdown, on the button it will press
            secs = max(1, -(-int(left) // 1000))
            for b in v["buttons"]:
                if b["key"] == "end_turn":
                    b["label"] = self.t("act_end_turn_in", n=secs)
                    b["countdown"] = secs
        return v

    def sight(self, seat) -> screen.Sight:
        """What the screen of `seat` is built from: what the seat sees, and the UI's state."""
        suggested = self.suggestion(seat)
        arranged = self._arranged(seat)
        if self.confirming and not any(k == "cabo" for k, *_ in arranged):
            self.confirming = False  # the moment to call has passed
        session = self.session
        return screen.Sight(
            obs=session.observation(seat), legal=session.legal(seat), names=self.names(),
            levels=[s.bot for s in session.seats], shared=len(session.humans()) > 1,
            log=session.log_for(None), t=self.t, arranged=arranged, suggested=suggested,
            selection=self.selection, reveals=self.reveals, reveal_seat=self.reveal_seat,
            confirming=self.confirming, mistake=self.mistake, look_over=self.look_over,
            sel_top=self.sel_top, last=self.last, hint=self.hint)

    def announcement(self) -> str:
        """The last change in words, for the live region."""
        return screen.announcement(self.t, self.names(), self.screen_seat(),
                                   self.session.rules, self.last, self.last_notes)


def _failed(e) -> bool:
    """A failed match, multi-replace or pair discard, or a claim too late (an event view)."""
    return (e["kind"] in ("match", "replace", "pair_discard") and not e.get("ok", True)
            or e["kind"] == "too_late")
