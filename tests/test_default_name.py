"""A person's default name follows the page's language (cabo.ui.default_name): "You" at a
table reads "Du" once the page speaks German, and back; a name the person typed never changes;
the new-game form's seats follow too; the replay's views read as a person says them."""

from __future__ import annotations

from cabo.game.rules import PRESETS
from cabo.i18n import LANGS, Texts
from cabo.play.session import Seat, Session
from cabo.ui import default_name, setup
from cabo.ui.replay_view import ALL, view_name
from cabo.ui.table import Table

EN, DE = Texts("en"), Texts("de")


def shown(table) -> list:
    return [p["name"] for p in sorted(table.view()["players"], key=lambda p: p["seat"])]


def test_a_tables_default_name_follows_the_language_and_a_typed_name_stays():
    seats = [Seat("You"), Seat("Kim"), Seat("Ada", "easy")]
    table = Table(Session(PRESETS["official"], seats, 4), EN, "instant")
    table.confirmed = 0  # (two people at one device: the screen shows seat 0's view)
    assert table.names() == ["You", "Kim", "Ada"]
    table.t = DE  # the page switched to German mid-game (cabo.web.main App.set_language)
    assert table.names() == ["Du", "Kim", "Ada"]
    assert "Du" in shown(table) and "You" not in shown(table)
    assert [s.name for s in table.session.seats] == ["You", "Kim", "Ada"]  # the game keeps it
    table.t = EN
    assert table.names() == ["You", "Kim", "Ada"]


def test_a_game_started_in_german_reads_you_in_english():
    table = Table(Session(PRESETS["official"], [Seat("Du"), Seat("Ada", "easy")], 4), DE,
                  "instant")
    assert table.names() == ["Du", "Ada"]
    table.t = EN
    assert table.names() == ["You", "Ada"]
    assert shown(table)[0] == "You"


def test_a_bot_is_never_renamed():
    # (bots are named by the form; a bot called "Du" keeps it)
    assert default_name.shown_names(["Du", "You"], ["easy", None], EN) == ["Du", "You"]
    assert default_name.shown_names(["Du", "You"], ["easy", None], DE) == ["Du", "Du"]


def test_the_forms_default_name_follows_the_language_and_a_typed_one_stays():
    settings = setup.defaults(EN)
    assert settings["players"][0] == {"name": "You", "kind": "person"}
    german = default_name.follow_language(settings["players"], DE)
    assert german[0]["name"] == "Du" and german[1:] == settings["players"][1:]
    assert default_name.follow_language(german, EN)[0]["name"] == "You"
    typed = setup.change(settings, "name:0", "Youssef", EN)["players"]
    assert default_name.follow_language(typed, DE)[0]["name"] == "Youssef"
    assert default_name.follow_language([{"name": " you ", "kind": "person"}], DE)[0]["name"] \
        == "Du"


def test_the_replays_views_read_as_a_person_says_them():
    names = ["You", "Ada"]
    assert [view_name(k, names, EN) for k in (0, 1, ALL)] == [
        "What you saw", "What Ada saw", "Everything face up"]
    assert [view_name(k, ["Du", "Ada"], DE) for k in (0, 1, ALL)] == [
        "Was du gesehen hast", "Was Ada gesehen hat", "Alles aufgedeckt"]
    # a typed name is said as it is (a shared link may be opened by someone else)
    assert view_name(0, ["Kim", "Ada"], EN) == "What Kim saw"


def test_the_default_names_are_every_languages():
    assert default_name.DEFAULTS == {t["you_default"].casefold() for t in LANGS.values()}
