"""A whole round with the keyboard alone: Tab and Shift+Tab to move, Enter and Space to press.

No mouse click or tap after the page has loaded. The driver's Player makes the decisions;
every press it makes is done here by moving the focus to the control and pressing a key, and
the focus must be visible on it. The speed comes from the saved settings (the form's speed
is a select, which needs arrow keys).
"""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import Page, expect

from . import driver
from .conftest import BOOT_TIMEOUT_MS
from .driver import Player, wait_idle

pytestmark = pytest.mark.e2e

MAX_TABS = 60
SETTINGS = {"preset": "official", "speed": "instant", "custom": {}, "hand_size": 4,
            "players": [{"name": "You", "kind": "person"}, {"name": "Ada", "kind": "easy"},
                        {"name": "Bruno", "kind": "easy"}]}


class Keyboard:
    """Moves the focus with Tab / Shift+Tab and presses Enter or Space."""

    def __init__(self, page: Page):
        self.page = page
        self.keys = []

    def is_focused(self, target) -> bool:
        return target.evaluate("el => el === document.activeElement")

    def focus(self, target) -> None:
        page = self.page
        for _ in range(MAX_TABS):
            if self.is_focused(target):
                break
            # Shift+Tab when the control comes before the focused one
            before = target.evaluate("""el => !!(document.activeElement &&
                document.activeElement !== document.body &&
                (el.compareDocumentPosition(document.activeElement)
                 & Node.DOCUMENT_POSITION_FOLLOWING))""")
            key = "Shift+Tab" if before else "Tab"
            page.keyboard.press(key)
            self.keys.append(key)
        else:
            raise AssertionError(f"Tab never reached {target}")
        style = target.evaluate("""el => { const s = getComputedStyle(el);
            return [s.outlineStyle, parseFloat(s.outlineWidth)]; }""")
        assert style[0] != "none" and style[1] >= 2, f"focus not visible: {style}"

    def press(self, target) -> None:
        self.focus(target)
        # cards are toggles: Space; everything else: Enter (both work on buttons)
        key = "Space" if (target.get_attribute("data-ctl") == "card") else "Enter"
        self.page.keyboard.press(key)
        self.keys.append(key)


def test_a_whole_round_by_keyboard_alone(page: Page, monkeypatch) -> None:
    page.goto("./?seed=11&lang=en")
    expect(page.get_by_test_id("ready")).to_be_visible(timeout=BOOT_TIMEOUT_MS)
    page.evaluate("s => localStorage.setItem('cabo.settings', s)", json.dumps(SETTINGS))
    page.reload()
    expect(page.get_by_test_id("ready")).to_be_visible(timeout=BOOT_TIMEOUT_MS)
    page.evaluate("() => { window.__pointer = 0; addEventListener('pointerdown', "
                  "() => window.__pointer++, true); }")
    keyboard = Keyboard(page)
    monkeypatch.setattr(driver, "activate", keyboard.press)

    # the rules screen: focus goes to its title, and back to the Rules button afterwards
    keyboard.press(page.get_by_role("button", name="Rules", exact=True))
    expect(page.locator("#rules-title")).to_be_focused()
    keyboard.press(page.get_by_role("button", name="Back to the new game"))
    expect(page.get_by_role("button", name="Rules", exact=True)).to_be_focused()

    keyboard.press(page.get_by_role("button", name="Play right away"))  # a first visit
    wait_idle(page)
    expect(page.locator("#status")).to_be_focused()  # the start button is gone
    expect(page.locator("#status")).to_contain_text("Choose 2 of your cards")
    player = Player(page, cabo_after_draws=3)
    drew = False
    while player.step():
        if not drew and player.draws == 1:
            drew = True
            # after Draw the focus is on the status line, which says what to do
            expect(page.locator("#status")).to_be_focused()
    expect(page.get_by_role("heading", name=re.compile(r"^Round 1: the reveal"))).to_be_visible()
    assert player.draws >= 1
    keyboard.press(page.get_by_role("button", name="Next round"))
    wait_idle(page)
    expect(page.locator("#status")).to_contain_text(re.compile("Choose 2 of your cards|turn"))
    assert page.evaluate("window.__pointer") == 0, "no pointer was used"
    assert {"Tab", "Shift+Tab", "Enter", "Space"} >= set(keyboard.keys)
    assert "Space" in keyboard.keys and "Enter" in keyboard.keys
