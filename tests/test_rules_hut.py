"""Scenario tests of the `hut` preset, from seeds/003_ca1e675471056ca1.txt (stacked deals)."""

from __future__ import annotations

import pytest

from cabo import IllegalAction, apply, legal_actions, new_game, preset
from cabo.game.actions import (
    CallCabo, Discard, DrawDeck, EndTurn, Match, NextRound, Ready, Replace, SkipPower, Swap,
    TakeDiscard)

from stacking import faces, kinds, peek_all, plain_turn as _plain_turn, play, stacked

RULES = preset("hut")




def plain_turn(state):
    """Draw, discard, skip any power, and end the turn without Cabo (if still asked)."""
    return _plain_turn(state, end_turn=True)


def cabo_round(hands, caller=0, totals=None):
    """`caller` plays a turn and calls Cabo at its end; the others play one last turn."""
    state = stacked(RULES, len(hands), hands, deck=["2♣", "3♣", "4♣", "5♣", "6♣"],
                    discard=["A♣"], first=caller, totals=totals)
    events = play(state, DrawDeck(caller), Discard(caller), CallCabo(caller))
    while state.phase == "turn":
        events += plain_turn(state)
    assert state.phase == "final"
    for seat in state.seats:
        events += play(state, Ready(seat))
    return state, next(e.view_all() for e in events if e.kind == "round_end")


def test_black_kings_are_worth_0():
    """003: "Einzige Ausnahme sind die beiden schwarzen Könige, die mit null Punkten die
    wertvollsten Karten im Spiel sind." """
    state, result = cabo_round([["K♠", "A♠", "K♣", "2♠"], ["K♥", "3♠", "K♦", "4♠"]])
    assert result["sums"] == [3, 33]


def test_no_start_discard_first_player_must_draw_from_the_deck():
    """003: "Die restlichen Karten werden als Nachzugstapel in die Tischmitte gelegt." and "Die
    ersetzte Karte kommt offen auf einen Ablagestapel ... Ab jetzt kann jeder Spieler zwischen der
    offenen oder einer verdeckten Karte vom Nachzugstapel wählen." """
    state = new_game(RULES, 3, 4)
    assert state.discard == [] and len(state.deck) == 52 - 12
    assert state.match_target is None
    peek_all(state)
    first = state.current
    assert legal_actions(state, first) == [DrawDeck(first)]
    with pytest.raises(IllegalAction, match="discard pile is empty"):
        apply(state, TakeDiscard(first))
    play(state, DrawDeck(first), Discard(first))
    if state.phase == "power":
        play(state, SkipPower(first))
    play(state, EndTurn(first))
    assert TakeDiscard(state.current) in legal_actions(state, state.current)


def test_only_the_jack_swaps():
    """003: "Bube – Eine eigene Karte darf mit einer Karte eines Mitspielers getauscht werden."
    (the queen has no power in this text)"""
    hands = [["2♠", "7♠", "3♠", "4♠"], ["5♠", "6♠", "A♠", "2♥"]]
    state = stacked(RULES, 2, hands, deck=["Q♠"], discard=["5♥"])
    play(state, DrawDeck(0), Discard(0))
    assert state.phase == "after_turn" and state.power is None
    state = stacked(RULES, 2, hands, deck=["J♠"], discard=["5♥"])
    play(state, DrawDeck(0), Discard(0))
    assert state.phase == "power" and state.power == "swap"
    assert Swap(0, 0, 1, 3) in legal_actions(state, 0)


def test_power_only_when_drawn_from_the_deck_and_discarded():
    """003: "Die Sonderfähigkeit kann nur genutzt werden wenn die Karte vom Nachzugstapel gezogen
    und nach dem Anschauen direkt abgelegt wird." """
    state = stacked(RULES, 2, [["9♠", "2♠", "3♠", "4♠"], ["5♠", "6♠", "A♠", "2♥"]],
                    deck=["3♥"], discard=["5♥"])
    play(state, DrawDeck(0), Replace(0, (0,)))
    assert state.phase == "after_turn" and state.power is None


def test_wrong_match_card_stays_on_the_pile_and_two_penalty_cards():
    """003: "Macht er allerdings einen Fehler, bleibt die abgelegte Karte auf dem Stapel liegen und
    der Spieler erhält 2 neue, verdeckte Karten ohne sie an zu schauen." """
    state = stacked(RULES, 2, [["2♠", "7♠", "3♠", "4♠"], ["5♠", "6♠", "A♠", "2♥"]],
                    deck=["A♥", "3♥", "4♥"], discard=["5♥"])
    six = state.hands[1][1]
    first, second = state.deck[-1], state.deck[-2]
    events = play(state, Match(1, 1, 1))
    assert kinds(events) == ["match", "penalty", "penalty"]
    assert state.discard[-1] == six
    assert state.hands[1] == [state.hands[1][0], None, state.hands[1][2], state.hands[1][3],
                              first, second]
    assert state.known[1] == [0b10, 0, 0, 0, 0, 0]  # seat 1 had peeked slots 0 and 1


def test_correct_match_leaves_one_card_fewer():
    """003: "Die abgeworfene Karte wird nicht ersetzt und der Spieler spielt ab sofort mit einer
    Karte weniger." """
    state = stacked(RULES, 2, [["2♠", "7♠", "3♠", "4♠"], ["5♠", "6♠", "A♠", "2♥"]],
                    deck=["A♥"], discard=["5♥"])
    play(state, Match(1, 1, 0))
    assert faces(state, state.hands[1]) == [None, "6♠", "A♠", "2♥"]
    assert len(state.hands[1]) == 4


def test_cabo_only_at_the_end_of_the_own_turn():
    """003: "Glaubt ein Spieler den geringsten Wert vor sich zu liegen haben, ruft er am Ende
    seines Zuges Cabo/Cobo/Golf aus. Jeder andere Spieler erhält noch einen letzten Zug" """
    state = stacked(RULES, 2, [["2♠", "7♠", "3♠", "4♠"], ["5♠", "6♠", "A♠", "2♥"]],
                    deck=["A♥", "3♥"], discard=["5♥"])
    assert CallCabo(0) not in legal_actions(state, 0)
    with pytest.raises(IllegalAction, match="end of a turn"):
        apply(state, CallCabo(0))
    play(state, DrawDeck(0), Discard(0))
    assert state.phase == "after_turn"
    assert [a for a in legal_actions(state, 0) if not isinstance(a, Match)] == [
        CallCabo(0), EndTurn(0)]
    play(state, CallCabo(0))
    assert state.caller == 0 and state.current == 1 and state.phase == "turn"


def test_caller_strictly_lowest_scores_sum_minus_20():
    """003: "Lag die Person, welche das Rundenende angesagt hat richtig, erhält sie -20 Punkte,
    plus den Kartenwert der vor ihr ausliegt (z.B. -20 + 4 = -16)." """
    state, result = cabo_round([["K♠", "A♠", "K♣", "3♠"], ["K♥", "3♥", "K♦", "4♠"]])
    assert result["sums"] == [4, 33]
    assert result["points"] == [-16, 33]
    assert state.totals == [-16, 33]


def test_caller_not_lowest_plus_20_and_everyone_at_most_the_caller_scores_0():
    """003: "Lag sie falsch und ein anderer Spieler ist gleich gut oder sogar besser erhält sie +20
    plus den Kartenwert ... Der/Die anderen Spieler welche mindestens gleich gezogen haben erhalten
    zur Belohnung 0 Punkte. Alle anderen Spieler erhalten die Werte ihrer Karten." """
    state, result = cabo_round([["A♠", "2♠", "3♠", "4♠"], ["4♥", "3♥", "2♥", "A♥"],
                                ["A♦", "2♦", "K♠", "3♦"], ["9♠", "9♥", "8♠", "8♥"]])
    assert result["sums"] == [10, 10, 6, 34]
    assert result["points"] == [30, 0, 0, 34]
    assert result["winners"] == [1, 2]


def test_the_first_player_rotates_clockwise():
    """003 / RULES.md: the deal rotates clockwise, left of the dealer starts."""
    state, _ = cabo_round([["A♠", "2♠", "3♠", "4♠"], ["4♥", "3♥", "2♥", "A♥"],
                           ["A♦", "2♦", "K♠", "3♦"]], caller=1)
    assert state.dealer == 0
    play(state, NextRound(0))
    assert (state.dealer, state.first) == (1, 2)


def test_reaching_the_target_of_100_ends_the_game():
    """RULES.md: hut plays to a target of 100 (option); the lowest total wins."""
    state, _ = cabo_round([["A♠", "2♠", "3♠", "4♠"], ["9♥", "9♦", "8♠", "8♥"]],
                          totals=[10, 66])
    assert state.totals == [0, 100]
    assert state.game_over and state.winners == (0,)


def test_automatic_cabo_when_the_last_card_is_thrown():
    """RULES.md: hut — a player left without cards calls Cabo automatically (also off-turn,
    although hut's callers otherwise call at the end of their own turn)."""
    state = stacked(RULES, 3, [["2♠", "7♠", "3♠", "4♠"], ["5♠", None, None, None],
                               ["8♠", "9♠", "A♥", "3♥"]], deck=["A♦", "2♦", "3♦"],
                    discard=["5♥"])
    events = play(state, Match(1, 1, 0))
    assert kinds(events) == ["match", "cabo"] and state.caller == 1
    assert state.final_left == 0b101 and state.current == 0
    plain_turn(state)
    assert state.current == 2
    plain_turn(state)
    assert state.phase == "final"


def test_two_penalty_cards_that_empty_the_deck_leave_the_next_player_a_deck_to_draw_from():
    """RULES.md: "Deck empty: shuffle the discard pile, keeping its top card" — also when the
    two penalty cards of a wrong match (003: "erhält 2 neue, verdeckte Karten") take the deck's
    last cards before the player on turn draws; before, that player could only take the discard."""
    state = stacked(RULES, 2, [["2♠", "7♠", "3♠", "4♠"], ["5♠", "6♠", "A♠", "2♥"]],
                    deck=["2♦", "5♦"], discard=["9♥"], rest="discard")
    six = state.hands[1][1]
    events = play(state, Match(1, 1, 1))
    assert kinds(events) == ["match", "penalty", "penalty", "reshuffle"]
    assert faces(state, state.hands[1][4:]) == ["2♦", "5♦"]
    assert state.discard == [six]  # the wrong card stays on top of the pile
    assert len(state.deck) == 52 - 4 - 3 - 2 - 1
    assert [a for a in legal_actions(state, 0) if not isinstance(a, Match)] == [
        DrawDeck(0), TakeDiscard(0)]
