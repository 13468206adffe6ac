"""Golden engine trace: random games under every preset, every event as each seat (and a
spectator) saw it, the state after every step, and the message of random illegal actions,
hashed and compared with the digests recorded before the engine's fast paths were folded
into its one path. Any change in what `apply` does, reports or refuses fails here
(`CABO_PRINT_TRACES=1` prints the digests)."""

from __future__ import annotations

import hashlib
import json
import os
import random
import re

import pytest

from cabo import IllegalAction, PRESETS, apply, new_game

from invariants import host_action, random_action
from test_illegal_actions import random_action_values

STEPS = 1500


def engine_trace(name: str, n: int) -> tuple:
    rules = PRESETS[name]
    rng = random.Random(f"engine trace {name} {n}")
    sha = hashlib.sha256()
    lines = refused = 0

    def add(*parts):
        nonlocal lines
        text = json.dumps(parts, sort_keys=True, default=repr)
        sha.update((re.sub(" at 0x[0-9a-f]+", "", text) + "\n").encode())  # (object() ids)
        lines += 1

    state = new_game(rules, n, 31 + n)
    for step in range(STEPS):
        if state.phase == "game_over":
            state = new_game(rules, n, 31 + n + step)
        if step % 5 == 0:
            bad = random_action_values(rng, state)
            before = state.to_dict()
            try:
                events = apply(state, bad)
            except IllegalAction as e:
                refused += 1
                add("refused", repr(bad), str(e))
                assert state.to_dict() == before
            else:
                add("accepted", repr(bad), [[ev.view(s) for s in (*range(n), None)]
                                            for ev in events])
        if state.phase == "game_over":
            continue
        action = (host_action(state, rng, 3) if state.phase == "round_over"
                  else random_action(state, rng, react_chance=0.15))
        events = apply(state, action)
        add(repr(action), [[ev.view(s) for s in (*range(n), None)] + [ev.view_all()]
                           for ev in events], state.to_dict())
    assert refused > STEPS // 10
    return sha.hexdigest()[:16], lines


EXPECTED = {
    ("hut", 2): "b5157766464784ad",
    ("official", 2): "13950ab5b2dd91f0",
    ("party", 2): "4e88f4319a4ea72b",
    ("single", 2): "3b090011e1d1aa02",
    ("standard52", 2): "4c7316e2c23e1dbc",
    ("hut", 4): "725022740fbe3f5b",
    ("official", 4): "a21bc5a0e974acf1",
    ("party", 4): "bd355c4cdeec0a89",
    ("single", 4): "bc90f6dcfdbf9fca",
    ("standard52", 4): "b7dd4ee2bb65be78",
}


@pytest.mark.parametrize("name", sorted(PRESETS))
@pytest.mark.parametrize("n", (2, 4))
def test_engine_events_states_and_refusals_are_pinned(name, n):
    digest, lines = engine_trace(name, n)
    if os.environ.get("CABO_PRINT_TRACES"):
        print(f'\n    ("{name}", {n}): "{digest}",')
    assert lines > STEPS
    assert digest == EXPECTED[(name, n)], (name, n, digest)
