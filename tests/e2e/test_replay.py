"""The replay screen, a shared round and the deal of the day, through the page."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Page, expect

from .conftest import BOOT_TIMEOUT_MS
from .driver import Player, new_game, open_page, wait_idle
from .test_axe import serious
from .test_net import devices  # noqa: F401 - the fixture of three joined pages

pytestmark = pytest.mark.e2e

REVIEW_MS = 60_000  # the review runs in slices after the screen is drawn


def step_of(page: Page) -> tuple:
    m = re.fullmatch(r"Step (\d+) of (\d+)", page.locator("#replay-pos").inner_text())
    return int(m[1]), int(m[2])


def hand_faces(page: Page, name_re: str) -> list:
    """The faces shown in a player's row of the replay's table (None: face down)."""
    row = page.locator(".replay-table section.player", has=page.locator(
        ".pname", has_text=re.compile(name_re)))
    out = []
    for card in row.locator(".row .card").all():
        cls = card.get_attribute("class")
        out.append(card.locator(".face").inner_text() if " up" in f" {cls}" else None)
    return out


def finish_a_round(page: Page) -> None:
    open_page(page, 11)
    new_game(page, "official", ("person", "easy"))
    Player(page).play_round()
    wait_idle(page)


def test_a_finished_round_replays_step_by_step_in_every_view(page: Page):
    finish_a_round(page)
    page.get_by_role("button", name="Replay and review this round").click()
    expect(page.get_by_role("heading", name="Replay of round 1")).to_be_visible()
    at, n = step_of(page)
    assert at == 1 and n > 5
    # the deal, as the person saw it: every card face down
    assert hand_faces(page, "^You$") == [None] * 4
    page.get_by_role("button", name="Next").click()
    page.get_by_role("button", name="Next").click()
    assert step_of(page) == (3, n)
    page.get_by_role("button", name="Back").click()
    assert step_of(page) == (2, n)
    page.get_by_role("button", name="End").click()
    assert step_of(page) == (n, n)
    expect(page.get_by_role("button", name="Next")).to_be_disabled()
    page.get_by_role("button", name="Start").click()
    assert step_of(page) == (1, n)
    # step to the person's peek: it sees two own cards face up, Ada's stay face down
    for _ in range(n):
        if sum(f is not None for f in hand_faces(page, "^You$")) >= 2:
            break
        page.get_by_role("button", name="Next").click()
    mine = hand_faces(page, "^You$")
    assert sum(f is not None for f in mine) == 2
    at = step_of(page)[0]
    assert hand_faces(page, "^Ada") == [None] * 4
    # Ada's view of the same step: not the person's cards
    page.get_by_label("View", exact=True).select_option(label="Seat of Ada")
    assert step_of(page)[0] == at
    assert hand_faces(page, "^You$") == [None] * 4
    # everything face up (the round is over)
    page.get_by_label("View", exact=True).select_option(label="Everything face up")
    assert None not in hand_faces(page, "^You$") and None not in hand_faces(page, "^Ada")
    faces = hand_faces(page, "^You$")
    assert all(f == g for f, g in zip(faces, mine) if g is not None)
    # the coach's review comes without freezing the page: marks or the word that none
    expect(page.locator(".review .marks, .review .review-none")).to_be_visible(
        timeout=REVIEW_MS)
    assert serious(page) == [], "replay and review"
    marks = page.locator(".mark-item")
    if marks.count():
        assert marks.count() <= 3
        expect(marks.first).to_contain_text("an estimate from 64 sampled deals")
        marks.first.get_by_role("button", name=re.compile(r"^Show move \d+")).click()
        move = int(re.search(r"\d+", marks.first.locator("h4").inner_text())[0])
        assert step_of(page)[0] == move
    page.get_by_role("button", name="Close the replay").click()
    expect(page.get_by_role("heading", name="Round 1: the reveal")).to_be_visible()


def test_a_shared_link_opens_the_same_round_in_a_fresh_browser(page: Page, browser: Browser,
                                                               base_url: str):
    finish_a_round(page)
    page.get_by_role("button", name="Replay and review this round").click()
    page.get_by_label("View", exact=True).select_option(label="Everything face up")
    page.get_by_role("button", name="End").click()
    url = page.locator("#replay-link").input_value()
    assert "#replay=1" in url
    n = step_of(page)[1]
    table = page.locator(".replay-table .result").inner_text()
    fresh = browser.new_context(base_url=base_url)
    try:
        other = fresh.new_page()
        other.goto(url)
        expect(other.get_by_test_id("ready")).to_be_visible(timeout=BOOT_TIMEOUT_MS)
        expect(other.get_by_role("heading", name="Replay of round 1")).to_be_visible()
        assert step_of(other) == (1, n)
        other.get_by_label("View", exact=True).select_option(label="Everything face up")
        other.get_by_role("button", name="End").click()
        assert other.locator(".replay-table .result").inner_text() == table
        # a damaged link: a readable message, in the page's language, and a way on
        page_url, data = url.split("#", 1)
        other.goto(f"{page_url}?lang=de#{data[:-12]}")
        other.reload()
        expect(other.get_by_test_id("ready")).to_be_visible(timeout=BOOT_TIMEOUT_MS)
        expect(other.get_by_role("heading", name="Dieser Link öffnet keine Runde.")).to_be_visible()
        expect(other.get_by_role("alert")).to_contain_text("abgeschnitten")
        other.get_by_role("button", name="Neues Spiel").click()
        expect(other.get_by_role("button", name="Spiel starten")).to_be_visible()
    finally:
        fresh.close()


def test_the_deal_of_the_day_is_played_shared_and_kept(page: Page, browser: Browser,
                                                       base_url: str):
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    open_page(page, 5, query="&day=2026-12-06")
    page.get_by_label("Speed").select_option("instant")
    page.get_by_role("button", name="Deal of the day").click()
    wait_idle(page)
    Player(page).play_round()
    result = page.locator(".daily-result")
    expect(result).to_contain_text("Deal of the day, 6 Dec")
    text = page.locator("#daily-text").input_value()
    first, link = text.split("\n")
    assert re.fullmatch(r"Cabo, 6 Dec: -?\d+ points?, (1st|2nd|3rd) of 3", first), first
    assert "#replay=1" in link
    page.get_by_role("button", name="Copy the text and link").click()
    expect(result).to_contain_text("The link is copied.")
    assert page.evaluate("navigator.clipboard.readText()") == text
    # the same deal on another device the same day: the same cards at the first step
    page.get_by_role("button", name="Replay and review this round").click()
    page.get_by_label("View", exact=True).select_option(label="Everything face up")
    dealt = page.locator(".replay-table .felt").inner_text()
    fresh = browser.new_context(base_url=base_url)
    try:
        other = fresh.new_page()
        open_page(other, 77, query="&day=2026-12-06")
        other.get_by_label("Speed").select_option("instant")
        other.get_by_role("button", name="Deal of the day").click()
        wait_idle(other)
        Player(other).play_round()
        other.get_by_role("button", name="Replay and review this round").click()
        other.get_by_label("View", exact=True).select_option(label="Everything face up")
        assert other.locator(".replay-table .felt").inner_text() == dealt
    finally:
        fresh.close()
    # one try a day counts, and the start screen says so; the round is kept
    page.get_by_role("button", name="Close the replay").click()
    page.get_by_role("button", name="New game").first.click()
    expect(page.locator(".daily-played")).to_have_text(f"Today: {first}")
    page.locator(".kept summary").click()
    page.locator(".kept-list button").first.click()
    expect(page.get_by_role("heading", name="Replay of round 1")).to_be_visible()


def test_a_guest_replays_its_own_seats_view_only(devices):
    from .test_net import join_all, play_round

    d = devices
    join_all(d, "official", seed=7)
    host, g1, g2 = d.pages
    play_round(d, {host: Player(host, 99), g1: Player(g1, cabo_after_draws=1),
                   g2: Player(g2, 99)})
    g1.get_by_role("button", name="Replay and review this round").click()
    expect(g1.get_by_role("heading", name="Replay of round 1")).to_be_visible()
    views = g1.get_by_label("View", exact=True).locator("option").all_inner_texts()
    assert views == ["Seat of Ada"]  # no other seat, nothing face up
    expect(g1.locator(".replay-note")).to_contain_text("as your seat saw it")
    assert g1.locator(".share, .review").count() == 0  # no link, no review: it knows too little
    g1.get_by_role("button", name="End").click()
    at, n = step_of(g1)
    assert at == n > 3
    expect(g1.locator(".replay-table .result")).to_contain_text("called Cabo")
