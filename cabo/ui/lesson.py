"""The guided first round, "Learn to play" (issue 32): a stacked deal, a script and a coach.

The lesson is a real game of two seats under real rules (the engine applies every move and
scores the round): the learner at seat 0, an easy bot at seat 1. Round 1 is scripted: the
deck is stacked from SCRIPT's hands and draws and dealt by the engine's own deal
(`rounds.deal_round(order=...)`), the bot's moves are the script's, and a person's move that
is not the script's is refused with a gentle line, leaving the game unchanged. Round 2 is a
real round against the easy bot (a real shuffle), with a coach line per phase. Then the
lesson ends with a few lines per preset on what differs (docs/RULES.md).

Invariant: in round 1 the script's beat is the game's step count (one applied action per
beat), so the saved game alone says where the lesson stands and a reload resumes it.
The lesson waits for its reader: each of the bot's scripted moves is a step of its own, whose
explanation stays until the learner taps "Next" (`go_on`); only then does the bot make it.
The lesson's rules are `official` with own-card matching switched on, so that one round can
show every move of the five presets but the king; the per-preset lines say which rules have
matching and the king.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from ..game.actions import (CallCabo, Discard, DrawDeck, InitialPeek, Match, NextRound, PeekOwn,
                       Replace, Spy, Swap)
from ..game.rules import PRESETS
from ..game.errors import SaveError
from ..play.saved import MAX_SAVE_CHARS
from ..play.seating import Seat
from ..play.session import Session
from ..game.state import OVER_PHASES, State
from ..game.rounds import deal_round
from .choices import same_move
from .describe import Words

LEARNER, BOT = 0, 1
RULES = PRESETS["official"].with_options(match="own")
SEED = 32  # the generator of round 2's shuffle and of the easy bot
STORED_VERSION = 1

# The stacked deal (cabo deck values): each seat's row from slot 0, the first discard, and
# the deck's draws from the top down.
HANDS = ((3, 9, 1, 12), (6, 0, 9, 4))
FIRST_DISCARD = 13
DRAWS = (2, 3, 7, 6, 10, 5, 11, 4, 13)


@dataclass(frozen=True)
class Beat:
    """One move of the scripted round: who makes it, the move, and the coach's line key."""

    seat: int
    action: object
    key: str


L, B = LEARNER, BOT
SCRIPT = (
    Beat(L, InitialPeek(L, (0, 1)), "peek"),
    Beat(B, InitialPeek(B, (0, 1)), "remember"),
    Beat(L, DrawDeck(L), "draw"),
    Beat(L, Replace(L, (1,)), "replace"),
    Beat(B, DrawDeck(B), "replaced"),
    Beat(B, Discard(B), "bot_discards"),
    Beat(L, Match(L, L, 0), "match"),
    Beat(L, DrawDeck(L), "matched"),
    Beat(L, Discard(L), "power_peek"),
    Beat(L, PeekOwn(L, 2), "peek_own"),
    Beat(B, DrawDeck(B), "peeked"),
    Beat(B, Discard(B), "bot_discards"),
    Beat(L, DrawDeck(L), "draw_again"),
    Beat(L, Discard(L), "power_spy"),
    Beat(L, Spy(L, B, 1), "spy"),
    Beat(B, DrawDeck(B), "spied"),
    Beat(B, Discard(B), "bot_discards"),
    Beat(L, DrawDeck(L), "draw_again"),
    Beat(L, Discard(L), "power_swap"),
    Beat(L, Swap(L, 3, B, 1), "swap"),
    Beat(B, DrawDeck(B), "swapped"),
    Beat(B, Discard(B), "bot_discards"),
    Beat(L, CallCabo(L), "cabo"),
    Beat(B, DrawDeck(B), "last_turn"),
    Beat(B, Discard(B), "last_discard"),
    Beat(L, NextRound(L), "reveal"),
)
del L, B


def stacked_order(rules=RULES, n: int = 2) -> list:
    """The deck for `deal_round(order=...)`: card ids with the top card last, so that the
    engine's round-robin deal gives HANDS, flips FIRST_DISCARD and leaves DRAWS on top.
    The cards not named lie below, in id order."""
    cards = State(rules, n, SEED).cards
    free = {}
    for cid, card in enumerate(cards):
        free.setdefault(card.rank, []).append(cid)

    def take(value):
        return free[value].pop(0)

    top = []  # from the top of the deck down
    for slot in range(rules.hand_size):
        top += [take(HANDS[seat][slot]) for seat in range(n)]
    top.append(take(FIRST_DISCARD))
    top += [take(v) for v in DRAWS]
    rest = sorted(c for ids in free.values() for c in ids)
    return rest + top[::-1]


def new_state(seed: int = SEED, events=None) -> State:
    """Round 1 of the lesson, dealt from the stacked deck (the deal's event to `events`):
    the learner starts."""
    state = State(RULES, 2, seed)
    state.dealer, state.first = BOT, LEARNER
    deal_round(state, [] if events is None else events, order=stacked_order())
    return state


def beat_of(state):
    """The script's beat now (an index into SCRIPT), or None once the script is over."""
    if state.round_no == 1 and state.step < len(SCRIPT):
        return state.step
    return None


class LessonSession(Session):
    """The lesson's game: a Session whose round 1 follows SCRIPT (the bot's moves, and a
    check of the learner's); round 2 and later are plain play against the easy bot."""

    def __init__(self, rules=RULES, seats=None, seed: int = SEED, state=None):
        seats = seats or [Seat("You"), Seat("Bruno", "easy")]
        dealt = []
        super().__init__(rules, seats, seed, state=state or new_state(seed, dealt))
        self._record(dealt)  # (a saved lesson brings its log along instead)
        self.refused = None  # the learner's last move off the script (a gentle line says so)
        self.released = None  # the bot's beat the learner has read and let go ("Next")

    @classmethod
    def start(cls, learner: str, bot: str = "Bruno") -> "LessonSession":
        return cls(RULES, [Seat(learner), Seat(bot, "easy")], SEED)

    def beat(self):
        return beat_of(self.state)

    def script_move(self, seat):
        """The script's move for `seat` now, or None (not scripted, or not this seat's)."""
        beat = self.beat()
        if beat is None or SCRIPT[beat].seat != seat:
            return None
        return SCRIPT[beat].action

    def coach_move(self, seat) -> tuple:
        """(scripted, move): while the script runs, the move the table shows `seat` (the
        primary button and the glow; None when the seat has nothing to do)."""
        return (self.beat() is not None, self.script_move(seat))

    def allows(self, action) -> bool:
        """Whether a person's move may be applied: in round 1 only the script's move."""
        if self.beat() is None:
            return True
        expected = self.script_move(action.seat)
        ok = expected is not None and same_move(action, expected)
        self.refused = None if ok else action
        return ok

    def act(self, action, at_ms=None) -> list:
        events = super().act(action, at_ms)
        self.refused = None
        return events

    def waits_for_reader(self) -> bool:
        """Whether the lesson shows the bot's next move's explanation and waits for "Next"."""
        beat = self.beat()
        return (beat is not None and self.script_move(BOT) is not None
                and self.released != beat)

    def go_on(self) -> None:
        """The learner has read the explanation: the bot makes its scripted move."""
        if self.waits_for_reader():
            self.released = self.beat()

    def waiting_bot(self):
        if self.beat() is None:
            return super().waiting_bot()
        if self.script_move(BOT) is None or self.waits_for_reader():
            return None
        return BOT

    def bot_move(self, seat):
        planned = self.script_move(seat)
        return planned if planned is not None else super().bot_move(seat)

    def bot_thinking(self, seat):
        planned = self.script_move(seat)
        if planned is not None:
            return planned
        return (yield from super().bot_thinking(seat))

    def reacting_bots(self) -> list:
        return [] if self.beat() is not None else super().reacting_bots()

    def bot_reaction(self, seat):
        return None if self.beat() is not None else super().bot_reaction(seat)


# -- the coach's lines -------------------------------------------------------------------

def _known(obs, seat, slot):
    """The card id at a slot of `seat` if the observer knows it, else None."""
    row = obs.hands[seat]
    if slot >= len(row) or row[slot] is None:
        return None
    return row[slot][0]


def _face(words, obs, seat, slot) -> str:
    card = _known(obs, seat, slot)
    return words.card(card) if card is not None else "?"


def script_lines(obs, beat: int, t, words) -> list:
    """The coach's lines at a beat of round 1, from the learner's observation."""
    key = SCRIPT[beat].key
    values = {"bot": words.name(BOT)}
    if obs.drawn is not None:
        values["drawn"] = words.card(obs.drawn)
    if obs.discard:
        values["top"] = words.card(obs.discard[-1])
    if key == "remember":
        values.update(a=_face(words, obs, LEARNER, 0), b=_face(words, obs, LEARNER, 1))
    elif key == "replace":
        values["old"] = _face(words, obs, LEARNER, 1)
    elif key == "peeked":
        values["c"] = _face(words, obs, LEARNER, 2)
    elif key in ("spied", "swap"):
        values["c"] = _face(words, obs, BOT, 1)
    elif key == "swapped":
        values["c"] = _face(words, obs, LEARNER, 3)
    elif key == "cabo":
        cards = [_known(obs, LEARNER, i) for i in range(len(obs.hands[LEARNER]))]
        known = [c for c in cards if c is not None]
        values["cards"] = " + ".join(words.card(c) for c in known)
        values["sum"] = sum(words.values[c] for c in known)
    if key == "reveal":
        return reveal_lines(obs, t, words) + [t("lc_next", **values)]
    lines = [t("lc_" + key, **values)]
    if key in ("replaced", "peeked", "spied", "swapped"):
        lines.append(t("lc_bot_turn", **values))
    if SCRIPT[beat].seat == BOT:
        lines.append(t("lc_tap_next"))
    return lines


def reveal_lines(obs, t, words) -> list:
    """Why each player scored what, from the round's result (the real scoring)."""
    if not obs.history:
        return []
    last = obs.history[-1]
    lines = []
    for s in last["seats"]:
        hand = " + ".join(words.card(c) for c in last["hands"][s]) or "0"
        why = words.notes(last["notes"][s], obs.rules, last["hands"][s])
        lines.append(t("lc_scored", name=words.name(s), cards=hand, sum=last["sums"][s],
                       points=last["points"][s], why=why))
    if last["caller"] is not None:
        lines.append(t("lc_caller_rule", n=obs.rules.caller_penalty))
    return lines


def free_lines(obs, legal, t, words) -> list:
    """The coach's lines in round 2 (real play): what the phase asks of the learner."""
    phase, me = obs.phase, obs.seat
    if phase in OVER_PHASES:
        return reveal_lines(obs, t, words) + [t("lc2_end")]
    if phase == "peek":
        return [t("lc2_peek")] if not obs.peeked[me] else [t("lc2_wait", bot=words.name(BOT))]
    if obs.current != me or phase == "final":
        lines = [t("lc2_wait", bot=words.name(BOT))]
        if any(isinstance(a, Match) for a in legal):
            lines.append(t("lc2_match"))
        return lines
    if phase == "turn":
        lines = [t("lc2_turn")]
        if any(isinstance(a, Match) for a in legal):
            lines.append(t("lc2_match"))
        if any(isinstance(a, CallCabo) for a in legal):
            lines.append(t("lc2_cabo"))
        return lines
    if phase == "power" and obs.power:
        return [t("lc2_power_" + obs.power)]
    if phase == "drawn" and not any(isinstance(a, Discard) for a in legal):
        return [t("lc2_drawn_taken")]  # (the discard taken must replace a card)
    return [t("lc2_" + phase)] if t.has("lc2_" + phase) else []


def coach(session, t, names=None) -> dict:
    """The coach box for the learner's screen: its lines, a gentle line after a move off the
    script, and whether the lesson's rounds are over (then it offers the presets' lines)."""
    names = names or [s.name for s in session.seats]
    obs = session.observation(LEARNER)
    words = Words(t, names, LEARNER, obs.rules, obs.n)
    beat = beat_of(session.state)
    if beat is not None:
        lines = script_lines(obs, beat, t, words)
        step = t("lc_step", n=beat + 1, of=len(SCRIPT))
    else:
        lines = free_lines(obs, session.legal(LEARNER), t, words)
        step = t("lc_step_free")
    wrong = None
    if session.refused is not None and beat is not None:
        wrong = t("lc_wrong")
    done = beat is None and obs.round_no >= 2 and obs.phase in OVER_PHASES
    go_on = session.waits_for_reader()
    return {"title": t("lc_title"), "step": step, "lines": lines, "wrong": wrong, "done": done,
            "next": t("lc_go_on") if go_on else None}


PRESET_ORDER = ("official", "party", "standard52", "hut", "single")
PRESET_LINES = 4


def preset_lines(t) -> list:
    """Per preset (docs/RULES.md), a few lines on what differs: [{id, name, lines}]."""
    return [{"id": p, "name": t("preset_" + p),
             "lines": [t(f"lp_{p}_{i}") for i in range(1, PRESET_LINES + 1)
                       if t.has(f"lp_{p}_{i}")]}
            for p in PRESET_ORDER]


# -- the lesson's save (localStorage "cabo.lesson", apart from the saved real game) ---------

def stored_text(session, active: bool, end: bool) -> str:
    """The lesson as saved: the game, whether the person is in it, whether the presets'
    lines are on screen."""
    return json.dumps({"v": STORED_VERSION, "active": bool(active), "end": bool(end),
                       "game": session.to_json()}, separators=(",", ":"))


def read_stored(text):
    """(session, active, end) of a saved lesson, or None if there is none or it is not
    readable (a damaged lesson simply starts again: it holds nothing of value)."""
    if not isinstance(text, str) or len(text) > MAX_SAVE_CHARS + 200:
        return None
    try:
        d = json.loads(text)
    except ValueError:
        return None
    if (not isinstance(d, dict) or d.get("v") != STORED_VERSION
            or type(d.get("active")) is not bool or type(d.get("end")) is not bool
            or not isinstance(d.get("game"), str)):
        return None
    try:
        session = LessonSession.from_json(d["game"])
    except SaveError:
        return None
    if session.state.rules != RULES or [s.bot for s in session.seats] != [None, "easy"]:
        return None
    return session, d["active"], d["end"]
