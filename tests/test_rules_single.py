"""Scenario tests of the `single` preset, from seeds/004_2bc925c5c664a41c.txt (stacked deals)."""

from __future__ import annotations

import pytest

from cabo import IllegalAction, apply, legal_actions, new_game, preset
from cabo.game.actions import (
    CallCabo, Discard, DrawDeck, KingSpy, KingSwap, Replace, SkipPower, Spy, Swap)

from stacking import kinds, plain_turn, play, stacked

RULES = preset("single")
HANDS = [["2♠", "7♠", "3♠", "4♠"], ["5♠", "6♠", "A♠", "2♥"], ["8♠", "9♠", "A♥", "3♥"]]




def cabo_round(hands, caller=0, rules=RULES):
    state = stacked(rules, len(hands), hands, deck=["2♣", "3♣", "4♣", "5♣", "6♣"],
                    discard=["A♣"], first=caller)
    events = play(state, CallCabo(caller))
    while state.phase == "turn":
        events += plain_turn(state)
    return state, next(e.view_all() for e in events if e.kind == "round_end")


def test_two_jokers_worth_0_without_power():
    """004: "Joker 0" in the card values; the actions are listed for 7 - K only."""
    state = new_game(RULES, 2, 1)
    jokers = [c for c, card in enumerate(state.cards) if card.label() == "Joker"]
    assert len(state.cards) == 54 and len(jokers) == 2
    assert [state.values[c] for c in jokers] == [0, 0]
    assert [state.powers[c] for c in jokers] == [None, None]
    state = stacked(RULES, 2, HANDS[:2], deck=["Joker"], discard=["5♥"])
    play(state, DrawDeck(0), Discard(0))
    assert state.phase == "turn" and state.current == 1
    state, result = cabo_round([["Joker", "A♦", "Joker", "2♦"], HANDS[1]])
    assert result["sums"] == [3, 14]


def test_king_spies_then_may_swap_the_spied_card():
    """004: "K: Player views an opponent's card and can also optionally choose to swap the viewed
    card with a card in the player's own playing field" """
    state = stacked(RULES, 2, HANDS[:2], deck=["K♠"], discard=["5♥"])
    play(state, DrawDeck(0), Discard(0))
    assert state.phase == "power" and state.power == "king"
    assert legal_actions(state, 0) == [KingSpy(0, 1, i) for i in range(4)] + [SkipPower(0)]
    spied, mine = state.hands[1][2], state.hands[0][3]
    events = play(state, KingSpy(0, 1, 2))
    assert events[0].view(0)["card"] == spied and "card" not in events[0].view(1)
    assert state.phase == "king" and state.king_target == (1, 2)
    assert state.known[1][2] == 0b01
    assert legal_actions(state, 0) == [KingSwap(0, i) for i in range(4)] + [SkipPower(0)]
    play(state, KingSwap(0, 3))
    assert state.hands[0][3] == spied and state.hands[1][2] == mine
    assert state.known[0][3] == 0b01 and state.known[1][2] == 0
    assert state.current == 1 and state.phase == "turn"


def test_king_swap_is_optional():
    """004: "can also optionally choose to swap" """
    state = stacked(RULES, 2, HANDS[:2], deck=["K♥"], discard=["5♥"])
    before = [h[:] for h in state.hands]
    play(state, DrawDeck(0), Discard(0), KingSpy(0, 1, 0), SkipPower(0))
    assert state.hands == before and state.known[1][0] == 0b11
    assert state.current == 1


def test_one_eyed_king_only_the_king_of_diamonds_has_the_power():
    """004: "If playing with the One Eyed King rule, only the King of Diamonds will have the
    ability to view opponent's cards and swap." """
    rules = preset("single", one_eyed_king=True)
    for label, power in (("K♠", None), ("K♥", None), ("K♣", None), ("K♦", "king")):
        state = stacked(rules, 2, HANDS[:2], deck=[label], discard=["5♥"])
        play(state, DrawDeck(0), Discard(0))
        assert state.power == power, label


def test_jack_and_queen_swap_with_the_caller_by_default():
    """004: "J & Q: Player swaps one of their own cards with an opponent's card" """
    state = stacked(RULES, 3, HANDS, deck=["Q♠"], discard=["5♥"])
    play(state, CallCabo(0), DrawDeck(1), Discard(1))
    assert Swap(1, 0, 0, 0) in legal_actions(state, 1)


def test_protect_caller_option():
    """RULES.md: swaps may target the Cabo caller (single: option `protect_caller`)."""
    rules = preset("single", protect_caller=True)
    state = stacked(rules, 3, HANDS, deck=["Q♠", "K♠"], discard=["5♥"])
    play(state, CallCabo(0), DrawDeck(1), Discard(1))
    swaps = [a for a in legal_actions(state, 1) if isinstance(a, Swap)]
    assert swaps and all(a.target == 2 for a in swaps)
    with pytest.raises(IllegalAction):
        apply(state, Swap(1, 0, 0, 0))
    play(state, SkipPower(1), DrawDeck(2), Discard(2), KingSpy(2, 0, 1))
    assert legal_actions(state, 2) == [SkipPower(2)]  # spying the caller is fine, no swap
    with pytest.raises(IllegalAction):
        apply(state, KingSwap(2, 0))


def test_empty_deck_ends_the_round_and_the_game():
    """004: "If there are 0 cards left in the draw pile, the game ends and the total score is
    tallied." """
    state = stacked(RULES, 2, [["A♠", "2♠", "3♠", "4♠"], ["5♠", "6♠", "A♥", "2♥"]],
                    deck=["3♥"], discard=["5♥"], rest="discard")
    events = play(state, DrawDeck(0), Discard(0))
    assert kinds(events)[-4:] == ["discard", "deck_empty", "round_end", "game_over"]
    result = events[-2].view_all()
    assert result["caller"] is None and result["sums"] == [10, 14]
    assert result["winners"] == [0]
    assert state.game_over and state.winners == (0,)


def test_wrong_multi_replace_is_not_revealed():
    """004: "If the player is guesses incorrectly, no cards will be discarded and the replacement
    card will be added to their playing field on the furthest right position." """
    state = stacked(RULES, 2, HANDS[:2], deck=["6♥"], discard=["5♥"])
    before = state.hands[0][:]
    drawn = state.deck[-1]
    events = play(state, DrawDeck(0), Replace(0, (0, 1, 3)))
    assert state.hands[0] == before + [drawn]
    assert state.known[0] == [0b01, 0b01, 0, 0, 0b01]
    replace = events[1].view(1)
    assert replace["ok"] is False and replace["revealed"] is None and "card" not in replace


def test_multi_replace_of_equal_cards():
    """004: "In order to replace multiple cards, the selected cards must be the same value (e.g.
    two Qs, three 5s)." """
    state = stacked(RULES, 2, [["5♣", "7♠", "5♥", "4♠"], HANDS[1]], deck=["6♥"],
                    discard=["5♦"])
    play(state, DrawDeck(0), Replace(0, (0, 2)))
    assert [state.cards[c].label() if c is not None else None for c in state.hands[0]] == [
        "6♥", "7♠", None, "4♠"]


def test_lowest_sum_wins():
    """004: "The player with the least point value wins." """
    state, result = cabo_round(HANDS, caller=1)
    assert result["sums"] == [16, 14, 21]
    assert result["winners"] == [1] and result["draw"] is False
    assert state.game_over and state.winners == (1,)


def test_caller_tied_the_other_player_wins():
    """004: "If a player calling Cabo ties, the other player wins." """
    state, result = cabo_round([["A♠", "2♠", "3♠", "4♠"], ["4♥", "3♥", "2♥", "A♥"]], caller=0)
    assert result["sums"] == [10, 10]
    assert state.winners == (1,) and result["draw"] is False


def test_tie_between_non_callers_is_a_draw():
    """004: "If 2 players do not call Cabo and have equal points, they are considered tied." """
    state, result = cabo_round([["9♠", "9♥", "3♠", "4♠"], ["4♥", "3♥", "2♥", "A♥"],
                                ["A♦", "2♦", "3♦", "4♦"]], caller=0)
    assert state.winners == (1, 2) and result["draw"] is True


def test_most_points_win_option():
    """004: "If playing with Most Points Win option, the player with the most points wins." """
    state, result = cabo_round(HANDS, caller=1, rules=preset("single", most_points_win=True))
    assert state.winners == (2,)


def test_spy_with_9_and_10():
    """004: "9 & 10: Player selects one of their opponent's cards to view" """
    state = stacked(RULES, 2, HANDS[:2], deck=["10♥"], discard=["5♥"])
    play(state, DrawDeck(0), Discard(0), Spy(0, 1, 3))
    assert state.known[1][3] == 0b01
