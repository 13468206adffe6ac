"""The replay screen, a shared round, the rounds kept and the deal of the day, through the
page. One finished round serves the replay, its link, its bad twin and the kept list (each
step reads what the one before left on screen); the deal of the day plays a round of its own.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Page, expect

from .conftest import BOOT_TIMEOUT_MS
from .driver import Player, activate, close_settings, new_game, open_page, open_settings, wait_idle
from .test_axe import serious

pytestmark = pytest.mark.e2e

REVIEW_MS = 60_000  # the review runs in slices after the screen is drawn

# Records the motion the page asks for (static/js/motion.js): the steps' kinds per call.
SPY_MOTION = """() => {
  window.motionCalls = [];
  const play = window.caboMotion;
  window.caboMotion = (steps, instant) => {
    window.motionCalls.push(JSON.parse(steps).map((s) => s.kind));
    return play(steps, instant);
  };
}"""


def step_of(page: Page) -> tuple:
    m = re.fullmatch(r"Step (\d+) of (\d+)", page.locator("#replay-pos").inner_text())
    return int(m[1]), int(m[2])


def hand_faces(page: Page, name_re: str) -> list:
    """The faces shown in a player's row of the replay's table (None: face down)."""
    row = page.locator(".replay-table section.player", has=page.locator(
        ".pname", has_text=re.compile(name_re)))
    out = []
    for card in row.locator(".row .card").all():
        up = " up" in f' {card.get_attribute("class")}'
        out.append(card.get_attribute("aria-label") if up else None)
    return out


def choose_view(page: Page, label: str) -> None:
    page.get_by_label("View", exact=True).select_option(label=label)


def test_a_finished_round_replays_shares_its_link_and_is_kept(page: Page, browser: Browser,
                                                              base_url: str):
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    open_page(page, 11)
    new_game(page, "official", ("person", "easy"))
    Player(page).play_round()
    wait_idle(page)
    page.evaluate(SPY_MOTION)
    page.get_by_role("button", name="Replay and review this round").click()
    expect(page.get_by_role("heading", name="Replay of round 1")).to_be_visible()
    at, n = step_of(page)
    assert at == 1 and n > 5
    assert hand_faces(page, "^You$") == [None] * 4  # the deal, as the person saw it
    # forwards the cards move as in play, back they fly back; a jump shows the step at once
    page.get_by_role("button", name="Next").click()
    page.get_by_role("button", name="Next").click()
    assert step_of(page) == (3, n)
    calls = page.evaluate("window.motionCalls")
    assert len(calls) >= 1 and all(calls), calls
    for _ in range(n):  # on to a step where a card flies (a draw, a swap, a discard)
        if "fly" in calls[-1]:
            break
        page.get_by_role("button", name="Next").click()
        calls = page.evaluate("window.motionCalls")
    at = step_of(page)[0]
    flown = sum(kind in ("fly", "deal") for kind in calls[-1])
    assert flown
    page.get_by_role("button", name="Back").click()
    assert step_of(page) == (at - 1, n)
    calls = page.evaluate("window.motionCalls")
    assert calls[-1] == ["fly"] * flown
    page.get_by_role("button", name="End").click()
    assert step_of(page) == (n, n)
    expect(page.get_by_role("button", name="Next")).to_be_disabled()
    page.get_by_role("button", name="Start").click()
    assert step_of(page) == (1, n)
    assert page.evaluate("window.motionCalls") == calls
    # on to the person's first peek: two own cards face up, Ada's all face down
    for _ in range(n):
        if sum(f is not None for f in hand_faces(page, "^You$")) >= 2:
            break
        page.get_by_role("button", name="Next").click()
    mine = hand_faces(page, "^You$")
    assert sum(f is not None for f in mine) == 2
    at = step_of(page)[0]
    assert hand_faces(page, "^Ada") == [None] * 4
    # Ada's view of the same step: not the person's cards
    choose_view(page, "What Ada saw")
    assert step_of(page)[0] == at
    assert hand_faces(page, "^You$") == [None] * 4
    # everything face up (the round is over), the person's peeked cards the same
    choose_view(page, "Everything face up")
    faces = hand_faces(page, "^You$")
    assert None not in faces and None not in hand_faces(page, "^Ada")
    assert all(f == g for f, g in zip(faces, mine) if g is not None)
    # the coach's review comes without freezing the page: marks, or the word that none
    expect(page.locator(".review .marks, .review .review-none")).to_be_visible(
        timeout=REVIEW_MS)
    assert serious(page) == [], "replay and review"
    marks = page.locator(".mark-item")
    assert marks.count() <= 3
    if marks.count():
        expect(marks.first).to_contain_text("an estimate from 64 sampled deals")
        move = int(re.search(r"\d+", marks.first.locator("h4").inner_text())[0])
        marks.first.get_by_role("button", name=f"Show move {move}").click()
        assert step_of(page)[0] == move
    # share this round: the link, copied
    url = page.locator("#replay-link").input_value()
    assert "#replay=1" in url
    page.get_by_role("button", name="Copy the link").click()
    expect(page.locator(".share")).to_contain_text("The link is copied.")
    assert page.evaluate("navigator.clipboard.readText()") == url
    page.get_by_role("button", name="End").click()
    result = page.locator(".replay-table .result").inner_text()
    page.get_by_role("button", name="Close the replay").click()
    expect(page.get_by_role("heading", name="Round 1: the reveal")).to_be_visible()
    # the phone's back button closes the replay as well
    page.get_by_role("button", name="Replay and review this round").click()
    expect(page.get_by_role("heading", name="Replay of round 1")).to_be_visible()
    page.go_back()
    expect(page.get_by_role("heading", name="Round 1: the reveal")).to_be_visible()

    # the round is kept: listed in the statistics (opened here over the replay), and it
    # replays offline; closed, it goes back to the table it was first opened from
    page.get_by_role("button", name="Replay and review this round").click()
    page.get_by_role("button", name="Leaderboard").click()
    kept = page.locator(".kept-rounds")
    expect(kept.get_by_role("heading", name="Rounds kept for a second look")).to_be_visible()
    assert kept.locator("[data-ctl='replay-kept']").count() == 1
    page.context.set_offline(True)
    try:
        kept.locator("[data-ctl='replay-kept']").click()
        expect(page.get_by_role("heading", name="Replay of round 1")).to_be_visible()
        choose_view(page, "Everything face up")
        page.get_by_role("button", name="End").click()
        assert page.locator(".replay-table .result").inner_text() == result
    finally:
        page.context.set_offline(False)
    page.get_by_role("button", name="Close the replay").click()
    expect(page.get_by_role("heading", name="Round 1: the reveal")).to_be_visible()

    # the link opens the same round in a fresh browser; a damaged one says why
    fresh = browser.new_context(base_url=base_url)
    try:
        other = fresh.new_page()
        other.goto(url)
        expect(other.get_by_test_id("ready")).to_be_visible(timeout=BOOT_TIMEOUT_MS)
        expect(other.get_by_role("heading", name="Replay of round 1")).to_be_visible()
        assert step_of(other) == (1, n)
        choose_view(other, "Everything face up")
        other.get_by_role("button", name="End").click()
        assert other.locator(".replay-table .result").inner_text() == result
        page_url, data = url.split("#", 1)
        other.goto(f"{page_url}?lang=de#{data[:-12]}")
        other.reload()
        expect(other.get_by_test_id("ready")).to_be_visible(timeout=BOOT_TIMEOUT_MS)
        expect(other.get_by_role("heading", name="Dieser Link öffnet keine Runde.")).to_be_visible()
        expect(other.get_by_role("alert")).to_contain_text("abgeschnitten")
        other.get_by_role("button", name="Neues Spiel").click()
        expect(other.get_by_role("button", name="Spiel des Tages")).to_be_visible()
    finally:
        fresh.close()


def test_the_deal_of_the_day_is_played_shared_and_kept(page: Page, browser: Browser,
                                                       base_url: str):
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    open_page(page, 5, query="&day=2026-12-06")
    open_settings(page)
    page.get_by_label("Speed").select_option("instant")
    close_settings(page)
    activate(page.get_by_role("button", name="Deal of the day"))
    expect(page.get_by_role("heading", name="Deal of the day, 6 Dec")).to_be_focused()
    expect(page.locator(".daily-played")).to_have_count(0)
    activate(page.get_by_role("button", name="Play today's deal"))
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
    # the same deal on another device the same day: the same discard, the same bots
    page.get_by_role("button", name="Replay and review this round").click()
    dealt = page.locator(".replay-table #discard").get_attribute("aria-label")
    fresh = browser.new_context(base_url=base_url)
    try:
        other = fresh.new_page()
        open_page(other, 77, query="&day=2026-12-06")
        activate(other.get_by_role("button", name="Deal of the day"))
        activate(other.get_by_role("button", name="Play today's deal"))
        expect(other.locator("#discard")).to_have_attribute("aria-label", dealt)
        expect(other.locator(".others .pname")).to_have_text([re.compile("^Ada"),
                                                              re.compile("^Bo")])
    finally:
        fresh.close()
    # the start screen's sheet says today's try is counted; the statistics keep it
    page.get_by_role("button", name="Close the replay").click()
    page.get_by_role("button", name="New game").first.click()
    activate(page.get_by_role("button", name="Deal of the day"))
    expect(page.locator(".daily-played")).to_have_text(f"Today: {first}")
    assert serious(page) == [], "the deal of the day's sheet"
    expect(page.get_by_role("button", name="Play it again (it does not count)")).to_be_visible()
    page.get_by_role("button", name="Close", exact=True).first.click()
    page.get_by_role("button", name="Leaderboard").click()
    day = page.locator(".kept-rounds [data-ctl='replay-day']")
    expect(day).to_have_text([first])
    assert serious(page) == [], "the statistics with the rounds kept"
    day.click()
    expect(page.get_by_role("heading", name="Replay of round 1")).to_be_visible()


def test_a_guest_replays_its_own_seats_view_only(browser: Browser, base_url: str):
    from .test_net import Devices, join_all, play_round

    d = Devices(browser, base_url, count=2)  # the host and one guest (Ada)
    try:
        join_all(d, "official", seed=7)
        host, guest = d.pages
        play_round(d, {host: Player(host, 99), guest: Player(guest, cabo_after_draws=1)})
        guest.get_by_role("button", name="Replay and review this round").click()
        expect(guest.get_by_role("heading", name="Replay of round 1")).to_be_visible()
        views = guest.get_by_label("View", exact=True).locator("option").all_inner_texts()
        assert views == ["What Ada saw"]  # no other seat, nothing face up
        expect(guest.locator(".replay-note")).to_contain_text("as your seat saw it")
        # no link, no review: it knows too little
        assert guest.locator(".share, .review").count() == 0
        guest.get_by_role("button", name="End").click()
        at, n = step_of(guest)
        assert at == n > 3
        expect(guest.locator(".replay-table .result")).to_contain_text("called Cabo")
        # at the deal every card of the hands is face down, the host's too
        guest.get_by_role("button", name="Start").click()
        assert guest.locator(".replay-table section.player .row .card").count() == 8
        assert guest.locator(".replay-table section.player .row .card.up").count() == 0
    finally:
        d.close()
    assert not [e for e in d.errors if "favicon" not in e], d.errors
