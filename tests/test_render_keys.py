"""The table's regions carry keys (cabo/web/render.py `keyed`): static/js/patch.js skips a
region whose key the page already has, and a seat drawn from an unchanged view is not drawn
again."""

from __future__ import annotations

import copy
import re

from cabo.web import render

from test_web_ui import T, run_bots, solo_table

KEY = re.compile(r'<(\w+) data-k="(\d+)" class="([\w-]+)')


def regions(html) -> list:
    return KEY.findall(html)


def test_a_seat_whose_view_did_not_change_is_not_drawn_again(monkeypatch):
    table = solo_table()
    run_bots(table)
    view = table.view()
    drawn = []
    real = render._player_html
    monkeypatch.setattr(render, "_player_html", lambda p: drawn.append(p["seat"]) or real(p))
    render._PLAYERS.clear()
    first = render.table(view, T, False)
    assert sorted(drawn) == [0, 1, 2]
    drawn.clear()
    assert render.table(copy.deepcopy(view), T, False) == first  # equal views: nothing drawn
    assert drawn == []
    changed = copy.deepcopy(view)
    seat = changed["players"][0]["seat"]
    changed["players"][0]["name"] = "Zed"
    second = render.table(changed, T, False)
    assert drawn == [seat]  # only the seat that changed
    before, after = regions(first), regions(second)
    assert [r[2] for r in before] == [r[2] for r in after]  # same regions, in the same order
    differ = [i for i, (a, b) in enumerate(zip(before, after)) if a[1] != b[1]]
    assert differ == [0]  # the changed seat's key alone is new
    assert "Zed" in second and "Zed" not in first


def test_a_key_stands_for_one_markup_only():
    seen = {}
    for i in list(range(700)) + list(range(10)):  # past the point where old keys are forgotten
        html = f'<p class="x">{i}</p>'
        out = render.keyed(html)
        key = re.search(r'data-k="(\d+)"', out).group(1)
        assert out == html.replace("<p ", f'<p data-k="{key}" ', 1)
        assert seen.setdefault(key, html) == html  # no key is reused for other markup
    same = render.keyed('<div class="y">a</div>')
    assert render.keyed('<div class="y">a</div>') == same
