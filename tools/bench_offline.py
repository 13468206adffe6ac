"""Offline benchmark: what a first visit downloads, and how fast an offline reload plays.

    python -m tools.bench_offline [--runs 3] [--no-build]

In headless Chromium with a fresh persistent profile (a disk HTTP cache, as a real browser
has), on localhost under /cabo/:

1. first visit: open the page, start a game, wait until the service worker controls the
   page. Bytes are counted per request, for the page's own fetches and the worker's install
   (most of which the HTTP cache answers), and for the precache list: raw and gzip -6
   (GitHub Pages compresses text and wasm; the zips are deflated already).
2. go offline (context.set_offline) and reload `--runs` times; the time is the page's clock
   (performance.now() from navigation start) when the table is drawn and playable (the saved
   game resumes: [data-testid=ready] and the first move button), and the wall clock around it.

A measurement, not a test: the machine's load moves the numbers.
"""

from __future__ import annotations

import argparse
import gzip
import os
import statistics
import sys
import tempfile
import threading
from pathlib import Path

if __package__ in (None, ""):  # python tools/bench_offline.py
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tools import build, precache, serve  # noqa: E402

ROOT = build.ROOT
PLAYABLE = """() => {
  const app = document.querySelector('[data-testid="ready"]');
  const move = document.querySelector('.actions button, #app button.card:not([disabled])');
  return app && move && app.getAttribute('data-busy') === 'false' ? performance.now() : null;
}"""


def precache_bytes() -> tuple[int, int, int]:
    files = precache.manifest()["files"]
    raw = gz = 0
    for name, _ in files:
        data = (ROOT / ("index.html" if name == "./" else name)).read_bytes()
        raw += len(data)
        gz += len(gzip.compress(data, 6, mtime=0))
    return len(files), raw, gz


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--no-build", action="store_true")
    parser.add_argument("--chromium", default=os.environ.get("CABO_CHROMIUM", "/usr/bin/chromium"))
    args = parser.parse_args(argv)
    from playwright.sync_api import expect, sync_playwright

    if not args.no_build:
        build.build()
    count, raw, gz = precache_bytes()
    print(f"precache list: {count} files, {raw:,} bytes raw, {gz:,} bytes gzip -6")
    server = serve.make_server(port=0, handler=serve.QuietRequestHandler, base_path="/cabo/")
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/cabo/"
    requests = []
    try:
        with sync_playwright() as p, tempfile.TemporaryDirectory() as profile:
            context = p.chromium.launch_persistent_context(
                profile, executable_path=args.chromium, headless=True,
                args=["--no-sandbox", "--disable-gpu", "--no-first-run"])
            context.on("requestfinished", lambda r: requests.append(r))
            page = context.pages[0] if context.pages else context.new_page()
            page.goto(url + "?seed=11&lang=en")
            expect(page.get_by_test_id("ready")).to_be_visible(timeout=90_000)
            page.get_by_role("button", name="Start game").click()
            page.evaluate("""async () => { await navigator.serviceWorker.ready;
                while (!navigator.serviceWorker.controller) await new Promise(r => setTimeout(r, 50)); }""")
            page.wait_for_load_state("networkidle")
            for who in ("page", "worker"):
                mine = [r for r in requests if (r.service_worker is not None) == (who == "worker")]
                size = sum(r.sizes()["responseBodySize"] + r.sizes()["responseHeadersSize"]
                           for r in mine)
                print(f"first visit, {who}: {len(mine)} requests, {size:,} bytes transferred")
            context.set_offline(True)
            page_ms, wall_ms = [], []
            for _ in range(args.runs):
                t0 = page.evaluate("performance.timeOrigin + performance.now()")
                page.reload()
                page.wait_for_function(PLAYABLE, timeout=90_000, polling=20)
                page_ms.append(page.evaluate(PLAYABLE))
                wall_ms.append(page.evaluate("performance.timeOrigin + performance.now()") - t0)
            context.close()
    finally:
        server.shutdown()
    print(f"offline reload to a playable table, median of {args.runs}: "
          f"{statistics.median(page_ms):.0f} ms from navigation start "
          f"(runs {[round(x) for x in page_ms]}); {statistics.median(wall_ms):.0f} ms wall clock")
    return 0


if __name__ == "__main__":
    sys.exit(main())
