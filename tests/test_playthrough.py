"""Random playthroughs of every preset with invariants checked after every step."""

from __future__ import annotations

import os
import random

import pytest

from cabo import PRESETS, apply, new_game, to_move
from cabo.game.actions import InitialPeek

from invariants import (check_cards, check_observation, check_round_scores,
                        check_someone_can_move, host_action, random_action)

ROUNDS = int(os.environ.get("CABO_PLAYTHROUGH_ROUNDS", "2000"))


def player_counts(rules):
    return list(range(rules.min_players, rules.max_players + 1))


def run_rounds(rules, rounds, seed, sample_every=5):
    """Play `rounds` rounds over as many games as needed; check every step."""
    rng = random.Random(seed)
    counts = player_counts(rules)
    played = 0
    steps = 0
    game_no = 0
    while played < rounds:
        n = counts[game_no % len(counts)]
        state = new_game(rules, n, seed * 100_003 + game_no)
        game_no += 1
        check_cards(state)
        while state.phase != "game_over" and played < rounds:
            if state.phase == "round_over":
                apply(state, host_action(state, rng, rounds_wanted=3))
                check_cards(state)
                continue
            prev_totals = state.totals[:]
            prev_current, prev_caller = state.current, state.caller
            action = random_action(state, rng)
            events = apply(state, action)
            steps += 1
            check_cards(state)
            check_someone_can_move(state)
            _check_turn_order(state, events, prev_current, prev_caller)
            # the acting seat and one other seat, every step
            others = [s for s in range(state.n) if s != action.seat]
            check_observation(state, action.seat, rng, sample=steps % sample_every == 0)
            check_observation(state, rng.choice(others), rng, sample=steps % sample_every == 1)
            for e in events:
                if e.kind == "round_end":
                    played += 1
                    check_round_scores(state, e.view_all(), prev_totals)
    return steps


def _check_turn_order(state, events, prev_current, prev_caller):
    """A new turn goes to the next seat clockwise, skipping the caller and seats done."""
    turns = [e.seat for e in events if e.kind == "turn"]
    for seat in turns:
        if state.caller is None:
            assert seat == state.next_seat(prev_current) or prev_current == seat
        else:
            assert seat != state.caller
            assert state.final_left >> seat & 1
        prev_current = seat


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_random_playthrough(name):
    steps = run_rounds(PRESETS[name], ROUNDS, seed=sorted(PRESETS).index(name) + 1)
    assert steps > ROUNDS


@pytest.mark.soak
@pytest.mark.parametrize("name", sorted(PRESETS))
def test_random_playthrough_soak(name):
    rounds = int(os.environ.get("CABO_SOAK_ROUNDS", "100000"))
    run_rounds(PRESETS[name], rounds, seed=1000 + sorted(PRESETS).index(name), sample_every=50)


def test_peek_phase_then_first_player_turn():
    state = new_game(PRESETS["official"], 3, 5)
    assert state.phase == "peek" and set(to_move(state)) == {0, 1, 2}
    for seat in range(3):
        apply(state, InitialPeek(seat, (0, 1)))
    assert state.phase == "turn" and to_move(state) == (state.first,)
