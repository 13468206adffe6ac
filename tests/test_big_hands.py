"""Hands forced large: repeated wrong multi-replaces and wrong matches (issue 12, "Bad input").

A hand grows by one card with every wrong multi-replace and every penalty card. Multi-replaces
and pair discards are listed as one `Several` entry each (legal.py), so the legal list stays
linear in the number of cards at any reachable size, and a long random game with bloated
hands runs in bounded memory. The quick test runs in the normal suite; the long one is a soak.
"""

from __future__ import annotations

import os
import random
import tracemalloc

import pytest

from cabo import PRESETS, State, apply, legal_actions, new_game, to_move
from cabo.game.actions import CallCabo, Match, Replace, Several, is_off_turn

from invariants import check_cards, check_someone_can_move, concrete, host_action


def bloating_action(state, rng):
    """Random play that prefers what makes hands grow: a multi-replace of random slots (rarely
    equal), a match of a random card (rarely right); Cabo only now and then."""
    if state.rules.match != "off" and rng.random() < 0.15:
        seat = rng.randrange(state.n)
        off = [a for a in legal_actions(state, seat) if isinstance(a, Match)]
        if off:
            return rng.choice(off)
    seat = rng.choice(to_move(state))
    legal = [a for a in legal_actions(state, seat) if not is_off_turn(a)]
    multi = [a for a in legal if type(a) is Several]
    if multi and rng.random() < 0.7:
        return multi[0].sample(rng)
    if any(isinstance(a, CallCabo) for a in legal) and rng.random() < 0.95:
        legal = [a for a in legal if not isinstance(a, CallCabo)] or legal
    return concrete(rng.choice(legal), rng)


def cards_at_table(state) -> int:
    return sum(c is not None for h in state.hands for c in h)


def run_bloated(rules, rounds, seed) -> int:
    """Play `rounds` rounds of bloating play, checking the cards and that every legal list
    stays linear in the cards at the table; the largest hand seen."""
    rng = random.Random(seed)
    counts = list(range(rules.min_players, rules.max_players + 1))
    played = largest = game = 0
    while played < rounds:
        state = new_game(rules, counts[game % len(counts)], seed * 7919 + game)
        game += 1
        while state.phase != "game_over" and played < rounds:
            if state.phase == "round_over":
                apply(state, host_action(state, rng, rounds_wanted=4))
                continue
            events = apply(state, bloating_action(state, rng))
            played += any(e.kind == "round_end" for e in events)
            check_cards(state)
            check_someone_can_move(state)
            table = cards_at_table(state)
            largest = max(largest, max(len(h) - h.count(None) for h in state.hands))
            if state.step % 7 == 0:
                for seat in range(state.n):
                    mine = len(state.hands[seat])
                    # swaps: own x others' cards; matches: the table's cards; a few more
                    assert len(legal_actions(state, seat)) <= 8 + table + mine * table
    return largest


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_bloated_hands_keep_legal_lists_linear(name):
    rules = PRESETS[name]
    largest = run_bloated(rules, rounds=12, seed=sorted(PRESETS).index(name) + 1)
    if rules.multi_replace or rules.match != "off":
        assert largest >= 14, largest  # the hands really grew


@pytest.mark.soak
@pytest.mark.parametrize("name", sorted(PRESETS))
def test_bloated_hands_soak_in_bounded_memory(name):
    rounds = max(50, int(os.environ.get("CABO_SOAK_ROUNDS", "100000")) // 50)
    tracemalloc.start()
    try:
        run_bloated(PRESETS[name], rounds=rounds, seed=100 + sorted(PRESETS).index(name))
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 64 * 2**20, f"peak {peak / 2**20:.1f} MiB"


def test_a_saved_game_with_24_cards_and_a_drawn_card_lists_its_moves():
    """Issue 14: such a save left the page loading for good (2^24 multi-replaces). Now the list
    holds one Replace per card, one multi-replace entry and the discard."""
    state = new_game(PRESETS["official"], 2, 5)
    for seat in state.seats:
        apply(state, legal_actions(state, seat)[0])
    seat = state.current
    while len(state.hands[seat]) < 24:
        state.hands[seat].append(state.deck.pop())
        state.known[seat].append(0)
    apply(state, legal_actions(state, seat)[0])  # DrawDeck
    assert state.phase == "drawn"
    loaded = State.from_dict(state.to_dict())
    legal = legal_actions(loaded, seat)
    assert legal[:24] == [Replace(seat, (i,)) for i in range(24)]
    assert legal[24] == Several(Replace, seat, tuple(range(24)), 2, 4)
    assert len(legal) == 26
    action = legal[24].make((3, 17, 23))
    assert action in legal[24]
    apply(loaded, action)
    check_cards(loaded)
