"""The hard bot's candidate list and budget options."""

from __future__ import annotations

from cabo import PRESETS, apply, legal_actions, new_game, observe, to_move
from cabo.game.actions import CallCabo, Replace
from cabo.bots import make_bot


def _positions(count, seed=4, n=2):
    """(obs, legal) of medium self-play positions (official, `n` players), every decision."""
    out = []
    game = 0
    while len(out) < count:
        state = new_game(PRESETS["official"], n, seed + game)
        game += 1
        bots = [make_bot("medium", 1 + k) for k in range(n)]
        while state.phase not in ("round_over", "game_over") and len(out) < count:
            seat = to_move(state)[0]
            obs, legal = observe(state, seat), legal_actions(state, seat)
            out.append((obs, legal))
            apply(state, bots[seat].choose(obs, legal))
    return out


def test_candidates_never_hold_two_alike_blind_replaces():
    bot = make_bot("hard", 0)
    blind_pairs_seen = 0
    for obs, legal in _positions(400):
        ranked, cands = bot.candidates(obs, legal)
        keys = []
        for a in cands:
            if isinstance(a, Replace) and len(a.slots) == 1:
                cell = obs.hands[obs.seat][a.slots[0]]
                if cell[0] is None:
                    keys.append(cell[1])
        assert len(keys) == len(set(keys)), (cands, obs.hands[obs.seat])
        blind = [a for _, a in ranked if isinstance(a, Replace) and len(a.slots) == 1
                 and obs.hands[obs.seat][a.slots[0]][0] is None]
        blind_pairs_seen += len(blind) >= 2
    assert blind_pairs_seen > 0  # the positions do offer alike blind replaces


def test_no_search_without_cabo_when_other_budget_is_zero():
    bot = make_bot("hard", 0, simulations=8, other_simulations=0)
    full = make_bot("hard", 0, simulations=8)
    searched_cabo = skipped = 0
    for obs, legal in _positions(300):
        _, cands = bot.candidates(obs, legal)
        if len(cands) < 2:
            continue
        action = bot.choose(obs, legal)
        if any(isinstance(a, CallCabo) for a in cands):
            searched_cabo += bot.last_steps > 0
        else:
            assert bot.last_steps == 0 and action == cands[0]
            full.choose(obs, legal)
            assert full.last_steps > 0
            skipped += 1
    assert searched_cabo > 0 and skipped > 0


def test_a_budget_set_after_creation_bounds_every_decision():
    """The page's self-test (and any caller) tunes a made bot by setting `simulations`: it
    must bound the decisions without a Cabo candidate too, as if the bot were made so."""
    made = make_bot("hard", 0, simulations=2)
    tuned = make_bot("hard", 0)
    tuned.simulations = 2
    compared = 0
    for obs, legal in _positions(200):
        _, cands = made.candidates(obs, legal)
        if len(cands) < 2 or any(isinstance(a, CallCabo) for a in cands):
            continue
        assert tuned.choose(obs, legal) == made.choose(obs, legal)
        assert tuned.last_steps == made.last_steps > 0
        compared += 1
    assert compared > 0


def test_rollouts_cut_at_the_horizon_buy_more_worlds_for_the_same_budget():
    short = make_bot("hard", 4, simulations=40)
    full = make_bot("hard", 4, simulations=40, max_steps=150)
    short_worlds = full_worlds = decisions = 0
    for obs, legal in _positions(200):
        _, cands = short.candidates(obs, legal)
        if len(cands) < 2 or any(isinstance(a, CallCabo) for a in cands):
            continue   # (after a Cabo call the round is short either way)
        short.choose(obs, legal)
        full.choose(obs, legal)
        if short.last_steps >= 40 * 30 and full.last_steps >= 40 * 30:  # both used the budget
            decisions += 1
            short_worlds += short.last_worlds
            full_worlds += full.last_worlds
    assert decisions >= 20 and short_worlds > 1.25 * full_worlds


def test_horizon_is_cut_only_where_it_was_measured_to_help():
    from cabo.bots.hard import CUT_ACTIONS, FULL_ACTIONS, horizon
    assert CUT_ACTIONS < FULL_ACTIONS
    assert horizon(PRESETS["official"], 2) == horizon(PRESETS["standard52"], 2) == CUT_ACTIONS
    for rules, n in (("party", 2), ("hut", 2), ("single", 2), ("official", 4), ("standard52", 3)):
        assert horizon(PRESETS[rules], n) == FULL_ACTIONS, (rules, n)


def test_full_rollouts_where_not_cut_are_the_same_search_as_before():
    state = new_game(PRESETS["single"], 2, 9)
    bots = [make_bot("medium", 1), make_bot("medium", 2)]
    searched = 0
    while state.phase not in ("round_over", "game_over") and searched < 6:
        seat = to_move(state)[0]
        obs, legal = observe(state, seat), legal_actions(state, seat)
        default = make_bot("hard", 11, simulations=12)
        full = make_bot("hard", 11, simulations=12, max_steps=150)
        assert default.choose(obs, legal) == full.choose(obs, legal)
        assert default.last_steps == full.last_steps
        searched += default.last_steps > 0
        apply(state, bots[seat].choose(obs, legal))
    assert searched > 0


def test_thinking_yields_after_every_world_even_when_rollouts_are_short():
    """The page runs `think` in slices between the browser's turns: a search whose rollouts
    all end within a slice (the last turns of a round) must still yield, once a world."""
    bot, twin = make_bot("hard", 0), make_bot("hard", 0)
    short = 0
    for obs, legal in _positions(120):
        _, cands = bot.candidates(obs, legal)
        if len(cands) < 2:
            continue
        thinking, yields = bot.think(obs, legal), 0
        while True:
            try:
                next(thinking)
            except StopIteration as stop:
                action = stop.value
                break
            yields += 1
        assert yields >= bot.last_worlds > 0
        assert action == twin.choose(obs, legal)  # yielding never changes the choice
        short += obs.caller is not None  # (after a Cabo call the rollouts are short)
    assert short > 0


def test_with_more_players_a_decision_gets_two_nth_of_the_budget(monkeypatch):
    """3 players: 2/3 of the nominal steps, 4 players: 1/2 (hard.BUDGET_SEATS): a bot with
    `simulations` 30 (3p) or 40 (4p) searches exactly as one with 20 whose budget is not
    scaled."""
    from cabo.bots import hard
    for n, sims in ((3, 30), (4, 40)):
        searched = 0
        for obs, legal in _positions(40, seed=7, n=n):
            scaled = make_bot("hard", 3, simulations=sims)
            monkeypatch.setattr(hard, "BUDGET_SEATS", n)   # (no scaling at n players)
            nominal = make_bot("hard", 3, simulations=20)
            expected = nominal.choose(obs, legal), nominal.last_steps, nominal.last_worlds
            monkeypatch.undo()
            assert (scaled.choose(obs, legal), scaled.last_steps, scaled.last_worlds) == expected
            searched += expected[1] > 0
        assert searched > 0, n
    bot = make_bot("hard", 3, simulations=20)
    many = small = 0
    for obs, legal in _positions(40, seed=7, n=4):
        bot.choose(obs, legal)
        if bot.last_steps:
            small += bot.last_steps < 20 * 30   # (below the nominal budget of 600 steps)
            many += 1
    assert many > 0 and small > 0
