"""Play across devices without a browser: host, guests and the wire protocol under CPython.

A Harness connects one NetHost and NetGuests through in-memory "channels" (lists of texts):
the same messages a data channel would carry. Guests play with bots that see only what the
guest received; the host seat is a bot on the host's session.
"""

from __future__ import annotations

import json

import pytest

from cabo.game.actions import Match, action_to_dict
from cabo.bots import make_bot
from cabo.net import protocol, signal
from cabo.net.build import BUILD
from cabo.net.guest import NetGuest, RemoteSession
from cabo.net.host import NetHost
from cabo.ui.seat_table import SeatTable
from cabo.i18n import Texts
from cabo.game.observation import observe
from cabo.ui import choices
from cabo.game.rules import PRESETS
from cabo.play.session import Seat, Session

CARD_KEYS = ("card", "discarded", "values", "revealed", "drawn", "discard", "hands")


class Harness:
    """A host with remote seats 1.. and one guest per remote seat, wired in memory."""

    def __init__(self, preset="official", n=3, seed=11, record_leaks=True):
        seats = [Seat("Host")] + [Seat(f"Guest{i}") for i in range(1, n)]
        self.session = Session(PRESETS[preset], seats, seed)
        self.host = NetHost(self.session, range(1, n), send=self.deliver)
        self.to_host = []          # (link id, text)
        self.guests = {}
        self.leaks = []
        self.record = record_leaks
        for seat in range(1, n):
            self.join(seat)

    def join(self, seat, token=None, link=None):
        link = link if link is not None else f"L{seat}"
        guest = NetGuest("de" if seat % 2 else "en", token,
                         send=lambda text, link=link: self.to_host.append((link, text)))
        self.guests[seat] = (link, guest)
        self.host.open_link(link, seat)
        self.to_host.append((link, guest.hello()))
        self.pump()
        return guest

    def deliver(self, replies):
        for link_id, text in replies:
            if text is None:
                continue
            for seat, (link, guest) in self.guests.items():
                if link == link_id:
                    if self.record:
                        self.check_leak(guest, text)
                    guest.receive(text)

    def pump(self):
        while self.to_host:
            link_id, text = self.to_host.pop(0)
            replies, _ = self.host.receive(link_id, text)  # the changes reach the guests by
            self.deliver(replies)                          # `send`, as the session changes

    def host_acts(self, action):
        self.session.act(action)  # the host's guests watch the session (`NetHost.changed`)

    def first_waiting_plays(self):
        """The first seat the host waits for plays its first legal action."""
        seat = self.host.waiting_for()[0]
        if seat == 0:
            self.host_acts(self.session.legal(0)[0])
        else:
            guest = self.guests[seat][1]
            guest.send_action(guest.legal[0])
            self.pump()

    def check_leak(self, guest, text):
        """No card id the guest's seat may not know (face down elsewhere, in the deck, a
        hidden drawn card) appears in a card field of the message."""
        seat = self.host.links[self.guests_link(guest)].seat
        if seat is None:
            return
        st = self.session.state
        secret = set(st.deck)
        for o in range(st.n):
            for c, k in zip(st.hands[o], st.known[o]):
                if c is not None and not k >> seat & 1:
                    secret.add(c)
        if st.drawn is not None and not (st.drawn_from == "discard" or st.current == seat):
            secret.add(st.drawn)
        found = card_ids(json.loads(text))
        if found & secret:
            self.leaks.append((text, found & secret))

    def guests_link(self, guest):
        return next(link for link, g in self.guests.values() if g is guest)


def card_ids(msg) -> set:
    """Every card id in a message's card fields (event kinds and the observation)."""
    out = set()

    def ints(value):
        if isinstance(value, bool) or value is None:
            return
        if isinstance(value, int):
            out.add(value)
        elif isinstance(value, list):
            for v in value:
                ints(v)

    def walk(d):
        if isinstance(d, list):
            for x in d:
                walk(x)
            return
        if not isinstance(d, dict):
            return
        for key, value in d.items():
            if key == "cards" and d.get("kind") != "pair_discard":
                ints(value)
            elif key in CARD_KEYS and key != "hands":
                ints(value)
            elif key == "hands" and isinstance(value, list):
                for row in value:
                    for cell in row or ():
                        ints(cell[0] if isinstance(cell, list) and len(cell) == 2
                             and isinstance(cell[1], int) and d.get("kind") is None
                             and "sums" not in d else cell)
            elif isinstance(value, (dict, list)):
                walk(value)
    walk(msg)
    return out


def play_round(h: Harness, max_steps=3000, race=False):
    """Bots play every seat: the host's on the session, the guests' on what they received."""
    bots = {s: make_bot("easy", 100 + s) for s in range(h.session.state.n)}
    for _ in range(max_steps):
        st = h.session.state
        if st.phase in ("round_over", "game_over"):
            return
        moved = False
        for seat in range(st.n):
            if seat == 0:
                legal = h.session.legal(0)
                if legal and 0 in _to_move(h):
                    h.host_acts(bots[0].choose(h.session.observation(0), legal))
                    moved = True
                    break
                continue
            guest = h.guests[seat][1]
            if guest.ready and guest.legal and seat in guest.waiting:
                bots[seat].choose(guest.obs, guest.legal)
                guest.send_action(bots[seat].choose(guest.obs, guest.legal))
                h.pump()
                moved = True
                break
        assert moved, "nobody can move"
    raise AssertionError("the round did not end")


def _to_move(h):
    return h.host.waiting_for()


# -- signalling codes ----------------------------------------------------------------------
OFFER = """v=0\r
o=- 6376892931813194428 2 IN IP4 127.0.0.1\r
s=-\r
t=0 0\r
a=group:BUNDLE 0\r
a=extmap-allow-mixed\r
a=msid-semantic: WMS\r
m=application 9 UDP/DTLS/SCTP webrtc-datachannel\r
c=IN IP4 0.0.0.0\r
a=candidate:1754888331 1 udp 2113937151 bc06ca10-b8d6-4b76-bb4b-3f76b21c6b54.local 53056 typ host generation 0 network-cost 999\r
a=candidate:1877677115 1 udp 2113942271 ac5535a5-24f2-4063-996e-2e3388dd6ce4.local 41847 typ host generation 0 network-cost 999\r
a=candidate:9 1 tcp 1518280447 192.168.1.2 9 typ host tcptype active\r
a=candidate:10 1 udp 1677729535 203.0.113.7 61000 typ srflx raddr 0.0.0.0 rport 0\r
a=candidate:11 1 udp 2122262783 2001:db8::1:2 50000 typ host\r
a=ice-ufrag:YO+u\r
a=ice-pwd:B4T09RnnP+5bRvQfixSRoCII\r
a=ice-options:trickle\r
a=fingerprint:sha-256 A3:52:BC:DF:F5:EA:8E:68:4C:46:3A:13:DD:47:FB:41:27:C7:95:DA:70:D4:87:DB:D5:B0:F0:93:8C:9D:30:BF\r
a=setup:actpass\r
a=mid:0\r
a=sctp-port:5000\r
a=max-message-size:262144\r
"""


def test_compact_offer_round_trips_and_is_short():
    code = signal.compact(OFFER, "offer", 3)
    assert len(code) <= 300
    kind, seat, sdp = signal.expand(code)
    assert (kind, seat) == ("offer", 3)
    assert "a=ice-ufrag:YO+u" in sdp and "a=ice-pwd:B4T09RnnP+5bRvQfixSRoCII" in sdp
    assert "A3:52:BC:DF" in sdp and "a=setup:actpass" in sdp
    assert "bc06ca10-b8d6-4b76-bb4b-3f76b21c6b54.local 53056 typ host" in sdp
    assert "203.0.113.7 61000 typ srflx raddr 0.0.0.0 rport 0" in sdp
    assert "2001:db8:0:0:0:0:1:2 50000 typ host" in sdp
    assert "tcp" not in sdp
    assert signal.compact(sdp, "offer", 3) == code


def test_answer_code_and_invitation_link():
    answer = OFFER.replace("actpass", "active")
    code = signal.compact(answer, "answer", 1)
    assert signal.expand(code)[:2] == ("answer", 1)
    assert "a=setup:active" in signal.expand(code)[2]
    url = signal.invitation_url("https://x.example/cabo/?lang=de#old", code)
    assert url == "https://x.example/cabo/#join=" + code
    assert signal.code_from_text("  " + url + " ") == code
    assert signal.code_from_text(code) == code
    assert signal.code_from_text("hello there") is None
    assert signal.host_from_text(url) is None


def test_an_invitation_link_names_the_hosts_table_and_only_a_name():
    code = signal.compact(OFFER, "offer", 1)
    url = signal.invitation_url("https://x.example/cabo/", code, "Mia <Ö>")
    assert signal.code_from_text(url) == code and signal.host_from_text(url) == "Mia <Ö>"
    assert signal.host_from_text(url + "&more") == "Mia <Ö>"
    for bad in ("#join=A&host=%%%", "#join=A&host=" + "QUJD" * 20, "#join=A&host=AAEC",
                "#join=A&host=", None, "&host=" * 500):
        assert signal.host_from_text(bad) is None, bad  # (AAEC: control characters)


@pytest.mark.parametrize("bad", ["", "x" * 5000, "!!!notacode!!!!!!!!!!!!!", "A" * 40,
                                 None, 12])
def test_bad_codes_raise_signal_error(bad):
    with pytest.raises(signal.SignalError):
        signal.expand(bad)


def test_cut_codes_raise_signal_error():
    code = signal.compact(OFFER, "offer", 0)
    for cut in range(21, len(code) - 1, 7):
        with pytest.raises(signal.SignalError):
            signal.expand(code[:cut])


# -- the protocol ---------------------------------------------------------------------------
def test_guest_messages_validate():
    msg = protocol.decode(protocol.hello(1, BUILD, None, "de"), "guest")
    assert msg["t"] == "hello" and msg["lang"] == "de"
    act = protocol.act(2, 5, action_to_dict(Match(1, 0, 2)))
    assert protocol.decode(act, "guest")["action"] == Match(1, 0, 2)  # parsed once, here


@pytest.mark.parametrize("text", [
    "not json", "[]", "{}", '{"v":1,"t":"hello","n":1}',
    '{"v":1,"t":"shout","n":1}',
    '{"v":1,"t":"act","n":1,"step":0,"action":{"type":"Nuke","seat":1}}',
    '{"v":1,"t":"act","n":1,"step":0,"action":{"type":"Match","seat":1,"owner":"x","slot":0}}',
    '{"v":1,"t":"act","n":1,"step":0,"action":{"type":"PairDiscard","seat":1,'
    '"cards":[[0,"a"],[1]]}}',
    '{"v":1,"t":"act","n":0,"step":0,"action":{"type":"DrawDeck","seat":1}}',
    '{"v":1,"t":"act","n":1,"step":-1,"action":{"type":"DrawDeck","seat":1}}',
    '{"v":1,"t":"act","n":1,"step":0,"action":{"type":"DrawDeck","seat":1},"x":1}',
    '{"v":1,"t":"welcome","n":1}',
    "[" * 3000 + "]" * 3000,
    '{"v":1,"t":"hello","n":1,"build":"' + "b" * 3000 + '","token":null,"lang":"en"}',
])
def test_bad_guest_messages_raise_protocol_error(text):
    with pytest.raises(protocol.ProtocolError):
        protocol.decode(text, "guest")


def test_observation_round_trips_through_the_wire():
    h = Harness("party", 3, seed=5)
    obs = h.session.observation(1)
    back = protocol.obs_from_dict(json.loads(json.dumps(protocol.obs_to_dict(obs))), obs.rules)
    assert back == obs
    legal = h.session.legal(1)
    wire = json.loads(json.dumps(protocol.legal_to_wire(legal)))
    assert protocol.legal_from_wire(wire, 1) == legal


# -- host and guests ---------------------------------------------------------------------
@pytest.mark.parametrize("preset", ["official", "party"])
def test_a_whole_round_across_devices_leaks_nothing(preset):
    h = Harness(preset, 3, seed=21)
    for seat in (1, 2):
        assert h.guests[seat][1].seat == seat
    play_round(h)
    assert not h.leaks, h.leaks[:2]
    st = h.session.state
    assert st.phase in ("round_over", "game_over")
    for seat in (1, 2):
        guest = h.guests[seat][1]
        assert guest.obs.totals == tuple(st.totals)
        assert guest.obs.history[-1]["points"] == st.history[-1]["points"]
        assert guest.obs == observe(st, seat)
        assert not guest.dropped
    assert not h.host.dropped


def test_a_guest_table_renders_the_same_view_as_a_local_one():
    h = Harness("official", 3, seed=3)
    guest = h.guests[1][1]
    remote = SeatTable(RemoteSession(guest), Texts("de"), seat=1)
    local = SeatTable(h.session, Texts("de"), seat=1)
    h.session.watch("screen", None)  # both drawn from what they hold now, neither animates
    for _ in range(12):
        assert remote.view()["players"] == local.view()["players"]
        assert remote.view()["status"] == local.view()["status"]
        assert [b["key"] for b in remote.view()["buttons"]] == \
            [b["key"] for b in local.view()["buttons"]]
        if 1 in h.host.waiting_for() and guest.legal:
            remote.press(remote.view()["buttons"][0]["key"]) if remote.buttons() else None
            if not remote.buttons():
                guest.send_action(guest.legal[0])
            h.pump()
        else:
            h.first_waiting_plays()


def test_a_guest_table_sends_its_presses_to_the_host():
    """Table.act calls session.act(action, at_ms): the remote session sends it."""
    h = Harness("official", 3, seed=3)
    guest = h.guests[1][1]
    remote = SeatTable(RemoteSession(guest), Texts("en"), seat=1)
    for owner, slot in sorted(c for c in choices.selectable(remote.legal()) if c[0] == 1)[:2]:
        remote.click_card(owner, slot)
    keys = [k for k, _ in remote.buttons()]
    assert keys
    step = h.session.state.step
    assert remote.press(keys[0], 1234.0) == []
    h.pump()
    assert h.session.state.step == step + 1 and guest.obs.step == step + 1


def test_an_illegal_action_is_refused_and_changes_nothing():
    h = Harness("official", 3, seed=4)
    before = json.dumps(h.session.state.to_dict())
    guest = h.guests[2][1]
    guest.send_action(Match(2, 0, 0))  # official: no matching
    h.pump()
    assert guest.error == "illegal"
    guest.send(protocol.act(guest.out + 1, 0, action_to_dict(Match(1, 0, 0))))  # other seat
    guest.out += 1
    h.pump()
    assert guest.error == "illegal"
    assert json.dumps(h.session.state.to_dict()) == before


def test_malformed_oversized_and_replayed_messages_at_the_host():
    h = Harness("party", 3, seed=8)
    link, guest = h.guests[1]
    before = json.dumps(h.session.state.to_dict())
    for text in ("garbage", "{}", "x" * 100_000, '{"v":1,"t":"act","n":99,"step":0,'
                 '"action":{"type":"Match","seat":1,"owner":0,"slot":"a"}}', None, 5):
        replies, events = h.host.receive(link, text)
        assert events == []
        h.deliver(replies)
    assert json.dumps(h.session.state.to_dict()) == before
    assert len(h.host.dropped) == 6
    # a replayed act: applied once only
    seat_to_move = h.host.waiting_for()
    peek = next(a for a in h.session.legal(1)) if 1 in seat_to_move else None
    if peek is not None:
        text = protocol.act(guest.out + 1, h.session.state.step, action_to_dict(peek))
        guest.out += 1
        assert h.host.receive(link, text)[1]
        step = h.session.state.step
        assert h.host.receive(link, text) == ([], [])
        assert h.session.state.step == step
    # a link that never said hello may not act
    h.host.open_link("stranger", 2)
    replies, events = h.host.receive("stranger", protocol.act(1, 0, action_to_dict(Match(2, 0, 0))))
    assert events == [] and "stranger" not in {lk for lk, g in h.guests.values()}


def test_malformed_oversized_and_replayed_messages_at_the_guest():
    h = Harness("official", 3, seed=8)
    guest = h.guests[1][1]
    obs, log = guest.obs, list(guest.log)
    good = guest.received[-1]
    for text in ("garbage", "[1]", "x" * 300_000, good,
                 good.replace('"seat":1', '"seat":77'),
                 json.dumps({**json.loads(good), "n": 10**6, "obs": {"seat": 1}}),
                 json.dumps({**json.loads(good), "n": 10**6 + 1, "t": "party"})):
        assert guest.receive(text) == (None, [])
    assert guest.obs == obs and guest.log == log
    assert len(guest.dropped) == 7


def test_another_build_is_told_to_reload():
    h = Harness("official", 3, seed=2)
    h.host.open_link("old", 1)
    replies, _ = h.host.receive("old", protocol.hello(1, "p1-00000000", None, "en"))
    assert json.loads(replies[0][1])["code"] == "reload"
    old_protocol = '{"v":0,"t":"hello","n":1}'
    h.host.open_link("older", 1)
    replies, _ = h.host.receive("older", old_protocol)
    assert json.loads(replies[0][1])["code"] == "reload"


def test_off_turn_race_first_claim_wins_second_is_too_late():
    h = Harness("party", 3, seed=31)
    # get past the first peeks: every seat looks at its first cards
    while h.session.state.phase == "peek":
        h.first_waiting_plays()
    st = h.session.state
    assert st.match_target is not None
    g1, g2 = h.guests[1][1], h.guests[2][1]
    # both guests throw the same card of the host's at once, from the same view
    claim1 = next(a for a in g1.legal if isinstance(a, Match) and a.owner == 0)
    claim2 = Match(2, claim1.owner, claim1.slot)
    assert claim2 in g2.legal
    g1.send_action(claim1)
    g2.send_action(claim2)
    total_before = len([c for c in st.hands[2] if c is not None])
    h.pump()
    assert g2.error == "too_late" and g1.error is None
    assert len([c for c in st.hands[2] if c is not None]) == total_before  # no penalty card
    kinds = [e["public"]["kind"] for e in h.session.log[-4:]]
    assert kinds.count("match") == 1


def test_reload_of_a_guest_rejoins_its_seat_with_its_token():
    h = Harness("official", 3, seed=6)
    link, guest = h.guests[2]
    token = guest.token
    for _ in range(6):
        h.first_waiting_plays()
    h.host.close_link(link)
    assert h.host.away() == [2] and h.host.seats_info()[2]["away"]
    # the reloaded page answers a fresh invitation made for seat 1's slot: its token wins
    again = h.join(2, token=token, link="L2b")
    assert again.seat == 2 and again.obs == observe(h.session.state, 2)
    assert again.log == h.session.log_for(2)[-len(again.log):]
    # a stranger without a token cannot take a seat that is connected
    h.host.open_link("X", 1)
    replies, _ = h.host.receive("X", NetGuest().hello())
    assert json.loads(replies[0][1])["code"] == "no_seat"


def test_host_reload_restores_tokens_and_stand_ins():
    h = Harness("official", 3, seed=6)
    h.host.close_link("L1")
    h.host.hand_to_bot(1)
    assert h.session.seats[1].bot and 1 in h.session.bots
    saved, meta = h.session.to_json(), json.dumps(h.host.to_dict())
    session = Session.from_json(saved)
    host = NetHost.from_dict(json.loads(meta), session)
    assert host.tokens == h.host.tokens and host.stand_ins == {1}
    assert host.away() == [1, 2]
    token = h.guests[1][1].token
    host.open_link("new", 2)
    host.receive("new", NetGuest(token=token).hello())
    assert host.links["new"].seat == 1 and not session.seats[1].bot  # back from the bot
    with pytest.raises(ValueError):
        NetHost.from_dict({**json.loads(meta), "seed": 1}, session)


def test_message_sizes(capsys):
    """Not an assertion on speed: prints bytes per message and per round (see the report)."""
    for preset in ("official", "party"):
        h = Harness(preset, 3, seed=21, record_leaks=False)
        play_round(h)
        link = h.host.links["L1"]
        sizes = [b for t, b in link.sent if t == "state"]
        assert sizes and max(sizes) < protocol.MAX_HOST_BYTES
        with capsys.disabled():
            print(f"\n{preset}: {len(sizes)} state messages to one guest, "
                  f"mean {sum(sizes) / len(sizes):.0f} B, max {max(sizes)} B, "
                  f"round total {sum(b for _, b in link.sent) / 1000:.1f} kB")


def test_a_guest_table_runs_no_bot_and_asks_no_bot():
    """A guest's page paces no bots: its table has no bot task at any step (the host's page
    runs them all), and asking does not fail."""
    h = Harness("party", 3, seed=5)
    guest = h.guests[1][1]
    table = SeatTable(RemoteSession(guest), Texts("en"), seat=1)
    for _ in range(6):
        assert table.bot_task() is None
        h.first_waiting_plays()
