"""Events and scores in words, for the log, the live region and the reveal.

Only public event data is written: a face-down value that one seat saw (a drawn card, a peek)
never appears in words, because words end up in the page. Slots are counted from 1 for
people (slot index 0 is "card 1").
"""

from __future__ import annotations

from ..i18n.grammar import card_forms
from ..game.state import card_tables


RANKS = {"A": 1, "J": 11, "Q": 12, "K": 13}  # the number a standard card's face stands for


class Words:
    """Describes events for one viewer: names, "you", card faces."""

    def __init__(self, texts, names, viewer, rules, n):
        self.t = texts
        self.names = list(names)
        self.viewer = viewer
        tables = card_tables(rules, n)
        self.faces, self.values = tables[0], tables[1]
        self.rules = rules

    def card(self, card_id) -> str:
        """The face of a card that is face up for everyone, e.g. "7", "K♦" or "Joker"."""
        return self.faces[card_id].label()

    def cards(self, ids) -> str:
        return ", ".join(self.card(c) for c in ids)

    def forms(self, card_id) -> dict:
        """The card with its articles and cases (cabo.i18n.grammar), for a template."""
        return card_forms(self.t.lang, self.card(card_id))

    def the_cards(self, ids, case="_acc") -> str:
        """ "the 6 and the 6" / "die 6 und die 6"."""
        return self.t.join(self.forms(c)["the_card" + case] for c in ids)

    def name(self, seat) -> str:
        return self.names[seat]

    def person(self, seat, case="nom") -> str:
        """A player as a sentence's object: a name, or "you" ("dich"/"dir") for the viewer."""
        return self.t("you_" + case) if seat == self.viewer else self.name(seat)

    def people(self, seats, case="nom") -> str:
        """ "Ada and you" / "Ada und dir": a list of players, the viewer last."""
        seats = sorted(seats, key=lambda s: s == self.viewer)
        return self.t.join(self.person(s, case) for s in seats)

    def agree(self, key, seats) -> str:
        """The text key for a sentence about these players: "_you" (the viewer alone),
        "_many" (several), "_many_you" (several with the viewer), else the key."""
        seats = list(seats)
        you = self.viewer in seats
        suffix = ("_many_you" if you else "_many") if len(seats) > 1 else ("_you" if you else "")
        return key + suffix if suffix and self.t.has(key + suffix) else key

    def slots(self, owner, slots, actor=None, case="_acc", implied=False) -> str:
        """Cards of a row in words: "your card 2", "their own cards 1 and 3", "Ada's card 4",
        "deiner Karte 2" (case "_dat"). With `implied`, the actor's own cards are just
        "card 2" (the sentence makes clear whose they are)."""
        if owner == self.viewer:
            whose = "you"
        elif owner == actor:
            whose = "bare" if implied else "own"
        else:
            whose = "of"
        key = f"cp_{whose}_{'one' if len(slots) == 1 else 'many'}{case}"
        return self.t(key, n=self.t.join(str(i + 1) for i in slots), name=self.name(owner))

    def actor(self, key, seat, **values) -> str:
        if seat == self.viewer and self.t.has(key + "_you"):
            return self.t(key + "_you", **values)
        return self.t(key, name=self.name(seat), **values)

    def event(self, e: dict) -> str | None:
        """One event (a public `Event.view`) in words; None for events not worth a line."""
        kind, seat = e["kind"], e.get("seat")
        if kind == "deal":
            return self.actor("ev_deal", e["first"], round=e["round_no"])
        if kind == "initial_peek":
            return self.actor("ev_initial_peek", seat,
                               cards=self.slots(seat, e["slots"], seat, "_acc", implied=True))
        if kind == "draw":
            return self.actor("ev_draw", seat)
        if kind == "take_discard":
            return self.actor("ev_take_discard", seat, **self.forms(e["card"]))
        if kind == "replace":
            cards = self.slots(seat, e["slots"], seat, "_acc", implied=True)
            if e["ok"]:
                return self.actor("ev_replace", seat, cards=cards,
                                   discarded=self.the_cards(e["discarded"]))
            return self.actor("ev_replace_wrong", seat, cards=cards, new=e["new_slot"] + 1)
        if kind == "discard":
            return self.actor("ev_discard", seat, **self.forms(e["card"]))
        if kind == "power":
            return self.actor("ev_power", seat, power=self.t("power_" + e["power"]))
        if kind == "peek":
            return self.actor("ev_peek", seat, cards=self.slots(seat, [e["slot"]], seat, "_acc"))
        if kind in ("spy", "king_spy"):
            return self.actor("ev_" + kind, seat,
                               cards=self.slots(e["target"], [e["slot"]], seat, "_acc"))
        if kind == "swap":
            return self.actor("ev_swap", seat, cards=self.slots(seat, [e["slot"]], seat, "_acc"),
                               other=self.slots(e["target"], [e["target_slot"]], seat, "_dat"))
        if kind == "skip_power":
            return self.actor("ev_skip_power", seat)
        if kind == "cabo":
            return self.actor("ev_cabo_auto" if e.get("automatic") else "ev_cabo", seat)
        if kind == "match":
            key = "ev_match" if e["ok"] else "ev_match_wrong"
            return self.actor(key, seat, cards=self.slots(e["owner"], [e["slot"]], seat, "_acc"),
                               **self.forms(e["card"]))
        if kind == "pair_discard":
            key = "ev_pair" if e["ok"] else "ev_pair_wrong"
            return self.actor(key, seat, cards=self.cards(e["values"]))
        if kind == "too_late":
            if e["why"] == "card" or e.get("seen") is None:
                return self.actor("ev_too_late_card", seat)
            return self.actor("ev_too_late", seat, seen=self.forms(e["seen"])["the_card"])
        if kind == "give":
            return self.actor("ev_give", seat, cards=self.slots(seat, [e["slot"]], seat, "_acc"),
                               to=self.person(e["to"], "dat"))
        if kind == "penalty":
            return self.actor("ev_penalty", seat)
        if kind == "penalty_skipped":
            return self.t("ev_penalty_skipped")
        if kind == "reshuffle":
            return self.t("ev_reshuffle", n=e["deck_size"])
        if kind in ("deck_empty", "last_chance"):
            return self.t("ev_" + kind)
        if kind == "ready":
            return self.actor("ev_ready", seat)
        if kind == "round_end":
            return self.t("ev_round_end", round=e["round_no"])
        if kind == "game_over":
            return self.t(self.agree("ev_game_over", e["winners"]),
                          names=self.people(e["winners"]))
        if kind == "turn":
            return self.actor("ev_turn", seat)
        return None

    def special_values(self, cards) -> list:
        """ "K♥ counts −1" for each card whose value is not the number on it (a king of
        special value, a joker)."""
        out = []
        for c in cards:
            label, value = self.card(c), self.values[c]
            rank = label.rstrip("♠♥♦♣")
            natural = RANKS.get(rank, int(rank) if rank.isdigit() else None)
            if value != natural:
                n = f"−{-value}" if value < 0 else str(value)
                out.append(self.t("note_value", card=label, n=n))
        return out

    def notes(self, codes, rules, cards=()) -> str:
        """Why a player scored what they scored in a round (scoring.py's note codes), and
        which of their cards counted other than their number."""
        text = self._notes(codes, rules)
        values = self.special_values(cards)
        return self.t("note_with_values", notes=text, values=", ".join(values)) if values else text

    def _notes(self, codes, rules) -> str:
        parts = []
        for code in codes:
            if code == "caller_penalty":
                parts.append(self.t("note_caller_penalty", n=rules.caller_penalty))
            elif code == "caller_bonus":
                parts.append(self.t("note_caller_bonus", n=rules.caller_bonus))
            elif code == "kamikaze":
                parts.append(self.t("note_kamikaze", n=rules.kamikaze_points))
            elif code == "kamikaze_victim":
                key = "note_kamikaze_victim" if rules.kamikaze == "hand" else \
                    "note_kamikaze_victim_add"
                parts.append(self.t(key, n=rules.kamikaze_points))
            elif code == "reset_to_half":
                parts.append(self.t("note_reset_to_half", target=rules.target,
                                    n=rules.exact_target_reset))
            elif self.t.has("note_" + code):
                parts.append(self.t("note_" + code))
        return "; ".join(parts) or self.t("note_sum")
