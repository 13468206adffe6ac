"""The loading screen shows real progress over the runtime's start-up steps."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from .conftest import BOOT_TIMEOUT_MS

pytestmark = pytest.mark.e2e


def test_the_progress_bar_follows_the_start_up_steps(page: Page) -> None:
    page.add_init_script("""
        window.__progress = [];
        const watch = () => window.__progress.push(
            Number(document.getElementById('loading-bar')?.value ?? -1));
        addEventListener('py:progress', () => setTimeout(watch, 0));
        addEventListener('cabo:ready', () => setTimeout(watch, 0));
    """)
    page.goto("./?lang=en")
    expect(page.get_by_test_id("ready")).to_be_visible(timeout=BOOT_TIMEOUT_MS)
    values = page.evaluate("window.__progress")
    assert len(values) >= 5
    assert values == sorted(values), "the bar never goes back"
    assert values[0] < 50 and values[-1] == 100
    expect(page.get_by_role("progressbar", name="Loading Cabo")).to_be_hidden()


@pytest.mark.parametrize("lang,size", [("de", (390, 844)), ("en", (1280, 800))])
def test_the_first_lesson_shows_before_the_runtime_has_loaded(page: Page, lang, size) -> None:
    """The runtime's files (static/vendor/pyscript, pyodide) never arrive: the first lesson
    is read meanwhile, in the page's language only."""
    from .test_axe import serious
    page.set_viewport_size({"width": size[0], "height": size[1]})
    held = []

    def hold(route) -> None:  # an empty answer: the runtime never starts, and nothing fails
        held.append(route.request.url)
        kind = "text/css" if route.request.url.endswith(".css") else "text/javascript"
        route.fulfill(status=200, body="", content_type=kind)

    page.route("**/static/vendor/pyscript/**", hold)  # PyScript, which loads Pyodide
    page.route("**/static/vendor/pyodide/**", hold)
    page.goto(f"./?lang={lang}")
    title = {"de": "Während Cabo lädt: das Spiel in einer Minute",
             "en": "While Cabo loads: the game in one minute"}
    other = "en" if lang == "de" else "de"
    lesson = page.get_by_role("region", name=title[lang])
    expect(lesson).to_be_visible()
    expect(lesson.get_by_role("listitem")).to_have_count(5)
    expect(lesson).to_contain_text("7" if lang == "en" else "Cabo")
    expect(page.get_by_role("region", name=title[other])).to_be_hidden()
    page.wait_for_timeout(1500)
    assert held, "the runtime's files were asked for (and held back)"
    expect(page.get_by_test_id("ready")).to_have_count(0)  # Python never ran
    expect(lesson).to_be_in_viewport()
    assert serious(page) == [], "the loading screen with the first lesson"


def test_a_damaged_runtime_snapshot_gives_a_normal_start(page: Page) -> None:
    """The runtime snapshot a first visit stores (static/js/boot-pyodide.mjs) is restored only
    when the runtime accepts it: else it is dropped, the page starts as on a first visit and
    stores a new one."""
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto("./?lang=en")
    expect(page.get_by_test_id("ready")).to_be_visible(timeout=BOOT_TIMEOUT_MS)
    assert page.evaluate("caboRuntime.snapshot") == "made"
    assert page.evaluate("async () => await caboRuntime.kept") is True
    stored = page.evaluate("""async () => {
        const cache = await caches.open('runtime-snapshot');
        const [request] = await cache.keys();
        const bytes = new Uint8Array(await (await cache.match(request)).arrayBuffer());
        // the runtime's build id in Pyodide's own header (after the sparse header): Pyodide
        // refuses it once the runtime has loaded, and the page loads the runtime anew
        const runs = new Uint32Array(bytes.buffer, 0, 3)[2];
        bytes[12 + 8 * runs + 20] ^= 0xff;
        await cache.put(request, new Response(bytes));
        return (await cache.keys()).length;
    }""")
    assert stored == 1
    page.reload()
    expect(page.get_by_test_id("ready")).to_be_visible(timeout=BOOT_TIMEOUT_MS)
    assert page.evaluate("caboRuntime.snapshot") == "made"
    assert page.evaluate("async () => await caboRuntime.kept") is True
    assert errors == []


def test_the_runtime_snapshots_bytes_are_let_go_once_used(page: Page) -> None:
    """The runtime snapshot (static/js/boot-pyodide.mjs) is as large as the interpreter's
    memory, about 30 MB: a first visit hands its bytes to the worker that stores them, and a
    return that restored it keeps only the interpreter's memory, not a second copy of it.
    Measured as the array buffers' backing stores after a full garbage collection (the
    WebAssembly memory is not among them)."""
    page.goto("./?lang=en")
    expect(page.get_by_test_id("ready")).to_be_visible(timeout=BOOT_TIMEOUT_MS)
    assert page.evaluate("caboRuntime.snapshot") == "made"
    assert page.evaluate("async () => await caboRuntime.kept") is True
    cdp = page.context.new_cdp_session(page)

    def buffers_mb() -> float:
        cdp.send("HeapProfiler.collectGarbage")
        return cdp.send("Runtime.getHeapUsage")["backingStorageSize"] / 1e6

    first = buffers_mb()
    page.reload()
    expect(page.get_by_test_id("ready")).to_be_visible(timeout=BOOT_TIMEOUT_MS)
    assert page.evaluate("caboRuntime.snapshot") == "restored"
    restored = buffers_mb()
    assert first < 16, f"a first visit keeps {first:.1f} MB of array buffers"
    assert restored < first + 8, f"a return keeps {restored:.1f} MB (first visit {first:.1f})"
