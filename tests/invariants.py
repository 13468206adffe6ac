"""Invariants checked after every step of the random playthroughs, and a random driver."""

from __future__ import annotations

import random

from cabo import apply, legal_actions, new_game, observe, to_move
from cabo.game.actions import EndGame, NextRound, Several, is_off_turn
from cabo.game.sampler import sample_world

def check_cards(state):
    """Every card id is in exactly one place; knowledge fits the rows."""
    places = [c for h in state.hands for c in h if c is not None] + state.deck + state.discard
    if state.drawn is not None:
        places.append(state.drawn)
    assert sorted(places) == list(range(len(state.cards))), "cards lost or doubled"
    for seat in range(state.n):
        assert len(state.hands[seat]) == len(state.known[seat])
        for c, k in zip(state.hands[seat], state.known[seat]):
            if c is None:
                assert k == 0, "an empty slot carries knowledge"
            assert 0 <= k <= state.all_mask
        if seat not in state.seats:
            assert not state.hands[seat]
    assert (state.drawn is not None) == (state.phase == "drawn")


def check_someone_can_move(state):
    """Unless the game is over, every seat the game waits for has a legal action."""
    waiting = to_move(state)
    if state.phase == "game_over":
        assert not waiting
        return
    assert waiting, f"nobody to move in phase {state.phase}"
    for seat in waiting:
        assert legal_actions(state, seat), f"seat {seat} has no legal action in {state.phase}"


def check_observation(state, seat, rng, sample=True):
    """The observation hides unknown cards; a sampled world looks the same to the seat."""
    obs = observe(state, seat)
    bit = 1 << seat
    for owner, row in enumerate(obs.hands):
        for i, cell in enumerate(row):
            real = state.hands[owner][i]
            if real is None:
                assert cell is None
                continue
            card, mask = cell
            assert mask == state.known[owner][i]
            assert card == (real if mask & bit else None)
    if state.drawn is not None and state.drawn_from == "deck" and seat != state.current:
        assert obs.drawn is None and obs.drawn_hidden
    assert "deck" not in obs.__dict__ and "seed" not in obs.__dict__
    if sample:
        world = sample_world(obs, rng)
        assert observe(world, seat) == obs
        check_cards(world)
    return obs


def check_round_scores(state, result, previous_totals):
    """The scored round follows the preset's rule (independent restatement of RULES.md)."""
    rules = state.rules
    seats = result["seats"]
    caller = result["caller"]
    sums, points = result["sums"], result["points"]
    for s in seats:
        assert sums[s] == sum(state.values[c] for c in result["hands"][s])
    style = rules.scoring
    low = min(sums[s] for s in seats)
    strict = caller is not None and all(sums[caller] < sums[s] for s in seats if s != caller)
    if style == "official":
        kamikaze = [s for s in seats if sorted(state.values[c] for c in result["hands"][s])
                    == [12, 12, 13, 13]]
        if kamikaze:
            assert all(points[s] == (0 if s == kamikaze[0] else 50) for s in seats)
        else:
            for s in seats:
                if s == caller:
                    assert points[s] == (0 if sums[s] == low else sums[s] + 5)
                elif sums[s] == low and (caller is None or sums[caller] != low):
                    assert points[s] == 0
                else:
                    assert points[s] == sums[s]
    elif style == "caller":
        for s in seats:
            expect = sums[s]
            if s == caller:
                expect = 0 if strict else sums[s] + rules.caller_penalty
            assert points[s] == expect
    elif style == "hut":
        for s in seats:
            if s == caller:
                assert points[s] == sums[s] + (-20 if strict else 20)
            elif caller is not None and not strict and sums[s] <= sums[caller]:
                assert points[s] == 0
            else:
                assert points[s] == sums[s]
    else:
        best = max(sums[s] for s in seats) if rules.most_points_win else low
        tied = [s for s in seats if sums[s] == best]
        expect = [s for s in tied if s != caller] if len(tied) > 1 and caller in tied else tied
        assert result["winners"] == sorted(expect)
    for s in range(state.n):
        if s in seats:
            total = previous_totals[s] + points[s]
            if rules.exact_target_reset is not None and total == rules.target:
                total = rules.exact_target_reset
            assert result["totals"][s] == total
        else:
            assert result["totals"][s] == previous_totals[s]


def random_action(state, rng, react_chance=0.04):
    """A random legal action: usually from a seat the game waits for, sometimes off-turn.
    A family entry (multi-replace, pair discards of 2+ cards) becomes a random member."""
    if state.rules.match != "off" and rng.random() < react_chance:
        seat = rng.randrange(state.n)
        off = [a for a in legal_actions(state, seat) if is_off_turn(a)]
        if off:
            return concrete(rng.choice(off), rng)
    seat = rng.choice(to_move(state))
    legal = legal_actions(state, seat)
    own = [a for a in legal if not is_off_turn(a)]
    if own and any(a.__class__.__name__ == "CallCabo" for a in own) and rng.random() < 0.7:
        own = [a for a in own if a.__class__.__name__ != "CallCabo"] or own
    return concrete(rng.choice(own or legal), rng)


def concrete(entry, rng):
    """A legal-list entry as an action: a Several family gives a random member."""
    return entry.sample(rng) if type(entry) is Several else entry


def host_action(state, rng, rounds_wanted):
    """The host's choice after a round: end a host-ended game after enough rounds."""
    if state.rules.game_end == "host" and state.round_no >= rounds_wanted:
        return EndGame(0)
    return NextRound(0)


def random_states(rules, seed, wanted=40, steps=250, every=9):
    """`wanted` states met while random actions play games of `rules` (all player counts)."""
    rng = random.Random(seed)
    counts = list(range(rules.min_players, rules.max_players + 1))
    game = 0
    while True:
        state = new_game(rules, counts[game % len(counts)], seed * 10 + game)
        game += 1
        for i in range(steps):
            if state.phase == "game_over":
                break
            if i % every == every // 2:
                yield state
                wanted -= 1
                if not wanted:
                    return
            action = (host_action(state, rng, 3) if state.phase == "round_over"
                      else random_action(state, rng, react_chance=0.1))
            apply(state, action)

