"""The hint drives the table: the move it suggests is the primary button and the glow.

Over seeded games of every preset, at each decision of the person (seat 0): the cheap hint
the table follows (`Table.suggestion`) is the one primary button (a move without cards), or
its cards glow and, once selected, its button is the one primary; the deck glows exactly when
it suggests drawing, the discard exactly when it suggests taking it. Once the person asks for
the searched hint, the primary button is the searched hint's move, and pressing it plays it.
"""

from __future__ import annotations

import pytest

from cabo.game.actions import DrawDeck, TakeDiscard
from cabo.bots.hint import explain, suggest
from cabo.i18n import Texts
from cabo.game.rules import PRESETS
from cabo.play.session import Seat, Session
from cabo.ui import choices
from cabo.ui.table import Table

from tables import person_decisions

T = Texts("en")


def _primary(table) -> list:
    return [(b["key"], dict(table.buttons())[b["key"]])
            for b in table.view()["buttons"] if b["primary"]]


def _glowing(view) -> set:
    return {(s["owner"], s["slot"]) for p in view["players"] for s in p["slots"]
            if s.get("suggested")}


def _select(table, cards) -> None:
    table.selection = ()
    seat = table.screen_seat()
    for card in sorted(cards, key=lambda c: c[0] != seat):  # own card first, as people do
        table.click_card(*card)
    assert set(table.selection) == set(cards)


def _decisions(preset, seed, limit=40):
    """Tables at the person's decisions in a game against two bots (the person follows the
    table's suggestion)."""
    s = Session(PRESETS[preset], [Seat("Me"), Seat("Ada", "medium"), Seat("Bo", "easy")], seed)
    table = Table(s, T, "instant")
    for _ in person_decisions(table):
        if limit == 0:
            return
        suggested = table.suggestion()
        if suggested is None:
            return
        step = table.step()
        yield table, suggested
        limit -= 1
        table.selection = ()
        if table.step() == step:  # (the test may have played a move itself)
            table.act(suggested)


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_the_primary_button_and_the_glow_are_the_hint_s_move(preset):
    checked = with_cards = 0
    for seed in (1, 2, 3):
        for table, suggested in _decisions(preset, seed):
            view = table.view()
            cards = choices.cards_of(suggested)
            assert view["deck"]["suggested"] == isinstance(suggested, DrawDeck)
            assert view["discard"]["suggested"] == isinstance(suggested, TakeDiscard)
            if cards:
                with_cards += 1
                assert _glowing(view) == set(cards)
                primary = _primary(table)
                if not primary:  # (a fixed initial peek is a button of its own)
                    _select(table, cards)
                else:  # nothing else is primary before the cards are selected
                    assert choices.same_move(primary[0][1], suggested)
            else:
                assert _glowing(view) == set()
            primary = _primary(table)
            assert len(primary) == 1, (preset, seed, suggested, primary)
            assert choices.same_move(primary[0][1], suggested)
            checked += 1
    assert checked >= 30 and with_cards >= 5


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_after_asking_for_the_hint_its_move_is_the_primary_button(preset):
    asked = 0
    for seed in (7, 8):
        for k, (table, _) in enumerate(_decisions(preset, seed, limit=12)):
            if k % 3 == 2:
                asked += _ask_and_press(table, preset)
    assert asked >= 4


def _ask_and_press(table, preset) -> int:
    """Ask for the searched hint; its move is the one primary button, which plays it."""
    obs = table.session.observation(0)
    hinted, code = suggest(obs, table.session.legal(0), obs.step)
    table.show_hint()
    assert table.hint.startswith("Hint: ") and "{" not in table.hint
    assert explain(obs, hinted) == code
    primary = _primary(table)
    assert len(primary) == 1 and choices.same_move(primary[0][1], hinted), (preset, hinted)
    before = len(table.session.log_for(None))
    table.press(primary[0][0])
    assert len(table.session.log_for(None)) > before  # the button played the move
    return 1
