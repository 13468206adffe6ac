"""User-facing words: one dict per language (de.py, en.py) with the same keys.

`Texts(lang)` formats a key with its placeholders. The page language comes from the URL
(?lang=), then the saved choice, then the browser: German when it starts with "de".
"""

from __future__ import annotations

from . import (de, en, lesson_de, lesson_en, net_de, net_en, party_de, party_en, room_de,
               room_en)

# play across devices (cabo/net), the extras (cabo.party) and the lesson (cabo.ui.lesson)
# keep their words in modules of their own, merged here
LANGS = {"de": {**de.TEXTS, **net_de.TEXTS, **party_de.TEXTS, **room_de.TEXTS,
                **lesson_de.TEXTS},
         "en": {**en.TEXTS, **net_en.TEXTS, **party_en.TEXTS, **room_en.TEXTS,
                **lesson_en.TEXTS}}
DEFAULT = "en"


def pick_language(url_lang: str | None, saved: str | None, browser: str | None) -> str:
    """The language to show: an explicit URL choice, the saved one, then the browser's."""
    for choice in (url_lang, saved):
        if choice in LANGS:
            return choice
    return "de" if (browser or "").lower().startswith("de") else DEFAULT


class Texts:
    """Formats the texts of one language: `t("total", n=5)`."""

    def __init__(self, lang: str):
        self.lang = lang if lang in LANGS else DEFAULT
        self.table = LANGS[self.lang]

    def __call__(self, key: str, **values) -> str:
        text = self.table[key]
        return text.format(**values) if values else text

    def has(self, key: str) -> bool:
        return key in self.table

    def join(self, names) -> str:
        """"A, B and C"."""
        names = list(names)
        if len(names) <= 1:
            return "".join(names)
        return ", ".join(names[:-1]) + self("and") + names[-1]
