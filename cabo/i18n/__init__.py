"""User-facing words: one dict per language (de.py, en.py) with the same keys.

`Texts(lang)` formats a key with its placeholders. The page language comes from the URL
(?lang=), then the saved choice, then the browser: German when it starts with "de".
"""

from __future__ import annotations

from collections.abc import Mapping
from importlib import import_module

# Each language's modules: play across devices (cabo/net), the extras (cabo.party), the
# rooms and the lesson (cabo.ui.lesson) keep their words in modules of their own, merged
# into one table per language.
_PARTS = {"de": ("de", "net_de", "party_de", "room_de", "lesson_de", "replay_de", "start_de"),
          "en": ("en", "net_en", "party_en", "room_en", "lesson_en", "replay_en", "start_en")}


class _Languages(Mapping):
    """Language code -> its merged table, imported and merged on first use (a page draws
    one language; the other is loaded only when someone switches or compares them)."""

    def __init__(self):
        self._tables = {}

    def __getitem__(self, lang: str) -> dict:
        table = self._tables.get(lang)
        if table is None:
            table = {}
            for part in _PARTS[lang]:
                table.update(import_module(f"{__name__}.{part}").TEXTS)
            self._tables[lang] = table
        return table

    def __contains__(self, lang) -> bool:
        return lang in _PARTS

    def __iter__(self):
        return iter(_PARTS)

    def __len__(self) -> int:
        return len(_PARTS)


LANGS = _Languages()
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
