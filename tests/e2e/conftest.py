"""Fixtures for the page tests.

The site is built (tools/build.py) and served by tools/serve.py's handler on a free port
under /cabo/, as on a GitHub Pages project site, so an absolute URL fails. The browser is
the system Chromium (Playwright cannot download its own here). Every test that uses `page`
is checked: no request may leave the site's origin, and no console error, page error or
failed HTTP response may occur.
"""

from __future__ import annotations

import fcntl
import hashlib
import os
import sys
import tempfile
import threading
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tools import build, serve  # noqa: E402

CHROMIUM = os.environ.get("CABO_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
BASE_PATH = "/cabo/"
# Cold start (wasm compile, stdlib unpack) takes a few seconds; allow for a slow CI machine.
BOOT_TIMEOUT_MS = 60_000


def origin(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}"


@pytest.fixture(scope="session")
def site() -> build.BuildResult:
    """The set-up step, run once per session so the page tests see the current sources.

    Under pytest-xdist (`make test` runs two workers) the workers share one checkout: the
    first to arrive builds while holding a lock, and the others wait for it and then build
    again, which finds every file current and writes nothing (build.build() only rewrites
    what changed), so no worker's server ever reads a file another worker is writing."""
    key = hashlib.sha1(str(ROOT).encode()).hexdigest()[:12]
    with open(Path(tempfile.gettempdir()) / f"cabo-build-{key}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            return build.build()
        except build.BuildError as error:
            pytest.fail(f"tools/build.py: {error}", pytrace=False)
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


@pytest.fixture(scope="session")
def site_url(site: build.BuildResult) -> Iterator[str]:
    """The URL of index.html's folder on a local server (ends with a slash)."""
    server = serve.make_server(port=0, handler=serve.QuietRequestHandler, base_path=BASE_PATH)
    thread = threading.Thread(
        target=server.serve_forever, kwargs={"poll_interval": 0.05}, name="site-server", daemon=True
    )
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}{BASE_PATH}"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=5)


@pytest.fixture(scope="session")
def base_url(site_url: str) -> str:
    """pytest-playwright resolves relative URLs against this: page.goto("./")."""
    return site_url


FAILED = pytest.StashKey[bool]()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item, call):
    """Notes a failed test on its item (the `browser` fixture reads it at teardown)."""
    report = yield
    if report.failed:
        item.stash[FAILED] = True
    return report


@pytest.fixture(scope="session")
def _chromium(launch_browser) -> Iterator[dict]:
    """The worker's one Chromium (the `browser` fixture launches and replaces it; closed
    here before Playwright stops, which `launch_browser` depends on)."""
    held: dict = {}
    yield held
    if held.get("browser") is not None:
        held["browser"].close()


@pytest.fixture
def browser(_chromium: dict, launch_browser, request) -> Iterator[Browser]:
    """pytest-playwright's one browser per session, but launched anew after a failed test:
    once a renderer had crashed ("Target crashed"), every later page of that Chromium
    crashed too, and one crash failed the rest of a worker's page tests."""
    held = _chromium
    if held.get("browser") is None or not held["browser"].is_connected():
        held["browser"] = launch_browser()
    yield held["browser"]
    if request.node.stash.get(FAILED, False):
        try:
            held.pop("browser").close()
        except Exception:  # (a browser that is gone cannot be closed: it is replaced anyway)
            pass


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict) -> dict:
    if not Path(CHROMIUM).exists():
        pytest.fail(
            f"no Chromium at {CHROMIUM}: run `apt-get install -y chromium` "
            "(or set CABO_CHROMIUM to a Chromium binary)",
            pytrace=False,
        )
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": CHROMIUM_ARGS}


@dataclass
class RequestLog:
    """Every URL the browser context requested, in order."""

    site_origin: str
    urls: list[str] = field(default_factory=list)

    def outside(self) -> list[str]:
        """Requests that left the site (data: and blob: URLs stay in the page)."""
        return [
            url
            for url in self.urls
            if urlsplit(url).scheme not in ("data", "blob") and origin(url) != self.site_origin
        ]

    def paths(self, base_url: str) -> set[str]:
        """Same-origin requests as paths relative to base_url, without query."""
        return {
            urlsplit(url).path.removeprefix(urlsplit(base_url).path)
            for url in self.urls
            if origin(url) == self.site_origin
        }


@pytest.fixture
def request_log(context: BrowserContext, site_url: str) -> Iterator[RequestLog]:
    """Records every request; fails the test if one went to another origin."""
    log = RequestLog(origin(site_url))
    context.on("request", lambda request: log.urls.append(request.url))
    yield log
    if outside := log.outside():
        pytest.fail("requests outside the site:\n  " + "\n  ".join(outside), pytrace=False)


@pytest.fixture
def console_errors(context: BrowserContext) -> Iterator[list[str]]:
    """Collects console errors, uncaught page errors and HTTP errors; fails the test on any.

    A test that provokes an error on purpose removes it from the list before it ends.
    """
    errors: list[str] = []

    def on_console(message) -> None:
        if message.type == "error":
            errors.append(f"console.error: {message.text} ({message.location.get('url', '')})")

    context.on("console", on_console)
    context.on("weberror", lambda web_error: errors.append(f"page error: {web_error.error}"))
    context.on(
        "response",
        lambda response: errors.append(f"HTTP {response.status}: {response.url}")
        if response.status >= 400
        else None,
    )
    yield errors
    if errors:
        pytest.fail("errors in the page:\n  " + "\n  ".join(errors), pytrace=False)


@pytest.fixture
def page(page: Page, request_log: RequestLog, console_errors: list[str]) -> Page:
    """pytest-playwright's page, watched by request_log and console_errors."""
    return page


@pytest.fixture
def booted_page(page: Page) -> Page:
    """The page opened and started: Python has run and replaced the loading screen."""
    page.goto("./")
    expect(page.get_by_test_id("ready")).to_be_visible(timeout=BOOT_TIMEOUT_MS)
    return page
