"""Boot benchmark: the game against a stock bare PyScript + Pyodide page, side by side.

    python -m tools.bench_boot [--runs 5] [--screen table|setup] [--json FILE]

Builds the site (tools/build.py) and writes a stock page into a temporary folder: the same
@pyscript/core files, Pyodide exactly as the npm package ships it (stock python_stdlib.zip
and pyodide-lock.json), and a script that imports dataclasses, enum, random, json, asyncio
and statistics and then adds an element to the DOM. Both are served on localhost by
tools/serve.py's handler and loaded in headless Chromium, interleaved (ABBA order), each run
in a fresh browser profile:

- cold: the first visit with an empty profile (HTTP cache, V8 code cache, storage);
- warm: a reload of the same page in the same profile, once the first visit's fetches and
  its service worker's install (if any) are done: a returning player.

The time is the page's own clock (performance.now(), from navigation start) at the moment
`[data-testid=ready]` appears: the game sets it when its first screen is drawn and
clickable. With --screen table (default) the profile holds a saved game, so the game boots
straight into a playable table (the saved game resumes); --screen setup is a new player's
first screen, the new-game form. First-visit bytes are the sizes of every file the cold
visit fetched, raw and as gzip -6 would send them (GitHub Pages compresses text and wasm;
the zips are already deflated, gzip hardly changes them).

Targets (issue "boot in half the time"): cold <= 0.6x and warm <= 0.5x the stock page's
time, first-visit gzip bytes <= 0.9x. This is a measurement, not a test: the machine's load
moves the absolute numbers, the interleaving keeps the ratios fair.
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import shutil
import statistics
import sys
import tempfile
import threading
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import unquote, urlsplit

if __package__ in (None, ""):  # python tools/bench_boot.py
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tools import build, serve, stdlib  # noqa: E402

ROOT = build.ROOT
CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]
LOAD_TIMEOUT_MS = 90_000
TARGETS = {"cold": 0.6, "warm": 0.5, "gzip": 0.9}

STOCK_HTML = """<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Stock PyScript + Pyodide</title>
  <link rel="stylesheet" href="./vendor/pyscript/core.css">
  <script type="module" src="./vendor/pyscript/core.js"></script>
</head>
<body>
  <script type="py" config="./pyscript.toml">
import dataclasses, enum, random, json, asyncio, statistics
from pyscript import document
ready = document.createElement("p")
ready.setAttribute("data-testid", "ready")
ready.textContent = json.dumps(statistics.mean(random.Random(1).random() for _ in range(9)))
document.body.append(ready)
  </script>
</body>
</html>
"""
STOCK_TOML = 'interpreter = "./vendor/pyodide/pyodide.mjs"\n'

# Runs before the page's scripts: notes when [data-testid=ready] first appears.
READY_PROBE = """(() => {
  const seen = () => {
    if (globalThis.__bootReadyMs === undefined && document.querySelector('[data-testid="ready"]')) {
      globalThis.__bootReadyMs = performance.now();
    }
  };
  new MutationObserver(seen).observe(document, {subtree: true, childList: true, attributes: true});
})();"""


# Resolves once the page's service worker (if it registered one) is installed and active,
# or after 30 s (an install that fails never makes it ready).
SERVICE_WORKER_READY = """async () => {
  if (!navigator.serviceWorker) return;
  const registration = await navigator.serviceWorker.getRegistration();
  if (registration) await Promise.race([
    navigator.serviceWorker.ready, new Promise((resolve) => setTimeout(resolve, 30000))]);
}"""


@dataclass
class Variant:
    name: str
    url: str  # the page
    root: Path  # the folder its server serves
    base_path: str
    init_script: str = ""
    cold: list[float] = field(default_factory=list)
    warm: list[float] = field(default_factory=list)
    first_visit: dict[str, tuple[int, int]] = field(default_factory=dict)  # path: (raw, gzip)


def write_stock_page(folder: Path) -> None:
    """The stock bare page: npm's Pyodide untouched, the site's PyScript files."""
    pyodide = folder / "vendor" / "pyodide"
    pyodide.mkdir(parents=True)
    for name in build.PYODIDE_FILES:
        shutil.copy2(stdlib.pyodide_dir() / name, pyodide / name)
    shutil.copytree(build.VENDOR / "pyscript", folder / "vendor" / "pyscript")
    (folder / "index.html").write_text(STOCK_HTML, encoding="utf-8")
    (folder / "pyscript.toml").write_text(STOCK_TOML, encoding="utf-8")


def saved_game_script() -> str:
    """An init script that puts a game in progress into localStorage (once per profile)."""
    from cabo.game.rules import PRESETS
    from cabo.play.session import Seat, Session
    from cabo.ui import storage

    session = Session(PRESETS["official"], [Seat("You"), Seat("Ann", "easy"), Seat("Bo", "easy")], 1)
    session.run_bots()
    return (f"if (localStorage.getItem({json.dumps(storage.SAVE_KEY)}) === null) "
            f"localStorage.setItem({json.dumps(storage.SAVE_KEY)}, {json.dumps(session.to_json())});")


def file_sizes(path: Path, cache: dict) -> tuple[int, int]:
    if path not in cache:
        data = path.read_bytes()
        cache[path] = (len(data), len(gzip.compress(data, 6, mtime=0)))
    return cache[path]


def measure(playwright, chromium: str, variant: Variant, sizes: dict, record_bytes: bool) -> None:
    """One fresh profile: a cold visit, then a warm reload."""
    with tempfile.TemporaryDirectory(prefix="cabo-bench-profile-") as profile:
        context = playwright.chromium.launch_persistent_context(
            profile, executable_path=chromium, args=CHROMIUM_ARGS, headless=True)
        try:
            context.add_init_script(variant.init_script + READY_PROBE)
            responses = []
            context.on("response", lambda response: responses.append(response))
            page = context.pages[0] if context.pages else context.new_page()
            errors = []
            page.on("pageerror", lambda error: errors.append(str(error)))
            for kind in ("cold", "warm"):
                if kind == "cold":
                    page.goto(variant.url)
                else:
                    page.reload()
                page.wait_for_function("() => globalThis.__bootReadyMs !== undefined",
                                       timeout=LOAD_TIMEOUT_MS, polling=50)
                getattr(variant, kind).append(page.evaluate("() => globalThis.__bootReadyMs"))
                if kind == "cold":  # let late fetches and a service worker's install finish
                    page.wait_for_load_state("networkidle", timeout=LOAD_TIMEOUT_MS)
                    page.evaluate(SERVICE_WORKER_READY)
                if kind == "cold" and record_bytes:
                    for response in responses:
                        parts = urlsplit(response.url)
                        if parts.scheme != "http" or response.status != 200:
                            continue
                        rel = unquote(parts.path).removeprefix(variant.base_path)
                        file = variant.root / (rel or "index.html")
                        if file.is_dir():
                            file = file / "index.html"
                        variant.first_visit[rel or "index.html"] = file_sizes(file, sizes)
            if errors:
                raise RuntimeError(f"{variant.name}: errors in the page: {'; '.join(errors)}")
        finally:
            context.close()


def start_server(directory: Path, base_path: str):
    server = serve.make_server(port=0, directory=directory, handler=serve.QuietRequestHandler,
                               base_path=base_path)
    threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05},
                     daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}{base_path}"


def report(variants: list[Variant], runs: int) -> dict:
    stock, game = variants
    out = {"runs": runs, "variants": {}, "ratios": {}, "targets": TARGETS}
    for v in variants:
        raw = sum(r for r, _ in v.first_visit.values())
        gz = sum(g for _, g in v.first_visit.values())
        out["variants"][v.name] = {
            "cold_ms": round(statistics.median(v.cold)), "warm_ms": round(statistics.median(v.warm)),
            "cold_all": [round(x) for x in v.cold], "warm_all": [round(x) for x in v.warm],
            "first_visit_raw": raw, "first_visit_gzip": gz, "requests": len(v.first_visit),
            "files": {k: {"raw": r, "gzip": g} for k, (r, g) in sorted(v.first_visit.items())},
        }
    s, g = out["variants"][stock.name], out["variants"][game.name]
    out["ratios"] = {
        "cold": round(g["cold_ms"] / s["cold_ms"], 3),
        "warm": round(g["warm_ms"] / s["warm_ms"], 3),
        "gzip": round(g["first_visit_gzip"] / s["first_visit_gzip"], 3),
        "raw": round(g["first_visit_raw"] / s["first_visit_raw"], 3),
    }
    return out


def print_report(out: dict, screen: str) -> None:
    names = list(out["variants"])
    print(f"\nBoot to [data-testid=ready] (game: {screen} screen), median of {out['runs']} "
          "interleaved runs, headless Chromium, localhost")
    print(f"{'':<22}{'cold ms':>9}{'warm ms':>9}{'first visit raw':>17}{'gzip':>12}{'requests':>10}")
    for name in names:
        v = out["variants"][name]
        print(f"{name:<22}{v['cold_ms']:>9}{v['warm_ms']:>9}{v['first_visit_raw']:>17,}"
              f"{v['first_visit_gzip']:>12,}{v['requests']:>10}")
    r, t = out["ratios"], out["targets"]
    print(f"{'game / stock':<22}{r['cold']:>9.2f}{r['warm']:>9.2f}{r['raw']:>17.2f}{r['gzip']:>12.2f}")
    print(f"{'target':<22}{'<=' + str(t['cold']):>9}{'<=' + str(t['warm']):>9}{'':>17}"
          f"{'<=' + str(t['gzip']):>12}")
    verdict = all(r[k] <= t[k] for k in t)
    print("all targets met" if verdict else "targets NOT met: " + ", ".join(
        k for k in t if r[k] > t[k]))
    for name in names:
        print(f"  {name}: cold {out['variants'][name]['cold_all']} warm "
              f"{out['variants'][name]['warm_all']}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="runs per variant (default 5)")
    parser.add_argument("--screen", choices=("table", "setup"), default="table",
                        help="the game's first screen: a saved game's table, or the new-game form")
    parser.add_argument("--chromium", default=os.environ.get("CABO_CHROMIUM", "/usr/bin/chromium"),
                        help="Chromium binary (default: $CABO_CHROMIUM or /usr/bin/chromium)")
    parser.add_argument("--json", type=Path, help="also write the results as JSON")
    parser.add_argument("--no-build", action="store_true", help="use the site as built")
    args = parser.parse_args(argv)

    from playwright.sync_api import sync_playwright

    if not args.no_build:
        for line in build.build().summary():
            print(line)
    with tempfile.TemporaryDirectory(prefix="cabo-bench-stock-") as tmp:
        write_stock_page(Path(tmp))
        stock_server, stock_url = start_server(Path(tmp), "/stock/")
        game_server, game_url = start_server(ROOT, "/cabo/")
        variants = [
            Variant("stock bare Pyodide", stock_url, Path(tmp), "/stock/"),
            Variant("Cabo", game_url, ROOT, "/cabo/",
                    saved_game_script() if args.screen == "table" else ""),
        ]
        sizes: dict = {}
        try:
            with sync_playwright() as playwright:
                for run in range(args.runs):
                    order = variants if run % 2 == 0 else variants[::-1]
                    for variant in order:
                        measure(playwright, args.chromium, variant, sizes, record_bytes=run == 0)
                    print(f"run {run + 1}/{args.runs}: " + ", ".join(
                        f"{v.name} cold {v.cold[-1]:.0f} warm {v.warm[-1]:.0f}" for v in variants),
                        flush=True)
        finally:
            for server in (stock_server, game_server):
                server.shutdown()
                server.server_close()
    out = report(variants, args.runs)
    print_report(out, args.screen)
    if args.json:
        args.json.write_text(json.dumps(out, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
