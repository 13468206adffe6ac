"""Illegal actions raise IllegalAction with a message and leave the state exactly as it was;
every listed legal action applies (STYLE.md principle 3: `apply` is strict)."""

from __future__ import annotations

import random

import pytest

from cabo import IllegalAction, PRESETS, apply, legal_actions, new_game, preset
from cabo.game.actions import (
    ACTION_TYPES, CallCabo, Discard, DrawDeck, EndGame, EndTurn, Give, InitialPeek, KingSwap,
    Match, NextRound, PairDiscard, PeekOwn, Ready, Replace, Several, SkipPower, Spy, Swap,
    TakeDiscard, permits)

from invariants import check_cards, random_action
from stacking import play, stacked

MALFORMED = [1.0, True, False, None, "0", [0], (0,), -1, 10**30, object()]


def sampled_states(name, games=4, steps=160, every=7, seed=0):
    """States met while random actions drive a few games of preset `name`."""
    rules = PRESETS[name]
    rng = random.Random(sorted(PRESETS).index(name) + 100 * seed)
    out = []
    for g in range(games):
        n = rules.min_players + g % (rules.max_players - rules.min_players + 1)
        state = new_game(rules, n, 1000 * seed + g)
        for step in range(steps):
            if state.phase == "game_over":
                break
            if step % every == 0:
                out.append(state.clone())
            action = NextRound(0) if state.phase == "round_over" else random_action(state, rng)
            apply(state, action)
        out.append(state.clone())
    return out


def random_value(rng, name, state):
    """A plausible or out-of-range value for an action field."""
    if name == "slots":
        return tuple(rng.randrange(-1, 7) for _ in range(rng.randrange(0, 4)))
    if name == "cards":
        return tuple((rng.randrange(-1, state.n + 1), rng.randrange(-1, 7))
                     for _ in range(rng.randrange(0, 4)))
    return rng.randrange(-2, max(state.n, 7) + 2)


def random_action_values(rng, state):
    cls = rng.choice(list(ACTION_TYPES.values()))
    args = {name: random_value(rng, name, state) for name in cls.FIELDS}
    if rng.random() < 0.3:
        args[rng.choice(list(args))] = rng.choice(MALFORMED)
    return cls(**args)


def all_legal(state):
    return [a for seat in range(state.n) for a in legal_actions(state, seat)]


def assert_illegal(state, action, match=None):
    before = state.to_dict()
    with pytest.raises(IllegalAction) as info:
        apply(state, action)
    assert str(info.value), f"no message for {action!r}"
    if match:
        assert match in str(info.value)
    assert state.to_dict() == before, f"{action!r} changed the state"


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_random_illegal_actions_raise_and_change_nothing(name):
    rng = random.Random(7)
    tried = 0
    for state in sampled_states(name):
        legal = all_legal(state)
        for _ in range(40):
            action = random_action_values(rng, state)
            if action in legal:  # (also True == 1: such seats are refused by apply)
                continue
            if permits(legal, action):  # a member of a listed family: it applies
                before = state.to_dict()
                apply(state.clone(), action)
                assert state.to_dict() == before
                continue
            assert_illegal(state, action)
            tried += 1
    assert tried > 300


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_every_listed_legal_action_applies_on_a_clone(name):
    rng = random.Random(3)
    for state in sampled_states(name, games=2, every=11):
        before = state.to_dict()
        for seat in range(state.n):
            for entry in legal_actions(state, seat):
                for action in members(entry, rng):
                    clone = state.clone()
                    apply(clone, action)
                    check_cards(clone)
                if type(entry) is Several and len(entry.pool) > entry.most:
                    too_many = entry.make(entry.pool[:entry.most + 1])
                    assert too_many not in entry
                    assert_illegal(state, too_many, "no more than")
        assert state.to_dict() == before


def members(entry, rng, tries=8) -> list:
    """An action as itself; a Several family as its smallest and largest first members and
    random ones."""
    if type(entry) is not Several:
        return [entry]
    out = [entry.make(entry.pool[:entry.least]), entry.make(entry.pool[:entry.most])]
    out += [entry.sample(rng) for _ in range(tries)]
    assert all(a in entry for a in out)
    return out


def test_not_an_action():
    state = stacked(preset("official"), 2, [[1, 2, 3, 4], [5, 6, 7, 8]], deck=[9], discard=[0])
    for thing in ("DrawDeck", ("DrawDeck", 0), None, 0, {"type": "DrawDeck", "seat": 0}):
        assert_illegal(state, thing, "not an action")


def test_wrong_seat_and_seats_out_of_range():
    state = stacked(preset("official"), 3, [[1, 2, 3, 4], [5, 6, 7, 8]], deck=[9], discard=[0])
    assert_illegal(state, DrawDeck(1), "seat 0's turn")
    assert_illegal(state, CallCabo(2), "seat 0's turn")
    for seat in (-1, 3, 4, True, 0.0, "0", None):
        assert_illegal(state, DrawDeck(seat), "no seat")


def test_wrong_phase():
    rules = preset("official")
    state = stacked(rules, 2, [[1, 2, 3, 4], [5, 6, 7, 8]], deck=[9], discard=[0],
                    peeked=False)
    assert_illegal(state, DrawDeck(0), "phase peek")
    play(state, InitialPeek(0, (1, 2)))
    assert_illegal(state, InitialPeek(0, (0, 1)), "peeked already")
    play(state, InitialPeek(1, (0, 3)))
    for action in (Replace(0, (0,)), Discard(0), PeekOwn(0, 0), SkipPower(0), EndTurn(0),
                   Ready(0), NextRound(0), InitialPeek(0, (0, 1))):
        assert_illegal(state, action)
    play(state, DrawDeck(0))
    for action in (DrawDeck(0), TakeDiscard(0), CallCabo(0), Spy(0, 1, 0)):
        assert_illegal(state, action)
    play(state, Discard(0))  # a 9: the spy power
    for action in (Discard(0), Replace(0, (0,)), PeekOwn(0, 0), Swap(0, 0, 1, 0),
                   Spy(0, 0, 1), Spy(0, 2, 0), Spy(0, 1, 4), Spy(1, 0, 0)):
        assert_illegal(state, action)


def test_bad_slots():
    state = stacked(preset("official"), 2, [[1, None, 3, 4], [5, 6, 7, 8]], deck=[2],
                    discard=[0], peeked=False)
    for slots in ((0,), (0, 0), (3, 0), (0, 4), (-1, 0), (), (0, 1, 2)):
        assert_illegal(state, InitialPeek(0, slots))
    play(state, InitialPeek(0, (0, 2)), InitialPeek(1, (0, 1)), DrawDeck(0))
    for slots in ((1,), (4,), (-1,), (), (2, 0), (0, 0), (0, 1), [0], (0.0,), ((0,),)):
        assert_illegal(state, Replace(0, slots))


def test_replace_of_an_empty_slot():
    state = stacked(preset("official"), 2, [[1, None, 3, 4], [5, 6, 7, 8]], deck=[2],
                    discard=[0])
    play(state, DrawDeck(0))
    assert_illegal(state, Replace(0, (1,)), "your own cards")
    assert_illegal(state, Replace(0, (0, 1)), "your own cards")


def test_a_card_from_the_discard_pile_is_discarded_only_by_a_player_without_cards():
    """One rule (`legal.may_discard_drawn`), in the check and in the listed moves alike."""
    state = stacked(preset("official"), 2, [[1, 2, 3, 4], [5, 6, 7, 8]], deck=[9],
                    discard=[0])
    play(state, TakeDiscard(0))
    assert Discard(0) not in legal_actions(state, 0)
    assert_illegal(state, Discard(0), "must replace one of yours")
    state.hands[0] = [None] * 4  # (party: the others' matches can take a row's last card)
    assert Discard(0) in legal_actions(state, 0)
    apply(state, Discard(0))
    assert state.discard[-1] == 0 and state.drawn is None


def test_matching_when_the_window_is_closed_or_off():
    rules = preset("standard52")
    state = stacked(rules, 2, [["5♠", "2♠", "3♠", "4♠"], ["5♥", "6♠", "A♠", "2♥"]],
                    deck=["3♥"], discard=["5♦"])
    play(state, DrawDeck(0))
    assert_illegal(state, Match(1, 1, 0), "window closed")
    state = stacked(rules, 2, [["5♠", "2♠", "3♠", "4♠"], ["5♥", "6♠", "A♠", "2♥"]],
                    deck=["3♥"], discard=["5♦"], match_target=None)
    assert_illegal(state, Match(1, 1, 0), "no discard to match")
    state = stacked(preset("official"), 2, [[5, 2, 3, 4], [5, 6, 1, 2]], deck=[3],
                    discard=[5])
    assert_illegal(state, Match(1, 1, 0), "not possible")
    assert_illegal(state, PairDiscard(1, ((1, 0), (0, 0))), "not possible")


def test_match_of_an_empty_or_missing_slot():
    state = stacked(preset("party"), 2, [[5, None, 3, 4], [5, 6, 1, 2]], deck=[3],
                    discard=[5])
    for action in (Match(1, 0, 1), Match(1, 0, 4), Match(1, 0, -1), Match(1, 2, 0),
                   PairDiscard(1, ((0, 1), (1, 0))), PairDiscard(1, ((1, 0), (1, 0))),
                   PairDiscard(1, ((1, 0),)), PairDiscard(1, ((1, 0), (0, 0, 1))),
                   PairDiscard(1, 5), PairDiscard(1, ([1, 0], [0, 0]))):
        assert_illegal(state, action)


def test_give_only_when_owed_and_only_own_cards():
    state = stacked(preset("party"), 3, [[1, 2, 3, 4], [5, 6, 7, 9], [9, 10, 11, 12]],
                    deck=[0], discard=[9])
    assert_illegal(state, Give(1, 0), "owe nobody")
    play(state, Match(1, 2, 0))
    assert_illegal(state, Give(2, 0), "owe nobody")
    assert_illegal(state, Give(1, 4))
    for action in (DrawDeck(0), Match(2, 2, 1), Ready(0), CallCabo(0)):
        assert_illegal(state, action)


def test_round_end_actions_only_for_the_host_and_end_game_only_for_host_rules():
    state = stacked(preset("official"), 2, [[1, 2, 3, 4], [5, 6, 7, 8]], deck=[2, 3],
                    discard=[0])
    assert_illegal(state, NextRound(0), "not over")
    play(state, CallCabo(0), DrawDeck(1), Discard(1))
    assert state.phase == "round_over"
    assert_illegal(state, NextRound(1), "host")
    assert_illegal(state, EndGame(0), "by points")
    assert_illegal(state, KingSwap(0, 0))


def test_ready_only_in_the_last_chance():
    state = stacked(preset("party"), 2, [[1, 2, 3, 4], [5, 6, 7, 8]], deck=[2, 3],
                    discard=[0])
    assert_illegal(state, Ready(0), "nothing to be ready for")
