"""The hint in slices: the page runs `Table.hint_thinking` between the browser's turns.
It must give what the synchronous hint gives, and drop a hint the game has moved past."""

from __future__ import annotations

from cabo.game.actions import DrawDeck
from cabo.bots.hint import facts, suggest, thinking
from cabo.i18n import Texts
from cabo.game.rules import PRESETS
from cabo.play.session import Seat, Session
from cabo.ui import hintwords
from cabo.ui.describe import Words
from cabo.ui.table import Table

from tables import person_decisions

T = Texts("en")


def table_at_a_searched_decision():
    """A table where the person (seat 0) has a drawn card: a decision the hint searches."""
    s = Session(PRESETS["official"], [Seat("Me"), Seat("Ada", "medium")], 12)
    table = Table(s, T, "instant")
    for _ in person_decisions(table, 40):
        state = table.session.state
        if state.phase == "drawn" and state.current == 0:
            return table
        legal = table.session.legal(0)
        table.act(next((a for a in legal if isinstance(a, DrawDeck)), legal[0]))
    raise AssertionError("no drawn card for the person")


def run(gen):
    yields = 0
    while True:
        try:
            next(gen)
            yields += 1
        except StopIteration as done:
            return done.value, yields


def test_the_sliced_hint_is_the_synchronous_hint_and_yields_while_it_searches():
    table = table_at_a_searched_decision()
    obs = table.session.observation(0)
    legal = table.session.legal(0)
    (action, code), yields = run(thinking(obs, legal, obs.step))
    assert (action, code) == suggest(obs, legal, obs.step)
    assert yields > 10  # a searched decision gives the browser many turns
    shown, _ = run(table.hint_thinking())
    assert shown is True
    words = Words(T, table.names(), 0, obs.rules, obs.n)
    expected = T("hint_text", text=hintwords.line(T, words, code, facts(obs, action)))
    assert table.hint == expected and "{" not in expected
    table.drop_hint()
    table.selection = ()
    table.show_hint()  # the synchronous path (CPython callers) shows the same
    assert table.hint == expected


def test_a_hint_shown_speaks_the_language_chosen_after_it():
    table = table_at_a_searched_decision()
    table.show_hint()
    english = table.hint
    table.t = Texts("de")  # the person switches the page to German
    obs = table.session.observation(0)
    action, code = suggest(obs, table.session.legal(0), obs.step)
    words = Words(table.t, table.names(), 0, obs.rules, obs.n)
    assert table.hint == table.t("hint_text", text=hintwords.line(table.t, words, code,
                                                                  facts(obs, action)))
    assert table.hint != english and table.hint.startswith("Tipp")


def test_a_hint_for_a_step_the_game_has_left_is_dropped():
    table = table_at_a_searched_decision()
    working = table.hint_thinking()
    next(working)
    table.session.act(next(a for a in table.session.legal(0) if type(a).__name__ == "Discard"))
    shown, _ = run(working)
    assert shown is False and table.hint is None


def test_the_table_says_the_hint_is_thinking_in_both_languages():
    for lang in ("de", "en"):
        t = Texts(lang)
        assert t.has("hint_thinking") and t("hint_thinking") != "hint_thinking"
