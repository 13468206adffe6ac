"""The stacked-deal helper itself: faces, places and card conservation."""

from __future__ import annotations

import pytest

from cabo import legal_actions, preset
from cabo.game.actions import InitialPeek

from stacking import faces, parse_face, peek_all, row, stacked


def test_parse_face():
    assert parse_face(7) == (7, None)
    assert parse_face("K♥") == (13, "H")
    assert parse_face("10♣") == (10, "C")
    assert parse_face("A") == (1, None)
    assert parse_face("Joker") == (0, "*")


def test_cabo_deck_places_every_card_once():
    state = stacked(preset("official"), 3, [[0, 13, None, 5], [12, 12]], deck=[7, 8],
                    discard=[1, 2])
    assert row(state, 0) == [0, 13, None, 5]
    assert row(state, 1) == [12, 12]
    assert len(state.hands[2]) == 4
    assert [state.values[c] for c in state.deck[-2:]] == [8, 7]  # 7 on top
    assert [state.values[c] for c in state.discard] == [1, 2]
    assert state.match_target == state.discard[-1]
    assert sorted(state.deck + state.discard + [c for h in state.hands for c in h
                                                  if c is not None]) == list(range(52))
    assert state.known[0] == [0b001, 0b001, 0, 0] and state.phase == "turn"


def test_standard_deck_labels_and_rest_on_the_discard_pile():
    state = stacked(preset("single"), 2, [["K♦", "Joker", "7", "A♠"]], deck=["Q♥"],
                    discard=["5♣"], rest="discard")
    assert faces(state, state.hands[0]) == ["K♦", "Joker", "7♠", "A♠"]
    assert faces(state, state.deck) == ["Q♥"]
    assert faces(state, state.discard[-1:]) == ["5♣"]
    assert len(state.discard) == 54 - 8 - 1


def test_faces_run_out():
    with pytest.raises(ValueError, match="no free card"):
        stacked(preset("official"), 2, [[0, 0, 0, 1]])
    with pytest.raises(ValueError, match="no free card"):
        stacked(preset("standard52"), 2, [["K♥", "K♥"]])


def test_unpeeked_game_waits_for_the_peeks():
    state = stacked(preset("standard52"), 2, [["K♥", "2", "3", "4"]], peeked=False)
    assert state.phase == "peek"
    assert legal_actions(state, 0) == [InitialPeek(0, (0, 3))]
    peek_all(state)
    assert state.phase == "turn" and state.known[0] == [1, 0, 0, 1]
