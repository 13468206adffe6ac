"""Sentences on screen in both languages: the screen's own player in the second person,
articles and cases for cards ("an 8", "den K♦"), lists of players, and the reveal's reasons."""

from __future__ import annotations

import pytest

from cabo.i18n import Texts
from cabo.i18n.grammar import card_forms
from cabo.game.rules import PRESETS
from cabo.ui import setup
from cabo.ui.describe import Words

NAMES = ["You", "Ada", "Bruno"]


def words(lang, preset="standard52", viewer=0):
    return Words(Texts(lang), NAMES, viewer, PRESETS[preset], 3)


def card(w, label):
    """The id of a card with this face."""
    return next(i for i, c in enumerate(w.faces) if c.label() == label)


@pytest.mark.parametrize("label, en, de", [
    ("8♣", "an 8♣", "eine 8♣"), ("A♠", "an A♠", "ein A♠"), ("K♦", "a K♦", "einen K♦"),
    ("Q♥", "a Q♥", "eine Q♥"), ("J♠", "a J♠", "einen J♠"), ("Joker", "a Joker", "einen Joker"),
    ("11", "an 11", "eine 11"), ("7", "a 7", "eine 7"),
])
def test_articles_for_cards(label, en, de):
    assert card_forms("en", label)["a_card_acc"] == en
    assert card_forms("de", label)["a_card_acc"] == de


def test_german_cases_of_cards():
    assert card_forms("de", "K♦")["the_card_acc"] == "den K♦"
    assert card_forms("de", "Joker")["the_card"] == "der Joker"
    assert card_forms("de", "A♠")["the_card_dat"] == "dem A♠"
    assert card_forms("de", "7♥")["the_card_acc"] == "die 7♥"


@pytest.mark.parametrize("lang, text", [
    ("en", "Round 1 is dealt; you begin."), ("de", "Runde 1 ist gegeben; du beginnst.")])
def test_the_screens_player_begins_in_the_second_person(lang, text):
    assert words(lang).event({"kind": "deal", "seat": None, "round_no": 1, "first": 0}) == text


@pytest.mark.parametrize("lang, expected", [
    ("en", ["Bruno matches their own card 1, an 8♣.",
            "You replace your cards 3 and 4 and discard the 6♣ and the 6♥.",
            "Ada swaps their own card 1 with your card 3.",
            "Ada gives their own card 2 to you.",
            "Bruno spies on your card 2.",
            "Bruno takes the K♦ from the discard pile.",
            "You throw Ada's card 4, an A♠, onto the pile, but it does not match.",
            "Ada replaces card 2 and discards the Joker.",
            "Game over: Ada and you won."]),
    ("de", ["Bruno wirft die eigene Karte 1 ein: eine 8♣.",
            "Du tauschst deine Karten 3 und 4 aus und legst die 6♣ und die 6♥ ab.",
            "Ada tauscht die eigene Karte 1 mit deiner Karte 3.",
            "Ada gibt dir die eigene Karte 2.",
            "Bruno sieht sich deine Karte 2 an.",
            "Bruno nimmt den K♦ von der Ablage.",
            "Du wirfst Karte 4 von Ada ein: ein A♠ – das passt nicht.",
            "Ada tauscht Karte 2 aus und legt den Joker ab.",
            "Spielende: Ada und du habt gewonnen."]),
])
def test_event_sentences(lang, expected):
    w = words(lang, "single")
    c = lambda label: card(w, label)  # noqa: E731
    events = [
        {"kind": "match", "seat": 2, "owner": 2, "slot": 0, "card": c("8♣"), "ok": True},
        {"kind": "replace", "seat": 0, "slots": [2, 3], "ok": True,
         "discarded": [c("6♣"), c("6♥")]},
        {"kind": "swap", "seat": 1, "slot": 0, "target": 0, "target_slot": 2},
        {"kind": "give", "seat": 1, "slot": 1, "to": 0, "to_slot": 4},
        {"kind": "spy", "seat": 2, "target": 0, "slot": 1},
        {"kind": "take_discard", "seat": 2, "card": c("K♦")},
        {"kind": "match", "seat": 0, "owner": 1, "slot": 3, "card": c("A♠"), "ok": False},
        {"kind": "replace", "seat": 1, "slots": [1], "ok": True, "discarded": [c("Joker")]},
        {"kind": "game_over", "seat": None, "winners": [0, 1]},
    ]
    assert [w.event(e) for e in events] == expected


@pytest.mark.parametrize("lang, red, black", [
    ("en", "sum (K♥ counts −1)", "sum (K♠ counts 0)"),
    ("de", "Summe (K♥ zählt −1)", "Summe (K♠ zählt 0)")])
def test_the_reveal_says_which_cards_count_other_than_their_number(lang, red, black):
    w = words(lang, "standard52")  # 002: "6♣ 3♥ K♥ → 8"
    assert w.notes([], w.rules, [card(w, x) for x in ("6♣", "3♥", "K♥")]) == red
    hut = words(lang, "hut")
    assert hut.notes([], hut.rules, [card(hut, x) for x in ("K♠", "K♥")]) == black
    assert w.notes([], w.rules, [card(w, "6♣")]) == Texts(lang)("note_sum")
    single = words(lang, "single")
    assert "Joker" in single.notes([], single.rules, [card(single, "Joker")])


@pytest.mark.parametrize("lang", ["en", "de"])
def test_hot_seat_people_get_real_names(lang):
    t = Texts(lang)
    settings = setup.change(setup.defaults(t), "kind:1", "person", t)
    names = [p["name"] for p in settings["players"]]
    assert names[0] not in ("You", "Du") and names[0] != names[1]
    session = setup.make_session(settings, 1, t)
    assert session.seats[0].name == names[0]
    alone = setup.defaults(t)  # one person: "You" / "Du" reads as the second person
    assert alone["players"][0]["name"] == t("you_default")
