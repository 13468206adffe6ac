"""The leaderboard and statistics (cabo.party.board): who counts, per person by name, safely
loaded; and the statistics screen with its charts (cabo.ui.party_view, cabo.ui.charts)."""

from __future__ import annotations

import json

import pytest

from cabo import PRESETS, observe, to_move
from cabo.game.actions import OFF_TURN
from cabo.i18n import Texts
from cabo.party import board as boards
from cabo.play.session import Seat, Session
from cabo.ui import party_view
from cabo.web import render_party


def played(seats, rounds=2, seed=4, end=True, preset="party"):
    """A game (the party rules unless `preset`) whose people's moves are made by bots (a
    stand-in for their clicks)."""
    session = Session(PRESETS[preset], [Seat(n, k) for n, k in seats], seed)
    stand_in = {i: b for i, b in enumerate(Session(
        PRESETS[preset], [Seat(n, "easy") for n, _ in seats], seed).bots.values())}
    for r in range(rounds):
        for _ in range(2000):
            session.run_bots()
            if session.state.phase in ("round_over", "game_over"):
                break
            seat = [s for s in to_move(session.state) if s in session.humans()][0]
            legal = [a for a in session.legal(seat) if not isinstance(a, OFF_TURN)]
            session.act(stand_in[seat].choose(observe(session.state, seat), legal))
        assert session.state.phase in ("round_over", "game_over")
        if r < rounds - 1:
            session.next_round()
    if end and session.state.phase == "round_over":
        session.end_game()
    return session


def test_two_people_count_one_person_with_bots_never():
    board = boards.empty()
    two = played([("Ada", None), ("Ben", None), ("Bot", "easy")])
    assert boards.record(board, two)
    solo = played([("Cem", None), ("B1", "easy"), ("B2", "easy")], seed=9)
    assert boards.record(board, solo)
    ranked = [p["name"] for _, p in boards.ranking(board)]
    assert sorted(ranked) == ["Ada", "Ben"]  # Cem played with bots only; bots never appear
    assert "bot" not in board["people"] and "b1" not in board["people"]
    cem = board["people"]["cem"]
    assert cem["ranked"]["games"] == 0 and cem["all"]["games"] == 1
    assert cem["all"]["rounds"] == 2  # the statistics count every game on this device
    for key in ("ada", "ben"):
        p = board["people"][key]
        assert p["ranked"]["games"] == 1 and p["ranked"]["rounds"] == 2
    won = sum(board["people"][k]["ranked"]["rounds_won"] for k in ("ada", "ben"))
    assert won == sum(two.state.rounds_won[s] for s in (0, 1))
    assert sum(board["people"][k]["ranked"]["game_wins"] for k in ("ada", "ben")) == len(
        [s for s in two.state.winners if s in (0, 1)])


def test_sorted_by_rounds_won_and_names_are_case_insensitive():
    board = boards.empty()
    for seed, names in ((4, ("Ada", "Ben")), (5, ("ADA ", "ben"))):
        boards.record(board, played([(names[0], None), (names[1], None)], seed=seed))
    assert sorted(board["people"]) == ["ada", "ben"]
    assert board["people"]["ada"]["ranked"]["games"] == 2
    assert board["people"]["ada"]["name"] == "ADA "  # the latest spelling is shown
    rows = boards.ranking(board)
    wins = [p["ranked"]["rounds_won"] for _, p in rows]
    assert wins == sorted(wins, reverse=True)


def test_a_round_is_counted_once_even_after_a_reload():
    board = boards.empty()
    s = played([("Ada", None), ("Ben", None)], rounds=1, end=False)
    assert boards.record(board, s)
    s = Session.from_json(s.to_json())
    assert not boards.record(board, s)
    assert board["people"]["ada"]["all"]["rounds"] == 1
    s.end_game()
    assert boards.record(board, s) and not boards.record(board, s)
    assert board["people"]["ada"]["all"]["games"] == 1


def test_poker_face_meter_counts_lost_cabo_calls():
    board = boards.empty()
    s = played([("Ada", None), ("Ben", None)], rounds=3, seed=6)
    boards.record(board, s)
    calls = {0: [0, 0], 1: [0, 0]}
    for h in s.state.history:
        if h["caller"] in calls:
            calls[h["caller"]][0] += 1
            calls[h["caller"]][1] += h["caller"] not in h["winners"]
    for seat, key in ((0, "ada"), (1, "ben")):
        r = board["people"][key]["ranked"]
        assert [r["cabo"], r["cabo_lost"]] == calls[seat]
    assert sum(c for c, _ in calls.values()) > 0


@pytest.mark.parametrize("text", ["{", "[]", '{"schema": 9, "people": {}}',
                                  '{"schema": 1, "people": {"ada": {"name": "Bob"}}}',
                                  '{"schema": 1, "people": {"ada": {"name": "Ada", '
                                  '"ranked": {}, "all": {}}}}'])
def test_damaged_board_loads_empty_with_a_reason(text):
    board, reason = boards.load(text)
    assert board == boards.empty() and reason


def test_board_round_trips():
    board = boards.empty()
    boards.record(board, played([("Ada", None), ("Ben", None)]))
    again, reason = boards.load(boards.to_json(board))
    assert reason is None and again == board
    assert boards.load(None) == (boards.empty(), None)


@pytest.mark.parametrize("lang", ["en", "de"])
def test_statistics_screen_and_charts_in_both_languages(lang):
    t = Texts(lang)
    board = boards.empty()
    s = played([("Ada", None), ("Ben", None)], rounds=3)
    boards.record(board, s)
    v = party_view.stats_view(board, t, "ben", s, in_game=True)
    assert v["person"] == "ben" and v["stats"]["name"] == "Ben"
    html = render_party.stats_screen(v)
    assert html.count('role="img"') == 4  # this game, Cabo calls, matching, recent points
    assert t("board_title") in html and t("chart_game") in html and t("stats_title") in html
    # every chart has a name and a description in words that holds its numbers
    last = s.state.history[-1]["totals"]
    assert t("chart_game_desc", round=3, list=", ".join(
        t("chart_player_total", name=n, n=last[i]) for i, n in enumerate(("Ada", "Ben")))) \
        in html
    assert "{" not in html and "}" not in html  # every placeholder filled
    for key in ("board_rank", "board_poker", "stats_mean"):
        assert t(key) in html


def test_table_view_has_badges_reactions_and_the_totals_chart():
    t = Texts("en")
    s = played([("Ada", None), ("Ben", None)], rounds=1, end=False)
    from cabo.ui.table import Table
    table = Table(s, t)
    table.confirm_handoff()
    v = table.view(now_ms=0)
    assert v["party"]["reactions"]["emoji"][0]["label"] == "Thumbs up"
    assert 'role="img"' in v["chart"]
    note = table.react("party", at_ms=10)
    assert note["emoji"] == "party"
    v = table.view(now_ms=20)
    mine = [p for p in v["players"] if p["me"]][0]
    assert mine["bubble"]["text"] == "🎉"
    assert table.view(now_ms=10 + 2600)["players"][-1]["bubble"] is None  # it has flown
    assert json.dumps(v)  # plain data


def test_chart_axes_are_round_numbers_and_every_chart_says_its_numbers():
    import re

    from cabo.ui import charts
    html = charts.totals_chart("c", "Totals", "After round 2: A 40, B 41",
                               [("A", [13, 40]), ("B", [0, 41])], "Round", ["A 40", "B 41"])
    assert re.findall(r'class="tick">(-?\d+)<', html) == ["0", "15", "30", "45", "60", "1", "2"]
    assert 'aria-labelledby="c-t"' in html and 'aria-describedby="c-d"' in html
    assert '<p class="sr-only" id="c-d">After round 2: A 40, B 41</p>' in html
    assert html.count("<polyline") == 2 and "<circle" in html and "<rect" in html  # markers differ
    bars = charts.bar_chart("b", "Points", "13, 5", [13, 5], "Round")
    assert re.findall(r'class="tick">(-?\d+)<', bars) == ["0", "5", "10", "15", "20"]


def test_the_totals_chart_names_the_person_as_the_page_does():
    from cabo.ui.table import Table
    s = played([("You", None), ("Ada", "easy")], rounds=1, end=False, preset="official")
    table = Table(s, Texts("de"))  # the game began in English; the page now speaks German
    chart = table.view(now_ms=0)["chart"]
    assert "Du " in chart and "You" not in chart and "Ada" in chart
    assert "Du " in party_view.game_chart(s, Texts("de")) and "You" not in \
        party_view.game_chart(s, Texts("de"))


def test_markers_of_equal_totals_stand_side_by_side_inside_the_plot():
    import re

    from cabo.ui import charts
    # three players meet at 0 after round 1 and two at 20 after round 2
    html = charts.totals_chart("c", "Totals", "", [("A", [0, 20]), ("B", [0, 20]), ("C", [0, 5])],
                               "Round", ["A", "B", "C"])
    circle = re.search(r'<circle cx="([\d.]+)" cy="([\d.]+)"', html)
    rect = re.search(r'<rect x="([\d.]+)" y="([\d.]+)" width="7"', html)
    tri = re.search(r'<polygon points="([\d.]+),([\d.]+) ', html)
    # round 1: three markers at one height, apart by the dodge, none left of the axis
    xs = [float(circle[1]), float(rect[1]) + 3.5, float(tri[1])]
    assert sorted(xs) == xs and xs[1] - xs[0] == xs[2] - xs[1] == charts.DODGE
    assert xs[0] >= charts.LEFT
    # round 2: A and B meet at the plot's right edge and stay inside it; C is not moved
    ends = [p.split()[-1] for p in re.findall(r'<polyline points="([^"]+)"', html)]
    (ax, ay), (bx, by), (cx, cy) = [map(float, e.split(",")) for e in ends]
    assert ay == by and bx - ax == charts.DODGE and bx <= charts.W - charts.RIGHT
    assert cx == charts.W - charts.RIGHT and cy != ay
    # totals closer than a marker is tall (36 and 38 on an axis to 40) stand apart too
    near = charts.totals_chart("n", "T", "", [("A", [36]), ("B", [38]), ("C", [9])], "Round",
                               ["A", "B", "C"])
    a = float(re.search(r'<circle cx="([\d.]+)"', near)[1])
    b = float(re.search(r'<rect x="([\d.]+)" y="[\d.]+" width="7"', near)[1]) + 3.5
    c = float(re.search(r'<polygon points="([\d.]+),', near)[1])
    assert b - a == charts.DODGE and c == (a + b) / 2  # C (9) is far below: it stays


def test_the_round_axis_name_has_its_own_row_under_the_round_numbers():
    import re

    from cabo.ui import charts
    html = charts.totals_chart("c", "T", "", [("A", [1, 2, 3, 4])], "Round", ["A"])
    last = re.search(r'<text x="([\d.]+)" y="([\d.]+)" text-anchor="middle" class="tick">4<', html)
    label = re.search(r'<text x="([\d.]+)" y="([\d.]+)" text-anchor="end" class="axis-label">', html)
    height = float(re.search(r'viewBox="0 0 \d+ (\d+)"', html)[1])
    assert float(last[1]) == float(label[1])  # the same right edge, so they must not share a row
    assert float(label[2]) - float(last[2]) >= 11 and float(label[2]) < height


def test_an_empty_board_says_why_and_what_to_do():
    from cabo.i18n import Texts
    for lang, words in (("en", "at least one other person"), ("de", "mindestens einer anderen Person")):
        v = party_view.stats_view(boards.empty(), Texts(lang))
        assert words in v["board_empty"]
