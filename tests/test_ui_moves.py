"""Which button is highlighted: the move the selected cards point to, never a skip or a
discard once cards are selected, and never a risky move (a match or pair discard)."""

from __future__ import annotations

from cabo.game.actions import Discard, Match, PairDiscard, Replace, SkipPower, Spy, Swap
from cabo.i18n import Texts
from cabo.ui import choices
from cabo.web import render

T = Texts("en")


def arranged(legal, selection):
    plain = choices.plain_actions(legal)
    selected = choices.selected_actions(legal, selection, 0)
    return [(k, primary, risky) for k, _, primary, risky in choices.arrange(plain, selected,
                                                                            selection)]


def test_a_selected_swap_is_primary_and_skip_is_not():
    legal = [SkipPower(0), Swap(0, 0, 1, 2), Swap(0, 1, 1, 2)]
    assert arranged(legal, ()) == [("skip", True, False)]
    assert arranged(legal, ((0, 0),)) == [("skip", False, False)]
    assert arranged(legal, ((0, 0), (1, 2))) == [("swap", True, False), ("skip", False, False)]


def test_a_match_is_never_primary_and_stands_apart():
    legal = [Discard(0), Replace(0, (1,)), Match(0, 0, 1), Spy(0, 1, 0), Match(0, 1, 0)]
    assert arranged(legal, ((0, 1),)) == [("replace", True, False), ("discard", False, False),
                                          ("match", False, True)]
    assert arranged(legal, ((1, 0),)) == [("spy", True, False), ("discard", False, False),
                                          ("match", False, True)]
    # a card that only a match may take: no highlighted button at all
    assert arranged(legal + [Match(0, 1, 3)], ((1, 3),)) == [("discard", False, False),
                                                            ("match", False, True)]
    pairs = [PairDiscard(0, ((0, 0), (1, 0))), Swap(0, 0, 1, 0), SkipPower(0)]
    assert arranged(pairs, ((0, 0), (1, 0))) == [("swap", True, False), ("skip", False, False),
                                                 ("pair", False, True)]


def test_risky_moves_are_drawn_in_a_group_of_their_own():
    buttons = [{"key": "replace", "label": "Replace", "primary": True, "risky": False},
               {"key": "match", "label": "Match", "primary": False, "risky": True}]
    html = render._buttons(buttons, T)
    safe, risky = html.split('<div class="risky-moves"')
    assert 'class="btn primary"' in safe and "Match" not in safe
    assert 'class="btn risky"' in risky and "Risky:" in risky
