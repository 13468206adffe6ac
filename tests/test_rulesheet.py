"""The rules screen (cabo.ui.rulesheet): sentences follow the Rules values, in both languages."""

from __future__ import annotations

import string

import pytest

from cabo.i18n import LANGS, Texts
from cabo.game.rules import PRESETS
from cabo.ui import rulesheet
from cabo.web import render

EN = Texts("en")


def text(rules, preset=None, lang="en") -> str:
    v = rulesheet.sheet(rules, Texts(lang), preset)
    return "\n".join([v["intro"]] + [i for s in v["sections"] for i in s["items"]])


@pytest.mark.parametrize("lang", sorted(LANGS))
@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_every_preset_reads_in_every_language(preset, lang):
    v = rulesheet.sheet(PRESETS[preset], Texts(lang), preset)
    extras = ["extras"] if PRESETS[preset].extras else []
    assert [s["id"] for s in v["sections"]] == [
        "goal", "cards", "deal", "turn", "powers", "match", "cabo", "score", "end"] + extras
    assert all(s["items"] for s in v["sections"])
    words = text(PRESETS[preset], preset, lang)
    assert "{" not in words and "}" not in words
    html = render.rules_sheet(v)
    assert html.count("<h3 ") == 9 + len(extras) and 'data-ctl="rules-back"' in html


def test_the_extras_section_names_only_what_the_rules_make_possible():
    party = text(PRESETS["party"])
    assert "Thief" in party and "Revenge is sweet" in party and "Fastest hand" in party
    own = text(PRESETS["standard52"].with_options(extras=True))
    assert "Double snap" in own and "Thief" not in own and "Revenge" not in own
    off = text(PRESETS["official"].with_options(extras=True))
    assert "Memory elephant" in off and "Double snap" not in off and "Fastest hand" not in off
    assert "Unlucky bird" in off  # a wrong multi-replace costs a penalty card
    assert "Extras" not in text(PRESETS["official"])


def test_the_presets_differ_where_their_rules_do():
    official, party = text(PRESETS["official"]), text(PRESETS["party"])
    hut, standard, single = (text(PRESETS[p]) for p in ("hut", "standard52", "single"))
    assert "There is no matching" in official and "Kamikaze: a hand" in official
    assert "A total of exactly 100 is cut to 50" in official
    assert "one of yours or another player's" in party and "give that player" in party
    assert "once every player has had 3 turns" in party and "most rounds" in party
    assert "Red kings (♥ ♦) are worth -1" in standard and "outer cards" in standard
    assert "J, Q: swap" in standard and "drawn or put out of your row" in standard
    assert "Black kings (♠ ♣) are worth 0" in hut and "2 penalty cards" in hut
    assert "J: swap" in hut and "Q" not in hut.split("J: swap")[0].rsplit("\n", 1)[-1]
    assert "minus 20" in hut and "discard pile starts empty" in hut
    assert "2 jokers" in single and "K: look at a card" in single
    assert "single round" in single and "the round ends and is scored" in single


def test_custom_rules_read_as_they_were_set():
    rules = PRESETS["official"].with_options(
        match="own", wrong_match_penalty=2, jokers=1, target=50, one_eyed_king=True,
        peek_count=1, kamikaze="cabo_zero", cabo_instead=False, cabo_after_turn=True)
    words = text(rules, "official")
    assert words.startswith("Custom rules, based on “Official”.")
    assert "one of your own cards of the same value" in words
    assert "2 penalty cards" in words and "One joker" in words
    assert "goes over 50" in words and "one of your cards of your choice" in words
    assert "calling Cabo with a sum of exactly 0" in words
    assert "right after your own turn" in words and "instead of taking" not in words
    assert "one-eyed king" not in words, "no king power in these rules"
    king = rules.with_options(powers=rules.powers + ((13, "king"),))
    assert "Only the one-eyed king (K♦)" in text(king)
    assert rulesheet.sheet(rules, EN, in_game=True)["intro"] == "Custom rules."


def test_rule_texts_have_the_same_placeholders_in_both_languages():
    def fields(s):
        return {f for _, f, _, _ in string.Formatter().parse(s) if f}
    keys = [k for k in LANGS["en"] if k.startswith("rs_")]
    assert len(keys) > 60
    for key in keys:
        assert fields(LANGS["en"][key]) == fields(LANGS["de"][key]), key
