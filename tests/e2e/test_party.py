"""The party table of seed 001 in the page: a reaction, a bot's quip, an achievement toast,
the awards at the reveal, the clown nose in the next round; a hot-seat game of two people on
the leaderboard; the statistics screen and its chart in both languages; axe on the new screens.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from cabo import preset
from cabo.play.session import Seat, Session
from stacking import stacked

from . import driver
from .driver import Player, drawn, open_page, open_settings, own_card, press, wait_idle
from .test_axe import serious

pytestmark = pytest.mark.e2e
RULES = preset("party")

SEED = 5  # the quips' generator of this seed has a bot answer the Cabo call

# Everything the extras ever put on the page, recorded as it appears (toasts and bubbles live
# for a few seconds only; at instant speed a round is over sooner than a test could look).
RECORDER = """
window.__seen = [];
new MutationObserver(() => {
  for (const node of document.querySelectorAll('.toast, .bubble')) {
    const item = node.className + '|' + node.textContent;
    if (!window.__seen.includes(item)) window.__seen.push(item);
  }
}).observe(document, {childList: true, subtree: true});
"""


def seen(page: Page, kind: str) -> list:
    return [item.split("|", 1)[1] for item in page.evaluate("window.__seen")
            if kind in item.split("|", 1)[0]]


def stacked_save() -> str:
    """A party game at Alex's turn (Cabo allowed): Alex knows two 9s, the top discard is a 9;
    Ada holds two 0s only. Made by the engine itself (tests/stacking.py), loaded as a save."""
    state = stacked(RULES, 3, [[9, 9, 1, 2], [0, 0, None, None], [10, 11, 12, 13]],
                    deck=[5, 6, 5, 6, 5, 6], discard=[9], first=0)
    state.turns_done = 9
    seats = [Seat("Alex"), Seat("Ada", "medium"), Seat("Bruno", "medium")]
    return Session(RULES, seats, SEED, state=state).to_json()


def test_a_party_round_with_reactions_quips_achievements_awards_and_the_nose(page: Page):
    page.add_init_script(RECORDER)
    open_page(page, SEED)
    page.evaluate("""save => {
        localStorage.setItem('cabo.save', save);
        localStorage.setItem('cabo.settings', JSON.stringify({preset: 'party', speed: 'instant'}));
    }""", stacked_save())
    page.reload()
    expect(page.get_by_test_id("ready")).to_be_visible(timeout=60_000)
    reactions = page.get_by_role("group", name="Reactions")
    expect(reactions.get_by_role("button")).to_have_count(6)
    reactions.get_by_role("button", name="Party").click()
    mine = page.get_by_role("region", name="Your cards")
    expect(mine.locator(".bubble.reaction")).to_have_text("🎉")
    expect(page.locator("#live")).to_contain_text("Party")
    reactions.get_by_role("button", name="Party").click()  # too soon: held back
    drawn(page)
    assert len(seen(page, "reaction")) == 1
    # two 9s in a row onto the 9: "Double snap"
    for n in (1, 2):
        own_card(page, n).click()
        press(page, "Match")
    expect(page.locator(".toast")).to_contain_text("Double snap")
    assert serious(page) == [], "table with reactions, a bubble and a toast"
    driver.call_cabo(page)
    Player(page).play_round()
    result = page.get_by_role("region", name=re.compile(r"^Round 1: the reveal"))
    expect(result.get_by_role("heading", name="Awards")).to_be_visible()
    expect(result).to_contain_text("Memory king: Alex (2 cards)")
    expect(result).to_contain_text("Memory elephant: Alex")
    expect(result).to_contain_text("Clean sheet: Ada")
    assert serious(page) == [], "reveal with awards"
    assert seen(page, "quip") == ["Already? Brave."]
    assert "🐘 You earn “Memory elephant”!" in seen(page, "toast")
    page.get_by_text("Game log", exact=True).click()
    log = page.get_by_role("list", name="Game log")
    expect(log).to_contain_text("Already? Brave.")
    expect(log).to_contain_text("Awards of the round")
    # Alex lost the Cabo (Ada has 0): the clown nose, worn through the next round
    press(page, "Next round")
    nose = page.locator(".player.me .badge.nose")
    expect(nose).to_have_count(1)
    expect(nose).to_have_attribute("title", "Clown nose: lost a Cabo")
    assert serious(page) == [], "table with a clown nose and the totals chart"


def hot_seat_round(page: Page) -> None:
    """Alex and Bea play one official round on one device, passing it on."""
    player = Player(page, cabo_after_draws=1)
    for _ in range(200):
        handoff = page.get_by_role("button", name=re.compile(r"^I am \w+: show my cards"))
        if handoff.count():
            handoff.click()
            wait_idle(page)
            continue
        if "Hide the cards" in page.get_by_role("group", name="Moves").inner_text():
            press(page, "Hide the cards")
            continue
        if not player.step():
            return
    raise AssertionError("the hot-seat round did not end")


def test_hot_seat_game_on_the_leaderboard_and_statistics_in_both_languages(page: Page):
    open_page(page, 52)
    open_settings(page)
    page.get_by_label("Number of players").select_option("2")
    page.get_by_label("Player 2 is").select_option("person")
    page.get_by_label("Name of player 2").fill("Bea")
    page.get_by_label("Speed").select_option("instant")
    page.get_by_role("button", name="Start game").click()
    wait_idle(page)
    hot_seat_round(page)
    expect(page.get_by_role("figure", name="Totals after each round")).to_be_visible()
    page.get_by_role("button", name="Leaderboard").click()
    board = page.get_by_role("region", name="🏆 Leaderboard")
    rows = board.get_by_role("table").get_by_role("row")
    expect(rows).to_have_count(3)  # the head, Alex and Bea
    expect(board.get_by_role("rowheader", name="Alex")).to_be_visible()
    expect(board.get_by_role("rowheader", name="Bea")).to_be_visible()
    game = page.get_by_role("region", name="This game")
    expect(game.get_by_role("img", name="Totals after each round")).to_be_visible()
    stats = page.get_by_role("region", name="Statistics")
    expect(stats.get_by_role("img", name="Cabo calls")).to_be_visible()
    expect(stats.get_by_role("img", name="Points of the last rounds")).to_be_visible()
    page.get_by_label("Person").select_option(label="Bea")
    expect(stats).to_contain_text("Mean points per round")
    assert serious(page) == [], "leaderboard and statistics (en)"
    page.get_by_label("Language").select_option("de")
    board = page.get_by_role("region", name="🏆 Bestenliste")
    expect(board.get_by_role("rowheader", name="Bea")).to_be_visible()
    expect(page.get_by_role("region", name="Diese Partie").get_by_role(
        "img", name="Gesamtpunkte nach jeder Runde")).to_be_visible()
    stats = page.get_by_role("region", name="Statistik")
    expect(stats.get_by_role("img", name="Cabo-Rufe")).to_be_visible()
    expect(stats).to_contain_text("Punkte pro Runde im Schnitt")
    assert serious(page) == [], "leaderboard and statistics (de)"
    page.get_by_role("button", name="Zurück zum Spiel").click()
    expect(page.get_by_role("heading", name=re.compile("^Runde 1"))).to_be_visible()
    page.reload()  # the URL says English again
    expect(page.get_by_test_id("ready")).to_be_visible(timeout=60_000)
    page.get_by_role("button", name="Leaderboard").click()
    board = page.get_by_role("region", name="🏆 Leaderboard")
    expect(board.get_by_role("row")).to_have_count(3)  # kept after a reload
    games = board.get_by_role("row").filter(has_text="Bea").get_by_role("cell").nth(3)
    expect(games).to_have_text("0")  # the game is not finished: no game played yet
    rounds = page.locator(".tile", has=page.locator(".tile-l", has_text=re.compile("^Rounds$")))
    expect(rounds.locator(".tile-n")).to_have_text("1")  # its one round, counted once
