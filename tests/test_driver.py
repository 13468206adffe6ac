"""The one driver of a table (cabo.play.driver): every loop that plays a game forward asks it
who acts next, and they all play the same moves.

The pinned loop of tests/test_trace_hashes.py (`_play`) is the reference: the driver plays the
same moves as it, in every preset, and so do the page's paced bot tasks at the instant speed
(cabo.ui.pacing, cabo.ui.table) and the headless `Session.run_bots`. A change of the off-turn
order anywhere shows here as a different move.
"""

from __future__ import annotations

import json

import pytest

from cabo import PRESETS
from cabo.bots import make_bot
from cabo.game.actions import EndGame, NextRound
from cabo.game.engine import new_game
from cabo.game.matching import reacting_seats
from cabo.game.seeds import bot_seed
from cabo.game.state import OVER_PHASES
from cabo.i18n import Texts
from cabo.play.driver import Driver, between_rounds, off_turn_order, round_over, waiting
from cabo.play.session import Seat, Session
from cabo.ui.table import Table
from test_trace_hashes import _play

MATCHING = ("party", "standard52", "hut")  # presets with off-turn matching


class Moves:
    """The moves of a game as lines (the trace's Recorder also keeps its hash)."""

    def __init__(self):
        self.lines = []

    def add(self, *parts) -> None:
        self.lines.append(" ".join(str(p) for p in parts))


def _bots(level, n, seed):
    return [make_bot(level, seed * 31 + s) for s in range(n)]


@pytest.mark.parametrize("preset", sorted(PRESETS))
@pytest.mark.parametrize("level", ["easy", "medium"])
def test_the_driver_plays_the_pinned_loop_move_for_move(preset, level):
    rules, n, seed = PRESETS[preset], 4, 5
    pinned = Moves()
    _play(rules, n, seed, _bots(level, n, seed), pinned, rounds=2)
    driven = Moves()

    def record(state, action, events):
        if type(action) in (NextRound, EndGame):
            driven.add("next", action)
        else:
            driven.add(state.step - 1, repr(action))

    driver = Driver(new_game(rules, n, seed), dict(enumerate(_bots(level, n, seed))))
    state = driver.play(between_rounds(2, host_rounds=0), record)
    driven.add(json.dumps(state.to_dict(), sort_keys=True))
    assert len(pinned.lines) > 40
    assert driven.lines == pinned.lines


def _session(preset, n, seed):
    seats = [Seat(f"B{s}", "medium" if s % 2 else "easy") for s in range(n)]
    return Session(PRESETS[preset], seats, seed)


def _round_by_tasks(table) -> list:
    """The page's bot tasks at the instant speed until none is left: the actions applied."""
    moves = []
    for _ in range(2000):
        task = table.bot_task()
        if task is None:
            return moves
        assert task[0] == 0  # instant: nothing waits
        before = len(table.session.log)
        table.run_bot_task(task[1], task[2])
        if len(table.session.log) != before:
            moves.append(table.session.state.step)
    raise AssertionError("the bot tasks never ended")


@pytest.mark.parametrize("preset", MATCHING)
def test_the_page_and_the_headless_session_play_the_same_moves(preset):
    """All-bot tables: the page's paced tasks (instant speed) and Session.run_bots make the
    same actions in the same order, so the same states, round after round."""
    paced, headless = _session(preset, 4, 8), _session(preset, 4, 8)
    table = Table(paced, Texts("en"), "instant")
    for _ in range(3):
        _round_by_tasks(table)
        headless.run_bots()
        assert paced.state.to_dict() == headless.state.to_dict()
        assert [e["public"] for e in paced.log] == [e["public"] for e in headless.log]
        if paced.state.game_over:
            break
        assert round_over(paced.state)
        paced.next_round()
        headless.next_round()
    assert paced.state.round_no >= 2


@pytest.mark.parametrize("preset", MATCHING)
def test_one_off_turn_order_everywhere(preset):
    """On every state of a game: the driver's order is the engine's (seat order after the
    current player), the session asks its bots in it, and nobody is waited for between
    rounds."""
    session = _session(preset, 4, 3)
    seen = 0
    while not session.state.game_over and session.state.round_no <= 2:
        state = session.state
        order = off_turn_order(state)
        assert order == reacting_seats(state)
        n, current = state.n, state.current
        assert order == sorted(order, key=lambda s: (s - current - 1) % n)
        assert session.reacting_bots() == order  # every seat is a bot here
        if state.phase in OVER_PHASES:
            assert waiting(state) == [] and session.waiting_bot() is None
            session.next_round()
            continue
        seen += len(order) > 1
        action = session.next_bot_action()
        assert action is not None
        session.act(action)
    assert seen > 10


def test_a_person_stops_the_driver():
    """The bots play until the game waits for the person (their first peek done), and then
    nothing more: the driver never moves for a person."""
    session = Session(PRESETS["party"], [Seat("Me"), Seat("Ada", "medium"),
                                         Seat("Bo", "easy")], 11)
    assert session.run_bots() == 2  # the two bots' first peeks
    assert waiting(session.state) == [0] and session.waiting_bot() is None
    assert session.next_bot_action() is None and session.run_bots() == 0


def test_the_seeds_of_a_table_are_derived_in_one_place():
    """Saved games and seeded tests replay only while these stay as they were."""
    assert bot_seed(11, 1) == 11 * 1009 + 1
    session = Session(PRESETS["party"], [Seat("Me"), Seat("Ada", "medium")], 11)
    assert session.bots[1].rng.getstate() == make_bot("medium", bot_seed(11, 1)).rng.getstate()
