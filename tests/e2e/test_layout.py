"""The table as a person sees it: a 4-player turn fits one phone screen (390×844) with no
vertical scrolling between a swap's target and its button, and the highlighted (primary)
button is the move the selected cards point to."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from . import driver
from .driver import Player, new_game, open_page, press

pytestmark = pytest.mark.e2e

PHONE = {"width": 390, "height": 844}
SWAP_SEED = 1  # official, 4 players: the person's first draw is a jack (blind swap)


@pytest.fixture
def browser_context_args(browser_context_args: dict) -> dict:
    return {**browser_context_args, "viewport": PHONE, "has_touch": True, "is_mobile": True}


@pytest.fixture(autouse=True)
def taps(monkeypatch) -> None:
    monkeypatch.setattr(driver, "TOUCH", True)


def off_screen(page: Page) -> list[str]:
    """Cards, piles and move buttons of the table that are not wholly inside the screen."""
    return page.evaluate("""() => {
        const out = [];
        const nodes = document.querySelectorAll(
            '.felt .card:not(.placeholder), .actions .btn, #status');
        for (const n of nodes) {
            const r = n.getBoundingClientRect();
            if (r.top < 0 || r.bottom > innerHeight || r.left < 0 || r.right > innerWidth)
                out.push((n.getAttribute('aria-label') || n.textContent).trim()
                         + ` [${Math.round(r.top)}..${Math.round(r.bottom)}]`);
        }
        return out;
    }""")


def ids(page: Page, selector: str) -> list[str]:
    return sorted(page.locator(selector).evaluate_all("ns => ns.map(n => n.id)"))


def primary(page: Page) -> list[str]:
    return page.locator(".actions .btn.primary").all_inner_texts()


def test_a_four_player_swap_fits_one_phone_screen(page: Page) -> None:
    open_page(page, SWAP_SEED)
    new_game(page, "official", kinds=("person", "easy", "easy", "easy"))
    Player(page).step()  # look at two cards
    press(page, "Hide the cards")
    assert page.evaluate("scrollY") == 0
    assert off_screen(page) == [], "turn start"
    press(page, "Draw")
    press(page, "Discard the drawn card")
    expect(page.locator("#status")).to_contain_text("Power: select one of your cards")
    assert off_screen(page) == [], "power"
    # Tapping scrolls a control into view if it is not: the page must not have moved.
    driver.activate(driver.own_card(page, 3))
    assert primary(page) == []  # one card of a swap: no move yet, and not "Skip" either
    driver.activate(page.get_by_role("button", name=re.compile(r"^Bruno's card 2,")))
    assert page.evaluate("scrollY") == 0
    assert off_screen(page) == [], "swap selected"
    # the yellow button is the hint's move: this swap only if it is the one that glows
    glowing = ids(page, ".card.suggested")
    assert len(glowing) == 2  # the hint suggests a swap here, and its two cards glow
    mine = ids(page, ".card.selected")
    assert primary(page) == (["Swap these cards"] if glowing == mine else [])
    assert "Skip the power" in driver.buttons(page)
    press(page, "Swap these cards")
    log = page.locator(".log-list li")
    expect(log.filter(has_text="You swap your card 3 with Bruno's card 2.")).to_have_count(1)
    expect(log.filter(has_text="You look at your cards 1 and 2.")).to_have_count(1)
    expect(log.filter(has_text=re.compile(r"^Bruno replaces card \d and discards (the|an?) "))
           ).not_to_have_count(0)
    # the same log in German: cases and the second person
    page.get_by_label("Language").select_option("de")
    expect(log.filter(has_text="Du tauschst deine Karte 3 mit Karte 2 von Bruno.")
           ).to_have_count(1)
    expect(log.filter(has_text="Du siehst dir deine Karten 1 und 2 an.")).to_have_count(1)
    expect(log.filter(has_text="Runde 1 ist gegeben; Bruno beginnt.")).to_have_count(1)
    expect(log.filter(has_text=re.compile(r"^Bruno tauscht Karte \d aus und legt (die|den|das) "))
           ).not_to_have_count(0)


def test_a_four_player_turn_fits_a_wide_screen(page: Page) -> None:
    """At 1280x800 the three opponents stand in one row, so the person's row and moves are on
    the screen with a drawn card (two rows of opponents ran 25 px under it)."""
    page.set_viewport_size({"width": 1280, "height": 800})
    open_page(page, SWAP_SEED)
    new_game(page, "official", kinds=("person", "easy", "easy", "easy"))
    Player(page).step()  # look at two cards
    press(page, "Hide the cards")
    tops = page.locator(".others > .player").evaluate_all(
        "ns => ns.map(n => Math.round(n.getBoundingClientRect().top))")
    assert len(tops) == 3 and len(set(tops)) == 1, tops
    assert off_screen(page) == [], "turn start"
    press(page, "Draw")
    expect(page.get_by_role("button", name="Discard the drawn card")).to_be_visible()
    assert page.evaluate("scrollY") == 0
    assert off_screen(page) == [], "a drawn card"


def test_a_card_flies_face_up_onto_the_discard_pile(page: Page) -> None:
    open_page(page, SWAP_SEED)
    new_game(page, "official", kinds=("person", "easy", "easy", "easy"))
    face = page.locator("#discard .face").get_attribute("data-face")
    ghost = page.evaluate("""() => new Promise((done) => {
        window.caboMotion(JSON.stringify([{kind: "fly", from: "deck", to: "discard"},
                                          {kind: "fly", from: "discard", to: "deck"}]), false);
        const now = document.querySelectorAll('.card.ghost').length;
        // the ghosts appear in the frame after the one that paints the change (motion.js
        // `hold`), before it is painted
        requestAnimationFrame(() => requestAnimationFrame(() => done([now,
            [...document.querySelectorAll('.card.ghost')].map(
                g => [g.className, g.querySelector('.face')?.dataset.face ?? null])])));
    })""")
    assert ghost == [0, [["card up ghost", face], ["card down ghost", None]]]


def test_a_cabo_call_moves_nothing_on_a_wide_screen(page: Page) -> None:
    """Party at 1280 px: the Cabo mark sits inside the caller's own head, so no box widens and
    wraps, and no row or button moves up or down from the turn before the call."""
    page.set_viewport_size({"width": 1280, "height": 800})
    open_page(page, 4)  # party, 4 players: Ada runs out of cards, an automatic Cabo
    new_game(page, "party", kinds=("person", "easy", "easy", "easy"))
    person = Player(page, cabo_after_draws=99)
    where = ("() => [...document.querySelectorAll('.player, .center, .actions')].map(n => {"
             " const r = n.getBoundingClientRect();"
             " return [n.getAttribute('aria-label') || n.className, Math.round(r.top),"
             " Math.round(r.width), n.querySelectorAll('.row > *').length]; })")
    before = None
    for _ in range(150):
        if "Draw" in driver.buttons(page):
            now = page.evaluate(where)
            if "called Cabo" in page.locator("#status").inner_text():
                assert before is not None
                assert [x[:2] for x in now] == [x[:2] for x in before]  # nothing moved up/down
                # and no box changed its width but by a card more or less (a penalty, a match)
                for a, b in zip(before, now):
                    if a[3] == b[3]:
                        assert a == b, f"{b[0]} changed its width on the Cabo call"
                expect(page.locator(".cabo-flag")).to_have_count(1)
                return
            before = now
        assert person.step(), "the round ended without a Cabo call before the person's turn"
    pytest.fail("no Cabo call")


def test_a_six_player_table_fits_one_phone_screen_in_both_languages(page: Page) -> None:
    """standard52 seats six: five opponents, a drawn card, a selected card and three rows of
    buttons still fit 390×844 (tighter rows, recent moves one line per player)."""
    open_page(page, 1)
    new_game(page, "standard52", kinds=("person",) + ("easy",) * 5)
    Player(page).step()  # look at two cards
    press(page, "Hide the cards")
    assert page.evaluate("scrollY") == 0
    assert off_screen(page) == [], "turn start"
    page.get_by_label("Language").select_option("de")
    expect(page.locator("#status")).to_contain_text("Du bist dran")
    assert off_screen(page) == [], "turn start, German"
    page.get_by_label("Sprache").select_option("en")
    press(page, "Draw")
    # the hint's move is the yellow button: select the card it makes glow, if it names one
    glowing = page.locator("#app .player.me .card.suggested")
    driver.activate(glowing.first if glowing.count() else driver.own_card(page, 1))
    expect(page.locator(".actions .btn.primary")).to_have_text(
        "Replace with the drawn card" if glowing.count() else "Discard the drawn card")
    assert page.evaluate("scrollY") == 0
    assert off_screen(page) == [], "a drawn card and a selected card"


def test_the_party_reactions_stay_on_screen_beside_a_drawn_card(page: Page) -> None:
    open_page(page, 1)
    new_game(page, "party", kinds=("person", "easy", "easy", "easy"))
    Player(page).step()
    press(page, "Hide the cards")
    page.get_by_label("Language").select_option("de")
    page.get_by_label("Sprache").select_option("en")
    press(page, "Draw")
    driver.activate(driver.own_card(page, 1))
    bar = page.locator(".reactions").bounding_box()
    assert bar is not None and bar["y"] + bar["height"] <= PHONE["height"], bar
    assert off_screen(page) == []
