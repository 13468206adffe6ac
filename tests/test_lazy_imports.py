"""The first screen loads only what it draws: a saved game against easy bots resumes, is
drawn and gets its quick hint without importing the hard bot's search or the words of
another language; the levels, the other language and the build id are loaded on first use
and behave as before."""

from __future__ import annotations

from cabo.bots import LEVELS, make_bot
from fresh import run_fresh

NET = ("cabo.net.host", "cabo.net.guest", "cabo.ui.seat_table", "cabo.net.signal",
       "cabo.net.build")
ASIDES = ("cabo.ui.rulesheet",)  # screens opened later (the rules)
# the words of the language not drawn (the first screen below is English)
GERMAN = ("cabo.i18n.de", "cabo.i18n.net_de", "cabo.i18n.party_de", "cabo.i18n.room_de",
          "cabo.i18n.lesson_de", "cabo.i18n.start_de")
SEARCH = ("cabo.bots.hard", "cabo.bots.rollout", "cabo.bots.fused", "cabo.bots.worlds",
          "cabo.game.sampler")


def test_a_saved_game_against_easy_bots_draws_without_the_search():
    out = run_fresh(f"""
        import sys
        from cabo.game.rules import PRESETS
        from cabo.play.session import Seat, Session
        from cabo.i18n import Texts
        from cabo.ui.table import Table
        from cabo.web import render

        saved = Session(PRESETS["official"], [Seat("You"), Seat("Ann", "easy"),
                                              Seat("Bo", "easy")], 1)
        saved.run_bots()
        t = Texts("en")
        table = Table(Session.from_json(saved.to_json()), t, "normal")
        html = render.table(table.view(0.0), t, False)
        assert 'data-ctl="card"' in html
        assert table.suggestion() is not None or table.legal() == []
        print(sorted(m for m in {SEARCH + GERMAN!r} if m in sys.modules))
        from cabo.bots import make_bot
        make_bot("hard", 1)
        print(sorted(m for m in {SEARCH!r} if m in sys.modules))
        from cabo.i18n import LANGS
        print(Texts("de")("new_game"), sorted(LANGS["de"]) == sorted(LANGS["en"]),
              sorted(m for m in {GERMAN!r} if m in sys.modules))
    """).splitlines()
    assert out[0] == "[]"
    assert out[1] == repr(sorted(SEARCH))
    assert out[2] == f"Neues Spiel True {sorted(GERMAN)!r}"


def test_the_page_module_imports_neither_the_net_nor_the_search():
    """cabo.web.main as the page imports it (the browser's modules stood in for): what it
    imports before its first screen holds no code of the net, of the hard bot or of the
    rules screen."""
    out = run_fresh(f"""
        import cabo.web.main
        assert "cabo.web.netpage" in sys.modules and "cabo.ui.table" in sys.modules
        print(sorted(m for m in {NET + SEARCH + ASIDES + GERMAN!r} if m in sys.modules))
    """, browser=True)
    assert out.strip() == "[]"


def test_the_levels_load_on_first_use_and_take_new_entries():
    assert list(LEVELS)[:6] == ["random", "easy", "medium", "hard", "greedy", "oracle"]
    assert LEVELS["hard"].__name__ == "HardBot" and len(LEVELS) == 6
    assert "nope" not in LEVELS

    class Tuned(LEVELS["medium"]):
        pass

    LEVELS["tuned"] = Tuned
    try:
        assert isinstance(make_bot("tuned", 3), Tuned) and "tuned" in LEVELS
    finally:
        del LEVELS["tuned"]
    assert "tuned" not in LEVELS and len(LEVELS) == 6


def test_the_build_id_is_computed_once_on_first_use():
    out = run_fresh("""
        import cabo.net.build as b, cabo.net.guest, cabo.net.host
        print(b._build)
        first = b.BUILD
        print(first.startswith("p") and b._build == [first] and b.BUILD is first)
    """).splitlines()
    assert out == ["[]", "True"]
