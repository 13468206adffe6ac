"""The hint's line: what it suggests and why, in one sentence, known apart from estimated.

`line(t, words, code, facts)` turns the hint's code and `cabo.bots.hint.facts` into words.
A card the seat has seen is "seen" (its value never appears: the line ends up in the page,
and a face-down value must not); a card it has not seen is "about x on average" (card
counting) or, if its owner has seen it, "probably low". Face-up cards (the drawn card, the
top discard) are named by their face. Cards are counted from 1 for people.
"""

from __future__ import annotations


def line(t, words, code: str, facts: dict | None) -> str:
    """The hint's sentence for `code` (a code of cabo.bots.hint)."""
    key = "hint_" + code
    if not t.has(key):
        return code
    if not facts:
        return t(key) if "{" not in t(key) else t("hint_generic")
    values = _values(t, words, code, facts)
    variant = _variant(code, facts)
    if variant and t.has(key + variant):
        key += variant
    try:
        return t(key, **values)
    except (KeyError, IndexError):
        return t("hint_generic")


def _variant(code, facts) -> str:
    cards = facts["cards"]
    if code == "draw" and facts["top"] is None:
        return "_empty"
    if code == "discard" and facts.get("power"):
        return "_power"
    if code == "call_cabo" and facts["own"][1] == 0:
        return "_all"
    if code == "take_discard" and not cards:
        return "_plain"
    if code == "take_discard" and len(cards) > 1:
        return "_multi"
    if code in ("take_discard", "swap") and all(c[2] is not None for c in cards):
        return "_sure"
    return ""


def _values(t, words, code, facts) -> dict:
    cards = facts["cards"]
    out = {"mean": _num(t, facts["mean"]), "p": facts.get("p", 0),
           "unseen": facts["own"][1], "count": facts["count"]}
    if facts["drawn"] is not None:
        out["drawn"] = words.card(facts["drawn"])
    if facts["top"] is not None:
        forms = words.forms(facts["top"])
        out.update(top=forms["card"], the_top=forms["the_card"],
                   the_top_acc=forms["the_card_acc"], the_top_dat=forms["the_card_dat"])
    if cards:
        owner, slot = cards[0][0], cards[0][1]
        out["n"] = t.join(str(c[1] + 1) for c in cards if c[0] == owner)
        out["name"] = words.name(owner)
        out["mine"] = _about(t, words, cards[0])
        if code in ("spy", "king_spy", "match"):
            out["whose"] = words.slots(owner, [slot])
    if len(cards) > 1 and code == "swap":
        other = cards[1]
        out["m"] = other[1] + 1
        out["name"] = words.name(other[0])
        out["theirs"] = _about(t, words, other)
    return out


def _about(t, words, card) -> str:
    """A card as the seat knows it: seen, or estimated."""
    owner, _, known, est, owner_saw = card
    if known is not None:
        return t("hint_seen")
    if owner != words.viewer and owner_saw:
        return t("hint_est_kept", name=words.name(owner), est=_num(t, est))
    return t("hint_est", est=_num(t, est))


def _num(t, x) -> str:
    """One decimal at most, with the language's decimal sign ("6.4", "6,4")."""
    text = f"{x:.1f}".rstrip("0").rstrip(".")
    return text.replace(".", ",") if t.lang == "de" else text
