"""A full axe-core scan (every rule, not only the name rules of test_access.py) of the setup,
table, rules and score screens: no serious or critical violation, in both languages.

axe-core comes from npm (a devDependency) and is injected by the test; the site never ships it.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from . import driver
from .conftest import BOOT_TIMEOUT_MS, ROOT
from .driver import Player, new_game, open_page

pytestmark = pytest.mark.e2e

AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"


def serious(page: Page) -> list:
    """The serious and critical violations of every axe rule on the page as it is now."""
    if not page.evaluate("typeof axe !== 'undefined'"):
        page.add_script_tag(content=Path(AXE).read_text(encoding="utf-8"))
    result = page.evaluate("() => axe.run(document)")
    return [(v["id"], v["impact"], [n["html"][:100] for n in v["nodes"]][:4])
            for v in result["violations"] if v["impact"] in ("serious", "critical")]


@pytest.mark.parametrize("lang", ["en", "de"])
def test_no_serious_violation_on_any_screen(page: Page, lang: str) -> None:
    open_page(page, 11, lang)
    assert serious(page) == [], "start"
    page.get_by_role("button", name="Play with friends" if lang == "en"
                     else "Mit Freunden spielen").click()
    expect(page.locator("#friends-title")).to_be_focused()
    assert serious(page) == [], "play with friends"
    page.go_back()  # the browser's back button closes the sheet
    page.get_by_role("button", name="Settings" if lang == "en" else "Einstellungen").click()
    page.locator("details.custom > summary").click()  # the custom rules editor, open
    assert serious(page) == [], "settings"
    if lang == "de":
        # the rules of the chosen preset, in German; the German table shares every style
        page.get_by_role("radio", name=re.compile("^Party")).check()
        page.get_by_role("button", name="Regeln", exact=True).click()
        sheet = page.get_by_role("region", name="Die gewählten Regeln")
        expect(sheet).to_contain_text("eine eigene oder eine fremde")
        expect(sheet.get_by_role("heading", level=3)).to_have_count(10)  # with the extras
        assert serious(page) == [], "rules"
        page.get_by_role("button", name="Zurück zum neuen Spiel").click()
        expect(page.get_by_role("heading", name="Einstellungen")).to_be_visible()
        return
    new_game(page, "official")
    assert serious(page) == [], "table, initial peek"
    player = Player(page, cabo_after_draws=2)
    for _ in range(3):
        player.step()
    assert serious(page) == [], "table, mid-round"
    page.get_by_role("button", name="Rules", exact=True).click()
    expect(page.get_by_role("heading", name="The rules of this game")).to_be_visible()
    assert serious(page) == [], "rules"
    page.get_by_role("button", name="Back to the game").click()
    player.play_round()
    page.get_by_text("Game log", exact=True).click()
    assert serious(page) == [], "reveal and score table"


def test_no_serious_violation_on_the_play_across_devices_panels(browser, base_url) -> None:
    """The host's devices panel, its invitation (link and QR code), a guest's answer code and
    both tables once connected; then the guest's table in German."""
    from .test_net import Devices
    d = Devices(browser, base_url, count=2)
    try:
        host, guest = d.pages
        driver.open_page(host, 7)
        assert serious(host) == [], "the set-up with play with others"
        d.host_game("official", 7)
        link = host.get_by_label("Invitation link for Guest 1")  # it appears by itself
        expect(link).to_have_value(re.compile("#join="), timeout=10_000)
        assert serious(host) == [], "host's panel with an invitation, its QR code and buttons"
        guest.goto(link.input_value())
        expect(guest.get_by_role("heading", name="Your name at the table")).to_be_visible(
            timeout=BOOT_TIMEOUT_MS)
        assert serious(guest) == [], "guest's name"
        guest.get_by_role("textbox", name="Your name").fill("Ada")
        guest.get_by_role("button", name="Continue").click()
        answer = guest.get_by_label("Answer code")
        expect(answer).to_have_value(re.compile(".{40,}"), timeout=BOOT_TIMEOUT_MS)
        assert serious(guest) == [], "guest's answer code"
        host.get_by_label("Answer code from Guest 1").fill(answer.input_value())
        host.get_by_role("button", name="Connect Guest 1").click()
        expect(guest.locator("#status")).to_be_visible(timeout=10_000)
        assert serious(guest) == [], "guest's table"
        assert serious(host) == [], "host's table with a guest"
        guest.get_by_label("Language").select_option("de")
        expect(guest.get_by_role("group", name="Deine Karten")).to_be_visible()
        assert serious(guest) == [], "guest's table, German"
        guest.reload()
        expect(guest.get_by_role("heading", name="Zurück an den Tisch von Alex")).to_be_visible(
            timeout=BOOT_TIMEOUT_MS)
        assert serious(guest) == [], "a guest's way back to its table, German"
    finally:
        d.close()
    assert not [e for e in d.errors if "favicon" not in e], d.errors
