"""States of medium self-play, for the tests that check a fast path of the policy against
its plain definition at every step (test_bots_policy_paths.py)."""

from __future__ import annotations

from cabo import PRESETS, apply, legal_actions, new_game, to_move
from cabo.game.actions import NextRound
from cabo.bots.knowledge import from_state
from cabo.bots.policy import decide


def states(preset, n, seed, rounds=2, rules=None):
    """(state, seat to move) at every step of medium self-play, `rounds` rounds (`rules`:
    instead of the preset's)."""
    state = new_game(rules or PRESETS[preset], n, seed)
    while not state.game_over:
        if state.phase == "round_over":
            if state.round_no >= rounds:
                return
            apply(state, NextRound(0))
            continue
        seat = to_move(state)[0]
        yield state, seat
        apply(state, decide(from_state(state, seat), legal_actions(state, seat)))
