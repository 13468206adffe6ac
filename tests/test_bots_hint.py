"""The hint is a coach: never worse than the medium bot's move, and it says why."""

from __future__ import annotations

import random

from cabo import PRESETS, apply, legal_actions, new_game, observe, to_move
from cabo.game.actions import DrawDeck, InitialPeek, Replace
from cabo.bots import make_bot
from cabo.bots.hard import HardBot
from cabo.bots.hint import CODES, suggest
from cabo.bots.knowledge import from_obs
from cabo.bots.policy import MEDIUM, rank
from cabo.i18n import Texts


def _place(state, where, value):
    """Swap a card of `value` from the deck into `where` (a (seat, slot) or "top")."""
    deck = state.deck
    k = next(k for k, c in enumerate(deck[:-1]) if state.values[c] == value)
    if where == "top":
        deck[k], deck[-1] = deck[-1], deck[k]
    else:
        seat, slot = where
        deck[k], state.hands[seat][slot] = state.hands[seat][slot], deck[k]


def _drew_nine_with_four_and_thirteen(seed):
    """The issue's case: official, the person looked at a 4 and a 13 and drew a 9."""
    state = new_game(PRESETS["official"], 2, seed)
    seat = state.current
    _place(state, (seat, 0), 4)
    _place(state, (seat, 1), 13)
    for s in (seat, 1 - seat):
        apply(state, InitialPeek(s, (0, 1)))
    _place(state, "top", 9)
    apply(state, DrawDeck(seat))
    assert state.values[state.drawn] == 9
    return state, seat


def test_the_hint_replaces_the_known_13_by_a_drawn_9():
    for seed in range(12):
        state, seat = _drew_nine_with_four_and_thirteen(seed)
        action, code = suggest(observe(state, seat), legal_actions(state, seat), seed=seed)
        assert action == Replace(seat, (1,)) and code == "replace_known", seed


def _positions(count, seed=3):
    """Decisions of a person (seat 0) in medium self-play, official, 2 players."""
    rng = random.Random(seed)
    out = []
    game = 0
    while len(out) < count:
        state = new_game(PRESETS["official"], 2, seed * 100 + game)
        game += 1
        bots = [make_bot("medium", 1), make_bot("medium", 2)]
        while state.phase not in ("round_over", "game_over") and len(out) < count:
            seat = to_move(state)[0]
            legal = legal_actions(state, seat)
            if seat == 0 and rng.random() < 0.3:
                out.append((state.clone(), legal))
            apply(state, bots[seat].choose(observe(state, seat), legal))
    return out


def test_the_hint_is_medium_s_move_when_that_is_clearly_best():
    """Where medium's best move leads the next by more than the search gap, the hint is it."""
    gap = HardBot(0).gap
    clear = 0
    for k, (state, legal) in enumerate(_positions(40)):
        obs = observe(state, 0)
        ranked = rank(from_obs(obs), legal, MEDIUM)
        if len(ranked) > 1 and ranked[0][0] - ranked[1][0] > gap:
            clear += 1
            assert suggest(obs, legal, seed=k, simulations=8)[0] == ranked[0][1]
    assert clear >= 5


def test_every_hint_code_has_a_line_in_both_languages():
    for lang in ("de", "en"):
        t = Texts(lang)
        for code in CODES:
            line = t("hint_" + code)
            assert line and "\n" not in line and line != "hint_" + code
