"""The party extras of seed 001 (cabo.party): achievements, awards, clown nose, revenge mark,
reactions, saving; each with a stacked deal that earns it and one that just misses it."""

from __future__ import annotations

import json

import pytest

from cabo import PRESETS, IllegalAction, SaveError, preset
from cabo.game.actions import (
    CallCabo, Discard, DrawDeck, EndTurn, Give, InitialPeek, Match, NextRound, PairDiscard,
    Ready, Replace, SkipPower, Swap)
from cabo.party import available
from cabo.party.reactions import MAX_IN_WINDOW, MIN_GAP_MS, RateLimit
from cabo.play.session import Seat, Session

from stacking import arrange, stacked

RULES = preset("party")


def table(hands, deck=(5, 6, 5, 6, 5, 6), discard=(4,), first=0, bots=(), rules=RULES,
          turns_done=None, **kw):
    """A session of people (and `bots`: seat -> level) on a stacked party deal."""
    n = len(hands)
    state = stacked(rules, n, hands, deck=list(deck), discard=list(discard), first=first, **kw)
    if turns_done is not None:
        state.turns_done = turns_done
    seats = [Seat(f"P{i}", bots.get(i)) if isinstance(bots, dict) else Seat(f"P{i}")
             for i in range(n)]
    return Session(rules, seats, 1, state=state)


def notes_of(session, *actions, at=None):
    out = []
    for action in actions:
        session.act(action, at)
        out += session.party_notes
    return out


def earned(notes, achievement=None) -> list:
    return [(n["seat"], n["id"]) for n in notes if n["kind"] == "achievement"
            and (achievement is None or n["id"] == achievement)]


def plain(session):
    """The current player draws and discards (5s and 6s: no power), ending the turn."""
    seat = session.state.current
    out = notes_of(session, DrawDeck(seat), Discard(seat))
    if session.state.phase == "power":
        out += notes_of(session, SkipPower(seat))
    if session.state.phase == "after_turn":
        out += notes_of(session, EndTurn(seat))
    return out


def cabo_now(session, caller=None):
    """Cabo (allowed: every seat had 3 turns), the last turns, everyone ready: the reveal."""
    state = session.state
    state.turns_done = max(state.turns_done, 3 * state.n)
    caller = state.current if caller is None else caller
    out = notes_of(session, CallCabo(caller))
    while state.phase == "turn":
        out += plain(session)
    for seat in state.seats:
        if state.phase == "final" and not state.ready[seat]:
            out += notes_of(session, Ready(seat))
    assert state.phase in ("round_over", "game_over")
    return out


def awards(session) -> dict:
    summary = session.party.rounds[-1]
    return {award: (seats, value) for award, seats, value in summary["awards"]}


# -- achievements ----------------------------------------------------------------------------
def test_double_match_two_correct_matches_in_a_row_on_one_chain():
    s = table([[1, 2, 3, 4], [9, 9, 7, 8], [10, 11, 12, 13]], discard=[9])
    notes = notes_of(s, Match(1, 1, 0), Match(1, 1, 1))
    assert earned(notes) == [(1, "double_match")]


def test_double_match_missed_when_another_player_matches_in_between():
    s = table([[1, 2, 3, 4], [9, 9, 7, 8], [9, 11, 12, 13]], discard=[9])
    notes = notes_of(s, Match(1, 1, 0), Match(2, 2, 0), Match(1, 1, 1))
    assert earned(notes, "double_match") == []


def test_double_match_missed_when_a_new_card_lands_between():
    s = table([[1, 2, 3, 4], [9, 5, 7, 8], [10, 11, 12, 13]], deck=[5], discard=[9])
    notes = notes_of(s, Match(1, 1, 0), DrawDeck(0), Discard(0), Match(1, 1, 1))
    assert earned(notes, "double_match") == []


def test_thief_three_foreign_cards_in_one_round():
    s = table([[1, 2, 3, 4], [9, 9, 9, 8]], discard=[9])
    notes = notes_of(s, Match(0, 1, 0), Give(0, 0), Match(0, 1, 1), Give(0, 1),
                     Match(0, 1, 2))
    assert earned(notes, "thief") == [(0, "thief")]
    assert s.party.counts["foreign"][0] == 3


def test_thief_missed_with_two_foreign_and_one_own_card():
    s = table([[9, 2, 3, 4], [9, 9, 7, 8]], discard=[9])
    notes = notes_of(s, Match(0, 1, 0), Give(0, 1), Match(0, 1, 1), Give(0, 2),
                     Match(0, 0, 0))
    assert earned(notes, "thief") == []
    assert s.party.counts["foreign"][0] == 2 and s.party.counts["matched"][0] == 3


def test_thief_counts_foreign_cards_of_a_pair_discard():
    s = table([[1, 2, 3, 4], [7, 7, 8, 8], [7, 8, 10, 11]], discard=[4])
    notes = notes_of(s, PairDiscard(0, ((1, 0), (1, 1))), Give(0, 0), Give(0, 1),
                     PairDiscard(0, ((1, 2), (2, 1))))
    assert earned(notes, "thief") == [(0, "thief")]


def test_memory_elephant_cabo_with_at_most_3():
    s = table([[0, 1, 2, 0], [7, 8, 9, 10], [10, 11, 12, 13]])
    assert earned(cabo_now(s, 0), "elephant") == [(0, "elephant")]


def test_memory_elephant_missed_with_4():
    s = table([[0, 1, 3, 0], [7, 8, 9, 10], [10, 11, 12, 13]])
    assert earned(cabo_now(s, 0), "elephant") == []


def test_clean_sheet_a_sum_of_0_at_the_reveal():
    s = table([[1, 1, 1, 1], [0, 0, None, None], [10, 11, 12, 13]])
    notes = cabo_now(s, 0)
    assert earned(notes, "clean_sheet") == [(1, "clean_sheet")]


def test_clean_sheet_missed_with_a_sum_of_1():
    s = table([[1, 2, 1, 1], [0, 1, None, None], [10, 11, 12, 13]])
    assert earned(cabo_now(s, 0), "clean_sheet") == []


def revenge_table(swap_target):
    """Seat 1 takes seat 0's 9 and gives it a penalty card; seat 0 then draws an 11 and swaps
    with `swap_target`."""
    s = table([[9, 2, 3, 4], [1, 1, 7, 8], [10, 12, 12, 13]], deck=[11], discard=[9])
    notes_of(s, Match(1, 0, 0), Give(1, 0))
    assert s.party.marked_by(0) == [1]
    notes = notes_of(s, DrawDeck(0), Discard(0), Swap(0, 1, swap_target, 2))
    return s, notes


def test_revenge_is_sweet_swap_with_whoever_gave_you_a_penalty_card():
    s, notes = revenge_table(1)
    assert earned(notes) == [(0, "revenge")]
    assert s.party.marked_by(0) == []  # the mark is used up


def test_revenge_missed_swapping_with_someone_else_clears_the_mark():
    s, notes = revenge_table(2)
    assert earned(notes) == []
    assert s.party.marked_by(0) == []


def test_revenge_mark_kept_through_other_moves_a_reload_and_the_next_round():
    s = table([[9, 2, 3, 4], [1, 1, 7, 8], [10, 12, 12, 13]], discard=[9])
    notes_of(s, Match(1, 0, 0), Give(1, 0))
    plain(s)  # seat 0 plays a turn without a swap
    assert s.party.marked_by(0) == [1] and s.party.marked_by(1) == []
    s = Session.from_json(s.to_json())
    assert s.party.marked_by(0) == [1]
    cabo_now(s)
    s.act(NextRound(0))
    assert s.party.marked_by(0) == [1]  # marks last until the next swap, across rounds


def test_revenge_marks_every_giver():
    s = table([[9, 9, 3, 4], [1, 1, 7, 8], [10, 12, 12, 13]], discard=[9])
    notes_of(s, Match(1, 0, 0), Give(1, 0), Match(2, 0, 1), Give(2, 0))
    assert s.party.marked_by(0) == [1, 2]


# -- awards ------------------------------------------------------------------------------------
def test_memory_king_most_cards_matched_right():
    s = table([[1, 2, 3, 4], [9, 9, 7, 8], [9, 11, 12, 13]], discard=[9])
    notes_of(s, Match(1, 1, 0), Match(1, 1, 1), Match(2, 2, 0))
    cabo_now(s)
    assert awards(s)["memory_king"] == ([1], 2)  # seat 2 matched one: it just misses


def test_memory_king_shared_on_a_tie_and_absent_without_matches():
    s = table([[1, 2, 3, 4], [9, 5, 7, 8], [9, 11, 12, 13]], discard=[9])
    notes_of(s, Match(1, 1, 0), Match(2, 2, 0))
    cabo_now(s)
    assert awards(s)["memory_king"] == ([1, 2], 1)
    s = table([[1, 2, 3, 4], [9, 5, 7, 8], [9, 11, 12, 13]], discard=[9])
    cabo_now(s)
    assert "memory_king" not in awards(s)


def test_unlucky_bird_most_penalty_cards():
    s = table([[9, 2, 3, 4], [1, 5, 7, 8], [10, 11, 12, 13]], discard=[9])
    # seat 2 throws a wrong card (one penalty card); seat 1 takes seat 0's 9 and gives one
    notes_of(s, Match(2, 2, 0), Match(1, 0, 0), Give(1, 0))
    s.act(Match(2, 2, 1))  # a second wrong card: seat 2 has 2 penalty cards, seat 0 has 1
    cabo_now(s)
    assert awards(s)["unlucky"] == ([2], 2)


def test_a_wrong_multi_replace_s_drawn_card_is_a_penalty_card():
    # seed 001: "die gezogene Karte kommt als Strafkarte dazu" -- counted like one
    s = table([[7, 8, 3, 4], [1, 5, 7, 8], [10, 11, 12, 2]], deck=[6, 5, 6, 5, 6])
    s.act(DrawDeck(0))
    s.act(Replace(0, (0, 1)))  # a 7 and an 8 are not equal: they stay, the 6 comes as card 5
    assert len(s.state.hands[0]) == 5
    assert s.party.counts["penalties"] == [1, 0, 0]
    cabo_now(s, caller=1)
    assert awards(s)["unlucky"] == ([0], 1)


def timed_table(bots=()):
    s = table([[1, 2, 3, 4], [5, 9, 7, 8], [9, 11, 12, 13]], deck=[9, 6, 5, 6, 5],
              discard=[4], bots=bots)
    s.act(DrawDeck(0), 900)
    s.act(Discard(0), 1000)  # a 9 lands on the pile at t = 1000 ms
    s.act(SkipPower(0), 1100)
    if s.state.phase == "after_turn":
        s.act(EndTurn(0), 1200)
    return s


def test_fastest_hand_the_quickest_correct_match_from_the_landing():
    s = timed_table()
    s.act(Match(1, 1, 1), 1450)  # 450 ms after the 9 landed
    s.act(Match(2, 2, 0), 2450)  # 1000 ms after seat 1's 9 landed
    assert s.party.counts["fastest"][:3] == [None, 450, 1000]
    cabo_now(s)
    assert awards(s)["fastest"] == ([1], 450)  # seat 2 just misses


def test_fastest_hand_of_a_bot_is_its_reaction_delay():
    s = timed_table(bots={2: "easy"})
    s.act(Match(2, 2, 0), 99_999)  # the page's clock does not matter for a bot
    assert s.party.counts["fastest"][2] == s.bots[2].reaction_ms
    s.act(Match(1, 1, 1), 99_999 + s.bots[2].reaction_ms + 1)
    cabo_now(s)
    assert awards(s)["fastest"] == ([2], s.bots[2].reaction_ms)


def test_bots_tied_on_their_reaction_delay_are_no_fastest_hand():
    s = table([[1, 2, 3, 4], [9, 5, 7, 8], [10, 11, 12, 13]], discard=[9],
              bots={1: "easy", 2: "easy"})
    s.party.counts["fastest"][1:3] = [s.bots[1].reaction_ms, s.bots[2].reaction_ms]
    assert [a for a in s.party._awards([0, 1, 2]) if a[0] == "fastest"] == []
    s.party.counts["fastest"][0] = s.bots[1].reaction_ms  # a person as quick: they share it
    assert [a for a in s.party._awards([0, 1, 2]) if a[0] == "fastest"] == [
        ["fastest", [0, 1, 2], s.bots[1].reaction_ms]]


def test_award_values_of_one_are_singular():
    from cabo.i18n import Texts
    from cabo.ui.party_view import award_lines
    de = award_lines([["unlucky", [0], 1], ["memory_king", [1], 1]], Texts("de"), ["Ada", "Bo"])
    assert de == ["🐦 Pechvogel: Ada (1 Strafkarte)", "👑 Gedächtnis-König: Bo (1 Karte)"]
    en = award_lines([["unlucky", [0], 2]], Texts("en"), ["Ada"])
    assert en == ["🐦 Unlucky bird: Ada (2 penalty cards)"]


def test_a_match_without_a_clock_is_not_timed():
    s = table([[1, 2, 3, 4], [9, 5, 7, 8], [10, 11, 12, 13]], discard=[9])
    s.act(Match(1, 1, 0))
    assert s.party.counts["fastest"][1] is None and s.party.counts["matched"][1] == 1


# -- the clown nose ----------------------------------------------------------------------------
def test_clown_nose_from_a_lost_cabo_to_the_end_of_the_next_round():
    s = table([[9, 9, 9, 9], [1, 1, 1, 1], [10, 11, 12, 13]])
    cabo_now(s, 0)  # seat 0 loses its Cabo in round 1
    assert s.party.nose(0, 1) and not s.party.nose(1, 1)
    s.act(NextRound(0))
    assert s.state.round_no == 2 and s.party.nose(0, 2)
    s = Session.from_json(s.to_json())
    assert s.party.nose(0, 2)  # a reload keeps it
    arrange(s.state, [[1, 1, 1, 1], [9, 9, 9, 9], [10, 11, 12, 13]], deck=[5, 6, 5, 6, 5, 6],
            discard=[4])
    for seat in range(3):
        s.act(InitialPeek(seat, (0, 1)))
    cabo_now(s, 0)  # round 2: seat 0 wins its Cabo; the nose comes off at this round's end
    assert not s.party.nose(0, 2) and not s.party.nose(0, 3)


def test_no_clown_nose_for_a_won_cabo_or_without_extras():
    s = table([[1, 1, 1, 1], [9, 9, 9, 9], [10, 11, 12, 13]])
    cabo_now(s, 0)
    assert not s.party.nose(0, 1)
    off = RULES.with_options(extras=False)
    s = table([[9, 9, 9, 9], [1, 1, 1, 1], [10, 11, 12, 13]], rules=off)
    notes = cabo_now(s, 0)
    assert not s.party.nose(0, 1) and notes == []
    assert s.party.rounds[-1]["lost"] is True  # the counters still run (statistics)


# -- rules decide what exists ------------------------------------------------------------------
def test_an_achievement_the_rules_make_impossible_never_appears():
    assert available(PRESETS["official"]) == ((), ())
    ach, aw = available(PRESETS["official"].with_options(extras=True))
    assert ach == ("elephant", "clean_sheet") and aw == ("unlucky",)
    ach, aw = available(PRESETS["standard52"].with_options(extras=True))
    assert "thief" not in ach and "revenge" not in ach and "double_match" in ach
    assert "clean_sheet" in ach  # red kings are worth -1
    ach, _ = available(RULES.with_options(powers=((7, "peek"), (9, "spy"))))
    assert "revenge" not in ach and "thief" in ach


def test_own_matching_rules_never_earn_the_thief():
    rules = RULES.with_options(match="own")
    s = table([[9, 9, 9, 4], [1, 1, 7, 8]], discard=[9], rules=rules)
    notes = notes_of(s, Match(0, 0, 0), Match(0, 0, 1), Match(0, 0, 2))
    assert earned(notes) == [(0, "double_match")]


# -- reactions and saving ----------------------------------------------------------------------
def test_reactions_are_rate_limited_per_person():
    limit = RateLimit()
    assert limit.allow(0, 0) and not limit.allow(0, MIN_GAP_MS - 1)
    assert limit.allow(1, 1)  # another person is not held back
    times = [k * MIN_GAP_MS for k in range(1, MAX_IN_WINDOW + 3)]
    allowed = [limit.allow(0, t) for t in times]
    assert allowed.count(True) == MAX_IN_WINDOW - 1  # 4 within the window, the first included


def test_session_react_checks_and_limits():
    s = table([[1, 2, 3, 4], [5, 6, 7, 8]], bots={1: "easy"})
    assert s.react(0, "laugh", 1000) == {"kind": "reaction", "seat": 0, "emoji": "laugh"}
    assert s.react(0, "laugh", 1100) is None
    with pytest.raises(IllegalAction):
        s.react(0, "poo", 5000)
    with pytest.raises(IllegalAction):
        s.react(1, "laugh", 5000)  # a bot
    off = table([[1, 2, 3, 4], [5, 6, 7, 8]], rules=PRESETS["official"])
    with pytest.raises(IllegalAction):
        off.react(0, "laugh", 1000)


def test_party_state_round_trips_and_damage_is_a_save_error():
    s = table([[9, 2, 3, 4], [1, 1, 7, 8], [10, 12, 12, 13]], discard=[9])
    notes_of(s, Match(1, 0, 0), Give(1, 0))
    text = s.to_json()
    assert Session.from_json(text).to_json() == text
    d = json.loads(text)
    d["party"]["marks"] = [[7], [], []]
    with pytest.raises(SaveError):
        Session.from_json(json.dumps(d))
    for bad in (-1, 2**32, "x"):  # the quips' generator state out of range or not a number
        d = json.loads(text)
        d["party"]["quips"]["rng"][1][0] = bad
        with pytest.raises(SaveError):
            Session.from_json(json.dumps(d))
    d = json.loads(text)
    del d["party"]  # a save from before the extras: they start fresh
    assert Session.from_json(json.dumps(d)).party.marked_by(0) == []


def test_the_party_schema_refuses_what_to_dict_never_writes():
    """The saved extras are checked against party.tracker.saved_schema(n): a save round-trips,
    and a list of the wrong length, an unknown field, a seat outside the game or a bad round
    summary is refused (cabo.schema.Invalid, a ValueError) before the tracker is built."""
    import copy

    from cabo.party.tracker import PartyTracker
    from cabo.schema import Invalid
    s = table([[9, 2, 3, 4], [1, 1, 7, 8], [10, 12, 12, 13]], discard=[9])
    notes_of(s, Match(1, 0, 0), Give(1, 0))
    saved = json.loads(json.dumps(s.party.to_dict()))
    rules, n = s.state.rules, s.state.n
    assert PartyTracker.from_dict(saved, rules, n).to_dict() == saved
    damages = (lambda d: d["counts"]["matched"].append(0), lambda d: d.update(extra=1),
               lambda d: d["noses"].append([n, 1]), lambda d: d["marks"][0].append(n),
               lambda d: d["rounds"].append({"round_no": 1}),
               lambda d: d["quips"].update(step="3"), lambda d: d.pop("recorded"))
    for damage in damages:
        d = copy.deepcopy(saved)
        damage(d)
        with pytest.raises(Invalid):
            PartyTracker.from_dict(d, rules, n)
