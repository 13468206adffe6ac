"""The world sampler (DESIGN.md: `observe(sample_world(obs, rng), seat) == obs`): sampled
worlds look the same to the observer, are valid states, and can be played on."""

from __future__ import annotations

import random

import pytest

from cabo import PRESETS, apply, observe, preset
from cabo.game.actions import DrawDeck
from cabo.game.sampler import sample_world

from invariants import check_cards, check_someone_can_move, host_action, random_action, random_states
from stacking import play, stacked

NAMES = sorted(PRESETS)


def states(name, wanted=40, steps=250, every=9):
    """`wanted` states met while random actions play games of preset `name`."""
    return random_states(PRESETS[name], NAMES.index(name) + 50, wanted, steps, every)



def play_on(world, rng, steps=25):
    for _ in range(steps):
        if world.phase == "game_over":
            return
        action = (host_action(world, rng, 3) if world.phase == "round_over"
                  else random_action(world, rng, react_chance=0.1))
        apply(world, action)
        check_cards(world)
        check_someone_can_move(world)


@pytest.mark.parametrize("name", NAMES)
def test_sampled_world_looks_the_same_is_valid_and_playable(name):
    rng = random.Random(1)
    count = 0
    for state in states(name):
        for seat in range(state.n):
            obs = observe(state, seat)
            world = sample_world(obs, rng)
            assert observe(world, seat) == obs
            check_cards(world)
            if count % 3 == 0:
                play_on(world, rng)
            count += 1
    assert count > 60


def test_sampling_keeps_known_cards_and_varies_the_unknown_ones():
    state = stacked(preset("official"), 3, [[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12]],
                    deck=[0], discard=[13])
    play(state, DrawDeck(0))
    obs = observe(state, 1)
    rng = random.Random(4)
    worlds = [sample_world(obs, rng) for _ in range(20)]
    for world in worlds:
        assert world.hands[1][:2] == state.hands[1][:2]  # seat 1 peeked slots 0 and 1
        assert world.discard == state.discard
        assert world.drawn is not None and world.phase == "drawn"
    assert len({tuple(w.deck) for w in worlds}) == 20
    assert len({w.hands[0][0] for w in worlds}) > 1
    assert len({w.drawn for w in worlds}) > 1  # seat 0's drawn card is hidden from seat 1
    # the drawer's own view keeps the drawn card
    mine = sample_world(observe(state, 0), rng)
    assert mine.drawn == state.drawn
