"""Offline and installable: the service worker caches the site; a new build replaces it.

sw.js (site root) caches every file of static/build/precache.js (tools/precache.py) in the
cache "cabo-<version>"; static/js/loading.js registers it once the game runs.
"""

from __future__ import annotations

import json
import threading
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from tools import precache, serve, site as site_tool

from .conftest import BASE_PATH, BOOT_TIMEOUT_MS, ROOT
from .driver import Player, new_game, open_page, round_result

pytestmark = pytest.mark.e2e

WORKER_TIMEOUT_MS = 90_000


def worker_ready(page: Page) -> list[str]:
    """Wait until a service worker controls the page; the names of the worker's caches (the
    page keeps its runtime snapshot in a cache of its own, "runtime-snapshot")."""
    return page.evaluate("""async timeout => {
        const deadline = Date.now() + timeout;
        await navigator.serviceWorker.ready;
        while (!navigator.serviceWorker.controller) {
            if (Date.now() > deadline) throw new Error('no service worker controls the page');
            await new Promise(r => setTimeout(r, 50));
        }
        return (await caches.keys()).filter(k => k.startsWith('cabo-')).sort();
    }""", WORKER_TIMEOUT_MS)


def cached_urls(page: Page) -> list[str]:
    return page.evaluate("""async () => {
        const names = (await caches.keys()).filter(k => k.startsWith('cabo-'));
        const cache = await caches.open(names[0]);
        return (await cache.keys()).map(r => r.url);
    }""")


def test_a_whole_round_offline_after_one_visit(page: Page, context: BrowserContext, site,
                                               site_url: str) -> None:
    open_page(page, 11)
    version = precache.manifest()["version"]
    assert worker_ready(page) == [f"cabo-{version}"]
    expected = {site_url + ("" if name == "./" else name)
                for name, _ in precache.manifest()["files"]}
    assert set(cached_urls(page)) == expected
    # the first visit took the runtime's snapshot and stored it (static/js/boot-pyodide.mjs)
    assert page.evaluate("caboRuntime.snapshot") == "made"
    assert page.evaluate("async () => await caboRuntime.kept") is True

    context.set_offline(True)
    from_worker = []
    page.on("response", lambda r: from_worker.append(r.from_service_worker))
    page.reload()
    expect(page.get_by_test_id("ready")).to_be_visible(timeout=BOOT_TIMEOUT_MS)
    assert from_worker and all(from_worker), "offline, every file comes from the worker"
    # the return starts from the snapshot, and the round below is played on it
    assert page.evaluate("caboRuntime.snapshot") == "restored"
    # the URL's query (?seed=11&lang=en) still reaches the page from the cache
    new_game(page, "official")
    Player(page, cabo_after_draws=3).play_round()
    assert len(round_result(page)["rows"]) == 3
    expect(page.get_by_role("button", name="Next round")).to_be_visible()
    context.set_offline(False)


def test_the_page_is_installable(page: Page, context: BrowserContext, site_url: str) -> None:
    open_page(page, 3)
    worker_ready(page)
    manifest_url = page.locator("link[rel=manifest]").evaluate("l => l.href")
    manifest = json.loads((ROOT / "static" / "manifest.webmanifest").read_text("utf-8"))
    assert page.evaluate("([u, s]) => new URL(s, u).href", [manifest_url, manifest["start_url"]]
                         ) == site_url, "start_url is the page, relative to the manifest"
    cdp = context.new_cdp_session(page)
    app = cdp.send("Page.getAppManifest")
    assert app["errors"] == [], app["errors"]
    errors = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
    # a test browser context is off the record: that alone is not the page's fault
    assert [e["errorId"] for e in errors if e["errorId"] != "in-incognito"] == []


@pytest.fixture
def site_copy(tmp_path: Path, site):
    """The assembled site (tools/site.py) in a folder of its own, served under /cabo/."""
    out = tmp_path / "site"
    site_tool.assemble(out)
    server = serve.make_server(port=0, directory=out, handler=serve.QuietRequestHandler,
                               base_path=BASE_PATH)
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05},
                              daemon=True)
    thread.start()
    yield out, f"http://127.0.0.1:{server.server_address[1]}{BASE_PATH}"
    server.shutdown()
    server.server_close()
    thread.join(timeout=5)


def test_a_new_build_replaces_the_old_cache(browser: Browser, site_copy) -> None:
    root, url = site_copy
    old = precache.write(root)["version"]
    context = browser.new_context(base_url=url)
    errors = []
    context.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    context.on("weberror", lambda e: errors.append(str(e.error)))
    page = context.new_page()
    try:
        page.goto("./?lang=en")
        expect(page.get_by_test_id("ready")).to_be_visible(timeout=BOOT_TIMEOUT_MS)
        assert worker_ready(page) == [f"cabo-{old}"]

        # a new release: one changed file, a new list
        css = root / "static" / "css" / "app.css"
        css.write_text(css.read_text("utf-8") + "\n/* release 2 */\n", "utf-8")
        new = precache.write(root)["version"]
        assert new != old
        # the page asks for an update; the new worker installs, takes over, drops the old cache
        page.evaluate("""async ([name, timeout]) => {
            const registration = await navigator.serviceWorker.getRegistration();
            await registration.update();
            const deadline = Date.now() + timeout;
            for (;;) {
                const keys = (await caches.keys()).filter(k => k.startsWith('cabo-'));
                if (keys.length === 1 && keys[0] === name) return;
                if (Date.now() > deadline) throw new Error('caches: ' + keys.join(', '));
                await new Promise(r => setTimeout(r, 100));
            }
        }""", [f"cabo-{new}", WORKER_TIMEOUT_MS])
        context.set_offline(True)
        page.reload()
        expect(page.get_by_test_id("ready")).to_be_visible(timeout=BOOT_TIMEOUT_MS)
        served = page.evaluate("""async () =>
            [...document.styleSheets].some(s => s.href && s.href.endsWith('app.css'))
            && (await (await fetch('./static/css/app.css')).text())""")
        assert served and served.endswith("/* release 2 */\n"), "offline: the new file"
        assert errors == []
    finally:
        context.close()


def test_without_service_workers_the_game_still_plays(browser: Browser, base_url: str) -> None:
    """Blocked service workers (as in some private modes): registration fails quietly."""
    context = browser.new_context(base_url=base_url, service_workers="block")
    errors, warnings = [], []
    context.on("console", lambda m: (errors if m.type == "error" else warnings).append(m.text))
    context.on("weberror", lambda e: errors.append(str(e.error)))
    page = context.new_page()
    try:
        open_page(page, 11)
        new_game(page, "official")
        expect(page.locator("#status")).to_contain_text("Choose 2 of your cards")
        assert page.evaluate("navigator.serviceWorker?.controller ?? null") is None
        assert errors == []
    finally:
        context.close()
