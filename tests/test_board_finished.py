"""Statistics count finished games only, and show only what the rules allow (issue 41):
rounds count as they are scored, a game when it ends; matching shows for people who played
under rules with matching."""

from __future__ import annotations

import json

from cabo.i18n import Texts
from cabo.party import board as boards
from cabo.ui import party_view
from cabo.web import render_party

from test_party_board import played


def test_an_unfinished_game_counts_its_rounds_but_no_game():
    board = boards.empty()
    s = played([("Ada", None), ("Ben", None)], rounds=2, end=False)
    assert not s.state.game_over
    assert boards.record(board, s)
    ada = board["people"]["ada"]
    assert ada["all"]["rounds"] == 2 and ada["ranked"]["rounds"] == 2
    assert ada["all"]["games"] == 0 and ada["ranked"]["games"] == 0
    assert [k for k, _ in boards.ranking(board)] != []  # on the board by its rounds
    s.end_game()
    assert boards.record(board, s)
    assert ada["all"]["games"] == 1 and ada["ranked"]["games"] == 1
    assert not boards.record(board, s)  # and once only
    assert ada["all"]["games"] == 1


def _statistics(board, key, lang="en"):
    t = Texts(lang)
    v = party_view.stats_view(board, t, key)
    return render_party.stats_screen(v), t


def test_no_matching_chart_for_rules_without_matching():
    # the official rules have no matching: played under them, the statistics never say it
    board = boards.empty()
    boards.record(board, played([("Ada", None), ("Ben", None)], rounds=2, preset="official",
                                end=False))
    for lang in ("en", "de"):
        html, t = _statistics(board, "ada", lang)
        assert t("chart_matches") not in html and t("stats_matches_ok") not in html
        assert t("chart_cabo") in html and t("stats_games") in html
    assert board["people"]["ada"]["all"]["match_rounds"] == 0


def test_the_matching_chart_shows_for_rules_with_matching():
    board = boards.empty()
    boards.record(board, played([("Ada", None), ("Ben", None)], rounds=2))  # the party rules
    html, t = _statistics(board, "ada")
    assert t("chart_matches") in html and t("stats_matches_ok") in html
    assert board["people"]["ada"]["all"]["match_rounds"] == 2


def test_a_board_saved_before_match_rounds_loads_and_round_trips():
    board = boards.empty()
    boards.record(board, played([("Ada", None), ("Ben", None)], rounds=1))
    old = json.loads(boards.to_json(board))
    for p in old["people"].values():
        del p["all"]["match_rounds"]
    again, reason = boards.load(json.dumps(old))
    assert reason is None and again["people"]["ada"]["all"]["match_rounds"] == 0
    old["people"]["ada"]["all"]["match_rounds"] = -1  # damaged: read as damaged
    damaged, reason = boards.load(json.dumps(old))
    assert damaged == boards.empty() and reason
