"""tools/truth_bound: the measurement-only hard bot whose worlds hold the others' true cards."""

from __future__ import annotations

import random

from cabo import PRESETS, apply, legal_actions, new_game, observe, to_move
from cabo.bots import LEVELS, make_bot
from cabo.bots.hard import HardBot
from tools import truth_bound


def _positions(count=60):
    out = []
    for seed in range(40, 60):
        state = new_game(PRESETS["official"], 2, seed)
        bots = [make_bot("medium", 1), make_bot("medium", 2)]
        while state.phase not in ("round_over", "game_over") and len(out) < count:
            seat = to_move(state)[0]
            obs = observe(state, seat)
            if obs.phase == "turn":
                out.append((state.clone(), obs))
            apply(state, bots[seat].choose(obs, legal_actions(state, seat)))
        if len(out) >= count:
            return out
    return out


def test_true_worlds_look_like_the_observation_and_hold_the_others_true_cards():
    rng = random.Random(3)
    kept_true = other_varied = 0
    try:
        for mode in ("all", "kept"):
            truth_bound.MODE = mode
            for state, obs in _positions():
                truth_bound._PEEK[0] = state.perfect_information
                world = truth_bound.true_world(obs, rng)
                assert observe(world, obs.seat) == obs
                o = 1 - obs.seat
                for i, cell in enumerate(obs.hands[o]):
                    if cell is None or cell[0] is not None:
                        continue
                    same = world.hands[o][i] == state.hands[o][i]
                    if mode == "all" or cell[1] >> o & 1:
                        assert same
                        kept_true += 1
                    else:
                        other_varied += not same
    finally:
        truth_bound.MODE, truth_bound._PEEK[0] = "all", None
    assert kept_true > 100 and other_varied > 10


def test_the_tool_changes_nothing_unless_it_is_run():
    assert LEVELS["oracle"] is not truth_bound.TruthHard
    import cabo.bots.hard as hard
    assert hard.deal_world is not truth_bound.true_world
    assert issubclass(truth_bound.TruthHard, HardBot)
