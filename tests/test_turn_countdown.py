"""A turn that ends itself (issue 42): where the rules let a person call Cabo right after
their turn, "End turn" counts down (3 s by default) and the page presses it at zero; a
selection or the Cabo question pauses it; the setting "off" waits for the tap."""

from __future__ import annotations

from cabo.game.actions import Several, is_off_turn
from cabo.game.rules import PRESETS
from cabo.i18n import Texts
from cabo.play.session import Seat, Session
from cabo.ui import setup
from cabo.ui.pacing import AUTO_END_MS
from cabo.ui.table import Table


PREFER = ("InitialPeek", "DrawDeck", "Discard", "SkipPower", "Ready", "Give", "EndTurn")


def _person_moves(table):
    """The person's move: a concrete legal one, never Cabo, in PREFER's order."""
    legal = [a for a in table.legal() if not isinstance(a, Several) and not is_off_turn(a)
             and type(a).__name__ != "CallCabo"]
    legal.sort(key=lambda a: PREFER.index(type(a).__name__) if type(a).__name__ in PREFER
               else len(PREFER))
    return legal[0] if legal else None


def _after_turn(lang="en", seed=3, preset="party"):
    """A table (person and a bot) at the person's first choice to call Cabo after its turn."""
    session = Session(PRESETS[preset], [Seat("You"), Seat("Ada", "easy")], seed)
    table = Table(session, Texts(lang), "instant")
    for _ in range(400):
        if table.may_end_turn():
            return session, table
        task = table.bot_task()
        if task is not None:
            table.run_bot_task(task[1], task[2])
            continue
        move = _person_moves(table)
        if move is None:
            break
        table.act(move)
    return session, None


def _end_button(table, now):
    return next(b for b in table.view(now)["buttons"] if b["key"] == "end_turn")


def test_the_default_is_three_seconds_and_the_button_counts_them():
    assert AUTO_END_MS == 3000 and setup.defaults(Texts("en"))["auto_end"] == 3000
    session, table = _after_turn()
    assert table.end_turn_left(10_000) == 3000
    assert _end_button(table, 10_000)["label"] == "End turn (3)"
    assert _end_button(table, 11_200)["label"] == "End turn (2)"
    assert _end_button(table, 12_900)["label"] == "End turn (1)"
    assert table.end_turn_left(13_000) == 0
    _, de = _after_turn("de")
    de.end_turn_left(0)
    assert _end_button(de, 100)["label"] == "Zug beenden (3)"


def test_pressing_it_at_zero_ends_the_turn():
    session, table = _after_turn()
    step, current = session.state.step, session.state.current
    table.end_turn_left(0)
    assert table.end_turn_left(3000) == 0
    table.press("end_turn")  # what the page's countdown does at zero
    assert session.state.step == step + 1 and session.state.current != current
    assert not table.may_end_turn()


def test_a_selection_or_the_cabo_question_pauses_it_and_it_starts_anew():
    session, table = _after_turn()
    assert table.end_turn_left(0) == 3000
    assert table.end_turn_left(2000) == 1000
    table.click_card(0, 1)  # (a card selected to throw in: party matches any time)
    assert table.selection
    assert table.end_turn_left(2500) is None
    assert _end_button(table, 2500)["label"] == "End turn"
    table.press("clear")
    assert table.end_turn_left(4000) == 3000  # anew, after the pause
    table.press("cabo")  # "Call Cabo?" is asked first
    assert table.confirming and table.end_turn_left(5000) is None
    table.press("cabo_no")
    assert table.end_turn_left(6000) == 3000


def test_off_waits_for_the_tap():
    session, table = _after_turn()
    table.auto_end_ms = 0
    assert table.end_turn_left(0) is None and table.end_turn_left(60_000) is None
    assert _end_button(table, 60_000)["label"] == "End turn"


def test_no_countdown_where_the_rules_have_no_call_after_the_turn():
    assert not PRESETS["official"].cabo_after_turn
    _, table = _after_turn(preset="official")
    assert table is None  # a whole round: never asked to call Cabo or end the turn


def test_the_setting_is_kept_and_checked():
    t = Texts("en")
    assert setup.normalize({"auto_end": 0}, t)["auto_end"] == 0
    assert setup.normalize({"auto_end": 5000}, t)["auto_end"] == 5000
    for bad in (1234, "3000", True, None, -1):
        assert setup.normalize({"auto_end": bad}, t)["auto_end"] == 3000
    s = setup.change(setup.defaults(t), "auto_end", "0", t)
    assert s["auto_end"] == 0
    assert setup.change(s, "auto_end", "7", t)["auto_end"] == 0  # not a choice: unchanged
    view = setup.view(setup.defaults(t), t)
    assert [c for c, _ in view["auto_end"]["choices"]] == ["3000", "5000", "0"]
    assert view["auto_end"]["choices"][2][1] == "off (wait for my tap)"
