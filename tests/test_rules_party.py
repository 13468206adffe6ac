"""Scenario tests of the `party` preset, from seeds/001_bd3edb660a8f9aeb.txt (stacked deals)."""

from __future__ import annotations

from itertools import combinations

import pytest

from cabo import IllegalAction, apply, legal_actions, new_game, preset, to_move
from cabo.game.actions import (
    CallCabo, Discard, DrawDeck, EndGame, EndTurn, Give, InitialPeek, Match, NextRound,
    PairDiscard, Ready, Several, TakeDiscard, is_off_turn, permits)

from stacking import kinds, plain_turn, play, round_end, row, stacked

RULES = preset("party")




def own_moves(state, seat):
    return [a for a in legal_actions(state, seat) if not is_off_turn(a)]


def cabo_round(hands, caller, totals=None):
    """Cabo is allowed (every seat had 3 turns); `caller` calls instead of a turn, the others
    play a last turn, everyone says Ready. Deck: 5s and 6s, hands must not use them."""
    n = len(hands)
    state = stacked(RULES, n, hands, deck=[5, 6, 5, 6, 5], discard=[4], first=caller,
                    totals=totals)
    state.turns_done = 3 * n
    events = play(state, CallCabo(caller))
    while state.phase == "turn":
        events += plain_turn(state)
    assert state.phase == "final"
    for seat in range(n):
        events += play(state, Ready(seat))
    return state, events




def test_the_discard_pile_cannot_be_taken():
    """001: "Vom Ablagestapel darf man nicht nehmen." """
    state = stacked(RULES, 2, [[1, 2, 3, 4], [7, 8, 9, 10]], deck=[5], discard=[0])
    assert own_moves(state, 0) == [DrawDeck(0)]
    with pytest.raises(IllegalAction, match="do not allow taking the discard"):
        apply(state, TakeDiscard(0))


def three_players(**kw):
    """Seat 0 to move; the top discard is a 9; seat 2 holds a 9 in slot 0, seat 1 in slot 3."""
    return stacked(RULES, 3, [[1, 2, 3, 4], [5, 6, 7, 9], [9, 10, 11, 12]], deck=[0, 13],
                   discard=[9], **kw)


def test_foreign_match_snapper_gives_a_card_the_owner_does_not_see():
    """001: "Liegt oben auf der Ablage z. B. eine 9, darfst du auch eine einzelne 9 (eigene oder
    fremde) drauflegen." and "Für jede fremde Karte gibst du dem Besitzer eine deiner Karten als
    Strafkarte." """
    state = three_players()
    nine = state.hands[2][0]
    six = state.hands[1][1]  # seat 1 peeked slots 0 and 1
    events = play(state, Match(1, 2, 0))
    assert events[0].view_all()["ok"] is True
    assert state.hands[2][0] is None and state.discard[-1] == nine
    assert state.gives == [[1, 2]]
    assert to_move(state) == (1,)
    assert legal_actions(state, 0) == [] and legal_actions(state, 2) == []
    assert legal_actions(state, 1) == [Give(1, i) for i in range(4)]
    with pytest.raises(IllegalAction, match="given first"):
        apply(state, DrawDeck(0))
    events = play(state, Give(1, 1))
    assert state.hands[1][1] is None and state.known[1][1] == 0
    assert state.hands[2] == [None] + state.hands[2][1:4] + [six]
    assert state.known[2][4] == 0b010  # the snapper keeps its knowledge, the owner has none
    give = events[0].view_all()
    assert give["to"] == 2 and give["to_slot"] == 4
    assert state.gives == [] and to_move(state) == (0,)


def test_own_match_needs_no_give():
    """001: "eine einzelne 9 (eigene ...) drauflegen" """
    state = three_players()
    nine = state.hands[1][3]
    play(state, Match(1, 1, 3))
    assert state.hands[1] == state.hands[1][:3] + [None]
    assert state.discard[-1] == nine and state.gives == []
    assert to_move(state) == (0,)


def test_one_match_per_discard_first_come():
    """001: "Pro Ablagekarte kann das nur einer – wer zuerst kommt." — the first thrower covers the
    discard; a later throw is judged against the card thrown (engine decision: the matched card
    is itself a new discard)."""
    state = three_players()
    first_nine = state.discard[-1]
    play(state, Match(2, 2, 0))
    assert state.match_target == state.discard[-1] != first_nine
    assert state.discard[-2] == first_nine
    play(state, Match(1, 1, 3))  # another 9, onto the 9 just thrown
    assert state.discard[-3:] == [first_nine, state.discard[-2], state.discard[-1]]
    assert state.hands[1][3] is None and state.hands[2][0] is None


def test_a_wrong_match_shows_the_card_it_stays_and_one_penalty_card():
    """001: "Liegst du daneben, werden die Karten gezeigt und du ziehst eine Strafkarte vom
    Stapel." """
    state = three_players()
    ten = state.hands[2][1]
    top = state.deck[-1]
    events = play(state, Match(1, 2, 1))
    assert events[0].view_all()["ok"] is False
    assert state.hands[2][1] == ten and state.known[2][1] == 0b111
    assert state.hands[1][4] == top and state.known[1][4] == 0
    assert len(state.hands[1]) == 5 and state.gives == []
    assert state.values[state.discard[-1]] == 9 and state.match_target == state.discard[-1]
    assert "penalty" in kinds(events)
    # the discard is still there to be matched: a wrong throw does not use it up
    play(state, Match(2, 2, 0))
    assert state.hands[2][0] is None


def test_pair_discard_of_own_and_foreign_card():
    """001: "Jederzeit – auch wenn du nicht dran bist – darfst du 2 oder mehr gleiche Karten
    ablegen – eigene und/oder fremde: z. B. ... deine 7 zusammen mit der 7 eines Mitspielers" """
    state = stacked(RULES, 3, [[7, 1, 2, 3], [4, 7, 5, 6], [8, 9, 7, 10]], deck=[0],
                    discard=[11])
    sevens = [state.hands[1][1], state.hands[2][2]]
    events = play(state, PairDiscard(1, ((1, 1), (2, 2))))
    assert events[0].view_all()["ok"] is True
    assert state.hands[1][1] is None and state.hands[2][2] is None
    assert state.discard[-2:] == sevens
    assert state.gives == [[1, 2]]
    play(state, Give(1, 0))
    assert row(state, 2) == [8, 9, None, 10, 4]
    assert row(state, 1) == [None, None, 5, 6]


def test_pair_discard_of_three_cards_from_three_rows():
    """001: "2 oder mehr gleiche Karten ablegen – eigene und/oder fremde" (listed as one family
    entry of 2 to 4 cards, legal.py)."""
    state = stacked(RULES, 3, [[7, 1, 2, 3], [4, 7, 5, 6], [8, 9, 7, 10]], deck=[0],
                    discard=[11])
    three = PairDiscard(1, ((0, 0), (1, 1), (2, 2)))
    assert permits(legal_actions(state, 1), three)
    play(state, three)
    assert [state.values[c] for c in state.discard[-3:]] == [7, 7, 7]
    assert state.gives == [[1, 0], [1, 2]]
    play(state, Give(1, 0), Give(1, 2))
    assert row(state, 0) == [None, 1, 2, 3, 4]
    assert row(state, 2) == [8, 9, None, 10, 5]
    assert row(state, 1) == [None, None, None, 6]


def test_pair_discards_listed_by_legal_actions_are_exactly_those_apply_accepts():
    """Issue 13: a pair discard of 3+ cards was accepted by apply but not listed. Now the list
    holds one family entry: every choice of 2 to 4 cards of the table (party: own and foreign),
    in any order; 5 cards can never be equal (4 of each value) and are refused by both."""
    state = stacked(RULES, 3, [[7, 1, 2, 3], [4, 7, 5, 6], [8, 9, 7, 10]], deck=[0],
                    discard=[11])
    pairs = [a for a in legal_actions(state, 1) if type(a) is Several]
    cards = tuple((o, i) for o in range(3) for i in range(4))
    assert pairs == [Several(PairDiscard, 1, cards, 2, 4)]
    for k in (2, 3, 4):
        for chosen in list(combinations(cards, k))[::37]:
            for order in (chosen, chosen[::-1]):
                action = PairDiscard(1, order)
                assert permits(legal_actions(state, 1), action)
                apply(state.clone(), action)
    five = PairDiscard(1, cards[:5])
    assert not permits(legal_actions(state, 1), five)
    with pytest.raises(IllegalAction, match="no more than 4"):
        apply(state, five)


def test_pair_discard_of_two_foreign_cards():
    """001: "... oder die 7er von zwei Mitspielern." — two cards owed."""
    state = stacked(RULES, 3, [[7, 1, 2, 3], [4, 8, 5, 6], [8, 9, 7, 10]], deck=[0],
                    discard=[11])
    play(state, PairDiscard(1, ((0, 0), (2, 2))))
    assert state.gives == [[1, 0], [1, 2]]


def test_a_wrong_pair_is_shown_stays_and_costs_one_penalty_card():
    """001: "Liegst du daneben, werden die Karten gezeigt und du ziehst eine Strafkarte" """
    state = stacked(RULES, 3, [[7, 1, 2, 3], [4, 8, 5, 6], [8, 9, 7, 10]], deck=[0],
                    discard=[11])
    before = [h[:] for h in state.hands]
    penalty = state.deck[-1]
    events = play(state, PairDiscard(1, ((1, 0), (2, 2))))
    assert events[0].view_all()["ok"] is False
    assert state.hands[2] == before[2] and state.hands[1][:4] == before[1]
    assert state.known[1][0] == 0b111 and state.known[2][2] == 0b111
    assert state.hands[1][4] == penalty and state.known[1][4] == 0
    assert state.gives == []


def test_cabo_only_after_every_player_had_three_turns_then_also_right_after_own_turn():
    """001: "CABO rufen: Erst nach 3 Runden (jeder hatte 3 Züge) – dann entweder statt deines
    Zugs oder direkt nach deinem Zug." """
    state = stacked(RULES, 2, [[0, 1, 2, 3], [4, 5, 6, 0]], deck=[1, 2, 3, 4, 5, 6, 1, 2],
                    discard=[13])
    for turn in range(5):
        assert CallCabo(state.current) not in legal_actions(state, state.current)
        with pytest.raises(IllegalAction, match="Cabo only after 3"):
            apply(state, CallCabo(state.current))
        plain_turn(state)
        assert state.phase == "turn"
    assert state.current == 1 and state.turns_done == 5
    plain_turn(state)  # seat 1's third turn: now everyone had three
    assert state.phase == "after_turn" and state.current == 1
    assert own_moves(state, 1) == [CallCabo(1), EndTurn(1)]
    play(state, EndTurn(1))
    assert state.phase == "turn" and state.current == 0
    assert CallCabo(0) in legal_actions(state, 0)


def test_cabo_right_after_own_turn_others_play_once_then_last_chance():
    """001: "Alle anderen haben noch genau einen Zug. Danach gibt es eine letzte Chance, noch
    gleiche Karten abzulegen; aufgedeckt wird, wenn alle „Fertig – aufdecken“ gedrückt haben." """
    state = stacked(RULES, 3, [[0, 1, 1, 2], [8, 9, 10, 11], [12, 12, 3, 4]],
                    deck=[2, 5, 3], discard=[13])
    state.turns_done = 9
    play(state, DrawDeck(0), Discard(0))
    assert state.phase == "after_turn"
    play(state, CallCabo(0))
    assert state.caller == 0 and state.current == 1 and state.final_left == 0b110
    plain_turn(state)
    assert state.current == 2
    plain_turn(state)  # discards a 3; seat 2 holds a 3 in slot 2
    assert state.phase == "final" and set(to_move(state)) == {0, 1, 2}
    assert Ready(2) in legal_actions(state, 2) and Match(2, 2, 2) in legal_actions(state, 2)
    play(state, Match(2, 2, 2), Ready(0), Ready(2))
    assert state.phase == "final" and to_move(state) == (1,)
    events = play(state, Ready(1))
    result = round_end(events)
    assert result["sums"] == [4, 38, 28]
    assert result["points"] == [0, 38, 28]
    assert state.phase == "round_over"


def test_automatic_cabo_with_no_cards_left():
    """001: "Wer keine Karten mehr hat, ruft automatisch Cabo." (also before 3 turns)"""
    state = stacked(RULES, 2, [[1, 2, 3, 4], [9, None, None, None]], deck=[5, 6],
                    discard=[9])
    events = play(state, Match(1, 1, 0))
    cabo = next(e.view_all() for e in events if e.kind == "cabo")
    assert cabo["seat"] == 1 and cabo["automatic"] is True
    assert state.caller == 1 and state.final_left == 0b01
    assert state.current == 0 and state.phase == "turn"
    plain_turn(state)
    assert state.phase == "final"
    events = play(state, Ready(0), Ready(1))
    assert round_end(events)["points"] == [10, 0]


def test_caller_scores_0_only_when_alone_lowest():
    """001: "Wer Cabo gerufen hat und allein die niedrigste Summe hat, bekommt 0 Punkte." """
    state, events = cabo_round([[0, 1, 2, 3], [7, 8, 9, 10], [1, 2, 3, 1]], caller=0)
    result = round_end(events)
    assert result["points"] == [0, 34, 7]
    assert result["winners"] == [0]
    assert state.rounds_won == [1, 0, 0]


def test_caller_tied_gets_sum_plus_10_and_fewest_points_win_the_round():
    """001: "Bei Gleichstand oder mehr Punkten verliert der Rufer: Er bekommt seine Summe +10."
    and "Verliert der Cabo-Rufer, gewinnt also der Spieler mit der niedrigsten Summe." """
    state, events = cabo_round([[0, 1, 2, 3], [7, 8, 9, 10], [1, 2, 3, 0]], caller=0)
    result = round_end(events)
    assert result["sums"] == [6, 34, 6]
    assert result["points"] == [16, 34, 6]
    assert result["winners"] == [2]
    assert state.rounds_won == [0, 0, 1]
    assert state.totals == [16, 34, 6]


def test_host_ends_the_game_most_rounds_won_wins():
    """001: "Der Gastgeber kann nach jeder Runde das Spiel beenden, dann gewinnt, wer die meisten
    Runden gewonnen hat." (not the lowest total)"""
    state, _ = cabo_round([[0, 1, 2, 3], [7, 8, 9, 10], [1, 2, 3, 1]], caller=0,
                          totals=[50, 0, 10])
    assert state.rounds_won == [1, 0, 0]
    state.rounds_won = [1, 2, 0]  # seat 1 won two earlier rounds
    assert legal_actions(state, 0) == [NextRound(0), EndGame(0)]
    assert legal_actions(state, 1) == []
    events = play(state, EndGame(0))
    assert kinds(events) == ["game_over"]
    assert state.game_over and state.winners == (1,)


def test_game_never_ends_by_points():
    """001: "Gespielt wird, so lange ihr wollt" — no total ends a party game."""
    state, _ = cabo_round([[0, 1, 2, 3], [7, 8, 9, 10], [1, 2, 3, 1]], caller=0,
                          totals=[0, 300, 0])
    assert state.totals == [0, 334, 7] and state.phase == "round_over"


def test_next_round_starts_with_the_highest_total():
    """001: "In der ersten Runde wird zufällig ausgelost, danach beginnt, wer die meisten Punkte
    hat." """
    state, _ = cabo_round([[0, 1, 2, 3], [7, 8, 9, 10], [1, 2, 3, 1]], caller=0,
                          totals=[0, 0, 40])
    assert state.totals == [0, 34, 47]
    play(state, NextRound(0))
    assert state.first == 2 and state.current == 2 and state.round_no == 2


def test_hand_size_five_option():
    """001: "Jeder bekommt 4 verdeckte Karten (oder 5 – stellt der Gastgeber vor dem Start ein)
    und darf sich zu Beginn 2 davon ansehen." """
    rules = preset("party", hand_size=5)
    state = new_game(rules, 3, 7)
    assert [len(h) for h in state.hands] == [5, 5, 5]
    assert len(state.deck) == 52 - 15 - 1 and len(state.discard) == 1
    assert legal_actions(state, 1) == [InitialPeek(1, c) for c in combinations(range(5), 2)]
    play(state, InitialPeek(1, (2, 4)))
    assert state.known[1] == [0, 0, 0b010, 0, 0b010]


def test_automatic_cabo_after_a_finished_turn_does_not_give_that_player_another_turn():
    """001: "Alle anderen haben noch genau einen Zug." — seat 0 finished its turn (it may still
    call Cabo) when seat 1 throws its last card: seat 0's turn was its last one (engine.py
    decision: a turn under way when someone else calls is that player's last turn)."""
    state = stacked(RULES, 3, [[1, 2, 3, 4], [5, None, None, None], [6, 7, 8, 9]],
                    deck=[5, 2, 3], discard=[13])
    state.turns_done = 9
    play(state, DrawDeck(0), Discard(0))
    assert state.phase == "after_turn"
    play(state, Match(1, 1, 0))
    assert state.caller == 1 and legal_actions(state, 0)[:1] == [EndTurn(0)]
    play(state, EndTurn(0))
    assert state.current == 2 and state.final_left == 0b100
    plain_turn(state)
    assert state.phase == "final"


def test_the_callers_cards_may_be_taken_and_the_caller_gets_one_back():
    """001: "Die Karten des Rufers dürfen getauscht und beim Ablegen gleicher Karten mitgenommen
    werden (der Rufer bekommt dann eine Strafkarte)." """
    state = stacked(RULES, 3, [[9, 2, 3, 4], [5, 6, 7, 8], [1, 10, 11, 12]], deck=[0, 1],
                    discard=[9])
    state.turns_done = 9
    play(state, CallCabo(0))
    assert state.current == 1
    play(state, Match(2, 0, 0))
    assert state.gives == [[2, 0]]
    play(state, Give(2, 1))
    assert row(state, 0) == [None, 2, 3, 4, 10]
    assert state.known[0][4] == 0b100  # seat 2 peeked it; the caller does not know it


def test_a_snapper_left_without_cards_owes_nothing_and_calls_cabo():
    """matching.py decision: a snapper without cards owes nothing more; 001: "Wer keine Karten
    mehr hat, ruft automatisch Cabo." """
    state = stacked(RULES, 3, [[7, 1, 2, 3], [7, None, None, None], [7, 4, 5, 6]],
                    deck=[0, 0], discard=[11])
    events = play(state, PairDiscard(1, ((0, 0), (1, 0), (2, 0))))
    assert kinds(events) == ["pair_discard", "cabo"]
    assert state.gives == [] and state.caller == 1 and state.final_left == 0b101
    assert row(state, 0) == [None, 1, 2, 3] and row(state, 2) == [None, 4, 5, 6]


def test_a_penalty_card_that_empties_the_deck_leaves_the_next_player_a_deck_to_draw_from():
    """RULES.md: "Deck empty: shuffle the discard pile, keeping its top card as the new discard"
    — also when an off-turn penalty card (001: "1 Strafkarte") takes the deck's last card before
    the player on turn draws. Without it, seat 0 had no move at all (no taking from the pile,
    Cabo locked for 3 rounds) and the table waited forever."""
    state = stacked(RULES, 3, [[1, 1, 2, 2], [4, 3, 3, 3], [6, 8, 6, 7]], deck=[2],
                    discard=[9], rest="discard")
    nine = state.discard[-1]
    below = sorted(state.discard[:-1])
    assert len(below) == 38
    events = play(state, Match(1, 1, 0))
    assert kinds(events) == ["match", "penalty", "reshuffle"]
    assert row(state, 1) == [4, 3, 3, 3, 2]
    assert state.discard == [nine] and sorted(state.deck) == below
    assert state.match_target == nine  # the 9 may still be matched
    assert own_moves(state, 0) == [DrawDeck(0)]
    play(state, DrawDeck(0), Discard(0))
    assert state.current == 1


def test_a_penalty_card_that_empties_the_deck_with_nothing_to_reshuffle_ends_the_round():
    """RULES.md: "Nothing to shuffle: the round ends." — the player on turn could not draw."""
    state = stacked(RULES, 3, [[1, 1, 2, 2], [4, 3, 3, 3], [6, 8, 6, 7]], deck=[2],
                    discard=[9], rest="deck")
    spare = state.deck[:-1]
    state.deck = state.deck[-1:]
    state.hands[2] += spare
    state.known[2] += [0] * len(spare)
    events = play(state, Match(1, 1, 0))
    assert kinds(events) == ["match", "penalty", "deck_empty", "last_chance"]
    assert state.phase == "final"
