"""Both languages have the same texts with the same placeholders."""

from __future__ import annotations

import string

from cabo.i18n import LANGS, Texts, pick_language
from cabo.game.rules import PRESETS


def placeholders(text: str) -> set:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def test_same_keys_and_placeholders_in_every_language():
    en, de = LANGS["en"], LANGS["de"]
    assert set(en) == set(de)
    for key in en:
        assert placeholders(en[key]) == placeholders(de[key]), key


def test_every_preset_has_a_name_and_a_description():
    for lang in LANGS:
        t = Texts(lang)
        for preset in PRESETS:
            assert t("preset_" + preset) and t(f"preset_{preset}_desc")


def test_language_choice_url_then_saved_then_browser():
    assert pick_language("en", "de", "de-DE") == "en"
    assert pick_language(None, "de", "en-US") == "de"
    assert pick_language(None, None, "de-AT") == "de"
    assert pick_language("xx", None, "fr-FR") == "en"
