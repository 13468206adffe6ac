"""A mid-range phone's first visit and return: the game beside a bare Pyodide page.

    python -m tools.bench_phone [--runs 3] [--no-gzip] [--json FILE] [--before DIR] [--no-bare]
                                [--returns N]

Headless Chromium under a phone's profile, set through the DevTools protocol: the CPU slowed
4x (Emulation.setCPUThrottlingRate) and a 4G network of 10 Mbit/s down, 5 Mbit/s up and
60 ms latency (Network.emulateNetworkConditions). The site is served by tools/serve.py's
handler, gzipped as GitHub Pages sends it (--no-gzip: every file as it is). Each run is a
fresh browser profile, the game and the bare page interleaved (ABBA order):

- first text: the first contentful paint (the loading screen's words);
- form usable: `[data-testid=ready]` appears, the set-up form drawn and clickable;
- table playable: "Play right away" pressed as soon as the start screen is there, until the table's
  first move button can be pressed (the game's clock: both from navigation start);
- long tasks, form to table: the main thread's time in long tasks (over 50 ms) between those
  two (the deal, and a first visit's storing of its runtime snapshot);
- bytes and requests: what the page itself fetched on the first visit (encoded bytes as
  they crossed the emulated network, headers included; the service worker's own fetches,
  which fill its cache after the start, are not the page's);
- return: a reload once the first visit's service worker has installed and its runtime
  snapshot is stored (static/js/boot-pyodide.mjs), until the saved game's table is drawn and
  clickable (the same profile: a returning player);
- where each visit's time goes: when PyScript asked for Pyodide, when the runtime's wasm had
  arrived, the interpreter's start ("Loading interpreter" to "Loaded interpreter", py:progress),
  the page's Python until the first screen, and whether the runtime snapshot was restored.

The bare page (tools/bench_boot.py's stock page: PyScript and Pyodide as npm ships them, a
script that imports a few modules and adds an element) has no form and no table: its
"form usable" is the moment its element appears, its return a reload to the same.

`--returns N` measures returns only: each game variant visited once in a profile of its own,
then N reloads to the table per variant, alternating (more samples of the return per minute).
`--no-bare` leaves the bare page out (its first visit alone takes longer than the game's).
`--before DIR` adds a third variant in the same rotation: the game as built in DIR (a
checkout of an earlier commit, after its own `python3 tools/build.py`), so that before and
after meet the same load. Its table is reached by "Play right away", or "Start game" where
the first screen is still the set-up form.

Goals (issue 44): first visit playable <= 6 s, return <= 1.5 s. A measurement, not a test:
the machine's load moves the figures; say it (uptime) beside them.
"""

from __future__ import annotations

import argparse
import re
import json
import statistics
import sys
import tempfile
import threading
from dataclasses import dataclass, field
from pathlib import Path

if __package__ in (None, ""):  # python tools/bench_phone.py
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tools import build, serve  # noqa: E402
from tools.bench_boot import (  # noqa: E402
    CHROMIUM_ARGS, READY_PROBE, SERVICE_WORKER_READY, write_stock_page)

CPU_SLOWDOWN = 4
NETWORK = {"offline": False, "latency": 60,
           "downloadThroughput": 10_000_000 / 8, "uploadThroughput": 5_000_000 / 8}
GOALS = {"table_s": 6.0, "return_s": 1.5}
TIMEOUT_MS = 180_000

# The game's table is playable when a move button can be pressed and no bot is due.
TABLE_PLAYABLE = """() => {
  const app = document.getElementById('app');
  const move = document.querySelector('.actions[role=group] button:not([disabled])');
  return app !== null && app.getAttribute('data-busy') === 'false' && move !== null;
}"""
# A returning player comes back after the first visit has stored its runtime snapshot
# (static/js/boot-pyodide.mjs; pages without one resolve at once).
SNAPSHOT_KEPT = "async () => { await globalThis.caboRuntime?.kept; }"
# Where a visit's time goes: PyScript's start-up steps (py:progress) and the runtime's arrival.
PHASE_PROBE = """(() => {
  const marks = globalThis.__caboPhases = {};
  addEventListener('py:progress', ({ detail }) => { marks[String(detail)] ??= performance.now(); });
  addEventListener('py:ready', () => { marks['py:ready'] ??= performance.now(); });
  // the main thread's long tasks (over 50 ms): [start, duration] in ms
  const tasks = globalThis.__caboLongTasks = [];
  try {
    new PerformanceObserver((list) => {
      for (const t of list.getEntries()) tasks.push([t.startTime, t.duration]);
    }).observe({ type: 'longtask', buffered: true });
  } catch { /* no long task timing in this browser */ }
})();"""
PHASES = """() => {
  const m = globalThis.__caboPhases || {};
  const wasm = performance.getEntriesByType('resource')
    .find((r) => r.name.endsWith('/pyodide.asm.wasm'));
  const span = (a, b) => (m[a] !== undefined && m[b] !== undefined ? m[b] - m[a] : null);
  const ready = globalThis.__bootReadyMs;
  return {
    pyodide_at_s: m['Loading Pyodide'] ?? null,
    wasm_at_s: wasm ? wasm.responseEnd : null,
    interpreter_s: span('Loading interpreter', 'Loaded interpreter'),
    python_s: m['py:ready'] !== undefined && ready !== undefined ? ready - m['py:ready'] : null,
    snapshot: globalThis.caboRuntime?.snapshot ?? null,
  };
}"""
# The main thread's long-task time from the start screen to the playable table (the work that
# competes with "Play right away": the deal, and on a first visit storing the runtime snapshot).
BUSY_TO_TABLE = """() => {
  const from = globalThis.__bootReadyMs, to = performance.now();
  return (globalThis.__caboLongTasks || [])
    .filter(([start, duration]) => start + duration > from && start < to)
    .reduce((sum, [start, duration]) =>
      sum + Math.min(start + duration, to) - Math.max(start, from), 0);
}"""
FIRST_TEXT = """() => {
  const paint = performance.getEntriesByName('first-contentful-paint')[0];
  return paint ? paint.startTime : null;
}"""


@dataclass
class Variant:
    name: str
    url: str
    game: bool  # the game (a form and a table) or the bare page
    samples: dict[str, list[float]] = field(default_factory=dict)

    def add(self, key: str, value: float | None) -> None:
        if value is not None:
            self.samples.setdefault(key, []).append(value)


def start_server(directory: Path, base_path: str, compress: bool):
    server = serve.make_server(port=0, directory=directory, handler=serve.QuietRequestHandler,
                               base_path=base_path, compress=compress)
    threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05},
                     daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}{base_path}"


def phone(context, page):
    """The DevTools session of `page`, with the phone's CPU and network; counts its fetches."""
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.emulateNetworkConditions", NETWORK)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": CPU_SLOWDOWN})
    traffic = {"bytes": 0, "requests": 0}

    def sent(event) -> None:
        if event["request"]["url"].startswith("http"):
            traffic["requests"] += 1

    def finished(event) -> None:
        traffic["bytes"] += event.get("encodedDataLength", 0)

    cdp.on("Network.requestWillBeSent", sent)
    cdp.on("Network.loadingFinished", finished)
    return cdp, traffic


def add_phases(variant: Variant, visit: str, phases: dict) -> None:
    """A visit's phases (ms from the page) as seconds, under keys such as first_python_s."""
    for key, value in phases.items():
        if key == "snapshot":  # "restored" / "made" / "none": counted as restored loads
            variant.add(f"{visit}_restored", None if value is None else int(value == "restored"))
        else:
            variant.add(f"{visit}_{key}", value / 1000 if value is not None else None)


def measure(playwright, chromium: str, variant: Variant) -> None:
    """One fresh profile: the first visit, then the return."""
    with tempfile.TemporaryDirectory(prefix="cabo-phone-profile-") as profile:
        context = playwright.chromium.launch_persistent_context(
            profile, executable_path=chromium, args=CHROMIUM_ARGS, headless=True,
            viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True,
            device_scale_factor=3)
        try:
            context.add_init_script(READY_PROBE + PHASE_PROBE)
            page = context.pages[0] if context.pages else context.new_page()
            errors = []
            page.on("pageerror", lambda error: errors.append(str(error)))
            _, traffic = phone(context, page)
            page.goto(variant.url + ("?lang=en" if variant.game else ""), timeout=TIMEOUT_MS)
            page.wait_for_function("() => globalThis.__bootReadyMs !== undefined",
                                   timeout=TIMEOUT_MS, polling=50)
            variant.add("form_s", page.evaluate("() => globalThis.__bootReadyMs") / 1000)
            if variant.game:
                page.get_by_role("button", name=re.compile(
                    r"^(Play right away|Start game)$")).first.click()
                page.wait_for_function(TABLE_PLAYABLE, timeout=TIMEOUT_MS, polling=50)
                variant.add("table_s", page.evaluate("() => performance.now()") / 1000)
                variant.add("busy_to_table_s", page.evaluate(BUSY_TO_TABLE) / 1000)
            add_phases(variant, "first", page.evaluate(PHASES))
            paint = page.evaluate(FIRST_TEXT)
            variant.add("first_text_s", paint / 1000 if paint is not None else None)
            page.wait_for_load_state("networkidle", timeout=TIMEOUT_MS)
            variant.add("bytes", traffic["bytes"])
            variant.add("requests", traffic["requests"])
            page.evaluate(SERVICE_WORKER_READY)
            page.evaluate(SNAPSHOT_KEPT)
            page.reload(timeout=TIMEOUT_MS)
            page.wait_for_function("() => globalThis.__bootReadyMs !== undefined",
                                   timeout=TIMEOUT_MS, polling=50)
            if variant.game:
                page.wait_for_function(TABLE_PLAYABLE, timeout=TIMEOUT_MS, polling=50)
                variant.add("return_s", page.evaluate("() => performance.now()") / 1000)
                add_phases(variant, "return", page.evaluate(PHASES))
            else:
                variant.add("return_s", page.evaluate("() => globalThis.__bootReadyMs") / 1000)
            if errors:
                raise RuntimeError(f"{variant.name}: errors in the page: {'; '.join(errors)}")
        finally:
            context.close()


def return_series(playwright, chromium: str, variants: list[Variant], reloads: int) -> None:
    """Returns only: one profile per variant, each visited once (to the table, its worker and
    snapshot stored), then `reloads` reloads to the table per variant, alternating between
    the variants (ABBA), so that both meet the same moments of the machine's load."""
    opened = []
    try:
        pages = []
        for variant in variants:
            profile = tempfile.TemporaryDirectory(prefix="cabo-phone-profile-")
            context = playwright.chromium.launch_persistent_context(
                profile.name, executable_path=chromium, args=CHROMIUM_ARGS, headless=True,
                viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True,
                device_scale_factor=3)
            opened.append((context, profile))
            context.add_init_script(READY_PROBE + PHASE_PROBE)
            page = context.pages[0] if context.pages else context.new_page()
            phone(context, page)
            page.goto(variant.url + "?lang=en", timeout=TIMEOUT_MS)
            page.wait_for_function("() => globalThis.__bootReadyMs !== undefined",
                                   timeout=TIMEOUT_MS, polling=50)
            page.get_by_role("button", name=re.compile(
                r"^(Play right away|Start game)$")).first.click()
            page.wait_for_function(TABLE_PLAYABLE, timeout=TIMEOUT_MS, polling=50)
            page.evaluate(SERVICE_WORKER_READY)
            page.evaluate(SNAPSHOT_KEPT)
            pages.append(page)
        for run in range(reloads):
            order = list(zip(variants, pages))
            for variant, page in (order if run % 2 == 0 else order[::-1]):
                page.reload(timeout=TIMEOUT_MS)
                page.wait_for_function(TABLE_PLAYABLE, timeout=TIMEOUT_MS, polling=50)
                variant.add("return_s", page.evaluate("() => performance.now()") / 1000)
                add_phases(variant, "return", page.evaluate(PHASES))
    finally:
        for context, profile in opened:
            context.close()
            profile.cleanup()


def report(variants: list[Variant], runs: int, compress: bool) -> dict:
    out = {"runs": runs, "gzip": compress, "cpu_slowdown": CPU_SLOWDOWN, "network": NETWORK,
           "goals": GOALS, "variants": {}}
    for v in variants:
        out["variants"][v.name] = {
            key: {"median": round(statistics.median(values), 2),
                  "all": [round(x, 2) for x in values]}
            for key, values in v.samples.items()}
    return out


def print_report(out: dict) -> None:
    rows = [("first text (s)", "first_text_s"), ("form usable (s)", "form_s"),
            ("table playable (s)", "table_s"),
            ("long tasks, form to table (s)", "busy_to_table_s"), ("first visit MB", "bytes"),
            ("requests", "requests"), ("return (s)", "return_s")]
    rows += [(f"{visit} {label}", f"{visit}_{key}") for visit in ("first", "return")
             for label, key in (("Pyodide asked (s)", "pyodide_at_s"),
                                ("wasm arrived (s)", "wasm_at_s"),
                                ("interpreter (s)", "interpreter_s"),
                                ("Python (s)", "python_s"),
                                ("snapshot restored", "restored"))]
    names = list(out["variants"])
    print(f"phone profile: CPU {out['cpu_slowdown']}x slower, 10/5 Mbit/s, 60 ms; "
          f"{'gzip' if out['gzip'] else 'uncompressed'}; {out['runs']} runs, median (all)")
    print(f"{'':30}" + "".join(f"{name:>34}" for name in names))
    for label, key in rows:
        cells = []
        for name in names:
            m = out["variants"][name].get(key)
            if m is None:
                cells.append(f"{'-':>34}")
                continue
            scale = 1e-6 if key == "bytes" else 1
            median = m["median"] * scale
            every = ", ".join(f"{x * scale:.2f}" if key != "requests" else f"{x:.0f}"
                              for x in m["all"])
            text = (f"{median:.0f}" if key == "requests" else f"{median:.2f}") + f" ({every})"
            cells.append(f"{text:>34}")
        print(f"{label:30}" + "".join(cells))
    game = out["variants"].get("game", {})
    for goal, key in (("table_s", "table_s"), ("return_s", "return_s")):
        if key in game:
            ok = game[key]["median"] <= out["goals"][goal]
            print(f"goal {key} <= {out['goals'][goal]} s: {'met' if ok else 'not met'}")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--no-gzip", action="store_true", help="serve every file uncompressed")
    parser.add_argument("--chromium", default="/usr/bin/chromium")
    parser.add_argument("--json", help="write the figures to this file")
    parser.add_argument("--before", type=Path,
                        help="a built checkout of an earlier commit, measured beside")
    parser.add_argument("--no-bare", action="store_true",
                        help="leave out the bare Pyodide page (shorter runs)")
    parser.add_argument("--returns", type=int, metavar="N",
                        help="returns only: N reloads per game variant, alternating")
    args = parser.parse_args(argv)
    build.build()
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory(prefix="cabo-bare-") as bare_dir:
        write_stock_page(Path(bare_dir))
        servers = []
        game_server, game_url = start_server(build.ROOT, "/cabo/", not args.no_gzip)
        bare_server, bare_url = start_server(Path(bare_dir), "/", not args.no_gzip)
        servers += [game_server, bare_server]
        variants = [Variant("game", game_url, True)]
        if not args.no_bare:
            variants.append(Variant("bare Pyodide page", bare_url, False))
        if args.before is not None:
            before_server, before_url = start_server(args.before, "/cabo/", not args.no_gzip)
            servers.append(before_server)
            variants.insert(1, Variant("game before", before_url, True))
        try:
            with sync_playwright() as playwright:
                if args.returns:
                    variants = [v for v in variants if v.game]
                    return_series(playwright, args.chromium, variants, args.returns)
                for run in range(0 if args.returns else args.runs):
                    k = run % len(variants)  # each variant first in turn
                    order = variants[k:] + variants[:k]
                    for variant in order:
                        try:
                            measure(playwright, args.chromium, variant)
                        except Exception as error:  # which variant, in the message
                            raise RuntimeError(f"{variant.name}, run {run + 1}: {error}") from error
        finally:
            for server in servers:
                server.shutdown()
                server.server_close()
    out = report(variants, args.returns or args.runs, not args.no_gzip)
    print_report(out)
    if args.json:
        Path(args.json).write_text(json.dumps(out, indent=2) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
