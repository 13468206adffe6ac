"""The engine speed-ups the bots rely on change nothing: same deals, same legal actions."""

from __future__ import annotations

import random

from cabo import PRESETS, apply, legal_actions, new_game, to_move
from cabo.actions import is_off_turn
from cabo.engine import own_actions
from cabo.rounds import shuffle

from invariants import concrete


def test_inlined_shuffle_is_random_shuffle():
    for seed in range(200):
        for n in (0, 1, 2, 7, 52, 54, 104):
            a, b = list(range(n)), list(range(n))
            r1, r2 = random.Random(seed), random.Random(seed)
            r1.shuffle(a)
            shuffle(r2, b)
            assert a == b and r1.getstate() == r2.getstate()


def test_own_actions_is_legal_actions_without_matches():
    rng = random.Random(4)
    for name, rules in PRESETS.items():
        state = new_game(rules, 3, 9)
        for _ in range(300):
            if state.phase in ("round_over", "game_over"):
                break
            for seat in range(state.n):
                legal = legal_actions(state, seat)
                assert own_actions(state, seat) == [
                    a for a in legal if not is_off_turn(a)]
            seat = to_move(state)[0]
            apply(state, concrete(rng.choice(own_actions(state, seat)), rng))
