"""A person's default name ("You", "Du") follows the page's language.

A seat of a person that was never named keeps the word the form gave it, in the language of
that moment. On the screen it reads as the page speaks now: a name equal to some language's
default word is a default name and is shown as the current language's; any other name is the
person's own and is shown as typed. The game and its save keep the name as it was.
"""

from __future__ import annotations

# Every language's "you_default" (cabo/i18n), casefolded: written out, so that showing a name
# loads no other language's texts (tests/test_default_name.py holds it to the tables).
DEFAULTS = frozenset({"you", "du"})


def is_default(name: str) -> bool:
    """Whether `name` is some language's default name (as the form gave it)."""
    return name.strip().casefold() in DEFAULTS


def shown(name: str, texts) -> str:
    """`name` as the page shows it in `texts`' language."""
    return texts("you_default") if is_default(name) else name


def shown_names(names, bots, texts) -> list:
    """The seats' names as shown: a person's default name in the page's language (`bots`:
    each seat's bot level, None for a person); bots keep theirs."""
    return [shown(n, texts) if b is None else n for n, b in zip(names, bots)]


def follow_language(players, texts) -> list:
    """The new-game form's seats after a change of language: a person's default name
    becomes the new language's, a typed name stays."""
    return [{**p, "name": texts("you_default")}
            if p.get("kind") == "person" and is_default(p.get("name", "")) else p
            for p in players]
