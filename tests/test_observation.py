"""Observation leak tests (DESIGN.md, "Hidden information is the product"): a seat sees only
cards it knows, never another player's drawn card, the deck order or the seed."""

from __future__ import annotations

import random
from dataclasses import fields

import pytest

from cabo import PRESETS, Observation, Rules, apply, new_game, observe, preset
from cabo.game.actions import DrawDeck, InitialPeek, Replace, TakeDiscard

from invariants import host_action, random_action, random_states
from stacking import play, stacked

NAMES = sorted(PRESETS)


def states(name, wanted=40, steps=250, every=9):
    """`wanted` states met while random actions play games of preset `name`."""
    return random_states(PRESETS[name], NAMES.index(name) + 70, wanted, steps, every)



def known_to(state, seat):
    """Card ids `seat` may see: its known slots, the discard pile, a visible drawn card, and
    every card revealed at the end of an earlier round."""
    bit = 1 << seat
    ids = set(state.discard)
    for row, masks in zip(state.hands, state.known):
        ids |= {c for c, k in zip(row, masks) if c is not None and k & bit}
    if state.drawn is not None and (state.drawn_from == "discard" or state.current == seat):
        ids.add(state.drawn)
    for result in state.history:
        ids |= {c for hand in result["hands"] for c in hand}
    return ids


def card_ids_in(obs):
    """Every card id an observation shows."""
    ids = set(obs.discard)
    for row in obs.hands:
        ids |= {cell[0] for cell in row if cell is not None and cell[0] is not None}
    if obs.drawn is not None:
        ids.add(obs.drawn)
    if obs.match_target is not None:
        ids.add(obs.match_target)
    for result in obs.history:
        ids |= {c for hand in result["hands"] for c in hand}
    return ids


def hidden_positions(state, seat):
    """(kind, index...) of every card `seat` does not know."""
    bit = 1 << seat
    out = [("deck", i) for i in range(len(state.deck))]
    for owner, (row, masks) in enumerate(zip(state.hands, state.known)):
        out += [("hand", owner, i) for i, (c, k) in enumerate(zip(row, masks))
                if c is not None and not k & bit]
    if state.drawn is not None and not (state.drawn_from == "discard" or state.current == seat):
        out.append(("drawn",))
    return out


def _get(state, pos):
    if pos[0] == "deck":
        return state.deck[pos[1]]
    if pos[0] == "hand":
        return state.hands[pos[1]][pos[2]]
    return state.drawn


def _set(state, pos, card):
    if pos[0] == "deck":
        state.deck[pos[1]] = card
    elif pos[0] == "hand":
        state.hands[pos[1]][pos[2]] = card
    else:
        state.drawn = card


def shuffled_unknowns(state, seat, rng):
    """A copy in which the cards `seat` does not know trade places (and a new generator)."""
    other = state.clone()
    positions = hidden_positions(state, seat)
    cards = [_get(state, p) for p in positions]
    rng.shuffle(cards)
    for p, c in zip(positions, cards):
        _set(other, p, c)
    other.rng = random.Random(rng.random())
    other.seed = rng.randrange(10**9)
    return other


@pytest.mark.parametrize("name", NAMES)
def test_an_observation_shows_only_cards_the_seat_knows(name):
    for state in states(name, every=5):
        for seat in range(state.n):
            obs = observe(state, seat)
            leaked = card_ids_in(obs) - known_to(state, seat)
            assert not leaked, f"seat {seat} sees {leaked} in phase {state.phase}"


@pytest.mark.parametrize("name", NAMES)
def test_changing_what_a_seat_cannot_know_does_not_change_its_observation(name):
    rng = random.Random(3)
    changed = 0
    for state in states(name, wanted=30, every=7):
        for seat in range(state.n):
            other = shuffled_unknowns(state, seat, rng)
            assert observe(other, seat) == observe(state, seat)
            changed += other.deck != state.deck
    assert changed > 50


def test_the_drawn_card_is_hidden_from_the_other_players():
    state = stacked(preset("official"), 3, [[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12]],
                    deck=[0], discard=[13])
    play(state, DrawDeck(0))
    card = state.drawn
    assert observe(state, 0).drawn == card and not observe(state, 0).drawn_hidden
    for seat in (1, 2):
        obs = observe(state, seat)
        assert obs.drawn is None and obs.drawn_hidden and obs.drawn_from == "deck"
        assert card not in card_ids_in(obs)
    play(state, Replace(0, (3,)))
    assert observe(state, 1).hands[0][3] == (None, 0b001)
    assert observe(state, 0).hands[0][3] == (card, 0b001)


def test_a_card_taken_from_the_discard_is_seen_by_everyone():
    state = stacked(preset("official"), 2, [[1, 2, 3, 4], [5, 6, 7, 8]], deck=[0],
                    discard=[13])
    top = state.discard[-1]
    play(state, TakeDiscard(0))
    assert observe(state, 1).drawn == top and not observe(state, 1).drawn_hidden
    play(state, Replace(0, (2,)))
    assert observe(state, 1).hands[0][2] == (top, 0b11)


def test_observation_has_no_deck_order_seed_or_generator():
    names = {f.name for f in fields(Observation)}
    assert not names & {"deck", "seed", "rng", "state", "perfect_information", "cards"}
    state = new_game(preset("party"), 3, 12345)
    obs = observe(state, 0)
    for f in fields(Observation):
        value = getattr(obs, f.name)
        assert value is None or isinstance(value, (int, str, bool, tuple, Rules)), f.name
        assert value != 12345 or f.name in ("step",), f.name
    assert obs.deck_size == len(state.deck)
    assert not hasattr(obs, "__dict__") or "deck" not in vars(obs)


def test_events_hide_secrets_from_other_seats():
    rng = random.Random(8)
    for name in NAMES:
        state = new_game(PRESETS[name], 3, 5)
        for _ in range(300):
            if state.phase == "game_over":
                break
            action = (host_action(state, rng, 2) if state.phase == "round_over"
                      else random_action(state, rng, react_chance=0.1))
            for event in apply(state, action):
                if not event.secret:
                    continue
                for seat in range(state.n):
                    view = event.view(seat)
                    if event.secret_to >> seat & 1:
                        assert all(view[k] == v for k, v in event.secret.items())
                    else:
                        assert all(k not in view for k in event.secret if k not in event.data)
                assert all(k not in event.view(None) for k in event.secret
                           if k not in event.data)


def test_peek_positions_are_public_but_not_the_cards():
    """RULES.md: peek positions public for all presets; seed 001: "Alle sehen (👁), welche
    Karten die anderen angeschaut haben." """
    state = stacked(preset("party"), 2, [[1, 2, 3, 4], [5, 6, 7, 8]], deck=[0],
                    discard=[13], peeked=False)
    play(state, InitialPeek(0, (1, 3)))
    assert observe(state, 1).hands[0] == ((None, 0), (None, 1), (None, 0), (None, 1))
    mine = observe(state, 0).hands[0]
    assert [cell[0] for cell in mine] == [None, state.hands[0][1], None, state.hands[0][3]]
