"""Readable golden games: one short game per preset, stored as plain text in tests/golden/.

Beside the hashes of tests/test_trace_hashes.py, which only say that some move changed, each
stored playthrough names every move and what it did (perfect information: the cards too), so
a changed move shows as a diff of two lines. The game is played by the table's one driver
(cabo.play.driver) with an easy, a medium and a hard bot (the hard one with a small search,
as in the trace hashes), one round. A change that is meant to play differently rewrites the
files: `CABO_WRITE_GOLDEN=1 python -m pytest tests/test_golden_games.py`, and the diff of
tests/golden/ in the commit shows what it changed.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from cabo import PRESETS
from cabo.bots import make_bot
from cabo.bots.hard import HardBot
from cabo.game.actions import EndGame, NextRound
from cabo.game.engine import new_game
from cabo.play.driver import Driver, between_rounds

GOLDEN = Path(__file__).parent / "golden"
SEED = 7
LEVELS = ("easy", "medium", "hard")
HARD_SIMULATIONS = 40


def _event(e) -> str:
    d = e.view_all()
    fields = " ".join(f"{k}={v}" for k, v in d.items() if k not in ("kind", "seat"))
    seat = "" if d.get("seat") is None else f" by {d['seat']}"
    return f"{d['kind']}{seat}" + (f" {fields}" if fields else "")


def playthrough(preset: str) -> list:
    """The lines of one seeded round of `preset` between the three levels."""
    rules = PRESETS[preset]
    bots = [make_bot("easy", SEED * 31), make_bot("medium", SEED * 31 + 1),
            HardBot(SEED * 31 + 2, simulations=HARD_SIMULATIONS)]
    events = []
    state = new_game(rules, len(bots), SEED, events)
    lines = [f"# {preset}: seats 0 easy, 1 medium, 2 hard ({HARD_SIMULATIONS} simulations), "
             f"seed {SEED}, one round. Rewrite: CABO_WRITE_GOLDEN=1 (tests/test_golden_games.py)",
             *(f"      {_event(e)}" for e in events)]

    def step(state, action, events):
        who = "host" if type(action) in (NextRound, EndGame) else LEVELS[action.seat]
        lines.append(f"{state.step:>4} {who:<6} {action!r}")
        lines.extend(f"      {_event(e)}" for e in events)

    Driver(state, dict(enumerate(bots))).play(between_rounds(1), step)
    last = state.history[-1]
    lines.append(f"end: sums {last['sums']} points {last['points']} totals {state.totals}")
    return lines


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_the_golden_game_replays_move_for_move(preset):
    lines = playthrough(preset)
    path = GOLDEN / f"{preset}.txt"
    if os.environ.get("CABO_WRITE_GOLDEN"):
        path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    stored = path.read_text(encoding="utf-8").splitlines()
    assert len(stored) > 30
    assert lines == stored, f"the moves of {path.name} changed: see the diff above"
