"""Plays the page as a person would: role and label locators, clicks only.

With `driver.TOUCH = True` (tests/e2e/test_phone.py) every press is a tap instead.

`Player` knows a simple, legal way through every decision: look at the first cards, draw,
replace once then discard, skip powers, call Cabo when told to, say Ready, give the first
card. It reads nothing but what the page shows.
"""

from __future__ import annotations

import re
import time

from playwright.sync_api import Page, expect

from .conftest import BOOT_TIMEOUT_MS

TOUCH = False  # tap instead of click (a touch-screen context)

# The page tests play with "End my turn by itself" off: each test decides when a turn ends
# (tests/e2e/test_fair.py turns it on in the form). Before every load of a page, a stored
# setting of its own is kept; without one, the countdown is off.
NO_AUTO_END = """(() => { try { const key = 'cabo.settings';
  const s = JSON.parse(localStorage.getItem(key) || '{}');
  if (s && typeof s === 'object' && !('auto_end' in s)) {
    s.auto_end = 0; localStorage.setItem(key, JSON.stringify(s)); } } catch (e) {} })();"""


def no_auto_end(target) -> None:
    """Pages of this page or context load with the turn countdown off (NO_AUTO_END)."""
    target.add_init_script(NO_AUTO_END)


def activate(target) -> None:
    """Click the control, or tap it on a touch screen; then until the change is drawn."""
    target.tap() if TOUCH else target.click()
    drawn(target.page)


def activate_within(target, timeout_ms) -> None:
    """`activate`, giving up after `timeout_ms` (Playwright's timeout error)."""
    target.tap(timeout=timeout_ms) if TOUCH else target.click(timeout=timeout_ms)
    drawn(target.page)


# A tap's change is drawn in the tap's next task (cabo/web/main.py `render_soon`), which a
# test's next look at the page can come before.
DRAWN = "!document.getElementById('app')?.hasAttribute('data-redraw')"


def drawn(page: Page) -> None:
    """Until the page has drawn the last tap's change."""
    page.wait_for_function(DRAWN)


PRESET_NAMES = {"official": "Official", "party": "Party", "standard52": "Standard 52",
                "hut": "Mountain hut", "single": "Single round"}


def open_page(page: Page, seed: int, lang: str = "en", query: str = "") -> None:
    """The page with this seed and language (`query`: more URL parameters, "&a=b...")."""
    no_auto_end(page)
    page.goto(f"./?seed={seed}&lang={lang}{query}")
    expect(page.get_by_test_id("ready")).to_be_visible(timeout=BOOT_TIMEOUT_MS)


def open_settings(page: Page) -> None:
    """Open the settings sheet from the start screen (English); nothing if it is open."""
    if page.locator("#settings-title").count():
        return
    activate(page.get_by_role("button", name="Settings"))
    expect(page.get_by_role("heading", name="Settings", exact=True)).to_be_visible()


def close_settings(page: Page) -> None:
    """Back from the settings sheet to the start screen (English)."""
    activate(page.get_by_role("button", name="Done", exact=True))
    expect(page.locator("#settings-title")).to_have_count(0)


def open_friends(page: Page) -> None:
    """Open "Play with friends" (the QR way and online rooms) from the start screen;
    nothing if it is open."""
    if page.locator("#friends-title").count():
        return
    activate(page.get_by_role("button", name="Play with friends"))
    expect(page.get_by_role("heading", name="Play with friends", exact=True)).to_be_visible()


def across_devices_form(page: Page, preset: str, name: str, guests: int) -> None:
    """Fill in the settings and "Play with friends" for a table across devices: `guests`
    people on other phones, no bots, instant speed, the host's `name`."""
    open_settings(page)
    page.get_by_role("radio", name=re.compile("^" + PRESET_NAMES[preset])).check()
    page.get_by_label("Speed").select_option("instant")
    close_settings(page)
    open_friends(page)
    page.get_by_label("Your name").fill(name)
    page.get_by_label("People on other phones").select_option(str(guests))
    page.get_by_label("Bots").select_option("0")


def new_game(page: Page, preset: str = "official", kinds=("person", "easy", "easy"),
             speed: str = "instant") -> None:
    """Fill in the new-game form in the settings sheet and start."""
    open_settings(page)
    page.get_by_role("radio", name=re.compile("^" + PRESET_NAMES[preset])).check()
    page.get_by_label("Number of players").select_option(str(len(kinds)))
    for i, kind in enumerate(kinds):
        page.get_by_label(f"Player {i + 1} is").select_option(kind)
    page.get_by_label("Speed").select_option(speed)
    activate(page.get_by_role("button", name="Start game"))
    wait_idle(page)


def wait_idle(page: Page) -> None:
    """Until no bot is due to move (instant speed: the bots have played)."""
    expect(page.locator("#app")).to_have_attribute("data-busy", "false", timeout=20_000)


def wait_saved(page: Page) -> None:
    """Until the last move is saved: a move is saved once its cards have landed (at most 3 s
    later; cabo/web/saving.py `save_later`), and a task after that."""
    page.evaluate("""() => new Promise((done) =>
        window.caboAfterMotion(() => setTimeout(done, 0), 5000))""")


def buttons(page: Page) -> list[str]:
    """Names of the action buttons on screen."""
    return page.get_by_role("group", name="Moves").get_by_role("button").all_inner_texts()


def call_cabo(page: Page) -> None:
    """Press "Call Cabo" and answer its question ("Call Cabo? Everyone else gets one more
    turn")."""
    press(page, "Call Cabo")
    expect(page.locator("#status")).to_contain_text("Everyone else gets one more turn")
    press(page, "Yes, call Cabo")


def press(page: Page, name: str) -> None:
    activate(page.get_by_role("group", name="Moves").get_by_role("button", name=name, exact=True))
    wait_idle(page)


def own_card(page: Page, n: int):
    """The person's card n (1 = leftmost)."""
    return page.get_by_role("button", name=re.compile(rf"^Your card {n},"))


def own_selectable_cards(page: Page) -> list[int]:
    """Numbers of the person's cards that may be clicked now."""
    out = []
    for label in page.get_by_role("group", name="Your cards").get_by_role("button").all():
        if label.is_enabled():
            out.append(int(re.match(r"Your card (\d+),", label.get_attribute("aria-label"))[1]))
    return out


def other_selectable_cards(page: Page) -> list:
    """Locators of other players' cards that may be clicked now."""
    cards = page.get_by_role("button", name=re.compile(r"'s card \d+,"))
    return [c for c in cards.all() if c.is_enabled()]


POWER_BUTTONS = ("Look at this card", "Spy on this card", "Look at this card (king)",
                 "Swap these cards", "Swap with the spied card")


def use_power(page: Page) -> bool:
    """Use the power on the first cards that fit (own, another's, or both); False if none."""
    own = own_selectable_cards(page)[:1]
    others = other_selectable_cards(page)[:1]
    for pick_own, pick_other in ((own, []), ([], others), (own, others)):
        if "Clear the selection" in buttons(page):
            press(page, "Clear the selection")
        for n in pick_own:
            activate(own_card(page, n))
        for card in pick_other:
            activate(card)
        names = buttons(page)
        for name in POWER_BUTTONS:
            if name in names:
                press(page, name)
                return True
    if "Clear the selection" in buttons(page):
        press(page, "Clear the selection")
    return False


class Player:
    """A simple person: peeks the first cards, replaces once, then discards, calls Cabo."""

    def __init__(self, page: Page, cabo_after_draws: int = 1):
        self.page = page
        self.draws = 0
        self.cabo_after = cabo_after_draws
        self.called = False
        self.powers = 0
        self.used_powers = 0

    def step(self) -> bool:
        """One decision; False when the round is over (or the game)."""
        page = self.page
        names = buttons(page)
        if page.get_by_role("heading", name=re.compile(r"^Round \d+: the reveal")).count():
            return False
        if "Look at the cards" in names:
            press(page, "Look at the cards")
        elif choose := page.get_by_text(re.compile(r"^Choose \d of your cards")).all_inner_texts():
            # the count from the line that was found (#status may have moved on since)
            count = int(re.search(r"Choose (\d)", choose[0])[1])
            for n in own_selectable_cards(page)[:count]:
                activate(own_card(page, n))
            press(page, "Look at the cards")
        elif "Call Cabo" in names and self.draws >= self.cabo_after:
            self.called = True
            call_cabo(page)
        elif "Draw" in names:
            self.draws += 1
            press(page, "Draw")
        elif "Replace with the drawn card" in names or "Discard the drawn card" in names:
            if self.draws == 1 or "Discard the drawn card" not in names:
                # (a guest's page may show the buttons a frame before its cards take clicks)
                page.get_by_role("group", name="Your cards").locator(
                    "button:enabled").first.wait_for(timeout=5_000)
                activate(own_card(page, own_selectable_cards(page)[0]))
                press(page, "Replace with the drawn card")
            else:
                press(page, "Discard the drawn card")
        elif "Skip the power" in names:
            self.powers += 1
            if self.powers % 2 == 1 and use_power(page):
                self.used_powers += 1
            else:
                button = page.get_by_role("group", name="Moves").get_by_role(
                    "button", name="Skip the power", exact=True)
                try:
                    activate_within(button, 30_000)
                except Exception:  # noqa: BLE001 (Playwright's timeout: a guest's page took
                    if button.count():  # the host's newer state meanwhile; decide anew)
                        raise
        elif any(n == "End turn" or n.startswith("End turn (") for n in names):
            # (with the countdown on, the button may press itself first: then it is gone)
            button = page.get_by_role("group", name="Moves").get_by_role(
                "button", name=re.compile(r"^End turn( \(\d\))?$"))
            try:
                activate_within(button, 2_000)
            except Exception:  # noqa: BLE001 (Playwright's timeout: the turn ended itself)
                if button.count():
                    raise
            wait_idle(page)
        elif "Ready" in names:
            press(page, "Ready")
        elif page.get_by_text(re.compile(r"^Give .* one of your cards")).count():
            activate(own_card(page, own_selectable_cards(page)[0]))
            press(page, "Give this card")
        elif self.settled(names):  # (a guest's page between its move and the host's answer)
            return self.step()
        else:
            raise AssertionError(f"no move found; buttons {names}, status "
                                 f"{page.locator('#status').inner_text()!r}")
        return True

    def settled(self, names: list, timeout_s: float = 5.0) -> bool:
        """Whether the page's moves changed from `names` within `timeout_s`: a guest's page
        shows its moves again only once the host's answer to its last move has arrived."""
        deadline = time.monotonic() + timeout_s
        while time.monotonic() < deadline:
            self.page.wait_for_timeout(100)
            if buttons(self.page) != names:
                return True
        return False

    def play_round(self, max_steps: int = 200) -> None:
        for _ in range(max_steps):
            if not self.step():
                return
        raise AssertionError("the round did not end")


def round_result(page: Page) -> dict:
    """The reveal table: per player their cards, sum, points and total; and the caller."""
    section = page.get_by_role("region", name=re.compile(r"^Round \d+: the reveal"))
    rows = {}
    lines = section.get_by_role("row").all()[1:]
    for row, why in zip(lines[::2], lines[1::2]):  # a player's numbers, then the reason
        name = row.get_by_role("rowheader").inner_text().replace("called Cabo", "").strip()
        cells = row.get_by_role("cell").all_inner_texts()
        rows[name] = {"cards": cells[0].split(), "sum": int(cells[1]), "points": int(cells[2]),
                      "why": why.get_by_role("cell").inner_text(), "total": int(cells[3])}
    # the round's result in words is the status line at the top of the table
    text = page.locator("#status").inner_text() + "\n" + section.inner_text()
    caller = re.search(r"(\S+) called Cabo\.", text)
    return {"rows": rows, "caller": caller[1] if caller else None, "text": text}
