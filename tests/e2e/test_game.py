"""A whole official game, reload and resume, damaged saves, language, hot-seat."""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import Page, expect

from .conftest import BOOT_TIMEOUT_MS
from .driver import Player, buttons, new_game, open_page, open_settings, press, round_result, wait_idle

pytestmark = pytest.mark.e2e


def snapshot(page: Page) -> dict:
    """What the table shows: every card's name, piles, status, totals."""
    return {
        "cards": page.locator(".card[aria-label]").evaluate_all(
            "nodes => nodes.map(n => n.getAttribute('aria-label'))"),
        "status": page.locator("#status").inner_text(),
        "buttons": buttons(page),
        "scores": page.get_by_role("region", name="Score table").inner_text(),
    }


def test_an_official_game_to_its_end(page: Page) -> None:
    open_page(page, 21)
    new_game(page, "official")
    rounds = 0
    while not page.get_by_role("heading", name="Game over").count():
        Player(page, cabo_after_draws=0).play_round()
        rounds += 1
        result = round_result(page)
        assert len(result["rows"]) == 3
        if page.get_by_role("button", name="Next round").count():
            press(page, "Next round")
        assert rounds < 40
    assert rounds >= 2
    totals = {r["total"] for r in round_result(page)["rows"].values()}
    assert max(totals) > 100
    table = page.get_by_role("region", name="Score table")
    names = table.get_by_role("columnheader").all_inner_texts()
    total_row = table.get_by_role("row", name="Total").get_by_role("cell").all_inner_texts()
    by_name = dict(zip(names, map(int, total_row)))
    best = min(by_name.values())
    winners = [n for n, v in by_name.items() if v == best]
    text = page.get_by_role("region", name="Game over").inner_text()
    if winners == ["You"]:
        assert "You won the game!" in text
    else:
        assert all(n in text for n in winners) and "won the game" in text
    expect(page.get_by_role("region", name="Game over").get_by_role(
        "button", name="New game")).to_be_visible()


def test_reload_mid_turn_and_mid_round_resumes_exactly(page: Page) -> None:
    open_page(page, 31)
    new_game(page, "official")
    person = Player(page, cabo_after_draws=99)
    person.step()  # the initial peek
    press(page, "Hide the cards") if "Hide the cards" in buttons(page) else None
    for _ in range(6):  # a few turns: draw, replace or discard, powers skipped
        person.step()
    while "Draw" not in buttons(page):
        person.step()
    before = snapshot(page)
    assert any("seen by you" in c for c in before["cards"])
    page.reload()
    expect(page.get_by_test_id("ready")).to_be_visible(timeout=BOOT_TIMEOUT_MS)
    wait_idle(page)
    assert snapshot(page) == before  # mid-round, at the start of a turn

    press(page, "Draw")
    drawn = page.get_by_role("img", name=re.compile("^Drawn card: ")).get_attribute("aria-label")
    before = snapshot(page)
    page.reload()
    expect(page.get_by_test_id("ready")).to_be_visible(timeout=BOOT_TIMEOUT_MS)
    wait_idle(page)
    assert snapshot(page) == before  # mid-turn: the same drawn card, same choices
    expect(page.get_by_role("img", name=drawn)).to_be_visible()
    press(page, "Discard the drawn card")


@pytest.mark.parametrize("bad, message", [
    ("{not json", "could not be loaded"),
    (json.dumps({"schema": 0, "state": {}}), "another version"),
    (json.dumps({"schema": 2, "seed": 3, "seats": [], "state": {"schema": 1}}),
     "could not be loaded"),
])
def test_a_damaged_save_gives_a_message_and_a_fresh_start(page: Page, bad, message) -> None:
    open_page(page, 41)
    page.evaluate("bad => localStorage.setItem('cabo.save', bad)", bad)
    page.reload()
    expect(page.get_by_test_id("ready")).to_be_visible(timeout=BOOT_TIMEOUT_MS)
    expect(page.get_by_role("alert")).to_contain_text(message)
    expect(page.get_by_role("heading", name="New game")).to_be_visible()
    assert page.evaluate("localStorage.getItem('cabo.save.backup')") == bad
    page.get_by_role("button", name="OK").click()
    expect(page.get_by_role("alert")).to_have_count(0)
    new_game(page, "official")
    expect(page.locator("#status")).to_contain_text("Choose 2 of your cards")


def test_german_by_default_for_german_browsers_and_switchable(browser, base_url, site_url,
                                                              console_errors) -> None:
    context = browser.new_context(locale="de-DE", base_url=base_url)
    page = context.new_page()
    page.on("console", lambda m: console_errors.append(m.text) if m.type == "error" else None)
    page.goto("./?seed=5")
    expect(page.get_by_test_id("ready")).to_be_visible(timeout=BOOT_TIMEOUT_MS)
    expect(page.get_by_role("heading", name="Neues Spiel")).to_be_visible()
    page.get_by_role("button", name="Einstellungen").click()
    expect(page.get_by_role("radio", name=re.compile("^Offiziell"))).to_be_checked()
    page.get_by_label("Sprache").select_option("en")
    expect(page.get_by_role("heading", name="Settings", exact=True)).to_be_visible()
    page.reload()
    expect(page.get_by_role("heading", name="New game")).to_be_visible(timeout=BOOT_TIMEOUT_MS)
    context.close()


def test_hot_seat_passes_the_device_between_people(page: Page) -> None:
    open_page(page, 51)
    open_settings(page)
    page.get_by_label("Player 2 is").select_option("person")
    page.get_by_label("Name of player 2").fill("Bea")
    # two people at one device: "You" would name nobody, so player 1 has a real name
    expect(page.get_by_label("Name of player 1")).to_have_value("Alex")
    page.get_by_label("Speed").select_option("instant")
    page.get_by_role("button", name="Start game").click()
    wait_idle(page)
    page.get_by_role("button", name="I am Alex: show my cards").click()
    Player(page).step()  # Alex looks at two cards; they stay visible for a moment
    expect(page.get_by_role("button", name=re.compile(r"^Your card 1, \S+, seen by you"))).to_be_visible()
    press(page, "Hide the cards")
    expect(page.get_by_role("heading", name="Pass the device to Bea")).to_be_visible()
    expect(page.get_by_role("button", name=re.compile("^Your card"))).to_have_count(0)
    page.get_by_role("button", name="I am Bea: show my cards").click()
    expect(page.locator("#status")).to_contain_text("Choose 2 of your cards")
