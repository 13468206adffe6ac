"""Drawing the page: a full redraw (innerHTML) against patching the DOM (static/js/patch.js).

    python -m tools.bench_redraw [--preset official] [--seed 31] [--reps 6]

Builds and serves the site, plays one round in headless Chromium (a person by clicks,
tests/e2e/driver.py's Player, against two medium bots, phone size 390x844) and keeps the page
after every step. Then it draws those screens one after the other into the table, each way,
and times each drawing with the browser's style and layout (forced by reading the layout).
Prints the median over `--reps` passes of the mean ms per drawing. A measurement, not a test:
the machine's load moves the numbers; the passes alternate the order of the two ways.
"""

from __future__ import annotations

import argparse
import os
import sys
import threading
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tests.e2e import driver  # noqa: E402
from tools import build, serve  # noqa: E402

REPLAY = """([screens, reps]) => {
  const app = document.getElementById('app');
  const out = {innerHTML: [], patch: []};
  for (let rep = 0; rep < reps; rep++) {
    for (const way of (rep % 2 ? ['innerHTML', 'patch'] : ['patch', 'innerHTML'])) {
      app.innerHTML = screens[0];
      document.body.offsetHeight;
      let total = 0;
      for (let i = 1; i < screens.length; i++) {
        const t = performance.now();
        if (way === 'innerHTML') app.innerHTML = screens[i]; else window.caboPatch(app, screens[i]);
        document.body.offsetHeight;  // style and layout now
        total += performance.now() - t;
      }
      out[way].push(total / (screens.length - 1));
    }
  }
  return out;
}"""


def main(argv=None) -> dict:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--preset", default="official")
    parser.add_argument("--seed", type=int, default=31)
    parser.add_argument("--reps", type=int, default=6)
    args = parser.parse_args(argv)
    build.build()
    server = serve.make_server(port=0, handler=serve.QuietRequestHandler, base_path="/cabo/")
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}/cabo/"
    with sync_playwright() as p:
        browser = p.chromium.launch(
            executable_path=os.environ.get("CABO_CHROMIUM", "/usr/bin/chromium"),
            args=["--no-sandbox", "--disable-gpu"])
        page = browser.new_page(base_url=base, viewport={"width": 390, "height": 844})
        driver.open_page(page, args.seed, query="&patch=off")
        driver.new_game(page, args.preset, ("person", "medium", "medium"))
        html = "document.getElementById('app').innerHTML"
        screens = [page.evaluate(html)]
        player = driver.Player(page, cabo_after_draws=5)
        while player.step():
            screens.append(page.evaluate(html))
        times = page.evaluate(REPLAY, [screens, args.reps])
        browser.close()
    server.shutdown()
    result = {"screens": len(screens)}
    for way, values in times.items():
        values = sorted(values)
        result[way + "_ms"] = round(values[len(values) // 2], 2)
        result[way + "_passes"] = [round(v, 2) for v in values]
    print(f"{args.preset}, {len(screens)} screens of a round, {args.reps} passes: ms per drawing "
          f"with style and layout, median: innerHTML {result['innerHTML_ms']} "
          f"{result['innerHTML_passes']}, patch {result['patch_ms']} {result['patch_passes']}")
    return result


if __name__ == "__main__":
    main()
