"""On a phone (390×844, touch): a whole round by taps without horizontal scrolling, and a
double tap on a card matches it where the rules allow matching (party, seed 001)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from . import driver
from .driver import Player, new_game, open_page, own_card, press

pytestmark = pytest.mark.e2e

PHONE = {"width": 390, "height": 844}


@pytest.fixture
def browser_context_args(browser_context_args: dict) -> dict:
    return {**browser_context_args, "viewport": PHONE, "has_touch": True, "is_mobile": True,
            "device_scale_factor": 2}


@pytest.fixture(autouse=True)
def taps(monkeypatch) -> None:
    monkeypatch.setattr(driver, "TOUCH", True)


def overflow(page: Page) -> int:
    """How many CSS pixels the page is wider than the screen (0: no horizontal scrolling)."""
    return page.evaluate("document.documentElement.scrollWidth - window.innerWidth")


@pytest.mark.parametrize("preset", ["standard52", "party"])
def test_a_whole_round_by_taps_without_horizontal_scrolling(page: Page, preset: str) -> None:
    open_page(page, 13)
    assert page.evaluate("window.innerWidth") == PHONE["width"]
    assert overflow(page) <= 0, "setup"
    new_game(page, preset, kinds=("person", "easy", "easy", "easy"))
    assert overflow(page) <= 0, "table"
    player = Player(page, cabo_after_draws=3)
    steps = 0
    while player.step():
        steps += 1
        assert overflow(page) <= 0, f"after step {steps}"
        assert steps < 200
    expect(page.get_by_role("heading", name=re.compile(r"^Round 1: the reveal"))).to_be_visible()
    assert overflow(page) <= 0, "reveal and scores"
    # the reveal is readable without sideways scrolling: nothing cut off in its box
    widths = page.locator(".result .scroll").evaluate("n => [n.scrollWidth, n.clientWidth]")
    assert widths[0] <= widths[1], f"the reveal table is wider than its box: {widths}"
    expect(page.locator(".result tr.why-row").first).to_be_visible()
    page.get_by_role("button", name="Rules", exact=True).tap()
    expect(page.get_by_role("heading", name="The rules of this game")).to_be_visible()
    assert overflow(page) <= 0, "rules"


def double_tap(page: Page, target) -> None:
    box = target.bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    page.touchscreen.tap(x, y)
    page.touchscreen.tap(x, y)


def test_a_double_tap_matches_a_card(page: Page) -> None:
    open_page(page, 12)
    new_game(page, "party", kinds=("person", "easy"))
    Player(page).step()  # look at cards 1 and 2
    press(page, "Hide the cards")
    log = page.locator(".log-list")  # the (closed) log panel
    before = log.locator("li").count()
    double_tap(page, own_card(page, 3))
    # matched (the slot is empty) or a wrong match (a penalty card): a match either way
    expect(log.locator("li")).not_to_have_count(before)
    expect(log.locator("li").first).to_contain_text(
        re.compile(r"You match your card 3|You throw your card 3"))
    expect(page.locator("#live")).to_contain_text(re.compile(r"You (match|throw) your card 3"))



def test_the_reveal_scrolls_into_view_on_a_short_screen(page: Page) -> None:
    """The round's result in words is the table's first line once the round is over (its
    numbers are drawn below the table): on a short phone screen the page scrolls to it when
    the round ends, wherever the person had scrolled meanwhile."""
    page.set_viewport_size({"width": 390, "height": 560})
    open_page(page, 13)
    new_game(page, "official", kinds=("person", "easy", "easy", "easy"))
    player = Player(page, cabo_after_draws=2)
    while not ("Call Cabo" in driver.buttons(page) and player.draws >= 2):
        assert player.step() and player.draws < 40
    page.get_by_label("Speed").select_option("fast")  # the bots' last turns take a while
    driver.activate(page.get_by_role("group", name="Moves").get_by_role("button",
                                                                       name="Call Cabo"))
    driver.activate(page.get_by_role("group", name="Moves").get_by_role("button",
                                                                       name="Yes, call Cabo"))
    page.evaluate("scrollTo(0, document.body.scrollHeight)")  # the person scrolled away
    # the three bots' last turns take about 4 s at "fast" (each waits out the person's
    # reaction window on the discard pile): wait for them, not for a fixed 5 s
    driver.wait_idle(page)
    expect(page.get_by_role("heading", name=re.compile(r"^Round 1: the reveal"))).to_be_visible()
    expect(page.locator("#status")).to_contain_text(" wins the round.")
    expect(page.locator("#status")).to_be_in_viewport(ratio=1)
