"""The table controller: one Session as one person at the screen sees and touches it.

It holds what the Session does not: the cards a person has selected, the cards shown for a
moment after a peek or spy, whose eyes are on the screen (hot-seat), and what moved last (for
the animation). `view()` builds the screen's contents from `session.observation(seat)` and
`session.legal(seat)` only; a card's face is in the view only while it is face up for
everyone (discard pile, drawn from the discard, the reveal) or for a moment after its viewer
looked at it.
"""

from __future__ import annotations

from ..actions import CallCabo, DrawDeck, Match, TakeDiscard, is_off_turn
from ..engine import HOST
from . import choices, hintwords, party_view
from .initials import initials
from .describe import Words
from .pacing import next_bot_task

from ..bots.hint import facts as hint_facts
from ..bots.hint import quick as hint_quick
from ..bots.hint import thinking as hint_thinking

RESULT_PHASES = ("round_over", "game_over")
LOG_LINES = 80
RECENT_LINES = 3  # lines of the recent-moves strip


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
        self.asked = getattr(session, "asked", set())
        self.hint = None           # words of the last hint, until the next action
        # ((seat, step), action): the searched hint shown, and the cheap one, for their step;
        # the primary button and the glow follow the one of the step on screen
        self._hinted = None
        self._quick = None
        self._soft = frozenset()   # cards only a match may take (drawn softly)
        self._glow = frozenset()   # cards of the suggested move (they glow)
        self.ask_cabo = True       # ask "Call Cabo?" once before calling (a setting)
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
        self.look_ms = self._restore_look(getattr(session, "look", None))

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

    def confirm_handoff(self) -> None:
        """The person the device was passed to is looking now."""
        self.confirmed = self.session.viewer()
        self.reveals, self.selection, self.hint = {}, (), None
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
        if seat is None or not self.session.rules.extras or not hasattr(self.session, "react"):
            return None
        at = at_ms if at_ms is not None else (self.clock() if self.clock else None)
        note = self.session.react(seat, emoji, at if at is not None else 0)
        self.last_notes = [note] if note else []
        self.flying.add(self.last_notes, at)
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
        words = facts = None
        if obs is not None:
            words = Words(self.t, self.names(), obs.seat, obs.rules, obs.n)
            facts = hint_facts(obs, action)
            self._hinted = ((obs.seat, obs.step), action)
        text = hintwords.line(self.t, words, code, facts) if words else code
        self.hint = self.t("hint_text", text=text)
        if action is not None:
            cards = choices.cards_of(action)
            if cards:
                self.selection = tuple(sorted(cards))

    def act(self, action, at_ms=None) -> list:
        """Apply an action of a person or a bot and remember what it showed.

        at_ms: when a person acted (the page's event time); otherwise the clock's now."""
        seat = action.seat
        person = not self.session.seats[seat].bot
        if person:
            self.look_over = bool(self.reveals) and self.reveal_seat == seat
            self.reveals, self.mistake, self.confirming = {}, [], False
        at = at_ms if at_ms is not None else (self.clock() if self.clock else None)
        events = self.session.act(action, at)
        self.last_notes = list(getattr(self.session, "party_notes", ()))
        self.flying.add(self.last_notes, at)
        self.selection = tuple(c for c in self.selection if self._still_selectable(c))
        if not self.session.seats[seat].bot:
            self.selection, self.hint = (), None
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
        return events

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
        if hasattr(self.session, "look"):  # a guest's remote session saves nothing
            self.session.look = look

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
        return next_bot_task(self.session, self.speed, self.asked, self.step())

    def run_bot_task(self, kind: str, seat: int) -> list:
        """Let a bot move ("move") or maybe match ("react"); returns the events."""
        if kind == "move":
            if self.session.waiting_bot() != seat:
                return []
            return self.act(self.session.bot_move(seat))
        self.asked.add((seat, self.step()))
        action = self.session.bot_reaction(seat)
        return self.act(action) if action is not None else []

    def bot_thinking(self, seat):
        """The move of the bot at `seat` as a generator that yields while the bot thinks (the
        page gives the browser a turn between slices); returns (step, action) for
        `play_bot_move`, or None if that bot is not to move."""
        if self.session.waiting_bot() != seat:
            return None
        step = self.step()
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

    # -- the screen ----------------------------------------------------------------------
    def names(self) -> list:
        return [s.name for s in self.session.seats]

    def view(self, now_ms=None) -> dict:
        """Everything the table screen shows, as plain data with its words (`now_ms`: the
        page's clock, for the extras' reactions, quips and toasts)."""
        v = self._view()
        if v["screen"] == "table":
            party_view.decorate(self, v, now_ms)
        return v

    def _view(self) -> dict:
        seat = self.screen_seat()
        names = self.names()
        if seat is None:
            name = names[self.session.viewer()]
            return {"screen": "handoff", "title": self.t("handoff_title", name=name),
                    "text": self.t("handoff_text", name=name),
                    "button": self.t("handoff_button", name=name)}
        obs = self.session.observation(seat)
        legal = self.session.legal(seat)
        words = Words(self.t, names, seat, obs.rules, obs.n)
        anim, moves = self._motion()
        order = [(seat + k) % obs.n for k in range(1, obs.n)] + [seat]
        selectable = choices.selectable(legal)
        # cards that only a match could take: highlighted softly, not as the move to make
        main = choices.selectable([a for a in legal if not is_off_turn(a)])
        self._soft = selectable - main
        suggested = self.suggestion(seat)
        self._glow = choices.cards_of(suggested) if suggested is not None else frozenset()
        arranged = self._arranged(seat)
        if self.confirming and not any(k == "cabo" for k, *_ in arranged):
            self.confirming = False  # the moment to call has passed
        if self.confirming:
            yes = isinstance(suggested, CallCabo)
            buttons = [{"key": "cabo_yes", "label": self.t("act_cabo_yes"), "primary": yes,
                        "risky": False},
                       {"key": "cabo_no", "label": self.t("act_cabo_no"), "primary": not yes,
                        "risky": False}]
        else:
            buttons = [{"key": k, "label": self.t("act_" + k), "primary": primary,
                        "risky": risky} for k, _, primary, risky in arranged]
        if self.selection and not self.confirming:
            buttons.append(self._extra("clear", "clear_selection"))
        if self.reveals and self.reveal_seat == seat and not self.confirming:
            buttons.append(self._extra("hide", "hide_cards"))
        if (obs.phase not in RESULT_PHASES and not self.confirming
                and any(not is_off_turn(a) for a in legal)):
            buttons.append(self._extra("hint", "act_hint"))
        return {
            "screen": "table",
            "seat": seat,
            "players": [self._player(obs, o, words, selectable, anim) for o in order],
            "deck": dict(self._deck(obs, legal), suggested=isinstance(suggested, DrawDeck)),
            "discard": dict(self._discard(obs, legal, words),
                            suggested=isinstance(suggested, TakeDiscard)),
            "drawn": self._drawn(obs, words),
            "status": (self.t("cabo_confirm") if self.confirming
                       else self._status(obs, legal, words)),
            "alerts": self._alerts(obs, words),
            "buttons": buttons,
            "result": self._result(obs, words) if obs.phase in RESULT_PHASES else None,
            "scores": self._scores(obs),
            "game_over": self._game_over(obs, words),
            "log": (log := self._log(words)),
            "recent": self._recent(words),
            "moves": moves,
            "round_ended": any(e["kind"] == "round_end" for e in self.last),
            "anim": {"deck": anim.get("deck"), "discard": anim.get("discard"),
                     "drawn": anim.get("drawn")},
            "hint": self.hint,
        }

    def _extra(self, key, text) -> dict:
        return {"key": key, "label": self.t(text), "primary": False, "risky": False}

    def announcement(self) -> str:
        """The last change in words, for the live region."""
        seat = self.screen_seat()
        words = Words(self.t, self.names(), seat, self.session.rules, len(self.session.seats))
        texts = [x for x in map(words.event, self._public_last()) if x]
        texts += [party_view.note_text(n, self.t, self.names(), seat) for n in self.last_notes]
        return " ".join(x for x in texts if x)

    def _public_last(self) -> list:
        return [{k: v for k, v in e.items() if k not in ("cards",) or e["kind"] != "initial_peek"}
                for e in self.last if e["kind"] != "turn"]

    def _player(self, obs, o, words, selectable, anim) -> dict:
        seat, t = obs.seat, self.t
        in_round = o in obs.seats
        slots = []
        for i, cell in enumerate(obs.hands[o] if in_round else ()):
            slots.append(self._slot(obs, o, i, cell, words, selectable, anim))
        seat_info = self.session.seats[o]
        marks = []
        if o == seat and len(self.session.humans()) > 1:
            marks.append(t("you_mark"))
        if seat_info.bot:
            level = t("kind_" + seat_info.bot) if t.has("kind_" + seat_info.bot) else seat_info.bot
            marks.append(level)
        return {
            "seat": o, "name": words.name(o), "me": o == seat, "marks": marks,
            "to_move": self._to_move(obs, o),
            "caller": obs.caller == o,
            "caller_mark": t("caller_mark") if obs.caller == o else None,
            "row_label": t("row_you") if o == seat else t("row_of", name=words.name(o)),
            "total": t("total", n=obs.totals[o]),
            "rounds_won": t("rounds_won", n=obs.rounds_won[o])
            if obs.rules.game_end == "host" else None,
            "slots": slots,
        }

    def _to_move(self, obs, o) -> bool:
        if obs.phase in RESULT_PHASES:
            return False
        if obs.gives:
            return obs.gives[0][0] == o
        if obs.phase == "peek":
            return not obs.peeked[o] and o in obs.seats
        if obs.phase == "final":
            return not obs.ready[o] and o in obs.seats
        return obs.current == o

    def _slot(self, obs, o, i, cell, words, selectable, anim) -> dict:
        t, seat = self.t, obs.seat
        base = t("card_own", n=i + 1) if o == seat else t("card_other", name=words.name(o), n=i + 1)
        if cell is None:
            return {"owner": o, "slot": i, "empty": True, "label": f"{base}, {t('slot_empty')}"}
        card, knowers = cell
        face = None
        if card is not None and (obs.phase in RESULT_PHASES
                                 or (self.reveal_seat == seat and self.reveals.get((o, i)) == card)):
            face = words.card(card)
        seen = [s for s in range(obs.n) if knowers >> s & 1]
        parts = [base, t("card_up", card=face) if face else t("card_down")]
        if seat in seen:
            parts.append(t("card_seen_you"))
        others = [words.name(s) for s in seen if s != seat]
        if others:
            parts.append(t("card_seen_by", names=t.join(others)))
        selected = (o, i) in self.selection
        if selected:
            parts.append(t("card_selected"))
        badges = [] if obs.phase in RESULT_PHASES else [initials(words.names)[s] for s in seen]
        if any(len(b) > 1 for b in badges):  # badge words on the card belong in its name
            parts.append(" ".join(badges))
        return {
            "owner": o, "slot": i, "empty": False, "face": face,
            "red": face is not None and any(s in face for s in "♥♦"),
            "seen": badges,
            "seen_by_me": seat in seen,
            "selectable": (o, i) in selectable, "selected": selected,
            "soft": (o, i) in self._soft,
            "suggested": (o, i) in self._glow,
            "anim": anim.get((o, i)), "label": ", ".join(parts),
        }

    def _deck(self, obs, legal) -> dict:
        can = any(isinstance(a, DrawDeck) for a in legal)
        key = ("deck_draw" if can else "deck") + ("_one" if obs.deck_size == 1 else "")
        return {"count": obs.deck_size, "label": self.t(key, n=obs.deck_size),
                "action": "draw" if can else None}

    def _discard(self, obs, legal, words) -> dict:
        if not obs.discard:
            return {"face": None, "label": self.t("discard_empty"), "action": None}
        face = words.card(obs.discard[-1])
        can = any(isinstance(a, TakeDiscard) for a in legal)
        label = (self.t("discard_take", **words.forms(obs.discard[-1])) if can
                 else self.t("discard_pile", card=face))
        return {"face": face, "red": any(s in face for s in "♥♦"), "label": label,
                "action": "take" if can else None, "count": len(obs.discard)}

    def _drawn(self, obs, words):
        if obs.drawn is not None:
            face = words.card(obs.drawn)
            return {"face": face, "red": any(s in face for s in "♥♦"),
                    "label": self.t("drawn_card", card=face)}
        if obs.drawn_hidden:
            return {"face": None, "label": self.t("drawn_hidden", name=words.name(obs.current))}
        return None

    def _status(self, obs, legal, words) -> str:
        """The status line; while the person looks at cards, it speaks of that first."""
        text = self._status_plain(obs, legal, words)
        looking = self._looking(obs, words)
        if not looking:
            return text
        if obs.phase in ("peek",) or not any(not is_off_turn(a) for a in legal):
            return looking  # the look is the person's business now, not whose turn it is
        return looking + " " + text

    def _looking(self, obs, words):
        """"You are looking at your cards 1 and 2: …" while the person's look lasts."""
        if not self.reveals or self.reveal_seat != obs.seat or obs.phase in RESULT_PHASES:
            return None
        owners = {}
        for (o, i), card in sorted(self.reveals.items()):
            cell = obs.hands[o][i] if o in obs.seats and i < len(obs.hands[o]) else None
            if cell is not None and cell[0] == card:
                owners.setdefault(o, []).append(i)
        if not owners:
            return None
        cards = self.t.join(words.slots(o, slots) for o, slots in owners.items())
        return self.t("st_looking", cards=cards)

    def _alerts(self, obs, words) -> list:
        """Lines said on the table until the person's next move: a failed match or multi-
        replace and what it cost; the cards looked at turned face down by a move; a top
        discard that changed since the selection began."""
        out = []
        if self.mistake:
            out.append({"text": " ".join(x for x in map(words.event, self.mistake) if x),
                        "warn": True})
        if self.look_over and obs.phase not in RESULT_PHASES:
            out.append({"text": self.t("look_over"), "warn": False})
        top = obs.discard[-1] if obs.discard else None
        if (self.selection and self.sel_top is not None and top is not None
                and top != self.sel_top):
            out.append({"text": self.t("top_changed", **words.forms(top)), "warn": True})
        return out

    def _status_plain(self, obs, legal, words) -> str:
        t, seat, phase, rules = self.t, obs.seat, obs.phase, obs.rules
        if phase == "game_over":
            return t("st_game_over")
        if phase == "round_over":
            return t("st_round_over", n=obs.round_no)
        if obs.gives:
            snapper, owner = obs.gives[0]
            if snapper == seat:
                return t("st_give_you", name=words.name(owner))
            return t("st_give_other", name=words.name(snapper), owner=words.person(owner, "dat"))
        if phase == "peek":
            if obs.peeked[seat]:
                return t("st_peek_wait")
            if rules.initial_peek == "choose":
                return t("st_peek_choose", n=rules.peek_count)
            return t("st_peek_fixed")
        if phase == "final":
            return t("st_final") if not obs.ready[seat] else t("st_final_wait")
        prefix = words.actor("st_cabo", obs.caller) + " " if obs.caller is not None else ""
        if obs.current != seat:
            text = t("st_other", name=words.name(obs.current))
            if any(k in ("match", "pair") for k, _ in self._match_keys(legal)):
                text += " " + t("st_match_open")
            return prefix + text
        if phase == "turn":
            keys = {k for k, _ in choices.plain_actions(legal)}
            return prefix + t("st_turn_you", take=t("st_turn_take") if "take" in keys else "",
                              cabo=t("st_turn_cabo") if "cabo" in keys else "")
        if phase == "drawn":
            keys = {k for k, _ in choices.plain_actions(legal)}
            card = words.forms(obs.drawn) if obs.drawn is not None else {"the_card_acc": "?"}
            return prefix + t("st_drawn_you", the_card_acc=card["the_card_acc"],
                              multi=t("st_drawn_multi") if rules.multi_replace else "",
                              discard=t("st_drawn_discard") if "discard" in keys else "")
        if phase == "power":
            source = (t("st_power_from", **words.forms(obs.discard[-1])) + " "
                      if obs.discard else "")
            return prefix + source + t("st_power_" + obs.power)
        if phase == "king":
            return prefix + t("st_king_swap")
        if phase == "after_turn":
            return prefix + t("st_after_turn")
        return prefix

    @staticmethod
    def _match_keys(legal) -> list:
        return [("match" if isinstance(a, Match) else "pair", a) for a in legal
                if is_off_turn(a)]

    def _result(self, obs, words):
        if not obs.history:
            return None
        last, t = obs.history[-1], self.t
        rows = []
        for s in last["seats"]:
            rows.append({
                "name": words.name(s),
                "cards": [{"face": words.card(c), "red": any(x in words.card(c) for x in "♥♦")}
                          for c in last["hands"][s]],
                "sum": last["sums"][s], "points": last["points"][s],
                "why": words.notes(last["notes"][s], obs.rules, last["hands"][s]),
                "total": last["totals"][s],
                "caller": last["caller"] == s, "winner": s in last["winners"],
                "caller_mark": t("caller_mark"),
            })
        won = last["winners"]
        if last["draw"]:
            winners = t("result_draw", names=words.people(won, "dat"))
        else:
            winners = t(words.agree("result_winners", won), names=words.people(won))
        return {
            "title": t("result_title", n=last["round_no"]),
            "caller": words.actor("result_caller", last["caller"])
            if last["caller"] is not None else t("result_no_caller"),
            "winners": winners,
            "rows": rows,
            "head": [t("result_player"), t("result_cards"), t("result_sum"), t("result_points"),
                     t("result_total")],
            "why": t("result_why"),
        }

    def _scores(self, obs) -> dict:
        names = self.names()
        rows = [{"label": self.t("score_round", n=h["round_no"]),
                 "points": ["" if p is None else p for p in h["points"]]} for h in obs.history]
        return {"title": self.t("score_table"), "names": names, "rows": rows,
                "totals": list(obs.totals),
                "rounds_won": list(obs.rounds_won) if obs.rules.game_end == "host" else None,
                "total_label": self.t("result_total"),
                "won_label": self.t("rounds_won", n="").strip()}

    def _game_over(self, obs, words):
        if not obs.game_over:
            return None
        text = self.t(words.agree("game_winner", obs.winners), names=words.people(obs.winners))
        return {"title": self.t("game_over_title"), "text": text}

    def _log(self, words) -> list:
        lines = []
        for e in self.session.log_for(None)[-LOG_LINES * 2:]:
            if e["kind"] == "turn":
                continue
            if e["kind"] == "reaction":
                continue  # reactions fly over the seat and are said once, not logged
            text = words.event(e) or party_view.note_text(e, self.t, self.names(), words.viewer)
            if text:
                lines.append(text)
        return lines[-LOG_LINES:][::-1]

    def _recent(self, words) -> list:
        """The latest moves in words, newest first: one line per player's turn (what they did
        since it began), off-turn moves of others on lines of their own, the person's own
        moves included. A draw and a power's announcement are left out when what followed
        says it all; the initial peeks only until the first turn begins."""
        log = self.session.log_for(None)
        start = max((i for i, e in enumerate(log) if e["kind"] == "deal"), default=-1)
        log = log[start + 1:]
        started = any(e["kind"] == "turn" for e in log)
        groups, fresh = [], True
        for e in log:
            kind = e["kind"]
            if kind == "turn":
                fresh = True
                continue
            if kind == "reaction" or (kind == "initial_peek" and started):
                continue
            seat = e.get("seat")
            if groups and not fresh and groups[-1][0] == seat:
                groups[-1][1].append(e)
            else:
                groups.append((seat, [e]))
            fresh = False
        lines = []
        for _, evs in groups[-RECENT_LINES * 2:]:
            kept = [e for i, e in enumerate(evs)
                    if not (e["kind"] in ("draw", "power") and i + 1 < len(evs))]
            text = " ".join(x for x in map(words.event, kept) if x)
            if text:
                lines.append(text)
        return lines[::-1][:RECENT_LINES]

    def _motion(self):
        """Slots and piles touched by the last change, and cards that moved (from, to)."""
        anim, moves = {}, []
        for e in self.last:
            kind, seat = e["kind"], e.get("seat")
            if kind == "draw":
                anim["drawn"] = "in"
                moves.append(("deck", "drawn"))
            elif kind == "take_discard":
                anim["drawn"] = "in"
                moves.append(("discard", "drawn"))
            elif kind == "replace":
                if e["ok"]:
                    anim[(seat, e["slots"][0])] = "in"
                    anim["discard"] = "in"
                    moves += [(("slot", seat, i), "discard") for i in e["slots"]]
                    moves.append(("drawn", ("slot", seat, e["slots"][0])))
                else:
                    anim[(seat, e["new_slot"])] = "in"
                    moves.append(("drawn", ("slot", seat, e["new_slot"])))
            elif kind == "discard":
                anim["discard"] = "in"
                moves.append(("drawn", "discard"))
            elif kind == "swap":
                a, b = (seat, e["slot"]), (e["target"], e["target_slot"])
                anim[a] = anim[b] = "swap"
                moves += [(("slot",) + a, ("slot",) + b), (("slot",) + b, ("slot",) + a)]
            elif kind == "match":
                if e["ok"]:
                    anim["discard"] = "in"
                    moves.append((("slot", e["owner"], e["slot"]), "discard"))
                else:
                    anim[(e["owner"], e["slot"])] = "wrong"
            elif kind == "pair_discard" and e["ok"]:
                anim["discard"] = "in"
                moves += [(("slot", o, i), "discard") for o, i in e["cards"]]
            elif kind == "give":
                anim[(e["to"], e["to_slot"])] = "in"
                moves.append((("slot", seat, e["slot"]), ("slot", e["to"], e["to_slot"])))
            elif kind == "penalty":
                anim[(seat, e["slot"])] = "in"
                moves.append(("deck", ("slot", seat, e["slot"])))
            elif kind in ("peek", "spy", "king_spy"):
                owner = seat if kind == "peek" else e["target"]
                anim[(owner, e["slot"])] = "peek"
        return anim, moves


def _failed(e) -> bool:
    """A failed match, multi-replace or pair discard (an event view)."""
    return e["kind"] in ("match", "replace", "pair_discard") and not e.get("ok", True)
