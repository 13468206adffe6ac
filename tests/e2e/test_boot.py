"""The page boots: the runtime comes from the site itself and Python runs on the main thread."""

from __future__ import annotations

import re
import time
from pathlib import PurePosixPath
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Browser, Page, expect

from tools import build

from .conftest import BOOT_TIMEOUT_MS, RequestLog
from .serverlog import EARLY_FILES, logged_server

pytestmark = pytest.mark.e2e

CONTENT_TYPES = {
    ".js": "text/javascript",
    ".mjs": "text/javascript",
    ".wasm": "application/wasm",
    ".zip": "application/zip",
}


def test_python_runs_and_replaces_the_loading_screen(
    page: Page, record_property: pytest.RecordProperty
) -> None:
    start = time.perf_counter()
    page.goto("./")
    expect(page.get_by_test_id("ready")).to_be_visible(timeout=BOOT_TIMEOUT_MS)
    record_property("boot_seconds", round(time.perf_counter() - start, 2))

    expect(page.locator("#loading")).to_be_hidden()
    expect(page.get_by_role("heading", name="Cabo", exact=True)).to_be_visible()
    assert page.workers == [], "Python must run on the main thread, without a worker"


def test_loads_exactly_the_shipped_runtime(
    page: Page, request_log: RequestLog, site, base_url: str
) -> None:
    content_types = {}
    page.on(
        "response",
        lambda response: content_types.__setitem__(response.url, response.headers["content-type"]),
    )
    # The page's own requests only: the service worker, registered once the game runs,
    # fetches every shipped file too (its requests are reported on the context, not the page).
    own = RequestLog(request_log.site_origin)
    page.on("request", lambda request: own.urls.append(request.url))
    page.goto("./")
    expect(page.get_by_test_id("ready")).to_be_visible(timeout=BOOT_TIMEOUT_MS)

    requested = own.paths(base_url)
    shipped = {f"static/vendor/{name}" for name in site.vendor_files
               if name not in build.LAZY_VENDOR}  # loaded on demand (tests/e2e/test_net_qr.py)
    assert shipped - requested == set(), "tools/build.py ships files the page never loads"
    assert {"static/build/cabo.zip", "static/build/pyscript-bytecode.zip"} <= requested
    for url, content_type in content_types.items():
        expected = CONTENT_TYPES.get(PurePosixPath(url).suffix)
        if expected:
            assert content_type.split(";")[0] == expected, url


def preloads() -> list[str]:
    """The paths index.html asks for ahead of their use: modulepreload links, and the files
    its first script fetches for the runtime."""
    html = (build.ROOT / "index.html").read_text(encoding="utf-8")
    return re.findall(r'<link rel="(?:module)?preload" href="\./([^"]+)"', html) + EARLY_FILES


def test_the_preloads_are_shipped_files(site) -> None:
    """A preload names a file of this build (PyScript's chunk names change with its version)."""
    shipped = {f"static/vendor/{name}" for name in site.vendor_files} | {
        "static/build/cabo.zip", "static/build/pyscript-bytecode.zip", "pyscript.toml",
        "static/js/boot-pyodide.mjs", "static/build/snapshot-key.mjs"}
    assert "static/vendor/pyodide/pyodide.asm.wasm" in preloads()
    assert set(preloads()) - shipped == set()


def test_every_preloaded_file_is_fetched_once(page: Page, base_url: str) -> None:
    """Each preload is the same request as the runtime's own, and each early fetch reaches
    the runtime (else Chromium downloads the file a second time, and warns that a preload
    went unused)."""
    fetched = []
    page.on("request", lambda request: fetched.append(
        urlsplit(request.url).path.removeprefix(urlsplit(base_url).path)))
    warnings = []
    page.on("console", lambda message: warnings.append(message.text)
            if "preload" in message.text else None)
    page.goto("./")
    expect(page.get_by_test_id("ready")).to_be_visible(timeout=BOOT_TIMEOUT_MS)
    page.wait_for_timeout(3500)  # Chromium warns about an unused preload 3 s after load
    assert {path: fetched.count(path) for path in preloads()} == {
        path: 1 for path in preloads()}
    assert warnings == []


def test_the_server_sends_each_file_once(browser: Browser) -> None:
    """Chromium's first visit as the server saw it: each file asked for once by the page
    (tests/e2e/test_engines.py checks the same in WebKit and Firefox)."""
    context = browser.new_context()
    errors = []
    context.on("weberror", lambda error: errors.append(str(error.error)))
    try:
        with logged_server() as (url, log):
            page = context.new_page()
            page.goto(url)
            expect(page.get_by_test_id("ready")).to_be_visible(timeout=BOOT_TIMEOUT_MS)
            fetched = log.page_requests()
            assert log.errors() == []
    finally:
        context.close()
    assert errors == []
    assert {path: fetched.count(path) for path in EARLY_FILES} == dict.fromkeys(EARLY_FILES, 1)
    assert {path for path in fetched if fetched.count(path) > 1} == set(), "fetched twice"
