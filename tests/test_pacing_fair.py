"""The bots' pace is fair to human hands (cabo/ui/pacing.py, its rule in the module text).

Party games with a person and bots are played at each speed on a virtual clock, as the page's
loop plays them (each bot task after its delay; the person acts 2 s after the table waits for
it and never claims). Every bot claim comes at least BOT_REACTION_FLOOR_MS after the card it
claims landed, and no bot move changes the pile while a person may still claim its top card
before that card has lain REACTION_MS.
"""

from __future__ import annotations

import pytest

from cabo.bots import LEVELS
from cabo.play.claims import REACTION_MS
from cabo.game.actions import OFF_TURN, is_off_turn
from cabo.game.rules import PRESETS
from cabo.i18n import Texts
from cabo.play.session import Seat, Session
from cabo.ui.pacing import BOT_REACTION_FLOOR_MS, SPEEDS, next_bot_task
from cabo.ui.table import Table

PERSON_MS = 2000  # the person's time for each of its moves


class Clock:
    def __init__(self):
        self.now = 0

    def __call__(self):
        return self.now


def _play(preset, speed, seed, steps=300):
    """Play on a virtual clock; returns the violations of the rule found."""
    seats = [Seat("You"), Seat("Ada", "medium"), Seat("Bo", "hard" if seed % 2 else "easy")]
    session = Session(PRESETS[preset], seats, seed)
    clock = Clock()
    session.time_by(clock)
    table = Table(session, Texts("en"), speed)
    table.clock = clock
    bad, claims = [], 0
    for _ in range(steps):
        state = session.state
        if state.phase in ("round_over", "game_over"):
            break
        task = table.bot_task()
        if task is None:
            legal = [a for a in table.legal() if not is_off_turn(a)]
            if not legal:
                break
            clock.now += PERSON_MS
            table.act(legal[0])
            continue
        delay, kind, seat = task
        landed = session.memory.top_since()
        open_top = session.person_may_claim()
        top_before = state.discard[-1] if state.discard else None
        clock.now += delay
        events = table.run_bot_task(kind, seat)
        if not events:
            continue
        if kind == "react":
            claims += 1
            if clock.now - landed < BOT_REACTION_FLOOR_MS:
                bad.append(("claim", clock.now - landed))
        top_after = session.state.discard[-1] if session.state.discard else None
        closed = open_top and not session.person_may_claim()
        if kind == "move" and open_top and (top_after != top_before or closed) \
                and clock.now - landed < REACTION_MS:
            bad.append(("move", clock.now - landed, events[0].kind))
    return bad, claims


@pytest.mark.parametrize("speed", ["slow", "normal", "fast"])
@pytest.mark.parametrize("preset", [p for p, r in PRESETS.items() if r.match != "off"])
def test_no_bot_wins_a_race_a_person_could_not_see_coming(preset, speed):
    total = 0
    for seed in (1, 2, 3):
        bad, claims = _play(preset, speed, seed)
        assert bad == [], (seed, bad[:5])
        total += claims
    assert total > 0  # the bots did claim (the floor was put to the test)


@pytest.mark.parametrize("speed", ["slow", "normal", "fast"])
def test_every_bots_claim_waits_at_least_the_floor(speed):
    _, factor, _ = SPEEDS[speed]
    for level in [k for k in LEVELS if k != "oracle"]:  # (the oracle is a test baseline)
        session = Session(PRESETS["party"], [Seat("You"), Seat("B", level)], 1)
        session.reacting_bots = lambda: [1]
        session.waiting_bot = lambda: None
        delay, kind, _ = next_bot_task(session, speed, set(), 0, 0)
        assert kind == "react" and delay >= BOT_REACTION_FLOOR_MS
        assert delay >= round(LEVELS[level].reaction_ms * factor)


def test_a_bots_move_waits_for_the_reaction_window_only_where_a_person_may_claim():
    for preset, waits in (("party", True), ("official", False)):
        session = Session(PRESETS[preset], [Seat("You"), Seat("B", "medium")], 4)
        clock = Clock()
        session.time_by(clock)
        table = Table(session, Texts("en"), "fast")
        table.clock = clock
        while session.waiting_bot() != 1 or session.state.phase != "turn":
            task = table.bot_task()
            if task is not None:
                table.run_bot_task(task[1], task[2])
            else:
                table.act([a for a in table.legal() if not is_off_turn(a)][0])
            clock.now += 3000
        if waits:  # (after the person's discard, at the same time: the card has just landed)
            clock.now = session.memory.top_since() + 100
            assert session.person_may_claim()
        delay, kind, _ = table.bot_task()
        assert kind == "move"
        assert delay == (REACTION_MS - 100 if waits else SPEEDS["fast"][0])


def test_instant_keeps_no_pace():
    session = Session(PRESETS["party"], [Seat("You"), Seat("B", "hard")], 1)
    session.reacting_bots = lambda: [1]
    assert next_bot_task(session, "instant", set(), 0, 0)[0] == 0
    assert OFF_TURN  # (the claim actions the rule is about)
