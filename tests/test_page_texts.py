"""Words the page shows outside the table: the loading screen (static/js/loading.js, before
Python runs) and the reasons why custom options clash, in both languages."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from cabo.i18n import LANGS, Texts
from cabo.ui import setup

LOADING_JS = Path(__file__).resolve().parent.parent / "static" / "js" / "loading.js"


def loading_texts() -> dict:
    """The TEXTS table of loading.js, read as JSON after quoting its keys."""
    body = re.search(r"const TEXTS = (\{.*?\n\});", LOADING_JS.read_text("utf-8"), re.S)[1]
    return json.loads(re.sub(r"(\b\w+): ", r'"\1": ', body).replace(",\n}", "\n}"))


def test_the_loading_screen_says_what_cabo_i18n_says():
    table = loading_texts()
    assert set(table) == set(LANGS)
    for lang, words in table.items():
        assert words == {k: v for k, v in LANGS[lang].items() if k.startswith("loading")}


@pytest.mark.parametrize("lang", sorted(LANGS))
def test_clashing_options_are_explained_in_the_page_language(lang):
    t = Texts(lang)
    pairs = setup.change(setup.defaults(t), "opt:pair_discard", "true", t)
    assert setup.problem(pairs, t) == t("rules_bad", reason=t("bad_pair_needs_match"))
    never = setup.change(setup.defaults(t), "opt:cabo_instead", "false", t)
    assert setup.problem(never, t) == t("rules_bad", reason=t("bad_cabo_never"))


INDEX = LOADING_JS.parent.parent.parent / "index.html"
LESSON_KEYS = ("lesson1_title", "lesson1_goal", "lesson1_peek", "lesson1_turn", "lesson1_powers",
               "lesson1_cabo")


@pytest.mark.parametrize("lang", sorted(LANGS))
def test_the_first_lesson_in_index_html_says_what_cabo_i18n_says(lang):
    """The first lesson is plain HTML (a first visit reads it while the runtime loads); its
    words are those of cabo.i18n, heading first, then one list item per key."""
    import html as htmllib
    page = INDEX.read_text("utf-8")
    block = re.search(rf'<section class="first-lesson" lang="{lang}".*?</section>', page, re.S)[0]
    texts = [htmllib.unescape(x) for x in re.findall(r"<(?:h2|li)[^>]*>(.*?)</(?:h2|li)>", block)]
    assert texts == [LANGS[lang][k] for k in LESSON_KEYS]
