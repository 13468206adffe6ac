"""The page's pure helpers: click choices, the table controller, setup and saved values."""

from __future__ import annotations

import re

import pytest

from cabo.game.actions import InitialPeek, Match, PairDiscard, Replace, Several, Swap
from cabo.i18n import Texts
from cabo.game.rules import PRESETS
from cabo.play.session import Seat, Session
from cabo.ui import choices, setup, storage
from cabo.ui.table import Table
from cabo.web import render

T = Texts("en")


def test_selection_maps_onto_legal_actions():
    legal = [Replace(0, (0,)), Replace(0, (1,)), Several(Replace, 0, (0, 1), 2, 2),
             Match(0, 1, 2)]
    assert choices.selectable(legal) == {(0, 0), (0, 1), (1, 2)}
    sel = choices.toggle(legal, (), (0, 0))
    sel = choices.toggle(legal, sel, (0, 1))
    assert choices.selected_actions(legal, sel, 0) == [("replace", Replace(0, (0, 1)))]
    # a card that leads nowhere with the selection starts a new one
    assert choices.toggle(legal, sel, (1, 2)) == ((1, 2),)
    assert choices.selected_actions(legal, ((1, 2),), 0) == [("match", Match(0, 1, 2))]


def test_swap_needs_both_cards_and_pairs_may_grow():
    legal = [Swap(0, 0, 1, 0), Swap(0, 1, 1, 0),
             Several(PairDiscard, 0, ((0, 0), (0, 1), (1, 0), (1, 1)), 2, 3)]
    keys = [k for k, _ in choices.selected_actions(legal, ((0, 0), (1, 0)), 0)]
    assert keys == ["swap", "pair"]
    three = choices.selected_actions(legal, ((1, 1), (0, 0), (1, 0)), 0)
    assert three == [("pair", PairDiscard(0, ((0, 0), (1, 0), (1, 1))))]
    assert choices.selected_actions(legal, ((0, 0), (0, 1), (1, 0), (1, 1)), 0) == []


def test_a_multi_replace_of_any_allowed_size_is_a_button():
    legal = [Replace(0, (i,)) for i in range(6)] + [Several(Replace, 0, tuple(range(6)), 2, 4)]
    assert choices.selectable(legal) == {(0, i) for i in range(6)}
    sel = ()
    for card in ((0, 5), (0, 1), (0, 3)):
        sel = choices.toggle(legal, sel, card)
    assert sel == ((0, 5), (0, 1), (0, 3))
    assert choices.selected_actions(legal, sel, 0) == [("replace", Replace(0, (1, 3, 5)))]
    five = tuple((0, i) for i in range(5))
    assert choices.selected_actions(legal, five, 0) == []


def test_fixed_initial_peek_is_a_plain_button():
    legal = [InitialPeek(0, (0, 3))]
    assert choices.plain_actions(legal) == [("look", legal[0])]
    assert choices.selectable(legal) == frozenset()


def solo_table(preset="official", seed=4):
    s = Session(PRESETS[preset], [Seat("Me"), Seat("Ada", "easy"), Seat("Bo", "easy")], seed)
    return Table(s, T, "instant")


def run_bots(table):
    while (task := table.bot_task()) is not None:
        table.run_bot_task(task[1], task[2])


def faces_in(html):
    return re.findall(r'class="face[^"]*" data-face="([^"]*)"', html)


def test_face_down_values_reach_the_page_only_for_a_moment():
    table = solo_table()
    run_bots(table)
    table.click_card(0, 0)
    table.click_card(0, 1)
    table.press("look")
    view = table.view()
    me = view["players"][-1]
    assert [s["face"] is not None for s in me["slots"]] == [True, True, False, False]
    table.hide_reveals()
    view = table.view()
    me = view["players"][-1]
    assert all(s["face"] is None for s in me["slots"])
    assert all("seen by you" in s["label"] for s in me["slots"][:2])
    html = render.table(view, T, True)
    # only the discard pile shows a face now
    assert faces_in(html) == [view["discard"]["face"]]


def test_a_whole_game_through_the_controller_for_every_preset():
    for preset in PRESETS:
        table = solo_table(preset, seed=9)
        for _ in range(2000):
            run_bots(table)
            view = table.view()
            if view["game_over"]:
                break
            keys = [b["key"] for b in view["buttons"]]
            if "end_game" in keys:
                table.press("end_game")
                continue
            for key in ("look", "next_round", "ready", "cabo_yes", "cabo", "draw", "discard",
                        "skip",
                        "end_turn"):
                if key in keys:
                    table.press(key)
                    break
            else:
                own = [s for s in view["players"][-1]["slots"] if s.get("selectable")]
                for slot in own:
                    table.click_card(0, slot["slot"])
                    keys = [k for k, _ in table.buttons()]
                    if any(k in keys for k in ("look", "replace", "give")):
                        break
                table.press(next(k for k in ("look", "replace", "give") if k in keys))
        assert table.session.state.phase == "game_over", preset
        assert table.view()["log"]


def test_hot_seat_hides_cards_until_the_device_is_passed():
    s = Session(PRESETS["official"], [Seat("Ann"), Seat("Ben")], 2)
    table = Table(s, T)
    assert table.view()["screen"] == "handoff"
    table.press("handoff")
    table.click_card(0, 0)
    table.click_card(0, 1)
    table.press("look")
    assert table.screen_seat() == 0  # Ann still looks at her cards
    table.hide_reveals()
    assert table.view()["title"] == "Pass the device to Ben"


def test_settings_survive_garbage_and_make_a_session():
    st = setup.normalize({"preset": "hut", "players": "x", "custom": {"jokers": "2"}}, T)
    assert st["preset"] == "hut" and st["custom"] == {}
    st = setup.change(st, "opt:jokers", "2", T)
    assert setup.rules_of(st).jokers == 2
    st = setup.change(st, "count", "4", T)
    session = setup.make_session(st, 5, T)
    assert len(session.seats) == 4 and session.rules.name == "custom"
    st = setup.change(st, "kind:0", "easy", T)
    assert setup.problem(st, T) == T("need_person")
    assert setup.view(setup.defaults(T), T)["problem"] is None


@pytest.mark.parametrize("text, key", [
    ("{", "save_bad"), ('{"schema": 0}', "save_old"), ("[]", "save_bad"),
    ('{"schema": 1, "state": {"schema": 1}}', "save_old"),
    ('{"schema": 2, "state": {"schema": 1}}', "save_bad"),
])
def test_bad_saves_give_a_reason_not_a_crash(text, key):
    session, got, reason = storage.load_game(text)
    assert session is None and got == key and reason


def test_a_good_save_loads():
    table = solo_table()
    session, key, _ = storage.load_game(table.session.to_json())
    assert key is None and session.to_json() == table.session.to_json()


def test_the_hint_suggests_from_the_persons_view_and_selects_its_cards():
    table = solo_table()
    run_bots(table)
    table.press("hint")
    assert table.hint.startswith("Hint: ")
    assert [k for k, _ in table.buttons()] == ["look"]  # the suggested two cards are selected


def test_a_foreign_match_asks_for_a_card_back():
    """Party rules: snapping another player's card; the snapper then gives one of theirs."""
    for seed in range(60):
        s = Session(PRESETS["party"], [Seat("Me"), Seat("Ada", "easy")], seed)
        table = Table(s, T)
        table.click_card(0, 0)
        table.click_card(0, 1)
        table.press("look")
        while table.bot_task() and table.bot_task()[1] == "move":
            table.run_bot_task("move", table.bot_task()[2])
        state = s.state
        if state.match_target is None:
            continue
        target = state.values[state.match_target]
        hits = [i for i in state.occupied(1) if state.values[state.hands[1][i]] == target]
        if not hits:
            continue
        table.click_card(1, hits[0])  # the test knows the card; the person just guesses
        assert [k for k, _ in table.buttons()] and "match" in [k for k, _ in table.buttons()]
        table.press("match")
        assert "Give Ada one of your cards" in table.view()["status"]
        table.click_card(0, 2)
        table.press("give")
        assert len(s.state.hands[1]) == 5 and s.state.hands[0][2] is None
        assert "You give your card 3 to Ada." in table.view()["log"][0]
        return
    pytest.fail("no seed with a matching foreign card")
