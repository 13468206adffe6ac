"""What a face-up card's face costs the browser: 1 and 16 faces put into a table's face-down
slots under a slow CPU, and the style, layout and paint that follow (CPU time from a trace).

    python -m tools.bench_faces [--deck official|standard52] [--repeats 11] [--before DIR]

A game (a person and three easy bots, 390x844) is started; then, `--repeats` times, the
table's face-down slots get back their backs, N cards (1, then 16) get a face's markup (this
checkout's cabo/web/render_card.py), and the page is laid out at once (`offsetHeight`).
Printed per N, medians over the repeats, CPU time (trace `tdur`) under
Emulation.setCPUThrottlingRate: `style` and `layout` of that forced layout, `paint` of the
frame after it, and `relayout`: style and layout of the whole page made 7 px narrower with the
faces in it. `--before DIR`: a built checkout to compare with, its page and faces, run in turn
with this one's. Figures and their load: docs/speed.md (issue 41).
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# the markup of 16 faces of a deck, made by a checkout's own render_card
FACES = r'''
import json, sys
from cabo.game.cards import Card, card_power
from cabo.game.rules import PRESETS
from cabo.i18n import Texts
from cabo.web import render_card
deck = sys.argv[1]
if deck == "official":
    cards = [Card(r, "") for r in (0, 5, 3, 2, 7, 9, 11, 13, 1, 4, 6, 8, 10, 12, 3, 6)]
else:
    cards = [Card(r, s) for r, s in ((1, "S"), (7, "H"), (10, "D"), (13, "C"), (4, "C"), (9, "H"),
             (12, "S"), (6, "D"), (2, "H"), (5, "S"), (11, "D"), (8, "C"), (3, "D"), (10, "S"),
             (13, "H"), (6, "C"))]
def look(card):
    power = card_power(PRESETS[deck], card)
    return {"rank": card.rank, "suit": card.suit, "power": power,
            "word": Texts("en")("face_" + power) if power else None}
print(json.dumps([render_card.face(look(c), c.label()) for c in cards]))
'''

ROUND = """async ([markups, k, label]) => {
  const frame = () => new Promise(r => requestAnimationFrame(() => setTimeout(r, 0)));
  const slots = window.__slots, cur = window.__cur;
  for (let i = 0; i < cur.length; i++) {
    const d = slots[i].cloneNode(true); cur[i].replaceWith(d); cur[i] = d;
  }
  document.body.offsetHeight;
  await frame(); await frame();
  const news = [];
  for (let i = 0; i < k; i++) {
    const u = slots[i].cloneNode(false); u.className = 'card up'; u.innerHTML = markups[i];
    news.push(u);
  }
  performance.mark('S|' + label);
  for (let i = 0; i < k; i++) { cur[i].replaceWith(news[i]); cur[i] = news[i]; }
  document.body.offsetHeight;
  performance.mark('E|' + label);
  await frame();
  performance.mark('F|' + label);
  await frame();
  const app = document.getElementById('app');
  performance.mark('R|' + label);
  app.style.paddingRight = '7px'; document.body.offsetHeight;
  performance.mark('Q|' + label);
  app.style.paddingRight = ''; document.body.offsetHeight;
  await frame();
}"""


def run(root: Path, deck: str, repeats: int, throttle: float, trace: Path) -> dict:
    sys.path.insert(0, str(ROOT))
    from playwright.sync_api import sync_playwright
    from tests.e2e import driver
    from tools import serve
    from tools.bench_boot import CHROMIUM_ARGS
    markups = json.loads(subprocess.check_output([sys.executable, "-c", FACES, deck], cwd=root))
    server = serve.make_server(port=0, directory=str(root), handler=serve.QuietRequestHandler,
                               base_path="/cabo/")
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}/cabo/"
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS)
            page = browser.new_page(base_url=base, viewport={"width": 390, "height": 844})
            driver.open_page(page, 11, lang="en")
            driver.new_game(page, "official", ("person", "easy", "easy", "easy"),
                            speed="instant")
            page.wait_for_timeout(2500)
            n = page.evaluate("""() => {
              const downs = [...document.querySelectorAll('#app .card.down[id^=slot]')];
              window.__cur = downs.slice(0, 16);
              window.__slots = window.__cur.map(el => el.cloneNode(true));
              return window.__cur.length; }""")
            if n < 16:
                raise SystemExit(f"only {n} face-down slots on the table")
            page.context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate",
                                                    {"rate": throttle})
            browser.start_tracing(page=page, path=str(trace),
                                  categories=["devtools.timeline", "blink.user_timing"])
            for _ in range(repeats):
                for k in (1, 16):
                    page.evaluate(ROUND, [markups, k, str(k)])
            browser.stop_tracing()
            browser.close()
    finally:
        server.shutdown()
    return split(trace)


def split(trace: Path) -> dict:
    events = json.loads(trace.read_text())
    events = events["traceEvents"] if isinstance(events, dict) else events
    marks: dict = {}
    for e in events:
        if e.get("cat") == "blink.user_timing" and e["name"][:2] in ("S|", "E|", "F|", "R|", "Q|"):
            marks.setdefault(e["name"][2:], {}).setdefault(e["name"][0], []).append(e["ts"])
    work = [e for e in events if e.get("ph") == "X" and e.get("name") in (
        "UpdateLayoutTree", "Layout", "Paint", "PrePaint", "Layerize")]

    def cpu(t0, t1, names):
        return sum(e.get("tdur", e["dur"]) for e in work
                   if t0 <= e["ts"] <= t1 and e["name"] in names) / 1000
    out = {}
    for k, m in marks.items():
        rows = [{"style": cpu(s, e, ("UpdateLayoutTree",)), "layout": cpu(s, e, ("Layout",)),
                 "paint": cpu(e, f, ("Paint", "PrePaint", "Layerize")),
                 "relayout": cpu(r, q, ("UpdateLayoutTree", "Layout"))}
                for s, e, f, r, q in zip(m["S"], m["E"], m["F"], m["R"], m["Q"])]
        med = {key: round(statistics.median(r[key] for r in rows), 1) for key in rows[0]}
        both = sorted(r["style"] + r["layout"] for r in rows)
        med["style+layout"] = round(statistics.median(both), 1)
        med["style+layout p25-p75"] = (round(both[len(both) // 4], 1),
                                       round(both[3 * len(both) // 4], 1))
        out[int(k)] = med
    return dict(sorted(out.items()))


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--deck", choices=("official", "standard52"), default="official")
    ap.add_argument("--repeats", type=int, default=11)
    ap.add_argument("--cpu-throttle", type=float, default=4)
    ap.add_argument("--before", type=Path, help="a built checkout to compare with")
    ap.add_argument("--runs", type=int, default=1, help="with --before: runs of each, in turn")
    args = ap.parse_args(argv)
    roots = [("before", args.before), ("this", ROOT)] if args.before else [("this", ROOT)]
    with tempfile.TemporaryDirectory() as tmp:
        for i in range(args.runs):
            for name, root in roots:
                res = run(root, args.deck, args.repeats, args.cpu_throttle,
                          Path(tmp) / f"{name}{i}.json")
                for k, med in res.items():
                    print(f"run {i + 1} {name:6} {k:2} faces: " + ", ".join(
                        f"{key} {value}" for key, value in med.items()), flush=True)


if __name__ == "__main__":
    main()
