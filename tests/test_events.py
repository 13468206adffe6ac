"""The events that build their data when read (events.py, `_LazyEvent`: the classes of the
frequent kinds) say what happened, redacted per seat, and copy and pickle into plain, equal
events."""

from __future__ import annotations

import copy
import pickle
import random

import pytest

from cabo import PRESETS, apply, new_game
from cabo.game.actions import PeekOwn, SkipPower, Spy, Swap
from cabo.game.events import Event, _LazyEvent

from invariants import host_action, random_action


def _seen(event, n) -> list:
    return [event.view(s) for s in (*range(n), None)] + [event.view_all()]


def test_power_and_peek_events_say_what_happened():
    """Every power use of long random games, checked against the state around it."""
    rng = random.Random(12)
    seen = set()
    for name in ("official", "party", "single"):
        rules = PRESETS[name]
        state = new_game(rules, 3, 40)
        for _ in range(4000):
            if state.phase == "game_over":
                state = new_game(rules, 3, rng.randrange(10**6))
            if state.phase == "round_over":
                action = host_action(state, rng, 3)
            else:
                action = random_action(state, rng, react_chance=0.0)
            before = state.clone()
            events = apply(state, action)
            kind = type(action)
            if kind not in (PeekOwn, Spy, Swap, SkipPower) and events[0].kind != "initial_peek":
                continue
            first = events[0]
            me = action.seat
            others = [s for s in range(state.n) if s != me]
            if first.kind == "initial_peek":
                cards = [before.hands[me][i] for i in action.slots]
                assert first.view(me) == {"kind": "initial_peek", "seat": me,
                                          "slots": list(action.slots), "cards": cards}
                assert all(first.view(o) == {"kind": "initial_peek", "seat": me,
                                             "slots": list(action.slots)} for o in others)
            elif kind is PeekOwn:
                public = {"kind": "peek", "seat": me, "slot": action.slot}
                assert first.view(me) == {**public, "card": before.hands[me][action.slot]}
                assert all(first.view(o) == public for o in others)
                assert first.view(None) == public
            elif kind is Spy:
                public = {"kind": "spy", "seat": me, "target": action.target,
                          "slot": action.slot}
                card = before.hands[action.target][action.slot]
                assert first.view(me) == {**public, "card": card}
                assert all(first.view(o) == public for o in others)
            elif kind is Swap:
                public = {"kind": "swap", "seat": me, "slot": action.slot,
                          "target": action.target, "target_slot": action.target_slot}
                assert all(first.view(s) == public for s in range(state.n))
                assert state.hands[me][action.slot] == before.hands[action.target][
                    action.target_slot]
            else:
                assert first.view(None) == {"kind": "skip_power", "seat": me,
                                            "power": before.power}
            seen.add(first.kind)
    assert seen == {"initial_peek", "peek", "spy", "swap", "skip_power"}


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_lazy_events_copy_and_pickle_into_equal_plain_events(name):
    rng = random.Random(name)
    rules = PRESETS[name]
    state = new_game(rules, 2, 3)
    kinds = set()
    for _ in range(1500):
        if state.phase == "game_over":
            break
        action = (host_action(state, rng, 3) if state.phase == "round_over"
                  else random_action(state, rng))
        for event in apply(state, action):
            if not isinstance(event, _LazyEvent):
                continue
            kinds.add(event.kind)
            for other in (copy.copy(event), copy.deepcopy(event),
                          pickle.loads(pickle.dumps(event))):
                assert type(other) is Event
                assert _seen(other, state.n) == _seen(event, state.n)
    assert {"draw", "replace", "initial_peek", "power"} <= kinds
