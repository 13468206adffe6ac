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
from cabo.play.session import Seat, Session

from stacking import stacked

from .driver import buttons, own_card

pytestmark = pytest.mark.e2e

TOP = re.compile(r"^Discard pile, top card ")


def _save(speed="slow") -> tuple:
    rules = PRESETS["party"]
    session = Session(rules, [Seat("You"), Seat("Ada", "easy")], 5)
    session.state = stacked(rules, 2, hands=[[5, 3, 8, 6], [10, 9, 10, 9]], deck=[4],
                            discard=[2, 5], first=1, seed=5)
    settings = {"preset": "party", "speed": speed, "custom": {}, "hand_size": 4,
                "players": [{"name": "You", "kind": "person"},
                            {"name": "Ada", "kind": "easy"}]}
    return session.to_json(), json.dumps(settings)


def _open_saved(page: Page, lang="en") -> None:
    save, settings = _save()
    page.add_init_script(
        "if (!sessionStorage.getItem('fair.once')) { sessionStorage.setItem('fair.once', '1');"
        f" localStorage.setItem('cabo.save', {json.dumps(save)});"
        f" localStorage.setItem('cabo.settings', {json.dumps(settings)}); }}")
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


CLICK_AT = """([label, at]) => setTimeout(() => [...document.querySelectorAll('[data-ctl="act"]')]
    .find(b => b.textContent.startsWith(label)).click(), at - Date.now())"""


def test_a_guests_claim_50_ms_after_the_hosts_discard_is_free(browser, base_url) -> None:
    from cabo.game.state import State

    from .test_net import Devices, first_peeks, join_all
    from . import driver

    d = Devices(browser, base_url, count=2)
    try:
        join_all(d, "party", seed=17)
        host, guest = d.pages
        players = {p: driver.Player(p, 99) for p in d.pages}
        first_peeks(d, players)
        d.sync()
        driver.wait_saved(host)
        # the position (party, seed 17): Alex to draw a 4, an 11 on top, Ada's card 3 an 11
        state = State.from_dict(json.loads(host.evaluate(
            "localStorage.getItem('cabo.save')"))["state"])
        values, top = state.values, state.discard[-1]
        assert state.current == 0 and values[top] == 11 and values[state.hands[1][2]] == 11
        assert values[state.deck[-1]] == 4
        cards = guest.get_by_role("group", name="Your cards").get_by_role("button")
        count = cards.count()
        own_card(guest, 3).click()           # Ada selects her 11 while the 11 is on top
        expect(own_card(guest, 3)).to_have_attribute("aria-pressed", "true")
        host.get_by_role("group", name="Moves").get_by_role("button", name="Draw").click()
        d.sync()
        expect(own_card(guest, 3)).to_have_attribute("aria-pressed", "true")
        at = host.evaluate("Date.now()") + 500
        host.evaluate(CLICK_AT, ["Discard the drawn card", at])
        guest.evaluate(CLICK_AT, ["Match", at + 50])  # 50 ms after the host's discard
        expect(guest.locator(".news")).to_contain_text("Too late", timeout=10_000)
        d.sync()
        expect(guest.locator(".news")).to_contain_text("costs you nothing")
        expect(cards).to_have_count(count)     # no penalty card, the 11 still hers
        assert "empty slot" not in own_card(guest, 3).get_attribute("aria-label")
        expect(own_card(guest, 3)).not_to_have_attribute("aria-pressed", "true")
        assert "Match" not in buttons(guest)
        log = host.locator(".log-list li").all_text_contents()
        assert log[0].startswith("Ada was too late") and "the 11" in log[0], log[:3]
        assert not any("penalty" in x for x in log)
    finally:
        d.close()
    assert not [e for e in d.errors if "favicon" not in e], d.errors


def _to_end_turn(page: Page, auto_end: str):
    """A party game (you and an easy bot, instant speed) with "End my turn by itself" set
    to `auto_end`, played until the person's turn leaves only Cabo or "End turn"."""
    from . import driver

    driver.open_page(page, 21)
    driver.open_settings(page)
    page.get_by_label("End my turn by itself").select_option(auto_end)
    driver.new_game(page, "party", kinds=("person", "easy"))
    player = driver.Player(page, cabo_after_draws=99)
    end = page.get_by_role("group", name="Moves").get_by_role(
        "button", name=re.compile(r"^End turn"))
    for _ in range(200):
        if end.count():
            return end
        player.step()
    raise AssertionError("the turn never waited for Cabo or 'End turn'")


def test_the_turn_countdown_ends_a_turn_by_itself(page: Page) -> None:
    end = _to_end_turn(page, "3000")
    expect(end).to_have_text(re.compile(r"^End turn \(\d\)$"))
    seen = set()
    for _ in range(60):  # the seconds it shows, until it has pressed itself
        texts = end.all_inner_texts()  # (never waits: the button may press itself meanwhile)
        if not texts:
            break
        seen.update(texts)
        page.wait_for_timeout(100)
    expect(end).to_have_count(0, timeout=5_000)
    assert {"End turn (3)", "End turn (2)", "End turn (1)"} <= seen, seen
    expect(page.locator("#status")).not_to_contain_text("end your turn")  # the turn passed


def test_the_turn_countdown_can_be_turned_off(page: Page) -> None:
    end = _to_end_turn(page, "0")
    expect(end).to_have_text("End turn")
    page.wait_for_timeout(4_500)
    expect(end).to_have_text("End turn")  # still waiting for the tap
    end.click()
    expect(end).to_have_count(0)
