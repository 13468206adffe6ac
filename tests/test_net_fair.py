"""Play across devices on a bad day, under CPython: late claims and malformed messages.

A guest always sees the table a little late. A claim is judged against the table its sender
saw (the step in its `act`): if the card it names changed since, it is `too_late` and costs
nothing. Every malformed message, at either end, is dropped and answered `bad`, never raised.
"""

from __future__ import annotations

import json

import pytest

from cabo.game.actions import DrawDeck, Discard, Match, SkipPower, action_to_dict
from cabo.net import protocol
from cabo.net.build import BUILD
from cabo.game.rules import PRESETS

from stacking import stacked
from test_net import Harness

# presets with off-turn matching, and the slot each one peeks first (seat 2's matching card)
MATCHING = ("party", "standard52", "hut")


def _table(preset, seed=6):
    """Host (seat 0) to move; the top discard is a 5 and seat 2 knows its own 5 in slot 0;
    the deck's top card is a 4. Seats 1 and 2 are guests."""
    h = Harness(preset, 3, seed=seed)
    rules = PRESETS[preset]
    state = stacked(rules, 3, hands=[[9, 9, 9, 9], [8, 8, 8, 8], [5, 3, 3, 5]], deck=[4],
                    discard=[5], first=0, seed=seed)
    h.session.state = state
    h.session.memory.clear()
    h.deliver(h.host.updates())
    guest = h.guests[2][1]
    claim = Match(2, 2, 0)
    assert claim in guest.legal, f"{preset}: the guest may match its 5"
    return h, guest, claim


def _host_draws_and_discards(h):
    s = h.session
    s.act(DrawDeck(0))
    s.act(Discard(0))
    if s.state.phase == "power":
        s.act(SkipPower(0))


@pytest.mark.parametrize("preset", MATCHING)
def test_a_claim_on_a_top_card_that_changed_meanwhile_is_too_late_and_free(preset):
    h, guest, claim = _table(preset)
    guest.send_action(claim)              # sent while the 5 is on top ...
    _host_draws_and_discards(h)           # ... which the host covers with a 4 before it arrives
    assert h.session.state.values[h.session.state.discard[-1]] == 4
    before = json.dumps(h.session.state.to_dict())
    h.pump()
    assert guest.error == "too_late"
    assert json.dumps(h.session.state.to_dict()) == before  # no wrong match, no penalty card
    assert not any(e["public"]["kind"] in ("match", "penalty") for e in h.session.log)


@pytest.mark.parametrize("preset", MATCHING)
def test_a_claim_on_the_table_its_sender_sees_is_applied(preset):
    h, guest, claim = _table(preset)
    guest.send_action(claim)
    h.pump()
    assert guest.error is None
    match = [e["public"] for e in h.session.log if e["public"]["kind"] == "match"]
    assert len(match) == 1 and match[0]["ok"] is True
    assert h.session.state.hands[2][0] is None


def test_a_late_claim_whose_cards_did_not_change_still_counts():
    # party matches any time: the host drew (a new step) but the 5 is still on top
    h, guest, claim = _table("party")
    guest.send_action(claim)
    h.session.act(DrawDeck(0))
    h.pump()
    assert guest.error is None
    assert [e["public"]["ok"] for e in h.session.log if e["public"]["kind"] == "match"] == [True]


def test_a_late_claim_on_a_card_that_moved_is_too_late():
    # the host swaps seat 2's slot 0 away (a blind swap) before the claim on it arrives
    from cabo.game.actions import Swap
    rules = PRESETS["party"]
    h = Harness("party", 3, seed=6)
    h.session.state = stacked(rules, 3, hands=[[9, 9, 9, 9], [8, 8, 8, 8], [5, 3, 3, 5]],
                              deck=[11], discard=[5], first=0, seed=6)
    h.session.memory.clear()
    h.deliver(h.host.updates())
    guest = h.guests[2][1]
    guest.send_action(Match(2, 2, 0))
    s = h.session
    s.act(DrawDeck(0))
    s.act(Discard(0))  # an 11 on top: its power is a blind swap
    assert s.state.phase == "power"
    s.act(Swap(0, 0, 2, 0))
    before = json.dumps(s.state.to_dict())
    h.pump()
    assert guest.error == "too_late"
    assert json.dumps(s.state.to_dict()) == before


# -- malformed messages -----------------------------------------------------------------------
def _deep(levels):
    return "[" * levels + "]" * levels


GOOD_ACT = {"v": 1, "t": "act", "n": 50, "step": 0, "action": {"type": "DrawDeck", "seat": 1}}
BAD_AT_HOST = [
    '{"v":1,"t":[],"n":1}', '{"v":1,"t":{},"n":1}', '{"v":1,"t":null,"n":1}',
    '{"v":[],"t":"act","n":1}', '{"v":true,"t":"act","n":1}',
    '{"v":1,"t":"act","n":[],"step":0,"action":{"type":"DrawDeck","seat":1}}',
    '{"v":1,"t":"act","n":true,"step":0,"action":{"type":"DrawDeck","seat":1}}',
    '{"v":1,"t":"act","n":1.5,"step":0,"action":{"type":"DrawDeck","seat":1}}',
    '{"v":1,"t":"act","n":1,"step":"0","action":{"type":"DrawDeck","seat":1}}',
    '{"v":1,"t":"act","n":1,"step":[0],"action":{"type":"DrawDeck","seat":1}}',
    '{"v":1,"t":"act","n":1,"step":false,"action":{"type":"DrawDeck","seat":1}}',
    '{"v":1,"t":"act","n":1,"step":0,"action":{"type":["DrawDeck"],"seat":1}}',
    '{"v":1,"t":"act","n":1,"step":0,"action":{"type":{},"seat":1}}',
    '{"v":1,"t":"act","n":1,"step":0,"action":{"type":"DrawDeck","seat":"1"}}',
    '{"v":1,"t":"act","n":1,"step":0,"action":{"type":"DrawDeck","seat":true}}',
    '{"v":1,"t":"act","n":1,"step":0,"action":{"type":"Match","seat":1,"owner":[],"slot":0}}',
    '{"v":1,"t":"act","n":1,"step":0,"action":{"type":"PairDiscard","seat":1,"cards":{}}}',
    '{"v":1,"t":"act","n":1,"step":0,"action":{"type":"Replace","seat":1,"slots":[[0]]}}',
    '{"v":1,"t":"act","n":1,"step":0,"action":[]}',
    '{"v":1,"t":"act","n":1,"step":0,"action":"DrawDeck"}',
    # an action that nests ~500 levels deep (about 1 KB, under the size limit)
    '{"v":1,"t":"act","n":1,"step":0,"action":{"type":"Replace","seat":1,"slots":'
    + _deep(500) + "}}",
    _deep(900),
    '{"v":1,"t":"hello","n":1,"build":["x"],"token":null,"lang":"en"}',
    '{"v":1,"t":"hello","n":1,"build":"x","token":7,"lang":"en"}',
    '{"v":1,"t":"hello","n":1,"build":"x","token":null,"lang":{}}',
    '{"v":1,"t":"hello","n":1,"build":"x","token":null,"lang":"en","name":["Ada"]}',
    '{"v":1,"t":"hello","n":1,"build":"x","token":null,"lang":"en","name":"A\\u0000"}',
    '{"v":1,"t":"hello","n":1,"build":"x","token":null,"lang":"en","name":"' + "x" * 40 + '"}',
    '{"v":1,"t":"hello","n":1,"build":"x","token":null,"lang":"en","name":"   "}',
    '{"v":1,"t":"react","n":1,"emoji":[]}', '{"v":1,"t":"react","n":1,"emoji":{"a":1}}',
    '{"v":1,"t":"error","n":1,"code":"illegal","text":"x"}',
    '{"v":1,"t":"error","n":1,"code":[],"text":"x"}',
    json.dumps({**GOOD_ACT, "extra": 1}),
    # the top discard its sender saw: a card id or null, nothing else
    json.dumps({**GOOD_ACT, "seen": "5"}), json.dumps({**GOOD_ACT, "seen": -1}),
    json.dumps({**GOOD_ACT, "seen": [3]}), json.dumps({**GOOD_ACT, "seen": True}),
    json.dumps({**GOOD_ACT, "seen": 1.5}), json.dumps({**GOOD_ACT, "seen": 10**6}),
    json.dumps({**GOOD_ACT, "seen": {"card": 3}}),
]


@pytest.mark.parametrize("text", BAD_AT_HOST)
def test_every_malformed_guest_message_is_dropped_and_answered_bad(text):
    h = Harness("party", 3, seed=8)
    link, guest = h.guests[1]
    before = json.dumps(h.session.state.to_dict())
    dropped = len(h.host.dropped)
    replies, events = h.host.receive(link, text)   # never raises
    assert events == []
    assert [json.loads(t)["code"] for _, t in replies] == ["bad"]
    assert len(h.host.dropped) == dropped + 1
    assert json.dumps(h.session.state.to_dict()) == before
    # the link still works afterwards
    h.deliver(replies)
    assert guest.error == "bad"


def test_a_message_before_hello_and_a_guest_error_are_never_answered_twice():
    h = Harness("party", 3, seed=8)
    link, _ = h.guests[1]
    replies, _ = h.host.receive(link, protocol.error(50, "bad", "your message was odd"))
    assert replies == [] and h.host.guest_drops == [(link, "your message was odd")]


def _bad_at_guest(good_state, good_welcome):
    state = json.loads(good_state)
    n = 10**6
    out = []

    def variant(**change):
        nonlocal n
        n += 1
        return json.dumps({**state, "n": n, **change})
    out += [
        '{"v":1,"t":[],"n":1}', '{"v":1,"t":{"a":1},"n":5}', '{"v":"1","t":"state","n":5}',
        _deep(5000),
        variant(obs=[]), variant(obs={**state["obs"], "seat": "1"}),
        variant(obs={**state["obs"], "hands": [[["x", 1]]] * 3}),
        variant(obs={**state["obs"], "history": json.loads(_deep(400))}),
        variant(legal=[]), variant(legal={"Match": [[0]]}), variant(legal={"Nuke": []}),
        variant(events=[{"kind": []}]), variant(events=[{"kind": "discard", "seat": "0"}]),
        variant(events=[{"kind": "match", "seat": 0, "owner": 0, "slot": 0, "card": 1,
                         "ok": "yes"}]),
        variant(events=[{"kind": "discard", "seat": 0, "card": 1, "x": json.loads(_deep(6))}]),
        variant(events={}), variant(seats=[{"name": [], "bot": None, "away": False}] * 3),
        variant(seats=[{"name": "A", "bot": None, "away": 0}] * 3),
        variant(waiting=["1"]), variant(waiting=[99]), variant(log=[{"kind": 5}]),
        variant(party=[]),
        json.dumps({**json.loads(good_welcome), "n": n + 50, "seat": "1"}),
        json.dumps({**json.loads(good_welcome), "n": n + 51, "token": ["x" * 10]}),
        json.dumps({**json.loads(good_welcome), "n": n + 52, "rules": {"preset": []}}),
        json.dumps({"v": 1, "t": "error", "n": n + 53, "code": ["bad"], "text": ""}),
        json.dumps({"v": 1, "t": "error", "n": n + 54, "code": "bad", "text": 5}),
    ]
    return out


def test_every_malformed_host_message_is_dropped_and_answered_bad():
    h = Harness("official", 3, seed=8)
    guest = h.guests[1][1]
    good_welcome = next(t for t in guest.received if '"t":"welcome"' in t)
    good_state = guest.received[-1]
    assert '"t":"state"' in good_state
    obs, legal, log = guest.obs, list(guest.legal), list(guest.log)
    for text in _bad_at_guest(good_state, good_welcome):
        h.to_host.clear()
        assert guest.receive(text) == (None, []), text[:80]  # never raises
        assert guest.obs == obs and guest.legal == legal and guest.log == log
        sent = [json.loads(t) for _, t in h.to_host]
        assert [(m["t"], m["code"]) for m in sent] == [("error", "bad")], text[:80]
        replies, events = h.host.receive(*h.to_host[0])   # the host logs it, answers nothing
        assert replies == [] and events == []
    # and the guest still takes the next good state
    h.to_host.clear()
    h.deliver(h.host.updates())
    assert guest.obs is not None and guest.error is None


def test_a_guest_name_travels_in_hello_and_renames_its_seat():
    h = Harness("official", 3, seed=8)
    h.host.open_link("named", 2)
    text = protocol.hello(1, BUILD, h.guests[2][1].token, "de", "  Bea  ")
    replies, _ = h.host.receive("named", text)
    assert (h.guests[2][0], None) in replies  # the seat's old link is closed: the new one wins
    assert json.loads(next(t for i, t in replies if i == "named"))["t"] == "welcome"
    assert h.session.seats[2].name == "Bea"
    # an older page's hello without a name keeps the host's name for the seat
    assert protocol.decode('{"v":1,"t":"hello","n":1,"build":"x","token":null,"lang":"en"}',
                           "guest")["name"] is None


def test_real_messages_stay_within_the_depth_limits():
    h = Harness("party", 4, seed=3)
    from test_net import play_round
    play_round(h)
    from cabo.schema import depth
    for _, guest in h.guests.values():
        assert max(depth(t) for t in guest.received) <= protocol.MAX_HOST_DEPTH
    from cabo.game.actions import PairDiscard
    assert protocol.MAX_GUEST_DEPTH >= depth(protocol.act(1, 0, action_to_dict(
        PairDiscard(1, ((0, 1), (2, 3))))))
