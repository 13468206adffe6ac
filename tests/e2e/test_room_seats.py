"""Online rooms: a seat outlives its device. The host gives a seat a new code ("New code for
Ada"): the device that played it is told, at the top of its page, that it was replaced and
what to do; a new device takes the seat with the new code. Local relay on 127.0.0.1 (every
request is checked by the `room` fixture)."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import expect

from . import driver
from .test_net import HOST_NAME, NAMES, mover, play_moves, play_round, totals
from .test_room import Room, relay  # noqa: F401 - the fixture

pytestmark = pytest.mark.e2e


@pytest.fixture
def room(browser, base_url, relay):
    r = Room(browser, base_url, relay, count=2)
    yield r
    r.close()
    assert r.outside() == [], r.outside()
    assert any(u.startswith(relay.url) for u in r.urls)
    errors = [e for e in r.errors if "favicon" not in e]
    assert errors == [], errors


def test_a_new_device_takes_over_a_seat_with_a_new_code_and_the_old_one_is_told(room):
    codes = room.open_room("official", seed=4)
    host, old = room.pages
    room.join(old, codes[1], NAMES[1])
    expect(host.locator("#room-seat-1")).to_contain_text("Ada is at the table.")
    # the QR way's invitation is not offered beside the room's code
    expect(host.get_by_role("button", name="Invite Ada")).to_have_count(0)
    # everyone is at the table: the room's codes and devices are folded away
    new_code_button = host.get_by_role("button", name="New code for Ada")
    expect(new_code_button).to_be_hidden()
    host.get_by_text("Codes, relays and devices").click()
    new_code_button.click()
    # the old device: told at the top of its page, with the field for a new code
    told = old.locator("#room-told")
    expect(told).to_have_text("The host gave your seat to another device with a new code. "
                              "To play on this device, ask the host for a new code and type "
                              "it here.", timeout=15_000)
    assert told.bounding_box()["y"] < 400
    expect(old.get_by_label("Room code from the host")).to_be_visible()
    expect(old.locator("#status")).to_have_count(0)
    # the host: a new code for the seat, not the old one
    new_code = host.locator("#room-seat-1 [data-code]").get_attribute("data-code")
    assert new_code and new_code != codes[1]
    # the old code on the old device: told again, no seat, no state
    old.get_by_label("Room code from the host").fill(codes[1])
    old.get_by_role("button", name="Join the room").click()
    old.get_by_role("button", name="Contact them and join").click()
    expect(told).to_contain_text("The host gave your seat to another device", timeout=20_000)
    assert old.locator("#status").count() == 0
    # a new device with the new code: at Ada's seat, and the round goes on
    new = room.new_page()
    room.pages = [host, new]
    room.join(new, new_code, NAMES[1])
    expect(host.locator("#room-seat-1")).to_contain_text("Ada is at the table.")
    expect(new.get_by_role("group", name="Your cards")).to_be_visible()
    play_moves(room, {host: driver.Player(host, 99), new: driver.Player(new, 99)}, 3)
    assert old.locator("#status").count() == 0


def test_a_stand_in_bot_plays_an_absent_seat_and_hands_it_back(room):
    host, guest = room.pages
    driver.open_page(host, 6, query=room.query)
    driver.across_devices_form(host, "official", "Mia", 1)
    host.get_by_role("button", name="Open an online room").click()
    host.get_by_label("A bot plays for them").select_option("0")  # only when the host says so
    host.get_by_label("Level of that bot").select_option("easy")
    host.get_by_role("button", name="Contact them and open the room").click()
    code = host.locator("#room-seat-1 [data-code]").get_attribute("data-code")
    room.join(guest, code, NAMES[1])
    players = {host: driver.Player(host, 99), guest: driver.Player(guest, 99)}
    play_moves(room, players, 3)
    # Ada's phone is gone: the host lets a bot play for her, and the game goes on
    guest.goto("about:blank")
    host.get_by_role("button", name="Let a bot play for Ada").click()
    expect(host.get_by_text("Ada: away, a bot plays for now")).to_be_visible()
    room.pages = [host]
    step = int(host.locator(".net-panel:not(.room-panel)").get_attribute("data-step"))
    play_moves(room, {host: players[host]}, 4)
    assert int(host.locator(".net-panel:not(.room-panel)").get_attribute("data-step")) >= \
        step + 6  # the host's moves and the bot's for Ada in between
    # Ada comes back on her phone: she takes her seat over, the bot stops
    guest.goto(f"./?seed=1&lang=en{room.query}")
    expect(guest.locator("#status")).to_be_visible(timeout=60_000)
    expect(host.locator("#room-seat-1")).to_contain_text("Ada is at the table.")
    expect(host.get_by_text("Ada: away, a bot plays for now")).to_have_count(0)
    room.pages = [host, guest]
    play_moves(room, players, 2)


def saved_codes(host) -> dict:
    """The room's codes as the host's page keeps them ({seat: code})."""
    saved = json.loads(host.evaluate("localStorage.getItem('cabo.room.host')"))
    return {int(seat): code for seat, code in saved["codes"].items()}


def test_play_again_asks_the_guest_and_seats_it_with_no_new_code(room):
    codes = room.open_room("single", seed=8)
    host, guest = room.pages
    room.join(guest, codes[1], NAMES[1])
    players = {host: driver.Player(host, 99), guest: driver.Player(guest, cabo_after_draws=1)}
    play_round(room, players)
    for page in (host, guest):
        expect(page.get_by_role("heading", name="Game over")).to_be_visible()
    assert totals(host) == totals(guest)
    assert saved_codes(host) == codes
    host.get_by_role("region", name="Online room").get_by_role(
        "button", name="Play again").click()
    # the guest is asked; the host sees who has answered
    expect(guest.get_by_role("heading", name=f"{HOST_NAME} asks: play another game?")) \
        .to_be_visible()
    answer = host.locator("#room-answer-1")
    expect(answer).to_have_text("Ada: has not answered yet")
    guest.get_by_role("button", name="No, not this time").click()
    expect(answer).to_have_text("Ada: no")
    expect(guest.locator("#room-said")).to_contain_text("You said no.")
    guest.get_by_role("button", name="Yes, play").click()  # changed her mind
    expect(answer).to_have_text("Ada: yes")
    expect(guest.locator("#room-said")).to_have_text(
        f"You said yes. You play as soon as {HOST_NAME} starts the new game; you keep your "
        "seat.")
    host.get_by_role("button", name="Start the new game").click()
    # the guest is seated for the new game, told so, with no code typed
    expect(guest.get_by_role("alert")).to_contain_text(
        f"{HOST_NAME} started the new game. You keep your seat.")
    for page in (host, guest):
        expect(page.get_by_role("heading", name="Game over")).to_have_count(0)
        expect(page.get_by_role("group", name="Your cards")).to_be_visible()
    expect(host.locator("#room-seat-1")).to_contain_text("Ada is at the table.")
    expect(guest.locator("#room-asked")).to_have_count(0)
    guest.get_by_role("alert").get_by_role("button").click()
    # Ada plays her own seat in the second game (no stand-in plays it)
    players = {host: driver.Player(host, 99), guest: driver.Player(guest, 99)}
    movers = []
    for _ in range(4):
        room.sync()
        movers.append(mover(room))
        players[movers[-1]].step()
    assert guest in movers
    # the room kept its codes: a reload of the guest comes back with the same one
    assert saved_codes(host) == codes
    guest.reload()
    expect(guest.locator("#status")).to_be_visible(timeout=60_000)
    expect(host.locator("#room-seat-1")).to_contain_text("Ada is at the table.")


def test_the_hosts_hand_and_buttons_are_in_view_at_its_turn_on_a_phone(room):
    host, guest = room.pages
    host.set_viewport_size({"width": 390, "height": 844})
    codes = room.open_room("official", seed=11)
    room.join(guest, codes[1], NAMES[1])
    players = {host: driver.Player(host, 99), guest: driver.Player(guest, 99)}

    def hosts_turn():
        for _ in range(40):
            room.sync()
            if "Draw" in driver.buttons(host):
                return
            players[mover(room)].step()
        raise AssertionError("the host never had its turn")

    def in_view():
        for part in (host.locator(".player.me"),
                     host.get_by_role("group", name="Moves")):
            box = part.bounding_box()
            assert box is not None and 0 <= box["y"] and box["y"] + box["height"] <= 844, box

    hosts_turn()
    in_view()
    host.reload()  # after a reload too (the panels were 620 px tall, the cards at y = 784)
    expect(host.locator("#room-seat-1")).to_contain_text("Ada is at the table.",
                                                         timeout=60_000)
    hosts_turn()
    in_view()
