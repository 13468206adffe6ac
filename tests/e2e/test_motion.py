"""The reduced-motion preference turns every animation and transition off (CSS and the cards
that fly from pile to hand, static/js/loading.js)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page

from .driver import Player, buttons, new_game, open_page, press

pytestmark = pytest.mark.e2e

MOVING = """() => {
    const out = [];
    for (const el of document.querySelectorAll('*')) {
        const s = getComputedStyle(el);
        const times = [...s.animationDuration.split(','), ...s.transitionDuration.split(',')];
        if (s.animationName !== 'none' || times.some(t => parseFloat(t) > 0)) {
            out.push(el.id || String(el.className) || el.tagName);
        }
    }
    return out;
}"""


def test_reduced_motion_turns_animations_off(page: Page) -> None:
    open_page(page, 11)
    new_game(page, "official", speed="fast")
    assert page.evaluate(MOVING), "without the preference, things move"
    page.emulate_media(reduced_motion="reduce")
    assert page.evaluate(MOVING) == []
    player = Player(page, cabo_after_draws=99)
    while "Draw" not in buttons(page):
        player.step()
    press(page, "Draw")  # a card flies from the deck, unless motion is reduced
    assert page.evaluate("document.getAnimations().length") == 0
    assert page.evaluate(MOVING) == []
    page.reload()  # the loading screen's card fan, too
    assert page.evaluate(MOVING) == []
