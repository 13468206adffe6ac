"""Memory of the game's tab: JS heap and WebAssembly memory, after boot and after play.

    python -m tools.bench_memory

Serves the built site (run tools/build.py first), opens it in headless Chromium with precise
memory info, and reads `performance.memory.usedJSHeapSize` and the size of Pyodide's
WebAssembly memory (read from Python in the page) twice: once the page is ready, and after
the in-page self-test (tools/selftest.py: a whole seeded game of every preset with every
bot level, the person's games with the hint, save/load, every screen in both languages).
The second figure is an upper bound for a tab after a whole game. A third is read on a return:
the page reloaded once the first visit has stored its runtime snapshot, which the return
restores (static/js/boot-pyodide.mjs). A measurement, not a test.
"""

from __future__ import annotations

import json
import os
import threading

from playwright.sync_api import sync_playwright

from tools import serve
from tools.bench_boot import CHROMIUM_ARGS
from tools.stdlib_record import run_python, run_selftest

# gc(): each figure is what stays reachable, not what a collection has yet to free
ARGS = CHROMIUM_ARGS + ["--enable-precise-memory-info", "--js-flags=--expose-gc"]

READ_WASM = "import js, pyodide_js\njs.globalThis.__caboWasm = pyodide_js._module.HEAP8.length\n"


def measure(page) -> dict:
    """JS heap used and WebAssembly memory, in bytes."""
    page.evaluate("() => { if (globalThis.gc) gc(); }")
    page.evaluate("() => { delete globalThis.__caboWasm; }")
    run_python(page, READ_WASM)
    page.wait_for_function("() => globalThis.__caboWasm !== undefined", timeout=30_000)
    return {"js_heap_used": page.evaluate("() => performance.memory.usedJSHeapSize"),
            "wasm_memory": page.evaluate("() => globalThis.__caboWasm")}


def main() -> None:
    server = serve.make_server(port=0, handler=serve.QuietRequestHandler, base_path="/cabo/")
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/cabo/?lang=en"
    with sync_playwright() as p:
        browser = p.chromium.launch(
            executable_path=os.environ.get("CABO_CHROMIUM", "/usr/bin/chromium"), args=ARGS)
        page = browser.new_page()
        page.goto(url)
        page.wait_for_selector("[data-testid=ready]", timeout=120_000)
        booted = measure(page)
        run_selftest(page, timeout_ms=600_000)
        played = measure(page)
        page.evaluate("async () => await caboRuntime.kept")
        page.reload()
        page.wait_for_selector("[data-testid=ready]", timeout=120_000)
        page.wait_for_timeout(2000)  # (the boot's last promises let go of what they held)
        returned = {**measure(page), "runtime": page.evaluate("caboRuntime.snapshot")}
        browser.close()
    server.shutdown()
    print(json.dumps({"after_boot": booted, "after_selftest_games": played,
                      "after_a_return": returned}, indent=2))
    for name, d in (("after boot", booted), ("after the self-test games", played),
                    (f"after a return ({returned['runtime']})", returned)):
        print(f"{name:>26}: JS heap {d['js_heap_used'] / 2**20:6.1f} MiB, "
              f"WebAssembly memory {d['wasm_memory'] / 2**20:6.1f} MiB")


if __name__ == "__main__":
    main()
