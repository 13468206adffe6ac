"""Online rooms under CPython: codes, key derivation, signalling messages (every malformed
shape dropped, never an exception), the host's offers per knock, the claimed-seat gate, and
the one list of outside services."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from cabo.net import protocol, room, services
from cabo.net.build import BUILD

ROOT = Path(__file__).resolve().parent.parent
SDP = "v=0\r\no=- 1 2 IN IP4 127.0.0.1\r\n"


# -- codes ------------------------------------------------------------------------------------
def test_codes_use_the_alphabet_without_look_alikes():
    assert not set("0O1IL") & set(room.ALPHABET) and len(set(room.ALPHABET)) == 31
    codes = {room.new_code() for _ in range(2000)}
    assert len(codes) == 2000
    assert all(len(c) == room.CODE_LEN and set(c) <= set(room.ALPHABET) for c in codes)
    # every symbol turns up (the rejection sampling is not biased to a few)
    assert set("".join(codes)) == set(room.ALPHABET)


@pytest.mark.parametrize("typed", ["ABCD2345", "abcd2345", "abcd-2345", " ABcd 2345\n",
                                   "https://x.example/cabo/?lang=de#room=ABCD2345",
                                   "#room=abcd-2345&x=1"])
def test_a_code_is_read_from_what_people_type_or_paste(typed):
    assert room.normalize(typed) == "ABCD2345"


@pytest.mark.parametrize("typed", ["ABCD234", "ABCD23456", "ABCD2340", "ABCDO345", "ABCD1345",
                                   "ABCDl345", "ABCDI345", "", None, 12345678, ["ABCD2345"],
                                   "ABCD 2345" * 300, "#room=", "ÄBCD2345"])
def test_anything_else_is_not_a_code(typed):
    assert room.normalize(typed) is None


def test_shown_and_link():
    assert room.shown("ABCD2345") == "ABCD-2345"
    assert room.room_url("http://h/cabo/?lang=de#join=x", "ABCD2345") == \
        "http://h/cabo/?lang=de#room=ABCD2345"
    assert room.normalize(room.room_url("http://h/", "ABCD2345")) == "ABCD2345"


def test_a_room_link_names_the_host_and_only_a_name():
    from cabo.net import signal

    url = room.room_url("http://h/cabo/?relay=x#join=y", "ABCD2345", "Mia Müller")
    assert url.startswith("http://h/cabo/?relay=x#room=ABCD2345&host=")
    assert room.normalize(url) == "ABCD2345" and room.host_named(url) == "Mia Müller"
    assert room.room_url("http://h/", "ABCD2345", None) == "http://h/#room=ABCD2345"
    assert room.host_named("http://h/#room=ABCD2345") is None
    assert room.host_named("http://h/#room=ABCD2345&host=%%%") is None
    assert signal.host_from_text(url) == "Mia Müller"  # the QR way's reader


def test_derivation_gives_a_key_and_a_topic_that_depend_on_every_character():
    key, topic = room.derive("ABCD2345")
    assert len(key) == 32 and re.fullmatch(r"cabo/r1/[0-9a-f]{32}", topic)
    assert room.derive("ABCD2345") == (key, topic)
    other_key, other_topic = room.derive("ABCD2346")
    assert other_key != key and other_topic != topic
    assert key.hex() not in topic  # the topic does not give the key away


# -- signalling messages ----------------------------------------------------------------------
def test_good_messages_round_trip():
    assert room.read_signal(room.signal("knock", "peer_0123")) == {"k": "knock", "p": "peer_0123"}
    msg = room.read_signal(room.signal("offer", "peer_0123", "r1-7", SDP))
    assert msg == {"k": "offer", "p": "peer_0123", "l": "r1-7", "sdp": SDP}
    msg = room.read_signal(room.signal("offer", "peer_0123", "r1-7", SDP, "Mia"))
    assert msg == {"k": "offer", "p": "peer_0123", "l": "r1-7", "sdp": SDP, "h": "Mia"}


MALFORMED = [
    None, 5, b"{}", "", "x", "null", "[]", "{}", '{"k":[]}', '{"k":{}}', '{"k":"knock"}',
    '{"k":"knock","p":5}', '{"k":"knock","p":"short"}', '{"k":"knock","p":"has space x"}',
    '{"k":"knock","p":"peer_0123","x":1}', '{"k":"bye","p":"peer_0123"}',
    '{"k":"offer","p":"peer_0123"}', '{"k":"offer","p":"peer_0123","l":"r1-1","sdp":5}',
    '{"k":"offer","p":"peer_0123","l":"x","sdp":"v=0"}',
    '{"k":"offer","p":"peer_0123","l":["r1-1"],"sdp":"v=0"}',
    '{"k":"answer","p":"peer_0123","l":"r1-1","sdp":"hello"}',
    # only an offer names the host, by a name a person could have typed
    '{"k":"knock","p":"peer_0123","h":"Mia"}',
    '{"k":"answer","p":"peer_0123","l":"r1-1","sdp":"v=0","h":"Mia"}',
    '{"k":"offer","p":"peer_0123","l":"r1-1","sdp":"v=0","h":"  "}',
    '{"k":"offer","p":"peer_0123","l":"r1-1","sdp":"v=0","h":"a\\u0000b"}',
    '{"k":"offer","p":"peer_0123","l":"r1-1","sdp":"v=0","h":"' + "M" * 25 + '"}',
    '{"k":"offer","p":"peer_0123","l":"r1-1","sdp":"v=0","h":5}',
    json.dumps({"k": "answer", "p": "peer_0123", "l": "r1-1", "sdp": "v=0" + "a" * 13000}),
    "[" * 5000 + "]" * 5000, '{"k":' * 3000, "{" + '"k":"knock",' * 2000 + '"p":"peer_0123"}',
    '{"k":"knock","p":"peer_0123"', "\x00\xff", '{"k":"knock","p":"peer_0123"}' + " " * 20000,
]


@pytest.mark.parametrize("text", MALFORMED)
def test_malformed_signalling_is_dropped_never_raised(text):
    assert room.read_signal(text) is None


# -- the host ------------------------------------------------------------------------------------
def test_a_knock_gets_one_offer_sent_again_until_answered():
    host = room.RoomHost.new([1, 2])
    assert len(set(host.codes.values())) == 2
    step = host.knock(1, "peer_aaaa")
    assert step[0] == "new" and step[2] == []
    link = step[1]
    assert host.knock(1, "peer_aaaa") == ("wait",)  # the browser is still making it
    text = host.offered(link, SDP, "Mia")
    assert room.read_signal(text) == {"k": "offer", "p": "peer_aaaa", "l": link, "sdp": SDP,
                                      "h": "Mia"}
    assert host.knock(1, "peer_aaaa") == ("again", link, SDP)
    answer = {"k": "answer", "p": "peer_aaaa", "l": link, "sdp": SDP}
    assert not host.answer(2, answer)                        # not this seat's offer
    assert not host.answer(1, {**answer, "p": "peer_bbbb"})  # not that peer's offer
    assert host.answer(1, answer)
    assert not host.answer(1, answer)                        # a copy from a second relay
    # answered but never opened: the next knock gets a new offer
    assert host.knock(1, "peer_aaaa")[0] == "new"
    host.ended(link)
    assert link not in host.pending and host.links[link] == 1


def test_a_flood_of_knocks_keeps_few_offers_per_seat():
    host = room.RoomHost.new([1])
    closed = []
    for i in range(20):
        step = host.knock(1, f"peer_{i:04d}")
        closed += step[2]
    assert len(host.pending) == room.MAX_PENDING
    assert len(closed) == 20 - room.MAX_PENDING


def test_saved_room_fits_only_its_seats():
    host = room.RoomHost.new([1, 2])
    host.claimed.add(2)
    again = room.RoomHost.from_dict(json.loads(json.dumps(host.to_dict())), [1, 2])
    assert again.codes == host.codes and again.claimed == {2}
    for bad in (None, {}, {"codes": {"1": "ABCD2345"}}, {"codes": {"1": "x", "2": "y"}},
                {**host.to_dict(), "claimed": [3]}):
        with pytest.raises(ValueError):
            room.RoomHost.from_dict(bad, [1, 2])


def hello(token):
    return protocol.hello(1, BUILD, token, "en")


def test_a_claimed_seat_lets_in_only_a_hello_with_its_token():
    host = room.RoomHost.new([1, 2])
    link = host.knock(1, "peer_aaaa")[1]
    tokens = {1: "A" * 16, 2: "B" * 16}
    assert host.admits(link, hello(None), tokens)      # not claimed yet: the invitation
    host.claimed.add(1)
    assert host.admits(link, hello("A" * 16), tokens)  # its guest, back after a reload
    assert not host.admits(link, hello(None), tokens)
    assert not host.admits(link, hello("B" * 16), tokens)
    for junk in (None, "", '{"v":1,"t":[],"n":1}', "[" * 3000):
        assert not host.admits(link, junk, tokens)
    assert host.admits("r9-99", hello(None), tokens)   # not a room link: NetHost decides


def test_a_new_code_gives_the_seat_to_a_new_device_and_the_old_code_is_told_revoked():
    host = room.RoomHost.new([1, 2])
    old, other = host.codes[1], host.codes[2]
    host.claimed.update({1, 2})
    pending = host.knock(1, "peer_aaaaaaaa")[1]
    new = host.renew(1)
    assert room.normalize(new) == new and new not in (old, other)
    assert host.codes == {1: new, 2: other} and host.revoked == [old]
    assert host.claimed == {2} and pending not in host.pending  # open to the new device
    link = host.knock(1, "peer_bbbbbbbb")[1]
    assert host.admits(link, hello(None), {1: "A" * 16, 2: "B" * 16})
    # saved with the game: a reloaded host still answers the old code
    again = room.RoomHost.from_dict(json.loads(json.dumps(host.to_dict())), [1, 2])
    assert again.revoked == [old] and again.codes == host.codes
    for _ in range(room.MAX_REVOKED + 3):
        host.renew(2)
    assert len(host.revoked) == room.MAX_REVOKED and old not in host.revoked
    msg = room.read_signal(room.signal("revoked", "peer_aaaaaaaa"))
    assert msg == {"k": "revoked", "p": "peer_aaaaaaaa"}
    assert room.read_signal('{"k":"revoked","p":"peer_aaaaaaaa","l":"r1-1"}') is None
    with pytest.raises(ValueError):
        room.RoomHost.from_dict({**host.to_dict(), "revoked": ["not a code"]}, [1, 2])


def test_revoking_a_seat_voids_its_token_and_tells_the_device_that_plays_it():
    from cabo.game.rules import PRESETS
    from cabo.net.guest import NetGuest
    from cabo.net.host import NetHost
    from cabo.play.session import Seat, Session

    session = Session(PRESETS["official"], [Seat("Mia"), Seat("Ben"), Seat("Ada")], 3)
    net = NetHost(session, [1, 2])
    ben = NetGuest("en")
    net.open_link("old", 1)
    for _, text in net.receive("old", ben.hello())[0]:
        if text is not None:
            ben.receive(text)
    token = ben.token
    assert token == net.tokens[1] and 1 in net.connected()
    replies = net.revoke(1)
    assert [link for link, _ in replies] == ["old"]
    assert ben.receive(replies[0][1])[0] == "error" and ben.error == "replaced"
    assert 1 not in net.connected() and net.tokens[1] != token
    # the old device's token no longer gets the seat; a new device with the invitation does
    net.open_link("again", 1)
    ben_old = NetGuest("en", token)
    ben_old.seat = None
    net.open_link("new", 1)
    new = NetGuest("en")
    out = net.receive("new", new.hello())[0]
    assert any('"t":"welcome"' in (text or "") for link, text in out if link == "new")
    out = net.receive("again", ben_old.hello())[0]
    assert any('"no_seat"' in (text or "") for link, text in out if link == "again")
    assert net.revoke(7) == []


# -- the guest ------------------------------------------------------------------------------------
def test_the_guest_answers_its_own_offer_once():
    guest = room.RoomGuest("ABCD2345")
    assert room.read_signal(guest.knock()) == {"k": "knock", "p": guest.peer}
    other = {"k": "offer", "p": "peer_else", "l": "r1-1", "sdp": SDP}
    assert guest.offer(other) == "ignore"
    mine = {**other, "p": guest.peer}
    assert guest.offer(mine) == "join" and guest.host is None
    assert guest.offer({**other, "h": "Eve"}) == "ignore" and guest.host is None
    assert guest.offer(mine) == "ignore"       # a copy while the answer is being made
    answer = room.read_signal(guest.answered(SDP))
    assert answer == {"k": "answer", "p": guest.peer, "l": "r1-1", "sdp": SDP}
    assert guest.offer(mine) == "again"        # the host did not get it: send it again
    assert guest.offer({**mine, "l": "r1-2", "h": "Mia"}) == "join"
    assert guest.host == "Mia"  # the host's name, as its offer named it
    guest.retry()
    assert guest.link is None and guest.host == "Mia"


# -- services ----------------------------------------------------------------------------------
def test_settings_keep_only_addresses_of_their_kind():
    text = "wss://a.example/mqtt\n  ws://127.0.0.1:1883 \nhttp://x\nwss://a b\nwss://a.example/mqtt"
    assert room.clean_urls(text, "relay") == ["wss://a.example/mqtt", "ws://127.0.0.1:1883"]
    assert room.clean_urls("stun:a:1\nturn:b:2", "stun") == ["stun:a:1"]
    assert room.clean_urls(None, "stun") == []
    assert room.ice_servers([]) == []
    assert room.ice_servers(["stun:a:1"], "turn:b:3478", "u", "p") == [
        {"urls": ["stun:a:1"]}, {"urls": "turn:b:3478", "username": "u", "credential": "p"}]


def test_defaults_are_several_relays_and_stun_servers_and_no_turn():
    assert len(services.DEFAULT_RELAYS) >= 2
    assert all(u.startswith("wss://") for u in services.DEFAULT_RELAYS)
    assert len(services.DEFAULT_STUN) >= 1
    assert all(u.startswith("stun:") for u in services.DEFAULT_STUN)


ADDRESS = re.compile(r"\b(?:stuns?|turns?):[A-Za-z0-9]|\bwss?://(?!127\.0\.0\.1)[A-Za-z0-9]"
                     r"|\bmqtts?://[A-Za-z0-9]")


def test_no_relay_stun_or_turn_address_outside_the_one_list():
    files = [ROOT / "index.html"]
    files += [p for p in (ROOT / "cabo").rglob("*.py")]
    files += [p for p in (ROOT / "static").rglob("*") if p.is_file()
              and p.suffix in (".js", ".mjs", ".html", ".css", ".json", ".webmanifest")
              and "build" not in p.relative_to(ROOT / "static").parts[:1]]
    found = [(str(p.relative_to(ROOT)), m.group(0)) for p in files
             if p != ROOT / "cabo" / "net" / "services.py"
             for m in ADDRESS.finditer(p.read_text(errors="replace"))]
    assert found == []
    assert ADDRESS.search((ROOT / "cabo" / "net" / "services.py").read_text())


def test_a_bot_stands_in_for_a_claimed_seat_away_longer_than_the_host_chose():
    host = room.RoomHost.new([1, 2, 3])
    host.claimed.update({1, 2})
    away = {1: 100.0, 2: 150.0, 3: 0.0}   # seat 3 never joined: nobody to stand in for
    assert host.stand_ins_due(away, 10_000) == []  # "only when I say so"
    host.stand_in_after = 60
    assert host.stand_ins_due(away, 159) == []
    assert host.stand_ins_due(away, 160) == [1]
    assert host.stand_ins_due(away, 210) == [1, 2]
    again = room.RoomHost.from_dict(json.loads(json.dumps(host.to_dict())), [1, 2, 3])
    assert again.stand_in_after == 60
    assert room.RoomHost.from_dict({**host.to_dict(), "stand_in_after": 7},
                                   [1, 2, 3]).stand_in_after == 0


def test_the_stand_in_plays_at_the_chosen_level_and_the_level_is_saved():
    from cabo.game.rules import PRESETS
    from cabo.net.host import NetHost
    from cabo.play.session import Seat, Session

    session = Session(PRESETS["official"], [Seat("Mia"), Seat("Ben")], 3)
    net = NetHost(session, [1])
    net.stand_in_level = "hard"
    net.hand_to_bot(1)
    assert session.seats[1].bot == "hard" and session.seats[1].name == "Ben"
    again = NetHost.from_dict(json.loads(json.dumps(net.to_dict())), session)
    assert again.stand_in_level == "hard" and again.stand_ins == {1}
    net.seen.add(1)  # the seats a guest has joined are kept; a damaged list is refused
    assert NetHost.from_dict(json.loads(json.dumps(net.to_dict())), session).seen == {1}
    for bad in ({"x": 1}, [2], ["1"]):
        with pytest.raises(ValueError):
            NetHost.from_dict({**net.to_dict(), "seen": bad}, session)
    old = {k: v for k, v in net.to_dict().items() if k != "seen"}  # a save from before
    assert NetHost.from_dict(old, session).seen == set()
    net.take_back(1)
    assert session.seats[1].bot is None
