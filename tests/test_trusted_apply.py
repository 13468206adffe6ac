"""`apply_trusted` (the unchecked path for actions from the engine's own legal list) changes
the state and reports the events exactly as the strict `apply` does (issue 12)."""

from __future__ import annotations

import random

import pytest

from cabo import PRESETS, apply, new_game
from tools.bench import _mid_round_states
from cabo.bots import rollout
from cabo.game.engine import apply_trusted

from invariants import host_action, random_action


def _events(events) -> list:
    return [(e.kind, e.seat, e.data, e.secret, e.secret_to) for e in events]


def _same_step(strict, trusted, action, other=apply_trusted) -> None:
    """Apply `action` strictly to one copy and with `other` to the other; both must agree."""
    expected = apply(strict, action)
    got = other(trusted, action)
    assert _events(got) == _events(expected), action
    assert trusted.to_dict() == strict.to_dict(), action


@pytest.mark.parametrize("n", (2, 4))
@pytest.mark.parametrize("name", sorted(PRESETS))
def test_trusted_apply_plays_long_random_games_exactly_like_apply(name, n):
    """apply_trusted is apply's do and finish without its check: the same state and events."""
    rules = PRESETS[name]
    rng = random.Random(f"trusted {name} {n}")
    steps = games = rounds = 0
    while steps < 2500:
        strict = new_game(rules, n, 7000 + games)
        trusted = strict.clone()
        games += 1
        while strict.phase != "game_over" and steps < 2500:
            if strict.phase == "round_over":
                action = host_action(strict, rng, 4)
            else:
                action = random_action(strict, rng, react_chance=0.1)
            _same_step(strict, trusted, action)
            steps += 1
        rounds += strict.round_no
    assert rounds >= 5  # long games: many rounds, deals and scorings were compared


@pytest.mark.parametrize("name, n", (("official", 2), ("party", 4), ("hut", 3),
                                     ("standard52", 4), ("single", 2)))
def test_rollouts_apply_only_legal_actions_and_match_the_strict_path(name, n, monkeypatch):
    """Every action a rollout applies trusted is accepted by the strict `apply` with the same
    result, so `play_out` plays the same moves as it did with `apply`."""
    checked = []

    def strict_shadow(state, action):
        shadow = state.clone()
        expected = apply(shadow, action)  # raises if the rollout chose an illegal action
        got = apply_trusted(state, action)
        assert _events(got) == _events(expected), action
        assert state.to_dict() == shadow.to_dict(), action
        checked.append(action)
        return got

    monkeypatch.setattr(rollout, "apply_trusted", strict_shadow)
    for state in _mid_round_states(name, n, 12):
        rollout.play_out(state)
    assert len(checked) > 100
