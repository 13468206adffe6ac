"""The rules as a sheet: its close button stays in view however far one reads, a short table
of contents jumps to a section, every power has an example, and the phone's back button closes
the sheet (a history entry of its own) instead of leaving the page."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from .driver import new_game, open_page, wait_idle
from .test_axe import serious

pytestmark = pytest.mark.e2e


def close_in_view(page: Page, name: str) -> None:
    expect(page.get_by_role("button", name=name, exact=True)).to_be_in_viewport()


def test_the_rules_sheet_on_a_phone_in_german(page: Page) -> None:
    page.set_viewport_size({"width": 390, "height": 844})
    open_page(page, 1, "de")
    url = page.url
    page.get_by_role("button", name="Regeln", exact=True).click()
    sheet = page.get_by_role("region", name="Die gewählten Regeln")
    expect(sheet).to_be_visible()
    close_in_view(page, "Regeln schließen")
    toc = page.get_by_role("navigation", name="Inhalt")
    expect(toc.get_by_role("button")).not_to_have_count(0)
    toc.get_by_role("button", name="Kartenfähigkeiten").click()
    powers = page.get_by_role("heading", name="Kartenfähigkeiten")
    expect(powers).to_be_in_viewport()
    assert page.evaluate("scrollY") > 300  # the sheet is long: the jump really scrolled
    close_in_view(page, "Regeln schließen")  # still one tap away down here
    examples = page.locator(".rs-section li").filter(has_text="Beispiel:")
    expect(examples).to_have_count(3)  # 7/8, 9/10, 11/12 of the official rules
    assert serious(page) == [], "rules sheet"
    page.go_back()  # the phone's back button
    expect(page.get_by_role("heading", name="Neues Spiel")).to_be_visible()
    assert page.url == url  # still the app, the sheet closed
    page.get_by_role("button", name="Regeln", exact=True).click()
    page.get_by_role("button", name="Regeln schließen").click()
    expect(page.get_by_role("heading", name="Neues Spiel")).to_be_visible()
    page.get_by_role("button", name="Regeln", exact=True).click()  # opens again after that
    expect(sheet).to_be_visible()


def test_the_back_button_closes_the_rules_of_a_running_game(page: Page) -> None:
    page.set_viewport_size({"width": 1280, "height": 800})
    open_page(page, 2, "en")
    new_game(page, "single", kinds=("person", "easy"))
    page.get_by_role("button", name="Rules", exact=True).click()
    expect(page.get_by_role("region", name="The rules of this game")).to_be_visible()
    expect(page.locator(".rs-section li").filter(has_text="Example:")).to_have_count(4)
    page.go_back()
    wait_idle(page)
    expect(page.get_by_role("group", name="Moves")).to_be_visible()
    expect(page.get_by_role("region", name="The rules of this game")).to_have_count(0)
