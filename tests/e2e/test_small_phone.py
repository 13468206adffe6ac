"""The smallest phones (320 and 360 CSS pixels wide, touch), in German (the main language,
with the longest words) and in English: no screen scrolls sideways. A whole round is played
by taps; after every step the same table is drawn in German too (the language select keeps
the game) and checked, then the round goes on in English, which the Player reads."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from . import driver
from .driver import Player, new_game, open_page, wait_idle

pytestmark = pytest.mark.e2e


@pytest.fixture(params=[320, 360], ids=lambda w: f"{w}px")
def width(request) -> int:
    return request.param


@pytest.fixture
def browser_context_args(browser_context_args: dict, width: int) -> dict:
    return {**browser_context_args, "viewport": {"width": width, "height": 640},
            "has_touch": True, "is_mobile": True, "device_scale_factor": 2}


@pytest.fixture(autouse=True)
def taps(monkeypatch) -> None:
    monkeypatch.setattr(driver, "TOUCH", True)


def overflow(page: Page, width: int) -> int:
    """How many CSS pixels the page is wider than the screen (0: no horizontal scrolling).
    (A phone widens its layout viewport to a page that does not fit: window.innerWidth grows
    with it, so the page is measured against the screen's width.)"""
    return page.evaluate("Math.max(document.documentElement.scrollWidth, window.innerWidth)") - width


def language(page: Page, code: str) -> None:
    page.locator("select[data-field='lang']").select_option(code)
    expect(page.locator("html")).to_have_attribute("lang", code)
    wait_idle(page)


def both_fit(page: Page, width: int, where: str) -> None:
    assert overflow(page, width) <= 0, f"{where} (English)"
    language(page, "de")
    assert overflow(page, width) <= 0, f"{where} (German)"
    language(page, "en")


def test_no_screen_scrolls_sideways_on_a_small_phone(page: Page, width: int) -> None:
    open_page(page, 21)
    both_fit(page, width, "setup")
    new_game(page, "official", kinds=("person", "medium", "medium"))
    both_fit(page, width, "table")
    player = Player(page, cabo_after_draws=2)
    steps = 0
    while player.step():
        steps += 1
        both_fit(page, width, f"after step {steps}")
        assert steps < 100
    expect(page.get_by_role("heading", name=re.compile(r"^Round 1: the reveal"))).to_be_visible()
    both_fit(page, width, "reveal and scores")
    page.get_by_role("button", name="Rules", exact=True).tap()
    expect(page.get_by_role("heading", name="The rules of this game")).to_be_visible()
    both_fit(page, width, "rules")


def test_the_top_bar_shows_whole_words_and_labelled_selects_in_german(page: Page,
                                                                     width: int) -> None:
    """The top bar's selects keep their visible labels ("Tempo", "Sprache") and whole values
    ("Deutsch", not "Deutscl"), and no control touches the screen's edge."""
    open_page(page, 1, "de")
    page.get_by_role("button", name="Gleich spielen").click()  # a first visit: the lesson's offer
    wait_idle(page)
    bar = page.locator(".top-controls")
    for label in ("Tempo", "Sprache"):
        expect(bar.get_by_text(label, exact=True)).to_be_visible()
    clipped = page.evaluate("""() => [...document.querySelectorAll(
        '.top-controls select')].filter(n => {
            const s = getComputedStyle(n), ctx = document.createElement('canvas').getContext('2d');
            ctx.font = `${s.fontWeight} ${s.fontSize} ${s.fontFamily}`;
            const text = n.tagName === 'SELECT' ? n.options[n.selectedIndex].text : n.innerText;
            const room = n.clientWidth - parseFloat(s.paddingLeft) - parseFloat(s.paddingRight);
            return ctx.measureText(text.trim()).width > room + 0.5;
        }).map(n => n.tagName === 'SELECT' ? n.options[n.selectedIndex].text : n.innerText)""")
    assert clipped == []
    cut = page.evaluate("""() => [...document.querySelectorAll('.top-controls .btn')]
        .filter(n => n.scrollWidth > n.clientWidth + 1).map(n => n.innerText)""")
    assert cut == []
    right = page.evaluate("Math.max(...[...document.querySelectorAll('.top-controls > *')]"
                          ".map(n => n.getBoundingClientRect().right))")
    assert right <= width - 4
