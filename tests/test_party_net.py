"""The extras across devices: a guest's reaction reaches the host and every guest (rate-
limited by the host), the host's reaction reaches the guests, quips fly on a guest's table."""

from __future__ import annotations

from cabo.i18n import Texts
from cabo.net import protocol
from cabo.net.guest import RemoteSession
from cabo.ui.seat_table import SeatTable

from test_net import Harness


def reactions(guest) -> list:
    return [e for e in guest.log if e.get("kind") == "reaction"]


def test_a_guests_reaction_reaches_the_host_and_every_guest_once():
    h = Harness("party", n=3)
    _, g1 = h.guests[1]
    _, g2 = h.guests[2]
    host_screen = SeatTable(h.session, Texts("en"))
    table = SeatTable(RemoteSession(g1), Texts("de"), seat=1)
    clock = iter(range(0, 10**9, 10)).__next__
    table.clock = clock
    assert table.react("laugh") is None  # sent, shown when the host echoes it
    assert table.last_notes == []
    h.pump()
    # the host's own screen hears of it as every view does (Table.changed)
    assert host_screen.last_notes == [{"kind": "reaction", "seat": 1, "emoji": "laugh"}]
    assert reactions(g1) == reactions(g2) == [{"kind": "reaction", "seat": 1, "emoji": "laugh"}]
    table.new_events(reactions(g1))
    v = table.view(now_ms=clock())
    assert [p["bubble"]["text"] for p in v["players"] if p["seat"] == 1] == ["😂"]
    g1.send_react("laugh")  # at once again: the host's rate limit holds it back
    h.pump()
    assert len(reactions(g2)) == 1
    assert not h.host.dropped


def test_the_hosts_reaction_and_bad_reactions():
    h = Harness("party", n=2)
    _, guest = h.guests[1]
    assert h.session.react(0, "wow", 1000)
    h.deliver(h.host.updates())
    assert reactions(guest) == [{"kind": "reaction", "seat": 0, "emoji": "wow"}]
    link = h.guests[1][0]
    h.to_host.append((link, '{"v":%d,"t":"react","n":99,"emoji":"poo"}' % protocol.PROTOCOL))
    h.pump()
    assert h.host.dropped and "emoji" in h.host.dropped[-1][1]
    official = Harness("official", n=2)
    _, g = official.guests[1]
    g.send_react("wow")
    official.pump()
    assert g.error == "illegal" and not reactions(g)


def test_a_guest_sees_noses_its_own_marks_and_the_awards_at_the_reveal():
    h = Harness("party", n=3)
    _, g1 = h.guests[1]
    _, g2 = h.guests[2]
    party = h.session.party
    r = h.session.state.round_no
    party.noses = {2: r}        # seat 2 called Cabo and lost last round
    party.marks[1] = [0]        # the host swapped with seat 1: seat 1 may take revenge
    party.rounds = [{"round_no": r, "awards": [["memory_king", [1], 3]],
                     "earned": [[1, "double_match"]]}]
    h.deliver(h.host.updates())
    t1 = SeatTable(RemoteSession(g1), Texts("en"), seat=1)
    t2 = SeatTable(RemoteSession(g2), Texts("en"), seat=2)
    kinds = {s: [b["kind"] for b in p["badges"]] for s, p in
             ((p["seat"], p) for p in t1.view()["players"])}
    assert kinds == {0: ["mark"], 1: [], 2: ["nose"]}
    kinds2 = {p["seat"]: [b["kind"] for b in p["badges"]] for p in t2.view()["players"]}
    assert kinds2 == {0: [], 1: [], 2: ["nose"]}  # seat 1's marks are not seat 2's to see
    assert g2.party.marked_by(2) == [] and g1.party.marked_by(1) == [0]
    assert g1.party.last_round(r)["awards"] == [["memory_king", [1], 3]]
    assert not h.host.dropped and not g1.dropped and not g2.dropped


def test_a_state_with_malformed_extras_is_dropped():
    h = Harness("party", n=2)
    _, guest = h.guests[1]
    obs = h.session.observation(1)
    legal = h.session.legal(1)
    seats = [{"name": "Host", "bot": None, "away": False}, {"name": "G", "bot": None,
                                                           "away": False}]
    for bad in ({"noses": [[99, 1]], "marks": [], "round": None},
                {"noses": [], "marks": "0", "round": None},
                {"noses": [], "marks": [], "round": {"round_no": 1, "awards": [["x", [], 1]],
                                                     "earned": []}},
                {"noses": [], "marks": [], "round": None, "extra": 1}, [1]):
        before = guest.party
        kind, _ = guest.receive(protocol.state(10**6 + len(guest.dropped), obs, legal, [],
                                               seats, [], None, bad))
        assert kind is None and guest.party is before
    assert len(guest.dropped) == 5
