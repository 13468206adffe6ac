"""The new-game form: presets, custom rules, hand size, players; settings are remembered."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from .conftest import BOOT_TIMEOUT_MS
from .driver import open_page, open_settings, wait_idle

pytestmark = pytest.mark.e2e


def test_custom_rules_hand_size_and_players(page: Page) -> None:
    open_page(page, 71)
    open_settings(page)
    expect(page.get_by_role("radio", name=re.compile("^Official"))).to_be_checked()
    expect(page.get_by_label("Player 1 is")).to_have_value("person")
    expect(page.get_by_label("Number of players")).to_have_value("3")
    page.get_by_role("radio", name=re.compile("^Standard 52")).check()
    options = page.get_by_label("Number of players").locator("option").all_inner_texts()
    assert options == ["2", "3", "4", "5", "6"]
    page.get_by_role("radio", name=re.compile("^Official")).check()
    page.get_by_label("Number of players").select_option("4")
    page.get_by_label("Name of player 4").fill("Dora")
    page.get_by_label("Cards per player").select_option("5")
    page.get_by_text("Custom rules", exact=True).click()
    page.get_by_label("Initial peek").select_option("all")
    page.get_by_label("Speed").select_option("instant")
    page.get_by_role("button", name="Start game").click()
    wait_idle(page)
    expect(page.get_by_role("region", name="Dora's cards")).to_be_visible()
    expect(page.get_by_role("group", name="Your cards").get_by_role("button")).to_have_count(5)
    expect(page.locator("#status")).to_contain_text("Look at your cards")
    page.get_by_role("group", name="Moves").get_by_role("button", name="Look at the cards").click()
    expect(page.get_by_role("button", name=re.compile(r"^Your card 5, \S+, seen by you"))
           ).to_be_visible()

    # the form remembers the settings, also after a reload
    page.get_by_role("button", name="New game").click()
    open_settings(page)
    expect(page.get_by_label("Cards per player")).to_have_value("5")
    page.reload()
    expect(page.get_by_test_id("ready")).to_be_visible(timeout=BOOT_TIMEOUT_MS)
    page.get_by_role("button", name="New game").click()
    open_settings(page)
    expect(page.get_by_label("Name of player 4")).to_have_value("Dora")
    page.get_by_role("button", name="Done").click()
    page.get_by_role("button", name="Continue").click()
    expect(page.get_by_role("region", name="Dora's cards")).to_be_visible()


def test_rules_that_do_not_fit_are_explained(page: Page) -> None:
    open_page(page, 72)
    open_settings(page)
    page.get_by_label("Player 1 is").select_option("easy")
    expect(page.get_by_role("alert")).to_contain_text("At least one player must be a person")
    expect(page.get_by_role("button", name="Start game")).to_be_disabled()
    page.get_by_label("Player 1 is").select_option("person")
    page.get_by_text("Custom rules", exact=True).click()
    page.get_by_label("Discard pairs any time").select_option("true")
    expect(page.get_by_role("alert")).to_contain_text("These options do not fit together")
    page.get_by_label("Matching onto the discard").select_option("any")
    expect(page.get_by_role("alert")).to_have_count(0)
    expect(page.get_by_role("button", name="Start game")).to_be_enabled()
