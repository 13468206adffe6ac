"""The table's log (cabo/ui/screen.py `_log`): an event already described is not described
again, and the lines are those a fresh description gives, in every language."""

from __future__ import annotations

from cabo.i18n import Texts
from cabo.ui import screen
from cabo.ui.describe import Words

from tables import person_decisions
from test_web_ui import solo_table


def fresh_log(table) -> list:
    screen._LOGGED["context"] = None  # forget every line described so far
    return table.view()["log"]


def test_the_log_is_described_once_and_reads_as_a_fresh_description(monkeypatch):
    table = solo_table("party", seed=5)
    calls = []
    real = Words.event
    monkeypatch.setattr(Words, "event", lambda self, e: calls.append(1) or real(self, e))
    for table in person_decisions(table, 300):
        view = table.view()
        assert view["log"] == fresh_log(table)
        table.act(table.session.legal(0)[0])
    view = table.view()
    assert len(view["log"]) > 40
    calls.clear()
    fresh_log(table)
    described = len(calls)
    calls.clear()
    table.view()  # nothing happened since: only the recent lines are described
    assert described > 40 and len(calls) < described / 4
    table.t = Texts("de")  # another language: every line anew, in German
    german = table.view()["log"]
    assert german == fresh_log(table) and german != view["log"]
