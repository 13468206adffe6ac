"""Matching by a person (party rules), bots at a pace one can follow, the live region."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from .driver import Player, buttons, drawn, new_game, open_page, own_card, press, wait_idle

pytestmark = pytest.mark.e2e


def label(page: Page, n: int) -> str:
    return own_card(page, n).or_(
        page.get_by_role("img", name=re.compile(rf"^Your card {n},"))).get_attribute("aria-label")


def value(card_label: str) -> int:
    return int(card_label.split(", ")[1])


def test_a_person_matches_and_discards_a_pair(page: Page) -> None:
    open_page(page, 12)
    new_game(page, "party", kinds=("person", "easy"))
    Player(page).step()  # look at cards 1 and 2: their values show for a moment
    first, second = value(label(page, 1)), value(label(page, 2))
    press(page, "Hide the cards")
    assert label(page, 1) == "Your card 1, face down, seen by you"

    top = page.get_by_role("img", name=re.compile("^Discard pile, top card ")).get_attribute(
        "aria-label")
    top_value = int(top.rsplit(" ", 1)[1])
    page.get_by_text("Game log", exact=True).click()  # open the log panel (it stays open)
    log = page.get_by_role("list", name="Game log")
    own_card(page, 1).click()
    press(page, "Match")
    if first == top_value:
        assert label(page, 1) == "Your card 1, empty slot"
        expect(log).to_contain_text("You match your card 1")
    else:
        expect(own_card(page, 5)).to_be_visible()  # the penalty card, at the right end
        expect(log).to_contain_text("but it does not match")
    wait_idle(page)

    cards_before = page.get_by_role("group", name="Your cards").get_by_role("button").count()
    own_card(page, 2).click()
    own_card(page, 3).click()
    press(page, "Discard as a pair")
    if label(page, 2) == "Your card 2, empty slot":
        assert label(page, 3) == "Your card 3, empty slot"
        expect(log).to_contain_text("You discard equal cards")
    else:
        # different values: both are shown for a moment, and a penalty card comes
        assert str(second) in label(page, 2)
        expect(page.get_by_role("group", name="Your cards").get_by_role("button")).to_have_count(
            cards_before + 1)
        expect(log).to_contain_text("but they differ")


def test_bots_move_at_a_visible_pace_and_are_announced(page: Page) -> None:
    open_page(page, 7)
    new_game(page, "official", kinds=("person", "easy", "easy"), speed="fast")
    player = Player(page, cabo_after_draws=99)
    player.step()
    while "Draw" not in buttons(page):
        player.step()
    press(page, "Draw")
    # every text the live region gets (a bot's step may follow the last within a poll)
    page.evaluate("""() => { const live = document.getElementById('live');
        window.__said = [];
        new MutationObserver(() => window.__said.push(live.textContent)).observe(
            live, {childList: true, characterData: true, subtree: true}); }""")
    moves = page.get_by_role("group", name="Moves")
    if "Discard the drawn card" in buttons(page):
        moves.get_by_role("button", name="Discard the drawn card").click()
    else:
        own_card(page, 1).click()
        moves.get_by_role("button", name="Replace with the drawn card").click()
    drawn(page)
    if page.get_by_role("button", name="Skip the power").count():
        moves.get_by_role("button", name="Skip the power").click()
    # the bots take their turns one step at a time, shown and announced politely
    expect(page.locator("#status")).to_contain_text("Ada's turn")
    expect(page.locator("#live")).to_have_attribute("aria-live", "polite")
    wait_idle(page)
    said = page.evaluate("window.__said")
    assert any(re.search(r"\bAda (draws|takes|calls)", text) for text in said), said
    assert any(re.search(r"\bBruno ", text) for text in said), said
    expect(page.get_by_role("button", name="Draw", exact=True)).to_be_visible()
