"""The rollout's private step without a View (bots/fused.py) plays exactly what the policy
plays on the View: decide_state(state, seat, moves, prm) == decide(from_state(state, seat),
moves, prm) at every step of self-play under every preset and player count, also with the
seats' knowledge shuffled (known pairs, cards known to others, the other players' cards), with
policy parameters far from the tuned ones (so that a wrong score changes some decision) and
with move lists that hold illegal entries; and whole rollouts with the step end in the same
state with the same reward as rollouts with the plain policy."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from cabo import PRESETS
from cabo.bots import fused
from cabo.bots.hard import HARD
from cabo.bots.knowledge import from_state
from cabo.bots.policy import MEDIUM, Params, decide
from cabo.bots import rollout
from tools.bench import _mid_round_states
from cabo.game.actions import CallCabo, Discard, DrawDeck, TakeDiscard
from cabo.game.engine import own_actions
from medium_play import states


def shuffled_knowledge(state, rng):
    """A copy of `state` whose known masks are redrawn at random (each seat knows each card
    with probability 1/2): positions self-play rarely reaches."""
    other = state.clone()
    other.known = [[rng.getrandbits(other.n) if c is not None else 0 for c in row]
                   for row in other.hands]
    return other


def odd_params(rng):
    return Params(info_bonus=rng.uniform(-2, 4), peek_value=rng.uniform(-1, 6),
                  spy_value=rng.uniform(-1, 6), swap_margin=rng.uniform(-2, 3),
                  take_margin=rng.uniform(-3, 3), improve=rng.uniform(-1, 4),
                  late_turns=rng.randint(0, 8), late_relax=rng.uniform(0, 0.2),
                  cabo_p={k: rng.uniform(0.0, 1.0) for k in ("official", "caller", "hut",
                                                             "single")})


# (no preset protects the caller's cards from swaps: a variant that does)
PROTECT = replace(PRESETS["official"], protect_caller=True)


@pytest.mark.parametrize("preset", sorted(PRESETS) + ["protect"])
@pytest.mark.parametrize("n", [2, 3, 4])
def test_the_fused_step_plays_the_policy_on_the_view(preset, n):
    rng = random.Random(f"{preset}/{n}")
    rules = PROTECT if preset == "protect" else PRESETS[preset]
    params = [MEDIUM, HARD] + [odd_params(rng) for _ in range(4)]
    phases = {}
    differ = 0   # positions where the parameter sets do not all agree (the test has teeth)
    for seed in (1, 2):
        for state, seat in states(preset, n, seed, rules=rules):
            for st in (state, shuffled_knowledge(state, rng)):
                moves = own_actions(st, seat)
                if not moves:
                    continue
                picks = set()
                for prm in params:
                    expected = decide(from_state(st, seat), moves, prm)
                    assert fused.decide_state(st, seat, moves, prm) == expected, (
                        st.phase, seat, moves)
                    picks.add(repr(expected))
                differ += len(picks) > 1
                phases[st.phase] = phases.get(st.phase, 0) + 1
    assert phases.get("turn", 0) > 20 and phases.get("drawn", 0) > 20
    assert differ > 10


def test_the_fused_step_handles_a_known_pair_and_every_drawn_power():
    """Drawn cards of every power with a known pair in hand, on the 4 presets' decks."""
    rng = random.Random(5)
    seen = set()
    for preset in sorted(PRESETS):
        for seed in range(1, 4):
            for state, seat in states(preset, 2, seed, rounds=1):
                if state.phase != "drawn" or state.gives:
                    continue
                st = shuffled_knowledge(state, rng)
                hand = st.hands[seat]
                slots = [i for i, c in enumerate(hand) if c is not None]
                if len(slots) >= 2:   # make two known cards of one value
                    a, b = slots[:2]
                    twin = next((c for c in st.deck if st.values[c] == st.values[hand[a]]),
                                None)
                    if twin is not None:
                        st.deck[st.deck.index(twin)] = hand[b]
                        hand[b] = twin
                        st.known[seat][a] |= 1 << seat
                        st.known[seat][b] |= 1 << seat
                moves = own_actions(st, seat)
                for prm in (MEDIUM, HARD, odd_params(rng)):
                    assert fused.decide_state(st, seat, moves, prm) == decide(
                        from_state(st, seat), moves, prm)
                seen.add((st.drawn_from, st.powers[st.drawn]))
    assert {p for _, p in seen} >= {None, "peek", "spy", "swap", "king"}


def _with_illegal(state, seat, moves):
    """`moves` with entries that are not legal now (another seat's moves, a draw after the
    draw, a discard before it): each path must score them alike."""
    other = (seat + 1) % state.n
    extra = [DrawDeck(other), Discard(seat), CallCabo(other), DrawDeck(seat)]
    if state.discard:  # (a take needs a top discard to be scored at all)
        extra.append(TakeDiscard(seat))
    return list(moves) + extra


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_the_fused_step_scores_illegal_entries_like_the_policy(preset):
    rng = random.Random(preset)
    checked = 0
    for state, seat in states(preset, 2, 3, rounds=1):
        moves = own_actions(state, seat)
        if not moves or state.phase not in ("turn", "drawn"):
            continue
        for prm in (MEDIUM, HARD, odd_params(rng)):
            listed = _with_illegal(state, seat, moves)
            rng.shuffle(listed)
            assert fused.decide_state(state, seat, listed, prm) == decide(
                from_state(state, seat), listed, prm)
            checked += 1
    assert checked > 20


@pytest.mark.parametrize("name, n", (("official", 2), ("party", 4), ("hut", 3),
                                     ("standard52", 4), ("single", 2)))
def test_rollouts_with_the_fused_step_end_in_the_same_states_and_rewards(name, n,
                                                                          monkeypatch):
    """Whole rollouts: the step on the State against the policy on the View, every seat,
    tuned and odd parameters; final states (to_dict) and rewards for every seat equal."""
    pool = _mid_round_states(name, n, 10)
    results = {}
    for path in ("fused", "plain"):
        if path == "plain":
            monkeypatch.setattr(rollout, "decide_state", lambda st, seat, moves, prm: decide(
                from_state(st, seat), moves, prm))
        out = []
        for k, state in enumerate(pool):
            for prm in (MEDIUM, odd_params(random.Random(k))):
                world = state.clone()
                finished = rollout.play_out(world, prm, 150, own=(0, HARD))
                out.append((finished, world.to_dict(),
                            [repr(rollout.reward(world, s, finished)) for s in world.seats]))
        results[path] = out
    assert results["fused"] == results["plain"]
    assert sum(1 for f, _, _ in results["plain"] if f) > 10
