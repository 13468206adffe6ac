"""Every control has an accessible name; touch targets are big enough on a phone."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page

from .conftest import ROOT
from .driver import Player, new_game, open_page, open_settings

pytestmark = pytest.mark.e2e

AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
RULES = ["button-name", "select-name", "label", "aria-allowed-attr", "aria-required-attr",
         "aria-valid-attr-value", "duplicate-id-aria", "image-alt", "role-img-alt",
         "nested-interactive", "list", "listitem", "td-headers-attr", "th-has-data-cells"]


def violations(page: Page) -> list:
    if not page.evaluate("typeof axe !== 'undefined'"):
        page.add_script_tag(content=Path(AXE).read_text(encoding="utf-8"))
    result = page.evaluate(
        "rules => axe.run(document, {runOnly: {type: 'rule', values: rules}})", RULES)
    return [(v["id"], [n["html"][:120] for n in v["nodes"]]) for v in result["violations"]]


def small_targets(page: Page) -> list:
    # sizes at rest: a card that has just landed pops in from 70 % for a moment
    page.evaluate("() => document.getAnimations().forEach(a => a.finish())")
    return page.evaluate("""() => [...document.querySelectorAll(
        '#app button:not([disabled]), #app select, #app input, #app summary')]
        .map(n => [n.getAttribute('aria-label') || n.textContent.trim(),
                    // a radio button's target is its whole label
                    (n.type === 'radio' ? n.closest('label') : n).getBoundingClientRect()])
        .filter(([, r]) => r.width > 0 && (r.width < 44 || r.height < 44))
        .map(([name, r]) => `${name}: ${Math.round(r.width)}x${Math.round(r.height)}`)""")


@pytest.mark.parametrize("preset", ["official", "party"])
def test_controls_have_names_and_phone_sized_targets(page: Page, preset: str) -> None:
    page.set_viewport_size({"width": 390, "height": 844})
    open_page(page, 61)
    assert violations(page) == []
    assert small_targets(page) == []  # the start screen
    open_settings(page)
    page.get_by_text("Custom rules", exact=True).click()
    assert violations(page) == []
    assert small_targets(page) == []
    new_game(page, preset, kinds=("person", "easy", "easy", "easy"))
    player = Player(page, cabo_after_draws=2)
    for _ in range(4):
        assert violations(page) == []
        assert small_targets(page) == []
        player.step()
    player.play_round()
    assert violations(page) == []
