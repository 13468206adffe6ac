"""The relay carriage under CPython (cabo/net/carriage.py): the game protocol through a relay
that drops, repeats and reorders messages still gives every seat the same game, and nothing
without the room's key can read or inject a message.

The relay here is a fake: a list of sealed payloads per topic, delivered in a random order,
some dropped, some twice. The sealing copies static/js/room.js's format (12-byte IV, then
AES-GCM of {"i": id, "m": text} with the key `cabo.net.room.derive` gives the code; the page
test compares WebCrypto's key with it), so a payload sealed with another code's key, or
altered on the way, is dropped as the page drops it."""

from __future__ import annotations

import json
import os
import random

import pytest

from cabo.bots import make_bot
from cabo.net import carriage, room
from cabo.net.guest import NetGuest
from cabo.net.host import NetHost
from cabo.game.rules import PRESETS
from cabo.play.session import Seat, Session

AESGCM = pytest.importorskip("cryptography.hazmat.primitives.ciphers.aead").AESGCM
CODES = {1: "ABCD2345", 2: "WXYZ6789"}
_KEYS = {}


def key_of(code):
    if code not in _KEYS:
        _KEYS[code] = room.derive(code)
    return _KEYS[code]


class Relay:
    """Topics of sealed payloads; `step` hands a random one on (maybe dropped or twice)."""

    def __init__(self, rng, drop=0.0, repeat=0.0):
        self.rng, self.drop, self.repeat = rng, drop, repeat
        self.flying = []          # (topic, payload)
        self.subscribers = {}     # topic -> [callback]
        self.seen = []            # every payload that passed (what a relay operator sees)

    def publish(self, topic, payload):
        self.seen.append(payload)
        if self.rng.random() < self.drop:
            return
        self.flying.append((topic, payload))
        if self.rng.random() < self.repeat:
            self.flying.append((topic, payload))

    def step(self) -> bool:
        if not self.flying:
            return False
        topic, payload = self.flying.pop(self.rng.randrange(len(self.flying)))
        for deliver in list(self.subscribers.get(topic, [])):
            deliver(payload)
        return True


class Port:
    """One page's connection to a code's topic: seals, opens, drops copies (as room.js)."""

    def __init__(self, relay, code, on_text):
        self.relay, self.key, self.topic = relay, *key_of(code)
        self.on_text, self.ids, self.dropped = on_text, set(), 0
        relay.subscribers.setdefault(self.topic, []).append(self.receive)

    def publish(self, text):
        msg_id = os.urandom(8).hex()
        self.ids.add(msg_id)
        iv = os.urandom(12)
        plain = json.dumps({"i": msg_id, "m": text}).encode()
        self.relay.publish(self.topic, iv + AESGCM(self.key).encrypt(iv, plain, None))

    def receive(self, payload):
        try:
            msg = json.loads(AESGCM(self.key).decrypt(payload[:12], payload[12:], None))
        except Exception:  # noqa: BLE001 - not sealed with this code's key: dropped
            self.dropped += 1
            return
        if msg["i"] in self.ids:
            return
        self.ids.add(msg["i"])
        self.on_text(msg["m"])


class Table:
    """A host and two guests whose links all go through the fake relay's carriages."""

    def __init__(self, seed, drop=0.0, repeat=0.0, preset="official"):
        self.rng = random.Random(seed)
        self.now = 0.0
        self.relay = Relay(self.rng, drop, repeat)
        self.session = Session(PRESETS[preset], [Seat("Host"), Seat("Ada"), Seat("Bruno")],
                               seed)
        self.host = NetHost(self.session, [1, 2], send=self.host_send)
        self.host_id = room.new_peer()
        self.c_host, self.c_guest, self.ports_h, self.ports_g, self.guests = {}, {}, {}, {}, {}
        for seat, code in CODES.items():
            link, peer = f"r{seat}-1", room.new_peer()
            self.c_host[seat] = carriage.Carriage(link, peer, self.host_id, "h", self.now)
            self.c_guest[seat] = carriage.Carriage(link, peer, self.host_id, "g", self.now)
            self.ports_h[seat] = Port(self.relay, code, lambda t, s=seat: self.at_host(s, t))
            self.ports_g[seat] = Port(self.relay, code, lambda t, s=seat: self.at_guest(s, t))
            self.guests[seat] = NetGuest("en", send=lambda t, s=seat: self.guest_send(s, t))
            self.host.open_link(f"{link}~relay", seat)
            self.guest_send(seat, self.guests[seat].hello())

    def host_send(self, replies):
        for link_id, text in replies:
            seat = int(link_id[1])
            if text is not None:
                for frame in self.c_host[seat].send(text, self.now):
                    self.ports_h[seat].publish(frame)

    def guest_send(self, seat, text):
        for frame in self.c_guest[seat].send(text, self.now):
            self.ports_g[seat].publish(frame)

    def at_host(self, seat, text):
        msg = carriage.read_frame(text)
        c = self.c_host[seat]
        if msg is None or not c.mine(msg):
            return
        for game_text in c.receive(msg, self.now):
            replies, _ = self.host.receive(f"r{seat}-1~relay", game_text)
            self.host_send(replies)
        for frame in c.flush(self.now):
            self.ports_h[seat].publish(frame)

    def at_guest(self, seat, text):
        msg = carriage.read_frame(text)
        c = self.c_guest[seat]
        if msg is None or not c.mine(msg):
            return
        for game_text in c.receive(msg, self.now):
            self.guests[seat].receive(game_text)
        for frame in c.flush(self.now):
            self.ports_g[seat].publish(frame)

    def settle(self, limit=20_000):
        """Deliver, resend and acknowledge until nothing is in flight or unacknowledged."""
        for _ in range(limit):
            if self.relay.step():
                continue
            if not any(c.unacked for c in (*self.c_host.values(), *self.c_guest.values())):
                return
            self.now += 300
            for seat in CODES:
                for frame in self.c_host[seat].tick(self.now):
                    self.ports_h[seat].publish(frame)
                for frame in self.c_guest[seat].tick(self.now):
                    self.ports_g[seat].publish(frame)
        raise AssertionError("the carriage did not settle")

    def in_step(self):
        for seat, guest in self.guests.items():
            assert guest.obs == self.session.observation(seat), seat
            assert guest.log == self.session.log_for(seat)[-len(guest.log):]

    def play_round(self):
        bots = {s: make_bot("easy", 100 + s) for s in range(3)}
        self.settle()
        for _ in range(3000):
            self.in_step()
            st = self.session.state
            if st.phase in ("round_over", "game_over"):
                return
            waiting = self.host.waiting_for()
            seat = waiting[0]
            if seat == 0:
                self.session.act(bots[0].choose(self.session.observation(0),
                                                self.session.legal(0)))
            else:
                guest = self.guests[seat]
                guest.send_action(bots[seat].choose(guest.obs, guest.legal))
            self.settle()
        raise AssertionError("the round did not end")


@pytest.mark.parametrize("seed,drop,repeat", [(1, 0.0, 0.0), (2, 0.3, 0.3), (3, 0.5, 0.5)])
def test_a_relay_that_drops_repeats_and_shuffles_gives_every_seat_the_same_game(
        seed, drop, repeat):
    t = Table(seed, drop, repeat)
    t.play_round()
    t.settle()
    t.in_step()
    assert t.session.state.phase in ("round_over", "game_over")
    for seat, guest in t.guests.items():
        assert guest.dropped == [] and guest.seat == seat
    assert t.host.dropped == []
    if drop:
        assert sum(c.resent for c in (*t.c_host.values(), *t.c_guest.values())) > 0
    # the same round as without any relay trouble: the bots' moves did not depend on it
    clean = Table(seed)
    clean.play_round()
    assert clean.session.state.hands == t.session.state.hands
    assert clean.session.state.totals == t.session.state.totals
    assert [e["public"] for e in clean.session.log] == [e["public"] for e in t.session.log]


def test_nothing_outside_the_rooms_key_reads_or_injects():
    t = Table(4, drop=0.1, repeat=0.1)
    t.settle()
    for guest in t.guests.values():
        assert guest.ready
    # a relay sees ciphertext only: no name, no protocol word, no frame field
    for payload in t.relay.seen:
        for word in (b"Ada", b"Bruno", b'"t":', b"welcome", b'"k":"c"', b"hello"):
            assert word not in payload
    # frames sealed with another code's key (someone who knows a code of another room) and
    # altered ciphertext are dropped by the port; nothing reaches the game
    outsider = Port(Relay(random.Random(0)), "QRST2345", lambda text: None)
    before = {s: (len(g.received), g.obs) for s, g in t.guests.items()}
    host_before = len(t.host.dropped), t.session.state.step
    link, peer = "r1-1", t.c_guest[1].peer
    forged_state = carriage.frame(link, peer, t.host_id, "h", 99, 0, '{"v":1,"t":"error"}')
    forged_act = carriage.frame(link, peer, t.host_id, "g", 2, 0, '{"v":1,"t":"act"}')
    topic = key_of(CODES[1])[1]
    for text in (forged_state, forged_act):
        iv = os.urandom(12)
        sealed = iv + AESGCM(outsider.key).encrypt(iv, json.dumps(
            {"i": "x" * 16, "m": text}).encode(), None)
        t.relay.flying.append((topic, sealed))
    genuine = t.relay.seen[-1]
    t.relay.flying.append((topic, genuine[:20] + bytes([genuine[20] ^ 1]) + genuine[21:]))
    t.relay.flying.append((topic, os.urandom(64)))
    t.relay.flying.append((topic, b"x"))
    dropped = t.ports_h[1].dropped + t.ports_g[1].dropped
    t.settle()
    assert t.ports_h[1].dropped + t.ports_g[1].dropped == dropped + 2 * 5
    assert {s: (len(g.received), g.obs) for s, g in t.guests.items()} == before
    assert (len(t.host.dropped), t.session.state.step) == host_before


def test_frames_of_another_link_peer_or_host_are_not_taken():
    c = carriage.Carriage("r1-3", "peer_aaaaaaaa", "host_bbbbbbbb", "g", 0)
    ok = carriage.read_frame(carriage.frame("r1-3", "peer_aaaaaaaa", "host_bbbbbbbb", "h", 1,
                                            0, "one"))
    assert c.mine(ok) and c.receive(ok, 0) == ["one"]
    for other in (("r1-4", "peer_aaaaaaaa", "host_bbbbbbbb", "h"),
                  ("r1-3", "peer_cccccccc", "host_bbbbbbbb", "h"),
                  ("r1-3", "peer_aaaaaaaa", "host_cccccccc", "h"),
                  ("r1-3", "peer_aaaaaaaa", "host_bbbbbbbb", "g")):   # our own echo
        assert not c.mine(carriage.read_frame(carriage.frame(*other, 2, 0, "two")))
    # a replayed frame is only acknowledged again, never delivered twice
    assert c.receive(ok, 1) == [] and c.flush(1)


@pytest.mark.parametrize("text", [
    None, 5, "", "x", "[]", "{}", '{"k":"c"}', "[" * 5000, "a" * 20_000,
    '{"k":"c","l":"r1-1","p":"peer_aaaaaaaa","h":"host_bbbbbbbb","d":"h","n":1,"a":0}',
    '{"k":"c","l":"r1-1","p":"peer_aaaaaaaa","h":"host_bbbbbbbb","d":"h","n":0,"a":0,"m":"x"}',
    '{"k":"c","l":"r1-1","p":"peer_aaaaaaaa","h":"host_bbbbbbbb","d":"x","n":0,"a":0}',
    '{"k":"c","l":"zz","p":"peer_aaaaaaaa","h":"host_bbbbbbbb","d":"h","n":0,"a":0}',
    '{"k":"c","l":"r1-1","p":"short","h":"host_bbbbbbbb","d":"h","n":0,"a":0}',
    '{"k":"c","l":"r1-1","p":"peer_aaaaaaaa","h":"host_bbbbbbbb","d":"h","n":-1,"a":0}',
    '{"k":"c","l":"r1-1","p":"peer_aaaaaaaa","h":"host_bbbbbbbb","d":"h","n":1,"a":true,'
    '"m":"x"}',
    '{"k":"c","l":"r1-1","p":"peer_aaaaaaaa","h":"host_bbbbbbbb","d":"h","n":1,"a":0,"m":[]}',
    '{"k":"c","l":"r1-1","p":"peer_aaaaaaaa","h":"host_bbbbbbbb","d":"h","n":0,"a":0,"f":1}',
    '{"k":"c","l":"r1-1","p":"peer_aaaaaaaa","h":"host_bbbbbbbb","d":"h","n":0,"a":0,"z":1}',
])
def test_malformed_frames_are_dropped_never_raised(text):
    assert carriage.read_frame(text) is None


def test_long_messages_go_in_pieces_and_come_out_whole_in_order():
    rng = random.Random(5)
    a = carriage.Carriage("r2-1", "peer_aaaaaaaa", "host_bbbbbbbb", "h", 0)
    b = carriage.Carriage("r2-1", "peer_aaaaaaaa", "host_bbbbbbbb", "g", 0)
    texts = ["x" * (2 * carriage.CHUNK + 500) + "end", "short", "y" * carriage.CHUNK]
    frames = [f for text in texts for f in a.send(text, 0)]
    assert len(frames) == 3 + 1 + 1
    assert all(len(f) < carriage.CHUNK + 200 for f in frames)
    rng.shuffle(frames)
    got = []
    for f in frames + frames[:2]:
        got += b.receive(carriage.read_frame(f), 0)
    assert got == texts
    # the acknowledgement clears the sender's resends; silence closes after DEAD_MS
    a.receive(carriage.read_frame(b.flush(0)[0]), 0)
    assert a.unacked == {} and a.tick(100) == []
    assert a.tick(carriage.IDLE_MS)  # a keep-alive when idle
    assert not b.dead(carriage.DEAD_MS - 1) and b.dead(carriage.DEAD_MS)
    # "gone" closes the other side
    b.receive(carriage.read_frame(a.close()), 1)
    assert b.closed and b.send("late", 2) == []
