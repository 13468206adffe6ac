"""Saved games, clones and seeds: a copy continues exactly like the original (DESIGN.md,
"Randomness"; STYLE.md principles 7 and 8), and damaged saves raise SaveError only."""

from __future__ import annotations

import copy
import json
import random

import pytest

from cabo import PRESETS, SaveError, State, apply, new_game

from invariants import check_cards, host_action, random_action

NAMES = sorted(PRESETS)


def step(state, rng):
    """One random action (the host deals on after a round); its events as dicts."""
    if state.phase == "round_over":
        action = host_action(state, rng, rounds_wanted=3)
    else:
        action = random_action(state, rng, react_chance=0.1)
    return action, [e.view_all() for e in apply(state, action)]


def json_copy(state):
    return State.from_dict(json.loads(json.dumps(state.to_dict())))


@pytest.mark.parametrize("name", NAMES)
def test_json_round_trip_continues_identically(name):
    rules = PRESETS[name]
    rng = random.Random(NAMES.index(name))
    for game in range(3):
        state = new_game(rules, rules.min_players + game % 2 + (name == "standard52") * 3, game)
        copy_ = json_copy(state)
        for i in range(400):
            if state.phase == "game_over":
                break
            action, events = step(state, rng)
            assert events == [e.view_all() for e in apply(copy_, action)]
            assert copy_.to_dict() == state.to_dict()
            if i % 37 == 0:  # save and load again mid-game
                copy_ = json_copy(copy_)
                check_cards(copy_)
        assert copy_.to_dict() == state.to_dict()


@pytest.mark.parametrize("name", NAMES)
def test_clone_continues_identically_and_independently(name):
    rules = PRESETS[name]
    rng = random.Random(10 + NAMES.index(name))
    state = new_game(rules, 3, 77)
    clone = state.clone()
    for i in range(500):
        if state.phase == "game_over":
            break
        action, events = step(state, rng)
        assert events == [e.view_all() for e in apply(clone, action)]
        assert clone.to_dict() == state.to_dict()
        if i % 50 == 25:
            # changes to a clone of the clone never reach the original
            before = state.to_dict()
            other = clone.clone()
            for _ in range(20):
                if other.phase == "game_over":
                    break
                step(other, random.Random(i))
            assert state.to_dict() == before == clone.to_dict()


def play_recording(rules, n, seed, action_seed, disturb):
    """Play with random actions; return the sequence of saved states."""
    state = new_game(rules, n, seed)
    rng = random.Random(action_seed)
    out = [state.to_dict()]
    for i in range(300):
        if state.phase == "game_over":
            break
        if disturb:
            random.seed(i * 7919)
            random.random()
            random.shuffle([1, 2, 3])
        step(state, rng)
        out.append(state.to_dict())
    return out


@pytest.mark.parametrize("name", NAMES)
def test_same_seed_same_game_even_when_global_random_is_disturbed(name):
    rules = PRESETS[name]
    quiet = play_recording(rules, 3, 2024, 5, disturb=False)
    noisy = play_recording(rules, 3, 2024, 5, disturb=True)
    assert quiet == noisy
    other = play_recording(rules, 3, 2025, 5, disturb=False)
    assert other[0]["hands"] != quiet[0]["hands"]


def test_the_seed_fixes_the_deal():
    a, b = new_game(PRESETS["official"], 4, 123), new_game(PRESETS["official"], 4, 123)
    assert a.hands == b.hands and a.deck == b.deck and a.first == b.first


# -- damaged saves --------------------------------------------------------------------

def saved_game():
    rules = PRESETS["party"]
    state = new_game(rules, 3, 4)
    rng = random.Random(3)
    for _ in range(80):
        step(state, rng)
    return json.loads(json.dumps(state.to_dict()))


GARBAGE = [None, "x", -1, 2.5, True, [], {}, [[1]], [None], {"a": 1}, 10**40, [-1, 2], "drawn"]


def assert_save_error(d):
    with pytest.raises(SaveError):
        State.from_dict(d)


@pytest.mark.parametrize("thing", [None, [], "state", 5, b"{}", {}, {"schema": 1}, [1, 2]])
def test_not_a_saved_game(thing):
    assert_save_error(thing)


def test_wrong_schema():
    d = saved_game()
    for schema in (0, 2, "1", None, [1]):
        d["schema"] = schema
        assert_save_error(d)


def test_truncated_saves():
    d = saved_game()
    for key in d:
        broken = dict(d)
        del broken[key]
        assert_save_error(broken)
    keys = list(d)
    for k in range(len(keys)):
        assert_save_error({key: d[key] for key in keys[:k]})


def test_doubled_and_missing_cards():
    d = saved_game()
    broken = copy.deepcopy(d)
    broken["deck"].append(broken["discard"][0])
    assert_save_error(broken)
    broken = copy.deepcopy(d)
    broken["deck"].pop()
    assert_save_error(broken)
    broken = copy.deepcopy(d)
    seat_row = next(h for h in broken["hands"] if any(c is not None for c in h))
    i = next(i for i, c in enumerate(seat_row) if c is not None)
    seat_row[i] = broken["deck"][0]
    assert_save_error(broken)


def test_a_scored_round_with_a_card_this_game_does_not_have():
    """The record of scored rounds shows their cards (the result screen names them): a card
    id past this game's cards is a damaged save, not an IndexError later (found by
    test_storage's save mutations: 150 in a 52-card game)."""
    state = new_game(PRESETS["official"], 2, 8)
    rng = random.Random(8)
    while not state.history:
        step(state, rng)
    d = json.loads(json.dumps(state.to_dict()))
    last = len(state.cards) - 1
    d["history"][-1]["hands"][0][0] = last   # (a card of this game: the record still loads)
    assert State.from_dict(d).history[-1]["hands"][0][0] == last
    for card in (last + 1, 150):
        d["history"][-1]["hands"][0][0] = card
        assert_save_error(d)


NULLABLE = {"drawn", "drawn_from", "power", "king_target", "caller", "match_target"}


def test_garbage_in_every_field_raises_save_error():
    """A value of the wrong type (or out of range) in any saved field does not load."""
    d = saved_game()
    for key in d:
        if key == "seed":
            continue  # a seed may be any int or text (the URL's ?seed=...)
        for value in GARBAGE:
            if type(value) is type(d[key]) or (value is None and key in NULLABLE):
                continue  # may be a valid value of the field
            if value == {} and key in ("seats", "winners", "king_target"):
                continue  # read as an empty tuple
            broken = copy.deepcopy(d)
            broken[key] = value
            assert_save_error(broken)
    for key, value in (("n", 7), ("n", 1), ("current", 3), ("dealer", -1), ("phase", "x"),
                       ("final_left", 8), ("drawn", 5), ("hands", [[], []]),
                       ("totals", [0, 0]), ("peeked", [1, 1, 1]), ("gives", [[0, 5]]),
                       ("seats", [2, 1]), ("match_target", 10**6)):
        broken = copy.deepcopy(d)
        broken[key] = value
        assert_save_error(broken)


def test_garbage_in_rules_raises_save_error():
    d = saved_game()
    for key in d["rules"]:
        if key == "powers":
            continue
        for value in GARBAGE:
            if type(value) is type(d["rules"][key]) or (
                    key == "exact_target_reset" and (value is None or type(value) is int)):
                continue
            broken = copy.deepcopy(d)
            broken["rules"][key] = value
            assert_save_error(broken)
    for key, value in (("decks", 10**9), ("jokers", 10**9), ("hand_size", 0), ("deck", "uno"),
                       ("wrong_match_penalty", 10**9), ("powers", [[7, "fly"]]),
                       ("powers", [[7]]), ("powers", 5), ("colour", "red")):
        broken = copy.deepcopy(d)
        broken["rules"][key] = value
        assert_save_error(broken)


def test_random_damage_never_raises_anything_but_save_error():
    base = saved_game()
    rng = random.Random(99)
    loaded = 0
    for _ in range(1500):
        d = copy.deepcopy(base)
        for _ in range(rng.randrange(1, 3)):
            _damage(d, rng)
        try:
            state = State.from_dict(d)
        except SaveError:
            continue
        loaded += 1
        check_cards(state)
    assert loaded < 1500


def _damage(d, rng):
    """Replace one value somewhere inside the saved dict."""
    node, key = d, rng.choice(list(d))
    while isinstance(node[key], (dict, list)) and node[key] and rng.random() < 0.7:
        node = node[key]
        key = rng.choice(list(node)) if isinstance(node, dict) else rng.randrange(len(node))
    node[key] = rng.choice(GARBAGE + [0, 1, 3, 51, 52, 53])


def test_clones_draw_the_same_numbers_whoever_draws_first():
    """A clone's generator starts from its parent's state at the moment of the clone, even
    when the parent, or a clone of the clone, draws first (the clone makes its generator
    lazily, from a shared state)."""
    state = new_game(PRESETS["official"], 2, 5)
    clone = state.clone()
    grandchild = clone.clone()
    expected = [state.rng.random() for _ in range(5)]
    assert [grandchild.rng.random() for _ in range(5)] == expected
    assert clone.to_dict()["rng"] != state.to_dict()["rng"]  # (not yet drawn)
    assert [clone.rng.random() for _ in range(5)] == expected
    assert clone.to_dict() == state.to_dict() == grandchild.to_dict()
    late = state.clone()
    assert late.rng.random() == clone.rng.random() == state.rng.random()


def test_a_seeded_generator_is_made_when_first_drawn_and_cloned_as_a_seed():
    """`seed_rng(s)` (how a search world gets its generator) behaves as `rng = Random(s)`:
    the same numbers for the state, for clones taken before it draws and after, and the same
    saved game; its clones copy the seed, not a generator's state."""
    state, twin = new_game(PRESETS["official"], 2, 5), new_game(PRESETS["official"], 2, 5)
    state.seed_rng(123456789)
    twin.rng = random.Random(123456789)
    early = state.clone()
    assert early._rng is None and early._rng_state == 123456789
    assert state.to_dict() == twin.to_dict()
    expected = [twin.rng.random() for _ in range(4)]
    assert [early.rng.random() for _ in range(4)] == expected
    assert [state.rng.random() for _ in range(2)] == expected[:2]
    late = state.clone()
    assert [late.rng.random() for _ in range(2)] == [state.rng.random() for _ in range(2)] \
        == expected[2:]
    assert late.to_dict() == state.to_dict() == early.to_dict() == twin.to_dict()
    played = new_game(PRESETS["official"], 2, 5)
    played.seed_rng(7)
    replay = json_copy(played)
    rng = random.Random(11)
    rounds = played.round_no
    while played.round_no < rounds + 2 and not played.game_over:  # (the next deals draw)
        action, _ = step(played, rng)
        apply(replay, action)
    assert played.round_no > rounds and played.to_dict() == replay.to_dict()


@pytest.mark.parametrize("name", NAMES)
def test_rules_save_every_option_as_plain_json(name):
    """Rules.to_dict writes every option, each a JSON scalar (powers: [rank, power] pairs), a
    dict of its own: changing it changes no rules, and it reads back to equal rules."""
    from dataclasses import fields
    from cabo.game.rules import Rules
    rules = PRESETS[name].with_options(cabo_min_rounds=2)
    d = rules.to_dict()
    assert set(d) == {f.name for f in fields(Rules)}
    assert d["powers"] == [[rank, power] for rank, power in rules.powers]
    for key, value in d.items():
        if key != "powers":
            assert value is None or type(value) in (str, int, float, bool), key
    assert json.loads(json.dumps(d)) == d
    assert Rules.from_dict(d) == rules
    d["powers"].clear()
    d["hand_size"] = 99
    assert rules.to_dict() == json.loads(json.dumps(Rules.from_dict(rules.to_dict()).to_dict()))
    assert rules.to_dict()["powers"]
