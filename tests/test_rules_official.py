"""Scenario tests of the `official` preset, from seeds/000_09e7eab348b9d23c.txt (stacked deals)."""

from __future__ import annotations

import pytest

from cabo import IllegalAction, apply, legal_actions, preset
from cabo.game.actions import (
    CallCabo, Discard, DrawDeck, NextRound, Replace, Several, SkipPower, Spy, TakeDiscard,
    permits)

from stacking import kinds, plain_turn, play, round_end, row, stacked

RULES = preset("official")


def quiet_turn(seat):
    """Draw from the deck and discard (the stacked deck cards have no power)."""
    return (DrawDeck(seat), Discard(seat))






def cabo_round(hands, caller, totals=None, first=None):
    """Seats before `caller` draw and discard; `caller` calls Cabo; the others play their last
    turn (the deck holds 6s and 10s; hands must not use them)."""
    n = len(hands)
    first = caller if first is None else first
    state = stacked(RULES, n, hands, deck=[6, 6, 6, 10, 10, 10, 10], discard=[4],
                    first=first, totals=totals)
    while state.current != caller:
        plain_turn(state)
    events = play(state, CallCabo(caller))
    while state.phase == "turn":
        events += plain_turn(state)
    return state, events


def test_kamikaze_two_12_and_both_13_score_0_and_others_50():
    """000: "Beendet man eine Runde mit zwei 12 und beiden 13 erhält man 0 Punkte und alle
    anderen Spieler erhalten +50 Punkte." """
    state, events = cabo_round([[1, 2, 0, 3], [12, 13, 12, 13], [0, 1, 1, 2]], caller=0)
    result = round_end(events)
    assert result["sums"] == [6, 50, 4]
    assert result["points"] == [50, 0, 50]
    assert result["winners"] == [1]
    assert state.totals == [50, 0, 50]
    assert "kamikaze" in result["notes"][1]


def test_tie_with_caller_only_caller_scores_0():
    """000: "Bei Gleichstand gewinnt der Cabo-Ansager und er erhält 0 Punkte." """
    state, events = cabo_round([[1, 2, 3, 4], [5, 5, 0, 0], [9, 9, 9, 9]], caller=0)
    result = round_end(events)
    assert result["sums"] == [10, 10, 36]
    assert result["points"] == [0, 10, 36]
    assert result["winners"] == [0]


def test_tie_without_caller_all_tied_score_0():
    """000: "Ist der Cabo-Ansager nicht am Gleichstand beteiligt, erhalten alle Spieler mit der
    kleinsten Summe 0 Punkte." (and the caller, not lowest, gets +5)"""
    state, events = cabo_round([[5, 5, 5, 5], [1, 2, 3, 4], [4, 3, 2, 1]], caller=0)
    result = round_end(events)
    assert result["points"] == [25, 0, 0]
    assert result["winners"] == [1, 2]


def test_caller_not_lowest_gets_plus_5():
    """000: "Hat man Cabo angesagt, aber nicht die kleinste Summe, erhält man +5 Punkte." """
    state, events = cabo_round([[3, 3, 3, 3], [2, 2, 2, 2]], caller=0)
    result = round_end(events)
    assert result["points"] == [17, 0]
    assert state.totals == [17, 0]
    assert "caller_penalty" in result["notes"][0]


def test_exactly_100_is_cut_to_50():
    """000: "Erreicht ein Spieler ... einen Gesamtpunktestand von 100 Punkten, dann wird dessen
    Gesamtpunktestand auf 50 Punkte reduziert." """
    state, events = cabo_round([[4, 3, 2, 1], [0, 0, 1, 1]], caller=1, totals=[90, 40])
    result = round_end(events)
    assert result["points"] == [10, 0]
    assert state.totals == [50, 40]
    assert "reset_to_half" in result["notes"][0]
    assert state.phase == "round_over" and not state.game_over


def test_total_of_101_ends_the_game_lowest_total_wins():
    """000: "Erreicht ein Spieler 101 Punkte oder mehr, endet das Spiel. Der Spieler mit den
    wenigsten Gesamtpunkten gewinnt." (the round's winner, seat 1, is not the game's winner)"""
    state, events = cabo_round([[3, 3, 0, 0], [1, 1, 1, 2], [2, 2, 2, 1]], caller=1,
                               totals=[95, 40, 30])
    result = round_end(events)
    assert result["points"] == [6, 0, 7]
    assert state.totals == [101, 40, 37]
    assert state.phase == "game_over" and state.game_over
    assert state.winners == (2,)
    assert kinds(events)[-1] == "game_over"


def test_total_of_99_goes_on():
    """000: the game ends at 101 or more; 99 plays another round."""
    state, _ = cabo_round([[1, 1, 2, 2], [0, 0, 1, 1]], caller=1, totals=[93, 40])
    assert state.totals == [99, 40]
    assert state.phase == "round_over"
    assert legal_actions(state, 0) == [NextRound(0)]


def test_multi_replace_of_equal_cards():
    """000: "2, 3 oder 4 Karten mit gleichem Wert kann man durch 1 Karte ... ersetzen. Dazu deckt
    man die gleichen Karten auf und wirft sie dann ab." """
    state = stacked(RULES, 2, [[5, 9, 5, 5], [1, 1, 1, 1]], deck=[2], discard=[6])
    fives = [state.hands[0][i] for i in (0, 2, 3)]
    drawn = state.deck[-1]
    events = play(state, DrawDeck(0), Replace(0, (0, 2, 3)))
    assert state.hands[0] == [drawn, state.hands[0][1], None, None]
    assert row(state, 0) == [2, 9, None, None]
    assert state.known[0] == [0b01, 0b01, 0, 0]  # the drawn card: known to its drawer only
    assert state.discard[-3:] == fives
    replace = next(e.view_all() for e in events if e.kind == "replace")
    assert replace["ok"] is True and replace["discarded"] == fives
    assert state.current == 1 and state.phase == "turn"


def test_multi_replace_of_2_3_or_4_cards_is_one_family_entry():
    """000: "2, 3 oder 4 Karten mit gleichem Wert" — listed as one entry (legal.py) that stands
    for every set of 2 to 4 own slots, right or wrong; 5 slots are refused."""
    state = stacked(RULES, 2, [[5, 9, 5, 5, 4, 3], [1, 1, 1, 1]], deck=[2], discard=[6])
    play(state, DrawDeck(0))
    legal = legal_actions(state, 0)
    assert legal == [Replace(0, (i,)) for i in range(6)] + [
        Several(Replace, 0, tuple(range(6)), 2, 4), Discard(0)]
    for slots in ((0, 2), (0, 2, 3), (0, 1, 2, 3), (1, 4, 5)):
        assert permits(legal, Replace(0, slots))
        apply(state.clone(), Replace(0, slots))
    for slots in ((0, 1, 2, 3, 4), (2, 0), (0, 0), (0, 6)):
        assert not permits(legal, Replace(0, slots))
        with pytest.raises(IllegalAction):
            apply(state, Replace(0, slots))
    with pytest.raises(IllegalAction, match="several actions"):
        apply(state, legal[6])


def test_wrong_multi_replace_reveals_and_keeps_cards_drawn_card_at_right_end():
    """000: "Sind die Karten nicht gleich, muss man die gezogene Karte zusätzlich zu den Karten mit
    dem vermeintlich gleichen Wert behalten." (RULES.md: revealed, new slot at the right end)"""
    state = stacked(RULES, 2, [[5, 6, None, 3], [1, 1, 1, 1]], deck=[2], discard=[6])
    before = state.hands[0][:]
    drawn = state.deck[-1]
    top = state.discard[-1]
    events = play(state, DrawDeck(0), Replace(0, (0, 1)))
    assert state.hands[0] == before + [drawn]
    assert row(state, 0) == [5, 6, None, 3, 2]
    assert state.known[0] == [0b11, 0b11, 0, 0, 0b01]
    assert state.discard[-1] == top
    replace = next(e.view_all() for e in events if e.kind == "replace")
    assert replace["ok"] is False and replace["new_slot"] == 4
    assert replace["revealed"] == before[:2]


def test_power_of_a_drawn_and_discarded_card():
    """000: "Die Aktion kann man nur dann nutzen, wenn die Karte vom Nachziehstapel gezogen
    wird." — a 9 drawn from the deck and discarded lets its drawer spy."""
    state = stacked(RULES, 2, [[1, 2, 3, 4], [5, 6, 7, 8]], deck=[9], discard=[6])
    play(state, DrawDeck(0), Discard(0))
    assert state.phase == "power" and state.power == "spy"
    assert legal_actions(state, 0) == [Spy(0, 1, i) for i in range(4)] + [SkipPower(0)]
    play(state, Spy(0, 1, 2))
    assert state.known[1][2] == 0b01
    assert state.current == 1 and state.phase == "turn"


def test_no_power_from_a_taken_discard_or_a_displaced_card():
    """000: "Die Aktion kann man nur dann nutzen, wenn die Karte vom Nachziehstapel gezogen
    wird." — neither the taken 9 nor the displaced 10 grants a power."""
    state = stacked(RULES, 2, [[10, 2, 3, 4], [5, 6, 7, 8]], deck=[1, 1], discard=[9])
    play(state, TakeDiscard(0), Replace(0, (0,)))
    assert state.phase == "turn" and state.current == 1 and state.power is None
    assert state.values[state.discard[-1]] == 10
    state = stacked(RULES, 2, [[10, 2, 3, 4], [5, 6, 7, 8]], deck=[1, 1], discard=[9])
    play(state, DrawDeck(0), Replace(0, (0,)))
    assert state.phase == "turn" and state.current == 1


def test_taken_discard_must_replace_and_is_public():
    """000: "Die oberste Karte von der Ablage nehmen und 1 eigene Karte ... durch die gezogene
    Karte ersetzen." """
    state = stacked(RULES, 2, [[10, 2, 3, 4], [5, 6, 7, 8]], deck=[1], discard=[6, 0])
    zero = state.discard[-1]
    play(state, TakeDiscard(0))
    assert state.drawn == zero and state.discard == state.discard[:1]
    assert Discard(0) not in legal_actions(state, 0)
    with pytest.raises(IllegalAction, match="must replace"):
        apply(state, Discard(0))
    play(state, Replace(0, (0,)))
    assert state.hands[0][0] == zero
    assert state.known[0][0] == 0b11  # everyone saw the card taken from the pile
    assert state.values[state.discard[-1]] == 10


def test_reshuffle_keeps_the_top_discard():
    """000: "Ist der Nachziehstapel leer, wird die Ablage gemischt (zuerst die oberste Karte als
    neue Ablage bereitlegen)" """
    state = stacked(RULES, 2, [[1, 2, 3, 4], [5, 6, 7, 8]], deck=[4], discard=[6],
                    rest="discard")
    assert len(state.deck) == 1 and len(state.discard) == 43
    below = sorted(state.discard)
    four = state.deck[0]
    events = play(state, DrawDeck(0), Discard(0))
    assert "reshuffle" in kinds(events)
    assert state.discard == [four]
    assert sorted(state.deck) == below
    assert state.current == 1 and state.phase == "turn"


def test_round_two_starts_with_the_previous_winner():
    """000: "In den folgenden Runden beginnt der Gewinner der vorhergehenden Runde." """
    state, _ = cabo_round([[5, 5, 5, 5], [9, 9, 9, 9], [0, 1, 0, 1]], caller=2, first=0)
    assert state.history[-1]["winners"] == [2]
    play(state, NextRound(0))
    assert state.round_no == 2 and state.phase == "peek"
    assert state.first == 2 and state.current == 2


def test_round_two_tie_starts_with_the_lowest_total():
    """000: "Bei Gleichstand beginnt, wer den niedrigsten Gesamtpunktestand hat." """
    state, _ = cabo_round([[5, 5, 5, 5], [1, 2, 3, 4], [4, 3, 2, 1]], caller=0,
                          totals=[0, 30, 10])
    assert state.history[-1]["winners"] == [1, 2]
    assert state.totals == [25, 30, 10]
    play(state, NextRound(0))
    assert state.first == 2 and state.current == 2


def test_cabo_is_the_whole_turn_and_everyone_else_gets_one_more_turn():
    """000: "sagt er Cabo an (er zieht dann keine Karte). Alle anderen Spieler kommen noch einmal
    an die Reihe. Dann endet die Runde." """
    state = stacked(RULES, 3, [[1, 1, 1, 1], [2, 2, 2, 2], [3, 3, 3, 3]], deck=[5] * 4,
                    discard=[6], first=1)
    play(state, CallCabo(1))
    assert state.caller == 1 and state.current == 2 and state.drawn is None
    assert CallCabo(2) not in legal_actions(state, 2)
    play(state, *quiet_turn(2))
    assert state.current == 0
    events = play(state, *quiet_turn(0))
    assert "round_end" in kinds(events)
    assert state.phase == "round_over"


def test_nothing_to_reshuffle_ends_the_round_scored_as_if_nobody_called():
    """RULES.md: "Nothing to shuffle: the round ends." (scoring.py decision: scored as if nobody
    called). All spare cards are put into seat 2's row so that the pile holds one card."""
    state = stacked(RULES, 3, [[1, 2, 3, 4], [5, 6, 7, 8]], discard=[9])
    spare = state.deck[:]
    state.hands[2] += spare
    state.known[2] += [0] * len(spare)
    state.deck = []
    events = play(state, TakeDiscard(0), Replace(0, (0,)))
    assert kinds(events)[-4:] == ["replace", "deck_empty", "round_end", "game_over"]  # no turn
    result = round_end(events)
    assert result["caller"] is None
    assert result["sums"][:2] == [18, 26]
    assert result["points"][:2] == [0, 26]
    assert state.winners == (0,)
