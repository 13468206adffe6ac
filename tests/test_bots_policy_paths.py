"""The policy's fast paths play and score exactly what its plain definitions say.

`decide` is the first best of `score` (for the legal list and the own moves alike), the View
of the State scores like the View of the observation, `best_swap` works
in one pass per card, the View caches its estimates, the discard pile's sums and kind counts
are memoized by its cards (knowledge.discard_stats) and replace_base looks for groups of
equal cards only when two known cards are equal: each is checked here against the
straightforward version (the full scores list, every own card against every other card,
`View.value` per slot, the View of the observation, counting without the memo, every group)
on states of medium self-play under every preset.
"""

from __future__ import annotations

import random

import pytest

from cabo import PRESETS, legal_actions, new_game
from cabo.bots import knowledge
from cabo.bots.hard import HARD
from cabo.bots.knowledge import from_obs, from_state
from cabo.bots.policy import MEDIUM, _kinds, best_swap, decide, draw_gain, replace_base, score
from cabo.game.engine import own_actions
from medium_play import states
from cabo.game.observation import observe


def first_best(scored):
    best = scored[0]
    for item in scored:
        if item[0] > best[0]:
            best = item
    return best[1]


def plain_best_swap(v, prm):
    """best_swap by its definition: every own card against every other's card, in order."""
    me = v.seat
    best = (-99.0, None, None, None)
    own = [(i, v.value(me, i), c < 0) for i, c in enumerate(v.cards[me]) if c is not None]
    for o in v.seats:
        if o == me or (v.rules.protect_caller and o == v.caller):
            continue
        for j, c in enumerate(v.cards[o]):
            if c is None:
                continue
            theirs = v.value(o, j)
            for i, mine, unknown in own:
                gain = mine - theirs
                if unknown or c < 0:
                    gain -= prm.swap_margin
                if gain > best[0]:
                    best = (gain, i, o, j)
    return best


def plain_replace_base(v, prm):
    """replace_base by its definition: the best single slot, then every known group of
    equal cards (all of them, a multi-replace) if the rules allow it and it is worth more."""
    me = v.seat
    best, slots = -99.0, None
    for i, c in enumerate(v.cards[me]):
        if c is None:
            continue
        worth = v.value(me, i) + (prm.info_bonus if c < 0 else 0.0)
        if worth > best:
            best, slots = worth, (i,)
    if v.rules.multi_replace:
        groups = {}
        for i, c in enumerate(v.cards[me]):
            if c is not None and c >= 0:
                groups.setdefault(v.values[c], []).append(i)
        for x, group in groups.items():
            if len(group) >= 2 and x * len(group) > best:
                best, slots = x * len(group), tuple(group)
    return best, slots


@pytest.mark.parametrize("preset", sorted(PRESETS))
@pytest.mark.parametrize("n", [2, 4])
def test_fast_paths_agree_with_the_plain_policy(preset, n):
    checked = 0
    for seed in (1, 2):
        for state, seat in states(preset, n, seed):
            legal, own = legal_actions(state, seat), own_actions(state, seat)
            for prm in (MEDIUM, HARD):
                scored = score(from_state(state, seat), legal, prm)
                expected = first_best(scored)
                assert decide(from_state(state, seat), legal, prm) == expected
                assert decide(from_state(state, seat), own, prm) == expected
                # the View of the observation scores every move alike, to the last bit
                assert [(repr(sc), a) for sc, a in score(from_obs(observe(state, seat)),
                                                         own, prm)] == [
                    (repr(sc), a) for sc, a in scored]
                v = from_state(state, seat)
                assert best_swap(v, prm) == plain_best_swap(from_state(state, seat), prm)
            for prm in (MEDIUM, HARD):
                for _ in range(2):   # (the second time, the pile's kind counts are memoized)
                    v = from_state(state, seat)
                    plain = from_state(state, seat)
                    plain.ds = None  # counts the pile itself
                    assert repr(draw_gain(v, prm)) == repr(draw_gain(plain, prm))
                assert replace_base(from_state(state, seat), prm) == plain_replace_base(v, prm)
            for o in state.seats:
                v = from_state(state, o)
                seen = from_obs(observe(state, o))   # (the observation's own card counting)
                assert (v.unseen, repr(v.mean), repr(v.var)) == (
                    seen.unseen, repr(seen.mean), repr(seen.var))
                for owner in range(state.n):
                    row = v.row(owner)
                    plain = [None if c is None else v.value(owner, i)
                             for i, c in enumerate(v.cards[owner])]
                    assert row == plain
                    total = 0.0
                    for x in plain:
                        if x is not None:
                            total += x
                    unknown = sum(1 for c in v.cards[owner] if c is not None and c < 0)
                    assert v.est_sum(owner) == (total, unknown)
            checked += 1
    assert checked > 50


@pytest.mark.parametrize("preset", ["official", "party", "standard52"])
def test_a_pile_grown_by_a_card_is_counted_from_the_shorter_piles_entry(preset):
    """discard_stats derives a pile's entry from the entry of the pile without its top card
    (sums, and the kind counts once a policy has stored them): every entry is the same as
    counting the pile afresh, with or without the shorter pile in the memo."""
    state = new_game(PRESETS[preset], 2, 3)
    values = state.values
    kinds = _kinds(state.rules, 2)
    kind_of, counts = kinds[2], kinds[3]
    cards = list(range(len(values)))
    random.Random(4).shuffle(cards)

    def fresh(pile):
        left = list(counts)
        for c in pile:
            left[kind_of[c]] -= 1
        return [sum(values[c] for c in pile), sum(values[c] ** 2 for c in pile),
                tuple(left), kind_of]

    derived = 0
    for n in range(1, len(cards) + 1):
        pile = cards[:n]
        had_shorter = n > 1 and tuple(pile[:-1]) in knowledge._DISCARDS[1]
        entry = knowledge.discard_stats(values, pile)
        if entry[3] is None:   # (as policy.draw_gain stores them)
            entry[2], entry[3] = fresh(pile)[2:]
        else:
            derived += bool(had_shorter)
        assert entry == fresh(pile)
        if n % 7 == 0:         # (now and then the memo starts afresh)
            knowledge._DISCARDS[1].clear()
    assert derived > len(cards) // 2
