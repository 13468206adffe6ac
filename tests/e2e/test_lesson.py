"""The guided lesson, "Learn to play" (issue 32), played to its end by clicks: in German on a
phone (390x844) from the first visit's offer, in English on a desktop (1280x800) from a
running game's table, with a wrong tap, leaving, a reload and coming back. axe on the offer,
the coach and the presets' lines.

A newcomer's time through the guided round (round 1, the scripted one) is measured in the
German test: taps at a person's pace (TAP_PAUSE_S waited before every tap, the bots at the
default "normal" speed as a newcomer sees them) plus a reading pause for every new coach
text, counted at READ_WPM words a minute (not waited, so the suite stays short). The figure
is printed (LESSON_TIME ...) and quoted with its method in docs/lesson.md.
"""

from __future__ import annotations

import os
import time

import pytest
from playwright.sync_api import Page, expect

from .conftest import BOOT_TIMEOUT_MS
from .driver import drawn, wait_saved
from .test_axe import serious

pytestmark = pytest.mark.e2e

TAP_PAUSE_S = 0.8   # a person's pause before each tap, once they know what to tap
READ_WPM = 180      # reading speed of a coach text on a phone (slow, careful reading)
SHOTS = os.environ.get("CABO_SHOTS")  # a folder: screenshots of the new screens, for review


def shot(page: Page, name: str) -> None:
    if SHOTS:
        page.screenshot(path=os.path.join(SHOTS, name + ".png"))


class Learner:
    """Follows the coach: taps the glowing cards, then the yellow (primary) button."""

    def __init__(self, page: Page, pace: float):
        self.page, self.pace = page, pace
        self.read_s, self.texts, self.taps = 0.0, [], 0
        self.steps = []  # the coach's step at every tap

    def tap(self, locator, pause: float | None = None) -> None:
        """Taps after the learner's pace (or `pause` s, when the learner has waited already)."""
        time.sleep(self.pace if pause is None else pause)
        locator.click()
        drawn(self.page)
        self.taps += 1

    def read(self) -> str:
        text = self.page.locator(".coach-lines").inner_text()
        if not self.texts or self.texts[-1] != text:
            self.texts.append(text)
            self.read_s += len(text.split()) * 60 / READ_WPM
        return text

    def wait(self) -> None:
        """Until the learner has a move to make (the bots have moved)."""
        self.page.wait_for_function(
            "document.querySelector('.actions .btn.primary, button.card.suggested"
            "[aria-pressed=false], button.pile.suggested, [data-ctl=lesson-next]')",
            timeout=20_000)

    def step(self) -> str:
        """One move of the learner as the coach shows it; the coach's text it followed."""
        page = self.page
        self.wait()
        text = self.read()
        self.steps.append(page.locator(".coach-step").inner_text())
        go_on = page.locator('[data-ctl="lesson-next"]')
        if go_on.count():  # the bot's move waits until its explanation is read
            self.tap(go_on)
            return text
        deck = page.locator("button.pile.suggested")
        if deck.count():
            self.tap(deck)
            return text
        glowing = page.locator("button.card.suggested[aria-pressed=false]")
        while glowing.count():
            self.tap(glowing.first)
        primary = page.locator(".actions .btn.primary")
        self.tap(primary)
        confirm = page.locator('[data-key="cabo_yes"]')
        if confirm.count():  # "Call Cabo? Everyone else gets one more turn"
            self.tap(confirm)
        return text

    def guided_round(self, until_step=None) -> None:
        """Round 1 to its reveal, by the coach (or until the coach's step `until_step` asks
        for the learner's move)."""
        while True:
            self.wait()
            if until_step and self.page.locator(".coach-step").inner_text() == until_step:
                return
            if self.page.locator('[data-key="next_round"]').count():
                self.read()  # the reveal and why each player scored what
                self.tap(self.page.locator('[data-key="next_round"]'))
                return
            self.step()

    def own_round(self, look: str, cabo: str, yes: str) -> None:
        """Round 2, real play: look at two cards, call Cabo at once, watch the reveal."""
        page = self.page
        expect(page.locator("#slot-0-0")).to_be_enabled(timeout=20_000)
        self.read()
        for slot in (0, 1):
            self.tap(page.locator(f"#slot-0-{slot}"))
        self.tap(page.get_by_role("button", name=look))
        button = page.get_by_role("button", name=cabo, exact=True)
        expect(button).to_be_visible(timeout=20_000)
        self.read()
        self.tap(button)
        self.tap(page.get_by_role("button", name=yes))
        expect(page.locator('[data-ctl="lesson-presets"]')).to_be_visible(timeout=30_000)
        self.read()


def test_the_lesson_in_german_on_a_phone_from_the_first_visit(page: Page) -> None:
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto("./?lang=de")
    expect(page.get_by_test_id("ready")).to_be_visible(timeout=BOOT_TIMEOUT_MS)
    offer = page.get_by_role("region", name="Neu bei Cabo?")
    expect(offer).to_be_visible()
    expect(offer.get_by_role("button", name="Gleich spielen")).to_be_visible()
    assert serious(page) == [], "offer"
    shot(page, "de_offer")
    learner = Learner(page, TAP_PAUSE_S)
    began = time.monotonic()
    learner.tap(offer.get_by_role("button", name="Spielen lernen"))
    coach = page.get_by_role("region", name="Spielen lernen · Schritt 1 von 26")
    expect(coach).to_contain_text("Tippe deine leuchtenden Karten 1 und 2")
    expect(page.get_by_role("button", name="Lektion verlassen")).to_be_visible()
    assert serious(page) == [], "coach"
    shot(page, "de_coach_1")
    learner.step()  # the two cards looked at
    expect(page.locator(".coach-lines")).to_contain_text("Deine Karte 1 ist eine 3")
    learner.guided_round(until_step="Schritt 7 von 26")
    expect(page.locator(".coach-lines")).to_contain_text("Bruno hat eine 3 abgelegt")
    shot(page, "de_coach_match")
    learner.guided_round(until_step="Schritt 23 von 26")
    expect(page.locator(".coach-lines")).to_contain_text("2 + 1 + 0 = 3")
    learner.guided_round()
    guided_s = time.monotonic() - began
    assert "Du: 2 + 1 + 0 = 3; Punkte: 0" in learner.texts[-1]
    assert "Bruno: 6 + 12 + 9 + 4 = 31; Punkte: 31" in learner.texts[-1]
    print(f"LESSON_TIME guided round (de, 390x844): {guided_s + learner.read_s:.0f} s = "
          f"{guided_s:.0f} s of taps and bot moves ({learner.taps} taps, {TAP_PAUSE_S} s "
          f"before each) + {learner.read_s:.0f} s reading {len(learner.texts)} coach texts "
          f"at {READ_WPM} words/min")
    learner.own_round("Karten ansehen", "Cabo rufen", "Ja, Cabo rufen")
    shot(page, "de_coach_done")
    page.locator('[data-ctl="lesson-presets"]').click()
    end = page.get_by_role("region", name="Fünf Arten, Cabo zu spielen")
    expect(end.get_by_role("heading", level=3)).to_have_count(5)
    expect(end).to_contain_text("Der König")
    assert serious(page) == [], "presets"
    shot(page, "de_presets")
    end.get_by_role("button", name="Ein echtes Spiel spielen").click()
    expect(page.get_by_role("heading", name="Neues Spiel")).to_be_visible()
    expect(page.get_by_role("region", name="Neu bei Cabo?")).to_have_count(0)
    expect(page.get_by_role("button", name="Spielen lernen")).to_be_visible()  # always there


def test_the_lesson_in_english_left_and_resumed_beside_a_real_game(page: Page) -> None:
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto("./?lang=en&seed=5")
    expect(page.get_by_test_id("ready")).to_be_visible(timeout=BOOT_TIMEOUT_MS)
    page.get_by_role("button", name="Play right away").click()  # one tap to a real game
    expect(page.get_by_role("group", name="Moves")).to_be_visible()
    page.get_by_label("Speed").select_option("fast")
    expect(page.locator("#app")).to_have_attribute("data-busy", "false", timeout=20_000)
    wait_saved(page)
    real = page.evaluate("localStorage.getItem('cabo.save')")
    assert real
    page.get_by_role("button", name="Learn to play").click()  # below the real table
    learner = Learner(page, 0)
    learner.guided_round(until_step="Step 3 of 26")  # the deck glows: draw
    shot(page, "en_coach_3")
    assert serious(page) == [], "coach"
    page.locator("#discard").click()  # a wrong tap: take the discard instead of drawing
    expect(page.locator(".coach-wrong")).to_contain_text("Nothing has changed")
    expect(page.locator(".coach-step")).to_have_text("Step 3 of 26")
    shot(page, "en_wrong")
    learner.guided_round(until_step="Step 9 of 26")
    expect(page.locator(".coach-lines")).to_contain_text("look at one of your own cards")
    page.reload()  # a reload resumes the lesson where it was
    expect(page.get_by_test_id("ready")).to_be_visible(timeout=BOOT_TIMEOUT_MS)
    expect(page.locator(".coach-step")).to_have_text("Step 9 of 26")
    page.get_by_role("button", name="Leave lesson").click()
    expect(page.get_by_role("heading", name="New game")).to_be_visible()
    assert page.evaluate("localStorage.getItem('cabo.save')") == real  # the real game kept
    page.reload()  # left: a reload opens the real game, the lesson waits
    expect(page.get_by_test_id("ready")).to_be_visible(timeout=BOOT_TIMEOUT_MS)
    expect(page.locator(".coach")).to_have_count(0)
    page.get_by_role("button", name="Continue the lesson").click()
    expect(page.locator(".coach-step")).to_have_text("Step 9 of 26")
    learner.guided_round()
    learner.own_round("Look at the cards", "Call Cabo", "Yes, call Cabo")
    page.locator('[data-ctl="lesson-presets"]').click()
    end = page.get_by_role("region", name="Five ways to play Cabo")
    expect(end.get_by_role("heading", level=3)).to_have_count(5)
    assert serious(page) == [], "presets"
    shot(page, "en_presets")
    end.get_by_role("button", name="Play a real game").click()
    page.get_by_role("button", name="Continue").click()  # the real game, as it was
    expect(page.get_by_role("group", name="Moves")).to_be_visible()
    expect(page.locator(".coach")).to_have_count(0)
    assert page.evaluate("localStorage.getItem('cabo.lesson')") is None


# Every text the coach's step counter shows, in order (a jump would leave a number out).
RECORD_STEPS = """() => { window.__steps = [];
    const note = () => { const s = document.querySelector('.coach-step');
        const text = s ? s.textContent : null;
        if (text && window.__steps[window.__steps.length - 1] !== text) window.__steps.push(text); };
    new MutationObserver(note).observe(document.getElementById('app'),
        {childList: true, subtree: true, characterData: true}); note(); }"""


def test_the_lesson_at_a_persons_pace_shows_every_step_once_in_order(page: Page) -> None:
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto("./?lang=en")
    expect(page.get_by_test_id("ready")).to_be_visible(timeout=BOOT_TIMEOUT_MS)
    page.evaluate(RECORD_STEPS)
    learner = Learner(page, 1.5)  # 1.5 s before every tap
    learner.tap(page.get_by_role("button", name="Learn to play").first)
    expect(page.locator(".coach-step")).to_have_text("Step 1 of 26")
    lines = []
    while page.locator(".coach-step").inner_text().startswith("Step "):
        if page.locator('[data-key="next_round"]').count():
            break
        learner.wait()
        text = page.locator(".coach-lines").inner_text()
        go_on = page.locator('[data-ctl="lesson-next"]')
        if go_on.count():
            # the bot waits: its explanation stays until "Next" (none of it is replaced),
            # for as long as the learner takes to read it before the tap
            page.wait_for_timeout(learner.pace * 1000)
            assert page.locator(".coach-lines").inner_text() == text
            lines.append(text)
            learner.tap(go_on, pause=0)
            continue
        learner.step()
    steps = page.evaluate("window.__steps")
    assert steps[:26] == [f"Step {n} of 26" for n in range(1, 27)], steps
    assert steps[26:] in ([], ["Your own round"]), steps  # (then the learner's own round)
    # the bot's eleven moves, each a step of its own: no two in a row say the same
    assert len(lines) == 11 and all(a != b for a, b in zip(lines, lines[1:])), lines
