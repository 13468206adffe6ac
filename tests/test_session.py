"""The table flow: people and bots, hot-seat viewers, save and resume, damaged saves."""

from __future__ import annotations

import json

import pytest

from cabo import PRESETS, IllegalAction, SaveError
from cabo.game.actions import DrawDeck, InitialPeek
from cabo.play.session import Seat, Session


def solo(preset="official", seed=3):
    return Session(PRESETS[preset], [Seat("Ana"), Seat("B1", "random"), Seat("B2", "random")],
                   seed)


def test_bots_move_until_the_person_must_act():
    s = solo()
    s.run_bots()
    assert s.state.phase == "peek" and s.viewer() == 0
    assert [a.seat for a in s.legal(0)] and all(a.seat == 0 for a in s.legal(0))
    assert not any(s.state.peeked[0:1]) and s.state.peeked[1] and s.state.peeked[2]
    s.act(InitialPeek(0, (0, 1)))
    s.run_bots()
    assert 0 in (s.state.current,) or s.state.phase == "round_over"


def test_illegal_action_leaves_session_unchanged():
    s = solo()
    before = s.to_json()
    with pytest.raises(IllegalAction):
        s.act(DrawDeck(0))  # still in the initial peek
    assert s.to_json() == before


def test_save_round_trips_at_every_step_of_a_bot_game():
    s = Session(PRESETS["party"], [Seat("B0", "random"), Seat("B1", "random")], 11)
    steps = 0
    while s.state.phase != "game_over" and steps < 400:
        if s.state.phase == "round_over":
            s.end_game() if s.state.round_no >= 2 else s.next_round()
        else:
            s.run_bots(max_steps=1)
        text = s.to_json()
        assert Session.from_json(text).to_json() == text
        steps += 1
    assert s.state.phase == "game_over"


def test_resumed_session_plays_the_same_as_the_original():
    a = solo("standard52", seed=5)
    a.act(InitialPeek(0, (0, 3)))
    a.run_bots()
    b = Session.from_json(a.to_json())
    for s in (a, b):
        for _ in range(30):
            if s.state.phase in ("round_over", "game_over"):
                break
            legal = s.legal(0)
            if legal:
                s.act(legal[0])
            s.run_bots()
    assert a.to_json() == b.to_json()


def test_log_is_redacted_per_viewer():
    s = Session(PRESETS["official"], [Seat("Ana"), Seat("Ben")], 2)
    s.act(InitialPeek(0, (0, 1)))
    mine = [e for e in s.log_for(0) if e["kind"] == "initial_peek"]
    theirs = [e for e in s.log_for(1) if e["kind"] == "initial_peek"]
    assert "cards" in mine[0] and "cards" not in theirs[0]
    assert all("cards" not in e for e in s.log_for(None) if e["kind"] == "initial_peek")


def test_hot_seat_viewer_follows_the_person_to_move():
    s = Session(PRESETS["official"], [Seat("Ana"), Seat("Ben")], 2)
    s.act(InitialPeek(0, (0, 1)))
    s.act(InitialPeek(1, (2, 3)))
    assert s.viewer() == s.state.current


@pytest.mark.parametrize("text", [
    "", "{", "null", "[]", '{"schema": 99}', json.dumps({"schema": 1}),
    json.dumps({"schema": 1, "state": {"schema": 1}}),
])
def test_damaged_saves_raise_save_error(text):
    with pytest.raises(SaveError):
        Session.from_json(text)


def test_save_with_doubled_card_is_rejected():
    d = json.loads(solo().to_json())
    d["state"]["deck"][0] = d["state"]["deck"][1]
    with pytest.raises(SaveError):
        Session.from_json(json.dumps(d))
