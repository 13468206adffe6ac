"""The engine speed-ups the bots rely on change nothing: same deals, same legal actions."""

from __future__ import annotations

import random

from cabo import PRESETS, apply, legal_actions, new_game, to_move
from cabo.game.actions import NextRound
from cabo.game.actions import is_off_turn
from cabo.game.engine import own_actions
from cabo.game.rounds import shuffle

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
                assert list(own_actions(state, seat)) == [
                    a for a in legal if not is_off_turn(a)]
            seat = to_move(state)[0]
            apply(state, concrete(rng.choice(own_actions(state, seat)), rng))


def test_power_checks_without_lists_agree_with_the_listed_power_moves():
    """apply checks a power move with `power_allows` instead of building `own_actions`: both
    must say the same for every candidate move, in range or not."""
    from cabo.game.actions import KingSpy, KingSwap, PeekOwn, SkipPower, Spy, Swap
    from cabo.game.legal import power_allows
    from invariants import random_action
    rng = random.Random(11)
    checked = 0
    for name, rules in PRESETS.items():
        state = new_game(rules, 3, 21)
        for _ in range(3000):
            if state.phase == "game_over":
                break
            if state.phase == "round_over":
                apply(state, NextRound(0))
                continue
            if state.phase in ("power", "king") and not state.gives:
                seat = state.current
                listed = set(own_actions(state, seat))
                sizes = [len(h) for h in state.hands]
                for o in range(-1, state.n + 1):
                    for i in range(-1, max(sizes) + 1):
                        cands = [PeekOwn(seat, i), Spy(seat, o, i), KingSpy(seat, o, i),
                                 KingSwap(seat, i), SkipPower(seat)]
                        cands += [Swap(seat, j, o, i) for j in range(-1, sizes[seat] + 1)]
                        for a in cands:
                            assert power_allows(state, a) == (a in listed), (a, state.phase)
                            checked += 1
            apply(state, random_action(state, rng))
    assert checked > 5000
