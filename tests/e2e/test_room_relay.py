"""Online rooms where no direct path opens: the game goes through the relay (cabo/net/carriage.py,
cabo/web/relaypage.py). Chromium is started with --webrtc-ip-handling-policy=
disable_non_proxied_udp: with no proxy it offers no UDP candidate, so no data channel can open
(the test checks that none did). Host and guest find each other through the local relay
(mosquitto on 127.0.0.1) and play a round to its scoring through it; a guest reload comes back
the same way. Every request and WebSocket goes to 127.0.0.1."""

from __future__ import annotations

import re
import time

import pytest
from playwright.sync_api import expect

from . import driver
from .conftest import BOOT_TIMEOUT_MS, CHROMIUM, CHROMIUM_ARGS
from .test_net import NAMES, mover, totals
from .test_room import TABLE_MS, Room

pytestmark = pytest.mark.e2e
NO_DIRECT = "--webrtc-ip-handling-policy=disable_non_proxied_udp"


@pytest.fixture
def relay_room(browser_type, base_url, tmp_path):
    from .relay import Relay

    relay = Relay(tmp_path)
    relay.start()
    browser = browser_type.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS + [NO_DIRECT])
    room = Room(browser, base_url, relay, count=2)
    yield room
    room.close()
    browser.close()
    relay.stop()
    assert room.outside() == [], room.outside()
    assert any(u.startswith(relay.url) for u in room.urls)
    errors = [e for e in room.errors if "favicon" not in e]
    assert errors == [], errors
    # the game never logs a line per message
    assert not [line for line in room.console if "cabo.room: error" in line]


def test_no_direct_path_the_game_goes_through_the_relay_and_a_reload_comes_back(relay_room):
    room = relay_room
    codes = room.open_room("official", seed=9)
    host, guest = room.pages
    seconds = room.join(guest, codes[1], NAMES[1])
    print(f"\nseconds from the click on join to the guest's table, no direct path "
          f"(the direct attempt given up after relaypage.RELAY_AFTER): {seconds:.2f}")
    expect(guest.locator("#room-way")).to_have_text(
        "No direct way between the devices: the game goes through the relay, encrypted "
        "with the room code.")
    expect(host.locator("#room-seat-1")).to_have_text("Ada is at the table. Through the relay.")
    players = {host: driver.Player(host, 99), guest: driver.Player(guest, cabo_after_draws=1)}
    before = room.relay.publishes()
    moves, waits = 0, []
    for _ in range(400):
        room.sync()
        page = mover(room)
        if page is None:
            break
        start = time.monotonic()
        players[page].step()
        room.sync()
        waits.append(time.monotonic() - start)
        moves += 1
    else:
        raise AssertionError("the round did not end")
    after = room.relay.publishes()
    assert players[guest].called
    assert totals(host) == totals(guest)
    sent = {k: (after[k][0] - before[k][0], after[k][1] - before[k][1]) for k in after}
    waits.sort()
    print(f"{moves} moves through the relay: seconds from a move's tap to both devices in "
          f"step, median {waits[len(waits) // 2]:.2f}, max {waits[-1]:.2f}; relay PUBLISH "
          f"in {sent['in'][0]} packets, {sent['in'][1]} B ({sent['in'][1] / moves:.0f} B "
          f"per move), out {sent['out'][0]} packets, {sent['out'][1]} B")
    # within public brokers' limits: no relay message near their size limits
    sizes = [int(n) for n in re.findall(
        r"Received PUBLISH from .*\((\d+) bytes\)\)", room.relay.log_text())]
    assert sizes and max(sizes) < 20_000, max(sizes)
    print(f"largest relay message of the whole test: {max(sizes)} B")

    # the guest reloads: back at its seat, through the relay again, with nothing typed
    start = time.monotonic()
    guest.reload()
    expect(guest.locator("#status")).to_be_visible(timeout=BOOT_TIMEOUT_MS + TABLE_MS)
    print(f"seconds from the guest's reload to its table through the relay (page boot "
          f"included): {time.monotonic() - start:.2f}")
    expect(guest.locator("#room-way")).to_contain_text("through the relay")
    expect(host.locator("#room-seat-1")).to_have_text("Ada is at the table. Through the relay.")
    room.sync()
    assert totals(host) == totals(guest)
    # no data channel ever opened on either page: everything went through the relay
    assert host.evaluate("caboNet.opened") == 0
    assert guest.evaluate("caboNet.opened") == 0
