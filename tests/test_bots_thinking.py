"""The hard bot's thinking in slices: the same move however it is driven or interrupted."""

from __future__ import annotations

from cabo import PRESETS, apply, legal_actions, new_game, observe, to_move
from cabo.bots import make_bot
from cabo.i18n import Texts
from cabo.play.session import Seat, Session
from cabo.ui.table import Table

SMALL = {"simulations": 12, "max_steps": 60}


def _searched_positions(count, seed=2):
    """(state, seat) where the hard bot searches, from medium self-play (official, 2p)."""
    probe = make_bot("hard", 0, **SMALL)
    out = []
    game = 0
    while len(out) < count:
        state = new_game(PRESETS["official"], 2, seed + game)
        game += 1
        bots = [make_bot("medium", 1), make_bot("medium", 2)]
        while state.phase not in ("round_over", "game_over") and len(out) < count:
            seat = to_move(state)[0]
            obs, legal = observe(state, seat), legal_actions(state, seat)
            if len(probe.candidates(obs, legal)[1]) >= 2:
                out.append((state.clone(), seat))
            apply(state, bots[seat].choose(obs, legal))
    return out


def test_think_yields_and_returns_the_choice_of_choose():
    for k, (state, seat) in enumerate(_searched_positions(6)):
        obs, legal = observe(state, seat), legal_actions(state, seat)
        a, b = make_bot("hard", k, **SMALL), make_bot("hard", k, **SMALL)
        thinking = b.think(obs, legal)
        slices = 0
        while True:
            try:
                next(thinking)
                slices += 1
            except StopIteration as done:
                move = done.value
                break
        assert slices >= 2 * 2   # at least two worlds of two candidates each
        assert move == a.choose(obs, legal) and b.last_steps == a.last_steps > 0
        assert b.rng.getstate() == a.rng.getstate()


def test_abandoned_thinking_leaves_the_bot_as_it_was():
    (state, seat), = _searched_positions(1, seed=5)
    obs, legal = observe(state, seat), legal_actions(state, seat)
    a, b = make_bot("hard", 3, **SMALL), make_bot("hard", 3, **SMALL)
    thinking = b.think(obs, legal)
    next(thinking)
    next(thinking)
    thinking.close()
    assert b.rng.getstate() == a.rng.getstate()
    assert b.choose(obs, legal) == a.choose(obs, legal)


def _table(seed=6):
    seats = [Seat("Me"), Seat("Ada", "hard"), Seat("Bo", "hard")]
    return Table(Session(PRESETS["official"], seats, seed), Texts("en"), "instant")


def test_the_table_plays_a_thought_move_only_where_it_was_thought():
    table = _table()
    table.act(legal_actions(table.session.state, 0)[0])  # the person looks at two cards
    moved = 0
    while (task := table.bot_task()) is not None and moved < 6:
        _, kind, seat = task
        if kind != "move":
            table.run_bot_task(kind, seat)
            continue
        planned = None
        thinking = table.bot_thinking(seat)
        while True:
            try:
                next(thinking)
            except StopIteration as done:
                planned = done.value
                break
        assert planned is not None and planned[0] == table.step()
        assert table.play_bot_move(seat, planned)
        assert table.play_bot_move(seat, planned) == []   # the game moved on: not played again
        moved += 1
    assert moved >= 2


def test_sliced_rollouts_play_the_same_moves():
    from cabo.bots.policy import MEDIUM
    from cabo.bots.rollout import play_out, play_out_sliced

    for state, seat in _searched_positions(4, seed=8):
        for cap in (150, 9):
            a, b = state.clone(), state.clone()
            finished = play_out(a, MEDIUM, cap)
            sliced = play_out_sliced(b, MEDIUM, cap)
            while True:
                try:
                    next(sliced)
                except StopIteration as done:
                    assert done.value == finished
                    break
            assert (a.step, a.hands, a.discard, a.phase) == (b.step, b.hands, b.discard, b.phase)
