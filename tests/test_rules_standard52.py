"""Scenario tests of the `standard52` preset, from seeds/002_9bc0a9b6aceb6476.txt (stacked deals)."""

from __future__ import annotations

from collections import Counter

import pytest

from cabo import IllegalAction, apply, legal_actions, new_game, preset, to_move
from cabo.game.actions import (
    CallCabo, Discard, DrawDeck, InitialPeek, Match, NextRound, PeekOwn, Ready, Replace,
    Spy, Swap, TakeDiscard)

from stacking import arrange, faces, kinds, peek_all, plain_turn, play, round_end, stacked

RULES = preset("standard52")




def finish(state, caller):
    """`caller` calls Cabo now; the others draw and discard; everyone says Ready."""
    events = play(state, CallCabo(caller))
    while state.phase == "turn":
        events += plain_turn(state)
    assert state.phase == "final"
    for seat in state.seats:
        events += play(state, Ready(seat))
    return events


def cabo_round(hands, caller, totals=None, rules=RULES, dealer=None):
    n = len(hands)
    state = stacked(rules, n, hands, deck=["2♣", "3♣", "4♣", "5♣", "6♣"], discard=["A♣"],
                    first=caller, totals=totals, dealer=dealer)
    return state, finish(state, caller)




def test_red_king_minus_1_black_king_13():
    """002: "Schwarzer König (Pik, Kreuz) = 13, Roter König (Herz, Karo) = -1." """
    state, events = cabo_round([["K♥", "A♠", "K♦", "2♠"], ["K♠", "3♠", "K♣", "4♠"]], caller=0)
    result = round_end(events)
    assert result["sums"] == [1, 33]
    assert result["points"] == [0, 33]


def test_initial_peek_is_the_outer_pair():
    """002: "Jeder Spieler schaut sich heimlich die zwei Karten an, die ihm am nächsten liegen
    (das äußere Paar)" """
    state = new_game(RULES, 3, 11)
    assert legal_actions(state, 1) == [InitialPeek(1, (0, 3))]
    with pytest.raises(IllegalAction, match="outer"):
        apply(state, InitialPeek(1, (0, 1)))
    peek_all(state)
    assert state.known == [[1, 0, 0, 1], [2, 0, 0, 2], [4, 0, 0, 4]]
    assert state.phase == "turn"


def test_power_of_a_displaced_card():
    """002: "Ist die Karte, die Sie gerade abgelegt haben (aus einer der beiden Quellen), eine 7,
    8, 9, 10, ein Bube oder eine Dame, dürfen Sie ihre Fähigkeit sofort auslösen" """
    state = stacked(RULES, 2, [["9♠", "2♠", "3♠", "4♠"], ["5♠", "6♠", "A♠", "2♥"]],
                    deck=["3♥"], discard=["5♥"])
    play(state, DrawDeck(0), Replace(0, (0,)))
    assert faces(state, state.discard[-1:]) == ["9♠"]
    assert state.phase == "power" and state.power == "spy" and state.current == 0
    play(state, Spy(0, 1, 2))
    assert state.known[1][2] == 0b01 and state.current == 1


def test_power_of_a_card_displaced_by_the_taken_discard():
    """002: "(aus einer der beiden Quellen)" — a 7 displaced by the taken discard lets its owner
    peek."""
    state = stacked(RULES, 2, [["2♠", "7♠", "3♠", "4♠"], ["5♠", "6♠", "A♠", "2♥"]],
                    deck=["3♥"], discard=["5♥"])
    play(state, TakeDiscard(0), Replace(0, (1,)))
    assert state.phase == "power" and state.power == "peek"
    assert legal_actions(state, 0)[:4] == [PeekOwn(0, i) for i in range(4)]
    play(state, PeekOwn(0, 2))
    assert state.known[0] == [0b01, 0b11, 0b01, 0b01]


@pytest.mark.parametrize("label", ["J♠", "Q♥"])
def test_jack_and_queen_swap_blindly(label):
    """002: "Bube oder Dame erlaubt es, eine Ihrer Karten blind mit einer Karte eines Gegners zu
    tauschen." — knowledge travels with the cards."""
    state = stacked(RULES, 2, [["2♠", "7♠", "3♠", "4♠"], ["5♠", "6♠", "A♠", "2♥"]],
                    deck=[label], discard=["5♥"])
    mine, theirs = state.hands[0][0], state.hands[1][2]
    play(state, DrawDeck(0), Discard(0))
    assert state.phase == "power" and state.power == "swap"
    play(state, Swap(0, 0, 1, 2))
    assert state.hands[0][0] == theirs and state.hands[1][2] == mine
    assert state.known[0][0] == 0 and state.known[1][2] == 0b01
    assert state.current == 1


def test_no_multi_replace():
    """002: Schritt 2 — the drawn card replaces one of the cards ("mit einer Ihrer vier verdeckten
    Karten tauschen"); RULES.md: multi_replace off."""
    state = stacked(RULES, 2, [["2♠", "2♥", "3♠", "4♠"], ["5♠", "6♠", "A♠", "2♦"]],
                    deck=["3♥"], discard=["5♥"])
    play(state, DrawDeck(0))
    assert legal_actions(state, 0) == [Replace(0, (i,)) for i in range(4)] + [Discard(0)]
    with pytest.raises(IllegalAction, match="several"):
        apply(state, Replace(0, (0, 1)))


def test_own_match_before_the_next_player_draws():
    """002: "Zu jedem Zeitpunkt, bevor der nächste Spieler zieht, darf jeder Spieler versuchen,
    eine Karte desselben Werts wie die oberste Karte des Ablagestapels direkt aus seiner eigenen
    verdeckten Reihe abzulegen" """
    state = stacked(RULES, 2, [["2♠", "7♠", "3♠", "4♠"], ["5♠", "6♠", "A♠", "2♥"]],
                    deck=["A♥", "3♥"], discard=["5♥"])
    five = state.hands[1][0]
    play(state, Match(1, 1, 0))  # off-turn, before seat 0 draws
    assert state.hands[1][0] is None and state.discard[-1] == five
    play(state, DrawDeck(0), Discard(0))  # discards the A♥: matchable until seat 1 draws
    assert Match(1, 1, 2) in legal_actions(state, 1)
    assert Match(1, 0, 1) not in legal_actions(state, 1)
    with pytest.raises(IllegalAction, match="only match your own"):
        apply(state, Match(1, 0, 1))
    events = play(state, Match(1, 1, 2))
    assert events[0].view_all()["ok"] is True and state.hands[1][2] is None


def test_match_window_closes_at_the_next_draw():
    """002: "bevor der nächste Spieler zieht" """
    state = stacked(RULES, 2, [["2♠", "7♠", "3♠", "4♠"], ["5♠", "6♠", "A♠", "2♥"]],
                    deck=["3♥", "A♥"], discard=["5♥"])
    play(state, DrawDeck(0))
    assert state.match_target is None
    assert not [a for a in legal_actions(state, 1) if isinstance(a, Match)]
    with pytest.raises(IllegalAction, match="window closed"):
        apply(state, Match(1, 1, 0))


def test_match_window_stays_open_when_the_next_player_calls_cabo():
    """002: "Zu jedem Zeitpunkt, bevor der nächste Spieler zieht" and Schritt 5: "Anstatt zu
    ziehen, dürfen Sie „Cabo” rufen" — a Cabo call draws nothing, so the top discard may still
    be matched until a card is drawn."""
    state = stacked(RULES, 2, [["2♠", "7♠", "3♠", "4♠"], ["5♠", "6♠", "A♠", "2♥"]],
                    deck=["A♥", "3♥", "4♥"], discard=["5♥"])
    play(state, DrawDeck(0), Discard(0))  # the A♥ is on top
    ace = state.discard[-1]
    play(state, CallCabo(1))
    assert state.caller == 1 and state.current == 0 and state.match_target == ace
    assert Match(1, 1, 2) in legal_actions(state, 1)
    events = play(state, Match(1, 1, 2))
    assert events[0].view_all()["ok"] is True and state.hands[1][2] is None
    play(state, DrawDeck(0))
    assert state.match_target is None


def test_wrong_match_card_goes_back_face_down_and_one_penalty_card():
    """002: "Eine falsche Übereinstimmung ... ist eine Strafe: Legen Sie die Karte verdeckt zurück
    und ziehen Sie eine Strafkarte vom Nachziehstapel, die Sie verdeckt in Ihre Reihe legen." """
    state = stacked(RULES, 2, [["2♠", "7♠", "3♠", "4♠"], ["5♠", "6♠", "A♠", "2♥"]],
                    deck=["3♥", "A♥"], discard=["5♥"])
    before = state.hands[1][:]
    penalty = state.deck[-1]
    events = play(state, Match(1, 1, 1))
    assert events[0].view_all()["ok"] is False and events[0].view_all()["returned"] is True
    assert state.hands[1] == before + [penalty]
    assert state.known[1] == [0b10, 0b11, 0, 0b10, 0]  # the wrong card was shown to all
    assert faces(state, state.discard[-1:]) == ["5♥"]
    assert kinds(events) == ["match", "penalty"]


@pytest.mark.parametrize("n, cards", [(2, 52), (4, 52), (5, 104), (6, 104)])
def test_five_or_six_players_use_two_decks(n, cards):
    """002: "spielbar bis zu 6 Spieler mit einem zweiten Kartendeck mit 52 Karten" """
    state = new_game(RULES, n, 3)
    assert len(state.cards) == cards
    assert set(Counter(state.cards).values()) == {cards // 52}
    assert len(state.deck) == cards - 4 * n - 1


def test_seven_players_or_five_in_other_presets_are_refused():
    """002 allows up to 6; RULES.md: 2–4 for every other preset."""
    with pytest.raises(ValueError):
        new_game(RULES, 7, 1)
    with pytest.raises(ValueError):
        new_game(preset("official"), 5, 1)


def test_left_of_the_dealer_starts_and_the_deal_rotates():
    """002: "Das Geben wechselt jede Runde im Uhrzeigersinn." and "Der Spieler links vom Geber
    macht den ersten Zug." """
    state = new_game(RULES, 3, 5)
    assert state.first == (state.dealer + 1) % 3 == state.current
    hands = [["A♠", "2♠", "3♠", "4♠"], ["5♠", "6♠", "A♥", "2♥"], ["3♥", "4♥", "5♥", "6♥"]]
    state, _ = cabo_round(hands, caller=0, dealer=2)
    play(state, NextRound(0))
    assert (state.dealer, state.first, state.current) == (0, 1, 1)
    peek_all(state)
    arrange(state, hands, deck=["2♣", "3♣", "4♣", "5♣", "6♣"], discard=["A♣"])
    finish(state, 1)
    play(state, NextRound(0))
    assert (state.dealer, state.first, state.current) == (1, 2, 2)


def test_reaching_100_ends_the_game():
    """002: "bis der kumulative Gesamtwert eines Spielers das vereinbarte Spielziel erreicht oder
    überschreitet (100 ist Standard...). Der verbleibende Spieler mit dem niedrigsten kumulierten
    Punktestand gewinnt." """
    state, _ = cabo_round([["A♠", "2♠", "3♠", "4♠"], ["5♠", "6♠", "8♥", "2♥"],
                           ["3♥", "4♥", "5♥", "6♥"]], caller=0, totals=[0, 79, 20])
    assert state.totals == [0, 100, 38]
    assert state.game_over and state.winners == (0,)


def test_99_goes_on_and_short_game_target_50():
    """002: "(100 ist Standard, 50 für ein kurzes Spiel)" """
    hands = [["A♠", "2♠", "3♠", "4♠"], ["5♠", "6♠", "8♥", "2♥"]]
    state, _ = cabo_round(hands, caller=0, totals=[0, 78])
    assert state.totals == [0, 99] and state.phase == "round_over"
    state, _ = cabo_round(hands, caller=0, totals=[0, 29], rules=preset("standard52", target=50))
    assert state.totals == [0, 50] and state.game_over


def test_tie_for_lowest_total_plays_a_tiebreak_round_among_the_tied():
    """002: "Wenn mehrere Spieler bei Niedrigstand gleichauf liegen, wenn jemand ausscheidet,
    spielen Sie eine weitere Runde als Stechen, bei dem nur die gleichauf liegenden Spieler neue
    Vierkarten-Reihen erhalten." """
    state, _ = cabo_round([["5♠", "6♠", "8♥", "2♥"], ["A♠", "2♠", "3♠", "4♠"],
                           ["K♥", "A♥", "K♦", "A♦"]], caller=2, totals=[80, 30, 40])
    assert state.totals == [101, 40, 40]
    assert not state.game_over and state.phase == "round_over"
    assert state.winners == (1, 2)
    play(state, NextRound(0))
    assert state.seats == (1, 2) and state.hands[0] == []
    assert [len(h) for h in state.hands[1:]] == [4, 4]
    assert state.first in (1, 2) and set(to_move(state)) == {1, 2}
    assert legal_actions(state, 0) == []
    peek_all(state)
    arrange(state, [[], ["A♠", "2♠", "3♠", "4♠"], ["3♥", "4♥", "5♥", "6♥"]],
            deck=["2♣", "3♣", "4♣"], discard=["A♣"])
    state.current = 2
    events = finish(state, 2)
    result = round_end(events)
    assert result["seats"] == [1, 2] and result["points"] == [None, 10, 28]
    assert state.totals == [101, 50, 68]
    assert state.game_over and state.winners == (1,)


def test_variant_kamikaze_cabo_with_sum_0_adds_50_to_the_others():
    """002: "Kamikaze Cabo: Ein Cabo-Ruf, der genau 0 ergibt, fügt jedem anderen Spieler 50 Punkte
    hinzu." """
    rules = preset("standard52", kamikaze="cabo_zero")
    state, events = cabo_round([["K♥", "A♠", "K♦", "A♥"], ["5♠", "6♠", "8♥", "A♦"],
                                ["2♥", "3♥", "4♥", "5♥"]], caller=0, rules=rules)
    result = round_end(events)
    assert result["sums"] == [0, 20, 14]
    assert result["points"] == [0, 70, 64]
    state, events = cabo_round([["K♥", "A♠", "K♦", "A♥"], ["5♠", "6♠", "8♥", "A♦"],
                                ["2♥", "3♥", "4♥", "5♥"]], caller=0)
    assert round_end(events)["points"] == [0, 20, 14]  # without the variant


def test_caller_not_strictly_lowest_gets_sum_plus_10():
    """002: "andernfalls addiert er seinen rohen Gesamtwert plus eine 10-Punkte-Strafe." """
    state, events = cabo_round([["A♠", "2♠", "3♠", "4♠"], ["5♠", "2♥", "2♦", "A♥"]], caller=0)
    assert round_end(events)["points"] == [20, 10]
