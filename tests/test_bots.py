"""Bots: legal play under every preset, no information leaks, reproducible choices."""

from __future__ import annotations

import copy
import random

import pytest

from cabo import PRESETS, apply, legal_actions, new_game, observe, to_move
from cabo.game.actions import OFF_TURN, CallCabo, DrawDeck, permits
from cabo.bots import LEVELS, PAGE_LEVELS, make_bot
from cabo.bots.hint import CODES, suggest
from cabo.bots.knowledge import from_obs, from_state
from cabo.game.matching import may_match
from cabo.game.sampler import sample_world
from cabo.play.selfplay import play_game

ORDER = ("hard", "medium", "easy", "greedy", "oracle", "random")
SMALL_HARD = {"simulations": 4, "width": 2, "max_steps": 40}  # tiny budget for tests
GAMES_PER_LEVEL = 200


def bots_for(state, levels, seed):
    """One bot per seat; the oracle gets its explicitly named perfect-information view."""
    out = []
    for s, level in enumerate(levels):
        opts = dict(SMALL_HARD) if level == "hard" else {}
        if level == "oracle":
            opts["peek_state"] = state.perfect_information
        out.append(make_bot(level, seed * 31 + s, **opts))
    return out


def decide(bot, state, seat):
    """What the driver would ask `bot` now: an off-turn reaction or its move."""
    legal = legal_actions(state, seat)
    if seat in to_move(state):
        return bot.choose(observe(state, seat), legal)
    return bot.react(observe(state, seat), legal)


def drive(state, bots, max_rounds, on_decision=None):
    """Play like selfplay.play_game, checking that every bot action is legal."""
    while not state.game_over and state.phase != "round_over":
        action = None
        if state.rules.match != "off" and not state.gives:
            for k in range(1, state.n + 1):
                seat = (state.current + k) % state.n
                if may_match(state, seat):
                    legal = legal_actions(state, seat)
                    action = bots[seat].react(observe(state, seat), legal)
                    if action is not None:
                        assert permits(legal, action) and isinstance(action, OFF_TURN)
                        break
        if action is None:
            seat = to_move(state)[0]
            if on_decision:
                on_decision(state, seat)
            legal = legal_actions(state, seat)
            action = bots[seat].choose(observe(state, seat), legal)
            assert permits(legal, action), f"{bots[seat].name} chose illegal {action!r}"
        apply(state, action)


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_every_level_plays_legally(preset):
    rules = PRESETS[preset]
    counts = list(range(rules.min_players, min(rules.max_players, 4) + 1))
    games = {lv: 0 for lv in ORDER}
    g = 0
    while min(games.values()) < GAMES_PER_LEVEL:
        n = counts[g % len(counts)]
        levels = [ORDER[(g + s) % len(ORDER)] for s in range(n)]
        state = new_game(rules, n, 1000 + g)
        bots = bots_for(state, levels, g)
        for r in range(2):
            drive(state, bots, 2)
            if state.game_over:
                break
            if r == 0:
                apply(state, legal_actions(state, 0)[0])
                for b in bots:
                    b.new_round()
        assert state.history, "no round was scored"
        for lv in set(levels):
            games[lv] += 1
        g += 1


def _positions(preset, levels, seed, every=3):
    """(state, seat) at every `every`-th decision of a seeded game between `levels`."""
    rules = PRESETS[preset]
    state = new_game(rules, len(levels), seed)
    bots = bots_for(state, levels, seed)
    found = []

    def grab(st, seat):
        if st.step % every == 0:
            found.append((st.clone(), seat, copy.deepcopy(bots[seat])))

    drive(state, bots, 1, grab)
    return found


@pytest.mark.parametrize("preset", sorted(PRESETS))
@pytest.mark.parametrize("level", ["easy", "medium", "hard", "greedy"])
def test_no_information_leak(preset, level):
    """Dealing the cards the bot cannot know differently never changes its choice."""
    rng = random.Random(7)
    checked = 0
    for seed in range(4):
        levels = [level, "medium"] if seed % 2 else ["medium", level, "easy"]
        for state, seat, bot in _positions(preset, levels, seed):
            if bot.name != level:
                continue
            obs = observe(state, seat)
            world = sample_world(obs, rng)
            assert observe(world, seat) == obs
            a = decide(copy.deepcopy(bot), state, seat)
            b = decide(copy.deepcopy(bot), world, seat)
            assert a == b, f"{level} changed its choice when hidden cards changed"
            checked += 1
    assert checked >= 10


def test_leak_test_catches_the_oracle():
    """The same comparison does see the oracle's perfect information (test sensitivity)."""
    rng = random.Random(3)
    changed = 0
    for seed in range(20):
        state = new_game(PRESETS["official"], 2, seed)
        for seat in (0, 1):
            apply(state, legal_actions(state, seat)[0])
        seat = to_move(state)[0]
        obs = observe(state, seat)
        world = sample_world(obs, rng)
        real = make_bot("oracle", 1, peek_state=state.perfect_information)
        fake = make_bot("oracle", 1, peek_state=world.perfect_information)
        changed += real.choose(obs, legal_actions(state, seat)) != fake.choose(
            obs, legal_actions(world, seat))
    assert changed > 0


def test_rollout_view_matches_observation_view():
    """The rollout policy's View of a State equals the bot's View of the Observation."""
    for preset in sorted(PRESETS):
        for state, seat, _ in _positions(preset, ["medium", "medium"], 5, every=2):
            for s in state.seats:
                a, b = from_obs(observe(state, s)), from_state(state, s)
                assert a.cards == b.cards and a.drawn == b.drawn
                assert abs(a.mean - b.mean) < 1e-9 and abs(a.var - b.var) < 1e-9


@pytest.mark.parametrize("level", ["easy", "medium", "hard", "greedy", "random"])
def test_choice_reproducible_from_seed(level):
    def transcript(seed):
        actions = []
        opts = SMALL_HARD if level == "hard" else {}
        bots = [make_bot(level, seed * 10 + s, **opts) for s in range(3)]
        play_game(PRESETS["party"], 3, seed, bots, max_rounds=2,
                  on_events=lambda st, a, ev: actions.append(a))
        return actions

    for seed in (1, 2):
        assert transcript(seed) == transcript(seed)


def test_levels_and_page_levels():
    assert set(LEVELS) >= {"random", "easy", "medium", "hard", "greedy", "oracle"}
    assert PAGE_LEVELS == ("easy", "medium", "hard")
    with pytest.raises((TypeError, ValueError)):
        make_bot("oracle", 1)
    assert all(LEVELS[lv].reaction_ms > 0 for lv in LEVELS)


def test_hint_suggests_a_legal_action_with_a_code():
    state = new_game(PRESETS["official"], 2, 11)
    for seat in (0, 1):
        apply(state, legal_actions(state, seat)[0])
    seat = to_move(state)[0]
    legal = legal_actions(state, seat)
    action, code = suggest(observe(state, seat), legal, seed=5, simulations=6)
    assert permits(legal, action) and code in CODES
    assert isinstance(action, (DrawDeck, CallCabo)) or code == "take_discard"
    other = 1 - seat
    assert suggest(observe(state, other), legal_actions(state, other), seed=5) == (None, "wait")


def _scrambled(event, rng, cards):
    """The perfect-information view of `event` with every secret value replaced at random."""
    view = event.view_all()
    for key, value in (event.secret or {}).items():
        if isinstance(value, list):
            view[key] = [rng.randrange(cards) for _ in value]
        elif isinstance(value, int):
            view[key] = rng.randrange(cards)
    return view


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_quips_depend_on_public_events_only(seed):
    """Bot quips (cabo.party) are the same whether the extras read the public events, or the
    events with what only some seats saw (drawn cards, peeks, spies) changed at random; and
    the session feeds them exactly the public view."""
    from cabo.party import PartyTracker
    from cabo.play.session import Seat, Session

    rules = PRESETS["party"]
    session = Session(rules, [Seat("A", "medium"), Seat("B", "easy"), Seat("C", "easy")], seed)
    public = PartyTracker(rules, 3, session.bots, seed)
    scrambled = PartyTracker(rules, 3, session.bots, seed)
    rng = random.Random(seed)
    cards = len(session.state.cards)
    quips = 0
    for _ in range(3):
        while session.state.phase not in ("round_over", "game_over"):
            action = session.next_bot_action()
            events = session.act(action)
            ms = session.bots[action.seat].reaction_ms
            a = public.feed([e.view(None) for e in events], None, ms)
            b = scrambled.feed([_scrambled(e, rng, cards) for e in events], None, ms)
            assert a == b == session.party_notes
            quips += sum(n["kind"] == "quip" for n in a)
        events = session.next_round()
        assert public.feed([e.view(None) for e in events]) == scrambled.feed(
            [_scrambled(e, rng, cards) for e in events]) == session.party_notes
    assert quips >= 3
