"""A person at the page, through Selenium: finds controls by role and accessible name, clicks.

The same few moves serve every engine that Selenium drives (tests/e2e/test_engines.py: WebKit
and Firefox). Controls are found as a person finds them — a button by its name, a select by its
label, a group of moves by its name — never by the page's class names; the one exception is
the app root's `data-busy` flag, which says whether a bot is still due to move.

`Round` plays a whole round by a simple, legal way through every decision: look at the first
cards, draw, replace once then discard, skip powers, call Cabo after a few draws, say Ready,
give the first card asked for.
"""

from __future__ import annotations

import re
import time

from selenium.common.exceptions import StaleElementReferenceException, WebDriverException
from selenium.webdriver.remote.webdriver import WebDriver
from selenium.webdriver.remote.webelement import WebElement
from selenium.webdriver.support.ui import Select

BOOT_TIMEOUT_S = 90  # WebKit's first boot under load takes 30 s on this machine
STEP_TIMEOUT_S = 20

# Elements by role, their accessible name as the page gives it (aria-label, aria-labelledby,
# a <label>, else the text), visible ones only. A name is matched exactly, or as a regular
# expression when it is given as "/.../".
FIND = r"""
const [role, name, groupName] = arguments;
const SELECTORS = {
  button: "button, [role=button], input[type=button], input[type=submit]",
  radio: "input[type=radio], [role=radio]",
  combobox: "select",
  textbox: "input[type=text], input:not([type]), textarea",
  heading: "h1, h2, h3, h4, h5, h6, [role=heading]",
  group: "[role=group], fieldset",
  region: "section[aria-label], section[aria-labelledby], [role=region]",
};
const text = (el) => (el.innerText || el.textContent || "").replace(/\s+/g, " ").trim();
function nameOf(el) {
  if (el.hasAttribute("aria-label")) return el.getAttribute("aria-label").trim();
  const by = el.getAttribute("aria-labelledby");
  if (by) return by.split(/\s+/).map((id) => text(document.getElementById(id) || {})).join(" ");
  if (el.labels && el.labels.length) return text(el.labels[0]);
  if (el.tagName === "FIELDSET") {
    const legend = el.querySelector(":scope > legend");
    if (legend) return text(legend);
  }
  return text(el);
}
const visible = (el) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== "hidden";
const wanted = name.startsWith("/") ? new RegExp(name.slice(1, -1)) : null;
const fits = (el) => (wanted ? wanted.test(nameOf(el)) : nameOf(el) === name);
let roots = [document];
if (groupName) {
  roots = [...document.querySelectorAll(SELECTORS.group)].filter((g) => nameOf(g) === groupName);
}
const found = [];
for (const root of roots) {
  for (const el of root.querySelectorAll(SELECTORS[role])) {
    if (visible(el) && (name === "" || fits(el)) && !found.includes(el)) found.push(el);
  }
}
return found.map((el) => [el, nameOf(el)]);
"""


class Person:
    """One person at one browser window: looks for controls as a person does and clicks them."""

    def __init__(self, driver: WebDriver, base_url: str, on_page=None):
        self.driver = driver
        self.base_url = base_url
        self.on_page = on_page  # called with the driver once each page has started

    # -- looking ------------------------------------------------------------------------------
    def all(self, role: str, name: str = "", group: str = "") -> list[tuple[WebElement, str]]:
        """The visible elements of `role` named `name` ("" any, "/re/" a pattern), with names."""
        return [tuple(pair) for pair in self.driver.execute_script(FIND, role, name, group)]

    def find(self, role: str, name: str, group: str = "",
             timeout: float = STEP_TIMEOUT_S) -> WebElement:
        """The first such element, waited for."""
        try:
            found = self.until(lambda: self.all(role, name, group), timeout,
                               f"a {role} named {name!r}" + (f" in {group!r}" if group else ""))
        except AssertionError as error:
            seen = [n for _, n in self.all(role)]
            raise AssertionError(f"{error}; {role}s on screen: {seen}; status "
                                 f"{self.status()!r}") from None
        return found[0][0]

    def has(self, role: str, name: str, group: str = "") -> bool:
        return bool(self.all(role, name, group))

    def status(self) -> str:
        return self.driver.execute_script(
            "return (document.getElementById('status') || {}).innerText || ''")

    def moves(self) -> list[str]:
        """Names of the move buttons on screen (the group "Moves")."""
        return [name for _, name in self.all("button", "", group="Moves")]

    def until(self, condition, timeout: float = STEP_TIMEOUT_S, what: str = "a condition"):
        """Polls `condition` until it returns something true; that value."""
        deadline = time.monotonic() + timeout
        while True:
            try:
                value = condition()
            except (StaleElementReferenceException, WebDriverException) as error:
                value, last = None, error  # the page redrew or navigated meanwhile
            else:
                last = None
            if value:
                return value
            if time.monotonic() > deadline:
                raise AssertionError(f"waited {timeout} s for {what}" + (f" ({last})" if last else ""))
            time.sleep(0.1)

    # -- acting -------------------------------------------------------------------------------
    def open(self, query: str = "") -> None:
        """Open the page (with `query`, e.g. "?seed=3&lang=en") and wait until it has started."""
        self.driver.get(self.base_url + query)
        self.wait_ready()

    def reload(self) -> None:
        self.driver.refresh()
        self.wait_ready()

    def wait_ready(self) -> None:
        """Until Python has replaced the loading screen (the app root says it is ready)."""
        try:
            self.until(lambda: self.driver.execute_script(
                "return document.querySelector('[data-testid=ready]') !== null"),
                BOOT_TIMEOUT_S, "the page to start")
        except AssertionError as error:
            loading = self.driver.execute_script(
                "return (document.getElementById('loading-text') || {}).textContent || ''")
            raise AssertionError(f"{error}; the loading screen says {loading!r}") from None
        if self.on_page:
            self.on_page(self.driver)

    def wait_idle(self) -> None:
        """Until no bot is due to move."""
        self.until(lambda: self.driver.execute_script(
            "return document.getElementById('app').getAttribute('data-busy') === 'false'"),
            STEP_TIMEOUT_S, "the bots to move")

    def click(self, role: str, name: str, group: str = "") -> None:
        """Click it, then until its change is drawn (in the click's next task)."""
        self.find(role, name, group).click()
        self.until(lambda: self.driver.execute_script(
            "return !document.getElementById('app').hasAttribute('data-redraw')"),
            STEP_TIMEOUT_S, "the click's change to be drawn")

    def press(self, name: str) -> None:
        """Press a move button and wait for the bots."""
        self.click("button", name, group="Moves")
        self.wait_idle()

    def choose(self, label: str, value: str) -> None:
        """Pick `value` in the select labelled `label`."""
        Select(self.find("combobox", label)).select_by_value(value)

    def own_cards(self) -> list[WebElement]:
        """The person's cards that may be clicked now, leftmost first."""
        return [el for el, _ in self.all("button", r"/^Your card \d+,/") if el.is_enabled()]


class Round:
    """A simple person playing one round: the moves are as in tests/e2e/driver.Player."""

    def __init__(self, person: Person, cabo_after_draws: int = 2):
        self.person = person
        self.draws = 0
        self.cabo_after = cabo_after_draws

    def over(self) -> bool:
        return self.person.has("heading", r"/^Round \d+: the reveal/")

    def step(self) -> None:
        """One decision."""
        me = self.person
        names = me.moves()
        choose = re.match(r"Choose (\d) of your cards", me.status())
        if choose:
            for card in me.own_cards()[: int(choose[1])]:
                card.click()
            me.press("Look at the cards")
        elif "Look at the cards" in names:
            me.press("Look at the cards")
        elif "Call Cabo" in names and self.draws >= self.cabo_after:
            me.click("button", "Call Cabo", group="Moves")
            me.press("Yes, call Cabo")
        elif "Draw" in names:
            self.draws += 1
            me.press("Draw")
        elif "Replace with the drawn card" in names and (
                self.draws == 1 or "Discard the drawn card" not in names):
            me.own_cards()[0].click()
            me.press("Replace with the drawn card")
        elif "Discard the drawn card" in names:
            me.press("Discard the drawn card")
        elif "Skip the power" in names:
            me.press("Skip the power")
        elif "End turn" in names:
            me.press("End turn")
        elif "Ready" in names:
            me.press("Ready")
        elif re.match(r"Give .* one of your cards", me.status()):
            me.own_cards()[0].click()
            me.press("Give this card")
        else:
            raise AssertionError(f"no move found; moves {names}, status {me.status()!r}")

    def play(self, max_steps: int = 200) -> None:
        """Until the reveal."""
        for _ in range(max_steps):
            if self.over():
                return
            self.step()
        raise AssertionError("the round did not end")
