"""Fair to human hands, in the page: a claim is judged by the top card its maker saw.

The game starts from a save of a stacked position (party rules): the bot Ada is to move, the
top discard is a 5, and the person knows its own card 1 is a 5. The person selects card 1
while the 5 is on top; Ada covers the pile (slow speed: her move comes 1.8 s after the table
shows); the person taps "Match" right after the change. The claim is too late: no penalty card,
the card stays, nothing stays selected, and the table says so.
"""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import Page, expect

from cabo.game.rules import PRESETS
from cabo.session import Seat, Session

from stacking import stacked

from .driver import buttons, own_card

pytestmark = pytest.mark.e2e

TOP = re.compile(r"^Discard pile, top card ")


def _save(speed="slow") -> tuple:
    rules = PRESETS["party"]
    session = Session(rules, [Seat("You"), Seat("Ada", "easy")], 5)
    session.state = stacked(rules, 2, hands=[[5, 3, 8, 9], [9, 9, 9, 9]], deck=[4],
                            discard=[2, 5], first=1, seed=5)
    settings = {"preset": "party", "speed": speed, "custom": {}, "hand_size": 4,
                "players": [{"name": "You", "kind": "person"},
                            {"name": "Ada", "kind": "easy"}]}
    return session.to_json(), json.dumps(settings)


def _open_saved(page: Page, lang="en") -> None:
    save, settings = _save()
    page.add_init_script(
        "([save, settings]) => { if (!sessionStorage.getItem('h1.once')) {"
        " sessionStorage.setItem('h1.once', '1'); localStorage.setItem('cabo.save', save);"
        " localStorage.setItem('cabo.settings', settings); } }", [save, settings])
    page.goto(f"./?lang={lang}")


def test_a_bot_covering_the_pile_between_selection_and_tap_costs_nothing(page: Page) -> None:
    _open_saved(page)
    top = page.get_by_role("img", name=TOP)
    expect(top).to_have_attribute("aria-label", re.compile(r" 5$"), timeout=60_000)
    cards = page.get_by_role("group", name="Your cards").get_by_role("button")
    count = cards.count()
    own_card(page, 1).click()                      # selected while the 5 is on top
    expect(own_card(page, 1)).to_have_attribute("aria-pressed", "true")
    expect(top).not_to_have_attribute("aria-label", re.compile(r" 5$"), timeout=10_000)
    page.get_by_role("group", name="Moves").get_by_role("button", name="Match").click()
    news = page.locator(".news")
    expect(news).to_contain_text("Too late")
    expect(news).to_contain_text("costs you nothing")
    expect(cards).to_have_count(count)              # no penalty card
    assert "empty slot" not in own_card(page, 1).get_attribute("aria-label")
    expect(own_card(page, 1)).not_to_have_attribute("aria-pressed", "true")  # not selected
    assert "Match" not in buttons(page)
