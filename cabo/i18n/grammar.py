"""Articles and cases for a card named by its face ("7", "K♦", "A♠", "Joker").

English needs "a"/"an" by the spoken first sound ("an 8", "an 11", "an A♠"). German needs
the card's grammatical gender and case: number cards are feminine ("die 7", from "die
Sieben"), the ace neuter ("das A♠", "das Ass"), king, jack and joker masculine ("den K♦",
"der Joker"), the queen feminine ("die Dame"). `card_forms` gives every form a sentence
template of cabo.i18n may use, under the same names in both languages.
"""

from __future__ import annotations

SUITS = "♠♥♦♣"
# spoken English starting with a vowel sound: eight, eleven, eighteen, ace
EN_AN = ("8", "11", "18", "A")
DE_GENDER = {"A": "n", "J": "m", "K": "m", "Q": "f", "Joker": "m"}
DE_DEF = {"m": ("der", "den", "dem"), "f": ("die", "die", "der"), "n": ("das", "das", "dem")}
DE_INDEF = {"m": ("ein", "einen", "einem"), "f": ("eine", "eine", "einer"),
            "n": ("ein", "ein", "einem")}
CASES = ("", "_acc", "_dat")  # nominative, accusative, dative


def rank_of(label: str) -> str:
    """ "K♦" -> "K", "10" -> "10", "Joker" -> "Joker"."""
    return label.rstrip(SUITS)


def card_forms(lang: str, label: str) -> dict:
    """{"card", "the_card", "a_card", "the_card_acc", ..., "a_card_dat"} for one card."""
    rank = rank_of(label)
    out = {"card": label}
    if lang == "de":
        gender = DE_GENDER.get(rank, "f")
        for i, case in enumerate(CASES):
            out["the_card" + case] = f"{DE_DEF[gender][i]} {label}"
            out["a_card" + case] = f"{DE_INDEF[gender][i]} {label}"
        return out
    article = "an" if rank in EN_AN else "a"
    for case in CASES:
        out["the_card" + case] = f"the {label}"
        out["a_card" + case] = f"{article} {label}"
    return out
