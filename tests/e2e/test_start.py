"""The start screen (issue 41): one phone screen in German and English, Play starts a game
with the last settings in one tap, and the sheets (settings, play with friends, rules,
leaderboard) keep their close button in view and close with the browser's back button."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from .conftest import BOOT_TIMEOUT_MS
from .driver import activate, close_settings, open_page, open_settings, wait_idle

pytestmark = pytest.mark.e2e

WORDS = {"en": {"play": "Play", "settings": "Settings", "friends": "Play with friends",
                "board": "Leaderboard", "rules": "Rules", "continue": "Continue"},
         "de": {"play": "Spielen", "settings": "Einstellungen", "friends": "Mit Freunden spielen",
                "board": "Bestenliste", "rules": "Regeln", "continue": "Weiterspielen"}}


def scroll_room(page: Page) -> int:
    """How many CSS pixels the page is taller than the screen (0: it fits)."""
    return page.evaluate("document.documentElement.scrollHeight - innerHeight")


def in_view(page: Page, locator) -> bool:
    box = locator.bounding_box()
    size = page.viewport_size
    return (box is not None and box["y"] >= 0 and box["y"] + box["height"] <= size["height"]
            and box["x"] >= 0 and box["x"] + box["width"] <= size["width"])


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_start_screen_fits_a_phone_and_play_starts_with_the_last_settings(
        page: Page, lang: str) -> None:
    w = WORDS[lang]
    page.set_viewport_size({"width": 390, "height": 844})
    open_page(page, 8, lang)
    assert scroll_room(page) <= 0, "first visit (with the lesson's offer)"
    page.set_viewport_size({"width": 360, "height": 740})
    assert scroll_room(page) <= 0, "first visit, 360x740"
    page.set_viewport_size({"width": 390, "height": 844})
    # the last settings: the party preset, four players, fast
    activate(page.get_by_role("button", name=w["settings"]))
    page.get_by_role("radio", name=re.compile("^Party")).check()
    page.locator("select[data-field='count']").select_option("4")
    page.locator("select[data-field='speed']").select_option("instant")
    page.evaluate("localStorage.setItem('cabo.lesson.offered', '1')")
    page.reload()
    expect(page.get_by_test_id("ready")).to_be_visible(timeout=BOOT_TIMEOUT_MS)
    play = page.get_by_role("button", name=w["play"], exact=True)
    expect(play).to_be_visible()
    assert scroll_room(page) <= 0, "the start screen"
    for name in ("play", "settings", "friends"):
        assert in_view(page, page.get_by_role("button", name=w[name], exact=name == "play"))
    expect(page.locator(".start-summary")).to_contain_text("Party")
    play.click()  # one tap to a table
    wait_idle(page)
    expect(page.get_by_role("group", name=re.compile("Moves|Züge"))).to_be_visible()
    assert page.locator(".others .player").count() == 3
    assert page.locator(".reactions").count() == 1  # the party preset's extras
    # from the table back to the start: Continue is there, and the page still fits
    page.get_by_role("button", name=re.compile("^(New game|Neues Spiel)$")).click()
    expect(page.get_by_role("button", name=w["continue"])).to_be_visible()
    assert scroll_room(page) <= 0, "the start screen with Continue"
    page.set_viewport_size({"width": 360, "height": 740})
    assert scroll_room(page) <= 0, "the start screen with Continue, 360x740"


def test_sheets_keep_their_close_button_in_view_and_close_with_back(page: Page) -> None:
    page.set_viewport_size({"width": 390, "height": 844})
    open_page(page, 9)
    start_entries = page.evaluate("history.length")
    for opener, title in (("Settings", "#settings-title"), ("Play with friends", "#friends-title"),
                          ("Rules", "#rules-title"), ("Leaderboard", "#board-title")):
        page.get_by_role("button", name=opener, exact=opener == "Rules").click()
        expect(page.locator(title)).to_be_focused()
        page.evaluate("scrollTo(0, document.documentElement.scrollHeight)")
        close = page.locator(".sheet-head .sheet-close, .rs-head .rs-close")
        expect(close).to_have_count(1)
        assert in_view(page, close), f"{opener}: the close button is out of view"
        page.go_back()  # the browser's back button closes the sheet
        expect(page.locator(title)).to_have_count(0)
        expect(page.get_by_role("button", name="Play", exact=True).or_(
            page.get_by_role("button", name="Learn to play"))).to_be_visible()
    # ✕ closes too, and leaves no history entry behind
    open_settings(page)
    page.get_by_role("button", name="Close").click()
    expect(page.locator("#settings-title")).to_have_count(0)
    page.wait_for_timeout(300)
    assert page.evaluate("history.state") is None
    # a sheet over a sheet: the rules from the settings go back to the settings
    open_settings(page)
    page.get_by_role("button", name="Rules", exact=True).click()
    expect(page.locator("#rules-title")).to_be_focused()
    page.go_back()
    expect(page.locator("#settings-title")).to_be_visible()
    close_settings(page)
    assert page.evaluate("history.length") >= start_entries


@pytest.mark.parametrize("lang", ["de", "en"])
def test_the_loading_screen_speaks_one_language_before_its_script_runs(page: Page,
                                                                       lang: str) -> None:
    """static/js/loading.js and the runtime never arrive: what index.html shows by itself
    (its words before any module script runs) is in the page's language only."""
    def empty(route) -> None:
        route.fulfill(status=200, body="", content_type="text/javascript")

    page.route("**/static/js/loading.js", empty)
    page.route("**/static/vendor/pyscript/**", empty)  # PyScript, which loads Pyodide
    page.route("**/static/vendor/pyodide/**", empty)
    page.goto(f"./?lang={lang}")
    loading = page.locator("#loading")
    expect(loading).to_be_visible()
    page.wait_for_timeout(500)
    text = loading.inner_text()
    words = {"de": ("Lädt", "Während Cabo lädt"), "en": ("Loading…", "While Cabo loads")}
    other = "en" if lang == "de" else "de"
    for word in words[lang]:
        assert word in text
    for word in words[other]:
        assert word not in text, f"{word!r} on the {lang} loading screen"


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_theme_follows_the_system_and_the_switch_is_kept(browser, base_url,
                                                              scheme: str) -> None:
    other = "dark" if scheme == "light" else "light"
    context = browser.new_context(base_url=base_url, color_scheme=scheme,
                                  viewport={"width": 390, "height": 844})
    page = context.new_page()
    try:
        open_page(page, 3)
        root = page.locator("html")
        expect(root).to_have_attribute("data-theme", scheme)  # the system's
        ink = page.evaluate("getComputedStyle(document.body).color")
        open_settings(page)
        page.get_by_label("Theme").select_option(other)
        expect(root).to_have_attribute("data-theme", other)
        assert page.evaluate("getComputedStyle(document.body).color") != ink
        page.reload()  # kept, and applied before the page's Python runs
        expect(root).to_have_attribute("data-theme", other)
        expect(page.get_by_test_id("ready")).to_be_visible(timeout=BOOT_TIMEOUT_MS)
        # native selects are light in both themes, and say so (WebKit's dark-on-dark)
        look = page.evaluate("""() => { const s = getComputedStyle(
            document.querySelector('select[data-field="lang"]'));
            return [s.colorScheme, s.color, s.backgroundColor]; }""")
        assert look[0] == "light" and look[1] != look[2], look
        from .test_axe import serious
        assert serious(page) == [], f"the start screen, {other} theme"
        open_settings(page)
        page.get_by_label("Theme").select_option("system")
        expect(root).to_have_attribute("data-theme", scheme)
        assert page.evaluate("localStorage.getItem('cabo.theme')") is None
    finally:
        context.close()


def test_the_page_is_busy_from_play_until_the_table_is_drawn(page: Page) -> None:
    """The table is drawn in a task after the deal: until then data-busy says "true", so a
    test (or a script) that waits for "not busy" after Play finds the table, not the start
    screen (a whole-round test once found no buttons and the status of the new table)."""
    page.add_init_script("localStorage.setItem('cabo.lesson.offered', '1')")
    open_page(page, 8, "en")
    busy_at_click = page.evaluate("""() => {
        document.querySelector("button[data-ctl='start']").click();
        return [document.getElementById('app').getAttribute('data-busy'),
                document.querySelectorAll('#status').length];
    }""")
    assert busy_at_click == ["true", 0], "dealt, the table not drawn yet: busy"
    wait_idle(page)
    expect(page.get_by_role("group", name="Your cards")).to_be_visible()
    assert page.locator("#status").count() == 1
