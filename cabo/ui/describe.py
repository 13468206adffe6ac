"""Events and scores in words, for the log, the live region and the reveal.

Only public event data is written: a face-down value that one seat saw (a drawn card, a peek)
never appears in words, because words end up in the page. Slots are counted from 1 for
people (slot index 0 is "card 1").
"""

from __future__ import annotations

from ..state import card_tables


class Words:
    """Describes events for one viewer: names, "you", card faces."""

    def __init__(self, texts, names, viewer, rules, n):
        self.t = texts
        self.names = list(names)
        self.viewer = viewer
        self.faces = card_tables(rules, n)[0]
        self.rules = rules

    def card(self, card_id) -> str:
        """The face of a card that is face up for everyone, e.g. "7", "K♦" or "Joker"."""
        return self.faces[card_id].label()

    def cards(self, ids) -> str:
        return ", ".join(self.card(c) for c in ids)

    def name(self, seat) -> str:
        return self.names[seat]

    def owner(self, seat) -> str:
        """ "your" / "Ada's" (English), "von dir" / "von Ada" (German)."""
        return self.t("owner_you") if seat == self.viewer else self.t("owner_name",
                                                                       name=self.name(seat))

    def _actor(self, key, seat, **values) -> str:
        if seat == self.viewer and self.t.has(key + "_you"):
            return self.t(key + "_you", **values)
        return self.t(key, name=self.name(seat), **values)

    def event(self, e: dict) -> str | None:
        """One event (a public `Event.view`) in words; None for events not worth a line."""
        kind, seat = e["kind"], e.get("seat")
        slots = lambda xs: ", ".join(str(i + 1) for i in xs)  # noqa: E731
        if kind == "deal":
            return self.t("ev_deal", round=e["round_no"], name=self.name(e["first"]))
        if kind == "initial_peek":
            return self._actor("ev_initial_peek", seat, slots=slots(e["slots"]))
        if kind == "draw":
            return self._actor("ev_draw", seat)
        if kind == "take_discard":
            return self._actor("ev_take_discard", seat, card=self.card(e["card"]))
        if kind == "replace":
            if e["ok"]:
                return self._actor("ev_replace", seat, slots=slots(e["slots"]),
                                   cards=self.cards(e["discarded"]))
            return self._actor("ev_replace_wrong", seat, slots=slots(e["slots"]),
                               new=e["new_slot"] + 1)
        if kind == "discard":
            return self._actor("ev_discard", seat, card=self.card(e["card"]))
        if kind == "power":
            return self._actor("ev_power", seat, power=self.t("power_" + e["power"]))
        if kind == "peek":
            return self._actor("ev_peek", seat, slot=e["slot"] + 1)
        if kind in ("spy", "king_spy"):
            return self._actor("ev_" + kind, seat, owner=self.owner(e["target"]),
                               slot=e["slot"] + 1)
        if kind == "swap":
            return self._actor("ev_swap", seat, slot=e["slot"] + 1, owner=self.owner(e["target"]),
                               tslot=e["target_slot"] + 1)
        if kind == "skip_power":
            return self._actor("ev_skip_power", seat)
        if kind == "cabo":
            return self._actor("ev_cabo_auto" if e.get("automatic") else "ev_cabo", seat)
        if kind == "match":
            key = "ev_match" if e["ok"] else "ev_match_wrong"
            return self._actor(key, seat, owner=self.owner(e["owner"]), slot=e["slot"] + 1,
                               card=self.card(e["card"]))
        if kind == "pair_discard":
            key = "ev_pair" if e["ok"] else "ev_pair_wrong"
            return self._actor(key, seat, cards=self.cards(e["values"]))
        if kind == "give":
            to = self.t("to_you") if e["to"] == self.viewer else self.name(e["to"])
            return self._actor("ev_give", seat, slot=e["slot"] + 1, to=to)
        if kind == "penalty":
            return self._actor("ev_penalty", seat)
        if kind == "penalty_skipped":
            return self.t("ev_penalty_skipped")
        if kind == "reshuffle":
            return self.t("ev_reshuffle", n=e["deck_size"])
        if kind in ("deck_empty", "last_chance"):
            return self.t("ev_" + kind)
        if kind == "ready":
            return self._actor("ev_ready", seat)
        if kind == "round_end":
            return self.t("ev_round_end", round=e["round_no"])
        if kind == "game_over":
            return self.t("ev_game_over", names=self.t.join(self.name(s) for s in e["winners"]))
        if kind == "turn":
            return self._actor("ev_turn", seat)
        return None

    def notes(self, codes, rules) -> str:
        """Why a player scored what they scored in a round (scoring.py's note codes)."""
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
