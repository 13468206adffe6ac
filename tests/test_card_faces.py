"""Card faces (cabo/web/render_card.py): what each deck's face shows, the shapes the faces
draw, and that a face is drawn only for a card that is face up for the seat on screen."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from cabo.game.cards import Card, card_power
from cabo.i18n import LANGS, Texts
from cabo.game.rules import PRESETS
from cabo.play.session import Seat, Session
from cabo.ui.table import Table
from cabo.web import card_glyphs, render, render_card

ROOT = Path(__file__).resolve().parent.parent


def look(preset, card, lang="en"):
    power = card_power(PRESETS[preset], card)
    return {"rank": card.rank, "suit": card.suit, "power": power,
            "word": Texts(lang)("face_" + power) if power else None}


NAMES = {fill: name for name, (fill, _) in render_card._SHAPES.items()}


def symbols(svg):
    """The shapes a face draws (each inline: a path in the face's SVG, no <use>)."""
    return [NAMES[d] for d in re.findall(r'<path transform="[^"]*" d="([^"]*)"/>', svg)]


def texts(svg):
    return re.findall(r'data-t="([^"]*)"', svg)


def test_every_shape_a_face_uses_is_drawn_inline_and_the_page_needs_no_sprite():
    assert "card-sprite" not in (ROOT / "index.html").read_text(encoding="utf-8")
    used = set()
    for preset in ("official", "standard52", "single"):
        cards = ([Card(r, "") for r in range(14)] if preset == "official" else
                 [Card(r, s) for s in "SHDC" for r in range(1, 14)] + [Card(0, "*")])
        for card in cards:
            svg = render_card.face(look(preset, card), card.label())
            assert "<use" not in svg and "href" not in svg
            used |= set(symbols(svg))
    assert used == {"S", "H", "D", "C", "star", "cJ", "cQ", "cK", "p-peek", "p-spy", "p-swap"}
    # a stroked part (the eye's outline, the lens's ring) is a path of its own
    peek = render_card.face(look("official", Card(7, "")), "7")
    assert re.search(r'<path transform="[^"]*" d="[^"]*" fill="none" stroke="currentColor" '
                     r'stroke-width="9"/>', peek)


@pytest.mark.parametrize("lang, words", [("en", ("peek", "spy", "swap")),
                                         ("de", ("Schauen", "Spionieren", "Tauschen"))])
def test_a_cabo_card_prints_its_power_with_an_icon_and_a_word(lang, words):
    for rank, word, power in zip((7, 9, 11), words, ("peek", "spy", "swap")):
        svg = render_card.face(look("official", Card(rank, ""), lang), str(rank))
        assert f"p-{power}" in svg and symbols(svg) == [f"p-{power}"]
        assert texts(svg) == [str(rank), str(rank), word]  # corner, numeral, word
        assert re.search(r">[^<]", svg) is None  # no visible text: the card's name says it
    plain = render_card.face(look("official", Card(3, "")), "3")
    assert symbols(plain) == [] and texts(plain) == ["3", "3", "3"]  # two corners, numeral


def test_a_standard_card_shows_rank_suit_colour_and_pips_or_court():
    seven = render_card.face(look("standard52", Card(7, "H")), "7♥")
    assert 'class="face red"' in seven and symbols(seven).count("H") == 2 + 7
    king = render_card.face(look("standard52", Card(13, "S")), "K♠")
    assert 'class="face black"' in king and "cK" in symbols(king)
    assert texts(king)[:2] == ["K", "K"]
    joker = render_card.face(look("single", Card(0, "*")), "Joker")
    assert "face joker" in joker and "star" in symbols(joker)
    # the 6 and the 9 are underlined: turned upside down in the corner, each stays itself
    underline = r'M0 -[\d.]+h[\d.]+v-[\d.]+h-[\d.]+z"'
    for rank, underlined in ((6, True), (9, True), (8, False)):
        corners = re.findall(r'<path data-t="%d" [^>]*d="[^"]*"' % rank,
                             render_card.face(look("standard52", Card(rank, "C")), "x"))
        assert len(corners) == 2
        assert all(bool(re.search(underline, c)) == underlined for c in corners)


def test_a_face_prints_its_words_as_outlines_in_one_svg():
    """No text and no HTML over the SVG: each word or number is one path (the browser lays a
    face out without shaping text), and every word of every language has its outlines."""
    for lang in LANGS:
        for rank in range(14):
            svg = render_card.face(look("official", Card(rank, ""), lang), str(rank))
            assert re.search(r">[^<]", svg) is None and svg.count("<svg") == 1
            assert re.fullmatch(r'<span [^>]*><svg [^>]*>.*</svg></span>', svg)
            for printed in texts(svg):
                assert re.search(r'<path data-t="%s" transform="matrix\([^"]+\)" d="M[^"]+"'
                                 % re.escape(printed), svg)
            card = look("official", Card(rank, ""), lang)
            if card["word"]:
                assert set(card["word"]) <= set(card_glyphs.GLYPHS)
    for card in [Card(r, s) for s in "SHDC" for r in range(1, 14)] + [Card(0, "*")]:
        svg = render_card.face(look("standard52" if card.suit != "*" else "single", card),
                               card.label())
        assert texts(svg) and all(set(t) <= set(card_glyphs.GLYPHS) for t in texts(svg))


def test_a_word_is_spaced_like_the_browsers_text():
    d, width = render_card._run("Ta", 0)
    t_adv = card_glyphs.GLYPHS["T"][0]
    assert width == t_adv + card_glyphs.KERN["Ta"] + card_glyphs.GLYPHS["a"][0]
    # letter spacing follows every character, as CSS letter-spacing does
    assert render_card._run("10", -100)[1] == (card_glyphs.GLYPHS["1"][0] - 100
                                               + card_glyphs.GLYPHS["0"][0] - 100)
    assert d.count("M") == 2


def test_face_down_cards_carry_no_value_into_the_page():
    for preset in ("official", "standard52", "single"):
        session = Session(PRESETS[preset], [Seat("Me"), Seat("Ada", "easy"), Seat("Bo", "easy"),
                                            Seat("Cy", "easy")], 5)
        t = Texts("en")
        table = Table(session, t, "instant")
        view = table.view()
        html = render.table(view, t, False)
        up = [s for p in view["players"] for s in p["slots"] if not s["empty"] and s["face"]]
        assert up == []
        # every drawn face is the discard's: no other card's rank reaches the markup
        assert re.findall(r'data-face="([^"]*)"', html) == (
            [view["discard"]["face"]] if view["discard"]["face"] else [])
        assert all(s.get("look") is None for p in view["players"] for s in p["slots"]
                   if not s["empty"])
