"""Short labels that tell seats apart in the "seen by" badges of a card.

Who has seen which card is the game, so two seats must never share a badge: "Alex" and "Ada"
become "Al" and "Ad" rather than "A" and "A". Each seat gets the shortest prefix of its name
(at least one letter, at most MAX_CHARS) that no other seat's label shares; equal names, or
names equal up to MAX_CHARS, get their seat number after the first letter ("A1", "A2").
"""

from __future__ import annotations

from functools import lru_cache

MAX_CHARS = 3


def initials(names) -> tuple:
    """One distinct short label per name, in seat order."""
    return _initials(tuple(str(n) for n in names))


@lru_cache(maxsize=64)
def _initials(names: tuple) -> tuple:
    clean = [(" ".join(str(n).split()) or "?") for n in names]
    labels = []
    for i, name in enumerate(clean):
        others = [n for j, n in enumerate(clean) if j != i]
        label = None
        for size in range(1, MAX_CHARS + 1):
            prefix = _prefix(name, size)
            if not any(_prefix(o, size) == prefix for o in others):
                label = prefix
                break
        labels.append(label or _prefix(name, 1) + str(i + 1))
    return tuple(labels)


def _prefix(name, size) -> str:
    """The first `size` characters of a name as a badge shows them ("Al"; spaces dropped)."""
    text = name.replace(" ", "")
    return text[:1].upper() + text[1:size].lower()
