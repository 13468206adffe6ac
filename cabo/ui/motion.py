"""Motion and sound of the last change, from its events (STYLE.md, point 15).

Each event names where its cards come from and where they go; `motion` turns the event views
of the last change (as the seat on screen saw them) into steps for the page
(static/js/motion.js measures the real boxes and animates between them) and the sound each
step makes (static/js/sound.js). A place is "deck", "discard", "drawn" or ("slot", owner,
slot). Nothing here knows a face-down value: a step names places, never cards.

Step kinds: "fly" (a card travels from one place to another), "deal" (a card of the deal,
`delay` ms after the change), "flip" (a card turns over in place: a peek or spy), "shake"
(a wrong throw-in), "reveal" (the end of a round: the seats' cards turn over seat by seat,
`seats` in order, each sum counting up). `anim` marks the slots and piles a change touched
(classes anim-* in the page: markers only, no style; static/js/patch.js patches such a card in
place like any other).
"""

from __future__ import annotations

DEAL_STEP_MS = 70  # between two cards of the deal


def _slot(owner, slot) -> tuple:
    return ("slot", owner, slot)


def _step(kind, frm=None, to=None, sound=None, **more) -> dict:
    step = {"kind": kind, "from": frm, "to": to, "sound": sound}
    step.update(more)
    return step


def _deal(e) -> list:
    """The cards of a deal, one by one, round the table from the dealer's left."""
    seats = list(e["seats"])
    if not seats:
        return []
    dealer = e.get("dealer")
    start = (seats.index(dealer) + 1) % len(seats) if dealer in seats else 0
    order = seats[start:] + seats[:start]
    steps = []
    for k in range(e["hand_size"]):
        for seat in order:
            steps.append(_step("deal", "deck", _slot(seat, k), "deal",
                               delay=len(steps) * DEAL_STEP_MS))
    if e.get("discard") is not None:
        steps.append(_step("deal", "deck", "discard", "place", delay=len(steps) * DEAL_STEP_MS))
    return steps


def motion(last, viewer) -> tuple[dict, list]:
    """(anim, steps) of the event views `last`, seen by the seat `viewer`."""
    anim, steps = {}, []
    for e in last:
        kind, seat = e["kind"], e.get("seat")
        if kind == "deal":
            steps += _deal(e)
        elif kind == "draw":
            anim["drawn"] = "in"
            steps.append(_step("fly", "deck", "drawn", "draw"))
        elif kind == "take_discard":
            anim["drawn"] = "in"
            steps.append(_step("fly", "discard", "drawn", "draw"))
        elif kind == "replace":
            if e["ok"]:
                anim[(seat, e["slots"][0])] = "in"
                anim["discard"] = "in"
                steps += [_step("fly", _slot(seat, i), "discard") for i in e["slots"]]
                steps.append(_step("fly", "drawn", _slot(seat, e["slots"][0]), "place"))
            else:
                anim[(seat, e["new_slot"])] = "in"
                steps.append(_step("fly", "drawn", _slot(seat, e["new_slot"]), "wrong"))
        elif kind == "discard":
            anim["discard"] = "in"
            steps.append(_step("fly", "drawn", "discard", "place"))
        elif kind == "swap":
            a, b = _slot(seat, e["slot"]), _slot(e["target"], e["target_slot"])
            anim[a[1:]] = anim[b[1:]] = "swap"
            steps += [_step("fly", a, b, "place"), _step("fly", b, a)]
        elif kind == "match":
            if e["ok"]:
                anim["discard"] = "in"
                steps.append(_step("fly", _slot(e["owner"], e["slot"]), "discard", "right"))
            else:
                anim[(e["owner"], e["slot"])] = "wrong"
                steps.append(_step("shake", None, _slot(e["owner"], e["slot"]), "wrong"))
        elif kind == "pair_discard":
            if e["ok"]:
                anim["discard"] = "in"
                steps += [_step("fly", _slot(o, i), "discard") for o, i in e["cards"]]
                steps[-1]["sound"] = "right"
            else:
                steps += [_step("shake", None, _slot(o, i)) for o, i in e["cards"]]
                steps[-1]["sound"] = "wrong"
        elif kind == "give":
            anim[(e["to"], e["to_slot"])] = "in"
            steps.append(_step("fly", _slot(seat, e["slot"]), _slot(e["to"], e["to_slot"]),
                               "place"))
        elif kind == "penalty":
            anim[(seat, e["slot"])] = "in"
            steps.append(_step("fly", "deck", _slot(seat, e["slot"]), "penalty"))
        elif kind in ("peek", "spy", "king_spy"):
            owner = seat if kind == "peek" else e["target"]
            anim[(owner, e["slot"])] = "peek"
            steps.append(_step("flip", None, _slot(owner, e["slot"]), "flip"))
        elif kind == "initial_peek" and seat == viewer:
            steps += [_step("flip", None, _slot(seat, i)) for i in e["slots"]]
            if steps:
                steps[-1]["sound"] = "flip"
        elif kind == "cabo":
            steps.append(_step("sound", sound="cabo"))
        elif kind == "turn" and seat == viewer and viewer is not None:
            steps.append(_step("sound", sound="turn"))
        elif kind == "round_end":
            won = viewer is not None and viewer in e.get("winners", ())
            steps.append(_step("reveal", sound="win" if won else "flip",
                               seats=list(e.get("seats", ()))))
    return anim, steps
