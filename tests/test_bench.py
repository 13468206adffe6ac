"""The engine benchmark's long-round loop (cabo.bench): an honest caller of the public path."""

import random

from cabo.actions import NextRound
from cabo.bench import _long_round_play, long_round_move
from cabo.engine import apply, new_game, own_actions, to_move
from cabo.rules import PRESETS


def _reference(seed, rounds):
    """The same play written plainly: to_move, own_actions, long_round_move, apply."""
    rng = random.Random(seed)
    turns = done = game = 0
    state = new_game(PRESETS["official"], 2, seed)
    while True:
        if state.phase == "round_over":
            done += 1
            if done >= rounds:
                return turns, done, state
            apply(state, NextRound(0))
        elif state.phase == "game_over":
            done += 1
            game += 1
            state = new_game(PRESETS["official"], 2, seed + game)
        else:
            turns += state.phase == "turn"
            apply(state, long_round_move(state, own_actions(state, to_move(state)[0]),
                                         rng.random))


def test_the_inlined_policy_plays_like_long_round_move():
    for seed in (1, 2, 3):
        turns, rounds, state, _, _ = _long_round_play(0, seed, max_rounds=40)
        ref_turns, ref_rounds, ref = _reference(seed, 40)
        assert (turns, rounds) == (ref_turns, ref_rounds)
        assert state.to_dict() == ref.to_dict()
        assert turns / rounds > 15  # (long rounds: Cabo with p = 0.05 per turn)


def test_trusted_play_is_the_same_play():
    strict = _long_round_play(0, 4, max_rounds=30)
    trusted = _long_round_play(0, 4, trusted=True, max_rounds=30)
    assert strict[:2] == trusted[:2]
    assert strict[2].to_dict() == trusted[2].to_dict()
