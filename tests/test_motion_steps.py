"""Motion and sound steps from events (cabo/ui/motion.py): every kind of move names where
its cards come from and go to and the sound it makes, and no step carries a card's value."""

from __future__ import annotations

from cabo.game.rules import PRESETS
from cabo.i18n import Texts
from cabo.play.session import Seat, Session
from cabo.ui import motion
from cabo.ui.table import Table

T = Texts("en")


def steps(*events, viewer=0):
    return motion.motion(list(events), viewer)[1]


def test_a_deal_goes_card_by_card_round_the_table_from_the_dealers_left():
    deal = {"kind": "deal", "seat": None, "seats": [0, 1, 2], "dealer": 1, "hand_size": 2,
            "discard": 17}
    out = steps(deal)
    assert [(s["from"], s["to"]) for s in out] == [
        ("deck", ("slot", 2, 0)), ("deck", ("slot", 0, 0)), ("deck", ("slot", 1, 0)),
        ("deck", ("slot", 2, 1)), ("deck", ("slot", 0, 1)), ("deck", ("slot", 1, 1)),
        ("deck", "discard")]
    delays = [s["delay"] for s in out]
    assert delays == sorted(set(delays)) and delays[0] == 0
    assert [s["sound"] for s in out] == ["deal"] * 6 + ["place"]


def test_each_kind_of_move_has_its_path_and_sound():
    cases = [
        ({"kind": "draw", "seat": 0}, [("fly", "deck", "drawn", "draw")]),
        ({"kind": "take_discard", "seat": 0}, [("fly", "discard", "drawn", "draw")]),
        ({"kind": "discard", "seat": 0}, [("fly", "drawn", "discard", "place")]),
        ({"kind": "replace", "seat": 1, "ok": True, "slots": [2]},
         [("fly", ("slot", 1, 2), "discard", None), ("fly", "drawn", ("slot", 1, 2), "place")]),
        ({"kind": "swap", "seat": 0, "slot": 1, "target": 2, "target_slot": 3},
         [("fly", ("slot", 0, 1), ("slot", 2, 3), "place"),
          ("fly", ("slot", 2, 3), ("slot", 0, 1), None)]),
        ({"kind": "match", "seat": 1, "owner": 1, "slot": 0, "ok": True},
         [("fly", ("slot", 1, 0), "discard", "right")]),
        ({"kind": "match", "seat": 1, "owner": 1, "slot": 0, "ok": False},
         [("shake", None, ("slot", 1, 0), "wrong")]),
        ({"kind": "penalty", "seat": 1, "slot": 4}, [("fly", "deck", ("slot", 1, 4), "penalty")]),
        ({"kind": "give", "seat": 0, "slot": 1, "to": 2, "to_slot": 0},
         [("fly", ("slot", 0, 1), ("slot", 2, 0), "place")]),
        ({"kind": "peek", "seat": 0, "slot": 2}, [("flip", None, ("slot", 0, 2), "flip")]),
        ({"kind": "spy", "seat": 0, "target": 1, "slot": 3},
         [("flip", None, ("slot", 1, 3), "flip")]),
        ({"kind": "cabo", "seat": 1, "automatic": False}, [("sound", None, None, "cabo")]),
        ({"kind": "turn", "seat": 0}, [("sound", None, None, "turn")]),
        ({"kind": "turn", "seat": 1}, []),  # someone else's turn: no "your turn"
        ({"kind": "initial_peek", "seat": 1, "slots": [0, 1]}, []),  # another's look
    ]
    for event, want in cases:
        got = [(s["kind"], s["from"], s["to"], s["sound"]) for s in steps(event)]
        assert got == want, event


def test_the_reveal_goes_seat_by_seat_and_a_win_sounds_for_the_winner():
    end = {"kind": "round_end", "seat": None, "seats": [0, 1, 2], "winners": [2]}
    for viewer, sound in ((2, "win"), (0, "flip")):
        (step,) = steps(end, viewer=viewer)
        assert step["kind"] == "reveal" and step["seats"] == [0, 1, 2] and step["sound"] == sound


def test_a_new_game_deals_and_no_step_carries_a_card():
    session = Session(PRESETS["official"], [Seat("Me"), Seat("Ada", "easy"), Seat("Bo", "easy")],
                      5)
    table = Table(session, T, "normal")
    table.show_deal()
    view = table.view()
    dealt = [s for s in view["moves"] if s["kind"] == "deal"]
    assert len(dealt) == 3 * 4 + 1  # four cards each, and the discard pile's first card
    assert {s["to"] for s in dealt[:-1]} == {("slot", o, k) for o in range(3)
                                                    for k in range(4)}
    # a step names places only: no card id, no value
    assert all(set(s) <= {"kind", "from", "to", "sound", "delay", "seats"} for s in view["moves"])
    places = [p for s in view["moves"] for p in (s["from"], s["to"])]
    assert all(p in ("deck", "discard", "drawn") or (p[0] == "slot" and len(p) == 3)
               for p in places)
    table.last = []
    assert table.view()["moves"] == []  # shown once
