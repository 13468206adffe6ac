"""Online rooms: a host and guests in separate browser contexts find each other through a
real relay on 127.0.0.1 (mosquitto, tests/e2e/relay.py) by a typed room code, then play over
real WebRTC data channels (no STUN: ?stun=none). Every request and WebSocket of these pages
must go to 127.0.0.1."""

from __future__ import annotations

import re
import time
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Browser, Page, expect

from cabo.net import room as rooms

from . import driver
from .conftest import BOOT_TIMEOUT_MS
from .relay import Relay
from .test_net import HOST_NAME, NAMES, in_step, play_moves, play_round, totals

pytestmark = pytest.mark.e2e

# From the click on "join" to the table (relay, ICE, first state): as long as a guest waits for
# one offer's channel before it asks for a new one (roompage.ANSWER_SECONDS), and then some.
TABLE_MS = 45_000


@pytest.fixture
def relay(tmp_path):
    r = Relay(tmp_path)
    r.start()
    yield r
    r.stop()


class Room:
    """A host page and guest pages, each in its own context, all pointed at the relay."""

    def __init__(self, browser: Browser, base_url: str, relay: Relay, count: int = 3):
        self.browser, self.base_url, self.relay = browser, base_url, relay
        self.query = f"&relay={relay.url}&stun=none"
        self.errors, self.console, self.urls, self.contexts = [], [], [], []
        self.allowed_errors = []
        self.pages = [self.new_page() for _ in range(count)]

    def new_page(self) -> Page:
        context = self.browser.new_context(base_url=self.base_url)
        self.contexts.append(context)
        context.on("request", lambda r: self.urls.append(r.url))
        page = context.new_page()
        page.on("websocket", lambda ws: self.urls.append(ws.url))
        page.on("pageerror", lambda e: self.errors.append(f"page error: {e}"))
        page.on("console", lambda m: self.console.append(m.text[:300]))
        page.on("console", lambda m: self.errors.append(m.text) if m.type == "error" else None)
        return page

    @property
    def host(self) -> Page:
        return self.pages[0]

    def open_room(self, preset: str, seed: int) -> dict:
        """The host opens an online room for seats 1.. ; returns {seat: code}."""
        page = self.host
        driver.open_page(page, seed, query=self.query)
        driver.across_devices_form(page, preset, HOST_NAME, len(self.pages) - 1)
        page.get_by_role("button", name="Open an online room").click()
        self.check_consent(page)
        page.get_by_role("button", name="Contact them and open the room").click()
        panel = page.get_by_role("region", name="Online room")
        expect(panel.get_by_text("Relays connected: 1 of 1.")).to_be_visible(timeout=10_000)
        # the room brings the guests: no QR invitation appears by itself
        expect(page.locator('[id^="invite-"]')).to_have_count(0)
        codes = {}
        for seat in range(1, len(self.pages)):
            code = page.locator(f"#room-seat-{seat} [data-code]")
            codes[seat] = code.get_attribute("data-code")
        return codes

    def check_consent(self, page: Page) -> None:
        """The consent screen lists this test's relay only, and no STUN server."""
        expect(page.get_by_role("heading", name="Before the online room opens")).to_be_visible()
        assert page.locator("#room-relay-list li").all_inner_texts() == [self.relay.url]
        assert page.locator("#room-stun-list li").count() == 0

    def join(self, guest: Page, code: str, name: str) -> float:
        """The guest types the code and its name and confirms: seconds from the click to its
        table."""
        driver.open_page(guest, 1, query=self.query)
        driver.open_friends(guest)
        guest.get_by_label("Room code from the host").fill(code.lower()[:4] + " " + code[4:])
        guest.get_by_role("button", name="Join the room").click()
        self.check_consent(guest)
        guest.get_by_label("Your name").fill(name)
        start = time.monotonic()
        guest.get_by_role("button", name="Contact them and join").click()
        try:
            expect(guest.locator("#status")).to_be_visible(timeout=TABLE_MS)
        except AssertionError as exc:  # where it stopped: both pages' consoles
            raise AssertionError(f"{exc}\nconsole: {self.console[-40:]}") from None
        return time.monotonic() - start

    def sync(self) -> None:
        in_step(self.host, self.pages[1:], ".net-panel:not(.room-panel)")

    def outside(self) -> list:
        return [u for u in self.urls if urlsplit(u.removeprefix("blob:")).hostname != "127.0.0.1"]

    def close(self) -> None:
        for context in self.contexts:
            context.close()


@pytest.fixture
def room(browser: Browser, base_url: str, relay: Relay):
    r = Room(browser, base_url, relay)
    yield r
    r.close()
    assert r.outside() == [], r.outside()
    assert any(u.startswith(relay.url) for u in r.urls)
    errors = [e for e in r.errors if "favicon" not in e
              and not any(a in e for a in r.allowed_errors)]
    assert errors == [], errors


def test_host_and_two_guests_join_by_code_and_play_a_round(room):
    codes = room.open_room("official", seed=7)
    host, g1, g2 = room.pages
    times, traffic = [], []
    for seat, guest in ((1, g1), (2, g2)):
        before = room.relay.publishes()
        times.append(room.join(guest, codes[seat], NAMES[seat]))
        after = room.relay.publishes()
        traffic.append({k: (after[k][0] - before[k][0], after[k][1] - before[k][1])
                        for k in after})
    print(f"\nseconds from the click on join to the guest's table (local relay): {times}")
    print(f"relay PUBLISH packets per join, (count, payload bytes): {traffic}")
    for join in traffic:  # a knock or two, one offer, one answer: a few kilobytes
        assert 3 <= join["in"][0] <= 6 and 1000 < join["in"][1] < 8000
    for guest in (g1, g2):
        expect(guest.get_by_role("group", name="Your cards")).to_be_visible()
    players = {host: driver.Player(host, 99), g1: driver.Player(g1, cabo_after_draws=1),
               g2: driver.Player(g2, 99)}
    play_round(room, players)
    assert totals(host) == totals(g1) == totals(g2)


# Keeps every data channel a page gets (window.__dcs), so that a test can drop one.
KEEP_CHANNELS = """(() => {
  const d = Object.getOwnPropertyDescriptor(RTCDataChannel.prototype, 'onmessage');
  Object.defineProperty(RTCDataChannel.prototype, 'onmessage', {
    set(f) { (window.__dcs ||= []).push(this); d.set.call(this, f); },
    get() { return d.get.call(this); }, configurable: true });
})();"""


def test_reloads_and_a_dropped_link_find_the_host_again_and_the_round_goes_on_without_the_relay(
        room):
    room.contexts[1].add_init_script(KEEP_CHANNELS)
    codes = room.open_room("official", seed=12)
    host, g1, g2 = room.pages
    room.join(g1, codes[1], NAMES[1])
    room.join(g2, codes[2], NAMES[2])
    players = {p: driver.Player(p, 99) for p in room.pages}
    play_moves(room, players, 4)  # the first peeks and a move or two
    before = g2.locator(".player.me").inner_text()
    # a guest reloads: back at its seat with no code typed and nothing scanned
    start = time.monotonic()
    g2.reload()
    expect(g2.locator("#status")).to_be_visible(timeout=BOOT_TIMEOUT_MS + TABLE_MS)
    print(f"\nseconds from a guest's reload to its table (page boot included): "
          f"{time.monotonic() - start:.2f}")
    room.sync()
    assert g2.locator(".player.me").inner_text() == before
    assert g2.locator(".player.me").get_attribute("aria-label") == "Your cards"
    # the host reloads: the guests say "reconnecting" and are back by themselves
    step = host.locator(".net-panel:not(.room-panel)").get_attribute("data-step")
    start = time.monotonic()
    host.reload()
    expect(g1.get_by_text("Reconnecting …")).to_be_visible(timeout=15_000)
    expect(host.get_by_test_id("ready")).to_be_visible(timeout=BOOT_TIMEOUT_MS)
    for guest in (g1, g2):
        expect(guest.get_by_text("Reconnecting …")).to_have_count(0, timeout=TABLE_MS)
    expect(host.get_by_text("Ada is at the table.")).to_be_visible(timeout=TABLE_MS)
    expect(host.get_by_text("Bruno is at the table.")).to_be_visible(timeout=TABLE_MS)
    print(f"seconds from the host's reload to both guests back: {time.monotonic() - start:.2f}")
    assert host.locator(".net-panel:not(.room-panel)").get_attribute("data-step") == step
    assert host.locator('[id^="invite-"]').count() == 0  # (none made by itself)
    # Ada's link drops (her channel closes): she knocks again and is back by herself
    g1.evaluate("""() => { window.__saw = false;
        new MutationObserver(() => { window.__saw ||= !!document.getElementById(
            'room-reconnecting'); }).observe(document.body, {subtree: true, childList: true});
        window.__dcs.at(-1).close(); }""")
    expect(g1.get_by_text("Reconnecting …")).to_have_count(0, timeout=TABLE_MS)
    expect(g1.locator("#status")).to_be_visible()
    assert g1.evaluate("window.__saw")  # it said "Reconnecting …" meanwhile
    expect(host.get_by_text("Ada is at the table.")).to_be_visible(timeout=TABLE_MS)
    room.sync()
    # the relay goes away: the game flows directly between the devices, to the round's end
    room.relay.stop()
    room.allowed_errors.append("WebSocket connection to")  # the relay clients' reconnects
    expect(g1.locator("#room-relays")).to_have_count(0)  # (no "reconnecting" on a guest)
    play_round(room, {p: driver.Player(p, 1 if p is g1 else 99) for p in room.pages})
    assert totals(host) == totals(g1) == totals(g2)


def test_a_wrong_code_joins_nothing_and_a_second_device_with_a_taken_code_gets_no_state(
        room, browser):
    codes = room.open_room("official", seed=5)
    host, g1, stranger = room.pages
    room.join(g1, codes[1], NAMES[1])
    # a code of the right shape that is not this room's: the guest only looks for a host
    wrong = "".join("23456789ABCDEFGH"[("23456789ABCDEFGH".find(c) + 1) % 16]
                    if c in "23456789ABCDEFGH" else "2" for c in codes[2])
    assert wrong != codes[2]
    driver.open_page(stranger, 1, query=room.query)
    driver.open_friends(stranger)
    stranger.get_by_label("Room code from the host").fill(wrong)
    stranger.get_by_role("button", name="Join the room").click()
    stranger.get_by_role("button", name="Contact them and join").click()
    expect(stranger.get_by_text(re.compile("Looking for the host of room"))).to_be_visible()
    expect(stranger.locator("#room-relays")).to_have_text("Relays connected: 1 of 1.")
    time.sleep(6)  # two knocks and more
    assert stranger.locator("#status").count() == 0
    stranger.get_by_role("button", name="Leave the online room").click()
    # Ada's code on a second device: the seat is Ada's (her token), so nothing at all
    rx = "window.__rx"
    stranger.evaluate("""() => { window.__rx = [];
        const d = Object.getOwnPropertyDescriptor(RTCDataChannel.prototype, 'onmessage');
        Object.defineProperty(RTCDataChannel.prototype, 'onmessage', {
          set(f) { d.set.call(this, (e) => { window.__rx.push(e.data); f(e); }); },
          get() { return d.get.call(this); }, configurable: true }); }""")
    driver.open_friends(stranger)
    stranger.get_by_label("Room code from the host").fill(codes[1])
    stranger.get_by_role("button", name="Join the room").click()
    stranger.get_by_role("button", name="Contact them and join").click()
    try:
        expect(stranger.locator("#room-told")).to_have_text(
            "This code's seat belongs to another device. If it is your seat (on a new phone, "
            "say), ask the host for a new code (“New code for …” on the host's table) and "
            "type it here.", timeout=TABLE_MS)
        # said in view: at the top of the page, with the field for a new code under it
        assert stranger.locator("#room-told").bounding_box()["y"] < 400
        expect(stranger.get_by_label("Room code from the host")).to_be_visible()
    except AssertionError as exc:
        raise AssertionError(f"{exc}\nconsole: {room.console[-30:]}\n"
                             f"stranger: {stranger.locator('main').inner_text()[:1500]}") from None
    received = stranger.evaluate(rx)
    assert received and all('"t":"state"' not in m and '"t":"welcome"' not in m
                            for m in received), received
    assert stranger.locator("#status").count() == 0
    # Ada plays on: her seat was never given away
    expect(host.get_by_text("Ada is at the table.")).to_be_visible()
    expect(g1.locator("#status")).to_be_visible()

    # malformed relay messages: garbage on the room's topic (it does not decrypt) and
    # malformed decrypted texts are dropped, and nothing raises
    key, topic = rooms.derive(codes[1])
    derived = stranger.evaluate("([c, s, i, p]) => caboRoom.deriveHex(c, s, i, p)",
                                [codes[1], rooms.SALT, rooms.ITERATIONS, rooms.TOPIC_PREFIX])
    assert derived == {"key": key.hex(), "topic": topic}  # WebCrypto = hashlib
    dropped = host.evaluate("caboRoom.counts.dropped")
    stranger.evaluate("""async ([url, topic]) => {
        const mqtt = (await import('./static/vendor/mqtt/mqtt.esm.js')).default;
        const c = mqtt.connect(url);
        await new Promise((ok) => c.on('connect', ok));
        for (const junk of ['x', '{"k":"knock","p":"peer_0123"}', 'A'.repeat(40000)])
            c.publish(topic, junk);
        c.publish(topic, new Uint8Array(64));
        await new Promise((ok) => setTimeout(ok, 300));
        c.end(true); }""", [room.relay.url, topic])
    deadline = time.monotonic() + 5
    while host.evaluate("caboRoom.counts.dropped") < dropped + 4 and time.monotonic() < deadline:
        time.sleep(0.1)
    assert host.evaluate("caboRoom.counts.dropped") == dropped + 4
    for junk in ['{"k":[]}', '{"k":"answer","p":"peer_0123","l":"r1-1","sdp":5}', "[" * 3000,
                 '{"k":"knock","p":"peer_0123","extra":1}']:
        host.evaluate("([c, t]) => caboRoom.onevent(c, 'message', t)", [codes[1], junk])
    host.evaluate("([c]) => caboRoom.onevent(c, 'message', 42)", [codes[1]])
    assert not [line for line in room.console if "cabo.room: error" in line]
    expect(host.get_by_text("Ada is at the table.")).to_be_visible()


def test_no_relay_answering_is_said_in_words_pointing_to_the_qr_way(browser, base_url):
    from .relay import free_port

    context = browser.new_context(base_url=base_url)
    page = context.new_page()
    urls = []
    context.on("request", lambda r: urls.append(r.url))
    page.on("websocket", lambda ws: urls.append(ws.url))
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    dead = f"ws://127.0.0.1:{free_port()}"  # nothing listens there
    driver.open_page(page, 1, lang="de", query=f"&relay={dead}&stun=none")
    page.get_by_role("button", name="Mit Freunden spielen").click()
    page.get_by_label("Raum-Code vom Gastgeber").fill("ABCD2345")
    page.get_by_role("button", name="Beitreten", exact=True).last.click()
    page.get_by_role("button", name="Kontaktieren und beitreten").click()
    expect(page.locator("#room-no-relay")).to_have_text(re.compile(
        "Keines der Relays hat innerhalb von 6 Sekunden geantwortet.*QR-Codes"), timeout=15_000)
    assert errors == []
    assert [u for u in urls if urlsplit(u).hostname != "127.0.0.1"] == []
    assert dead in [u.rstrip("/") for u in urls]
    context.close()


def test_the_defaults_are_shown_first_and_nothing_is_contacted_before_the_choice(
        browser, base_url):
    from cabo.net import services

    context = browser.new_context(base_url=base_url)
    page = context.new_page()
    urls = []
    context.on("request", lambda r: urls.append(r.url))
    page.on("websocket", lambda ws: urls.append(ws.url))
    driver.open_page(page, 1)  # no ?relay=: the page's own defaults
    driver.open_friends(page)
    page.get_by_label("Room code from the host").fill("ABCD-2345")
    page.get_by_role("button", name="Join the room").click()
    expect(page.get_by_role("heading", name="Before the online room opens")).to_be_visible()
    assert page.locator("#room-relay-list li").all_inner_texts() == list(services.DEFAULT_RELAYS)
    assert page.locator("#room-stun-list li").all_inner_texts() == list(services.DEFAULT_STUN)
    assert page.get_by_label("TURN server", exact=False).input_value() == ""
    page.get_by_role("button", name="Back").click()
    expect(page.get_by_role("button", name="Open an online room")).to_be_visible()
    page.wait_for_timeout(1000)
    assert [u for u in urls if urlsplit(u.removeprefix("blob:")).hostname != "127.0.0.1"] == []
    assert not page.evaluate("caboRoom.relaysUp('ABCD2345')")
    context.close()
