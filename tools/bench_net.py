"""Handshake time and code lengths of play across devices, measured in headless Chromium.

    python -m tools.bench_net [--runs 10]

Two browser contexts open the built site (static/js/net.js, iceServers: []); each run the
host makes an offer, the guest answers, the host takes the answer, until the data channel is
open on both sides. Printed: ICE gathering time of the offer and the answer, the time from
the host taking the answer to the open channel, the whole handshake without the people
(offer + answer + connect), and the lengths of the compact codes (cabo/net/signal.py) and of
the invitation link, as mean with a 95 % interval (t distribution) over the runs.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from playwright.sync_api import sync_playwright  # noqa: E402

from cabo.net import signal  # noqa: E402
from tools import serve  # noqa: E402

T95 = {2: 12.71, 3: 4.30, 4: 3.18, 5: 2.78, 6: 2.57, 8: 2.36, 10: 2.26, 20: 2.09, 30: 2.05}



def interval(values) -> str:
    mean = statistics.fmean(values)
    if len(values) < 2:
        return f"{mean:.1f}"
    t = T95.get(len(values), 2.0)
    half = t * statistics.stdev(values) / len(values) ** 0.5
    return f"{mean:.1f} ± {half:.1f}"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=10)
    args = parser.parse_args()
    server = serve.make_server(port=0, handler=serve.QuietRequestHandler, base_path="/cabo/")
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/cabo/?lang=en"
    rows = {"offer gathering ms": [], "answer gathering ms": [], "connect ms": [],
            "handshake ms": [], "offer code chars": [], "answer code chars": [],
            "invitation link chars": [], "raw offer SDP chars": []}
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium",
                                    args=["--no-sandbox", "--disable-gpu"])
        host = browser.new_context().new_page()
        guest = browser.new_context().new_page()
        for page in (host, guest):
            page.goto(url)
            page.wait_for_selector("[data-testid=ready]", timeout=120_000)  # Python booted
        for run in range(args.runs):
            link = f"b{run}"
            t0 = host.evaluate("performance.now()")
            offer = host.evaluate("(id) => window.caboNet.offer(id, null)", link)
            t1 = host.evaluate("performance.now()")
            code = signal.compact(offer, "offer", 1)
            _, _, offer_sdp = signal.expand(code)
            g0 = guest.evaluate("performance.now()")
            answer = guest.evaluate("([id, sdp]) => window.caboNet.join(id, sdp, null)",
                                    [link, offer_sdp])
            g1 = guest.evaluate("performance.now()")
            answer_code = signal.compact(answer, "answer", 1)
            _, _, answer_sdp = signal.expand(answer_code)
            connect = host.evaluate("""async ([id, sdp]) => {
                const t = performance.now();
                await window.caboNet.answer(id, sdp);
                while (window.caboNet.handshakeMs(id) < 0) await new Promise(r => setTimeout(r, 2));
                return performance.now() - t; }""", [link, answer_sdp])
            rows["offer gathering ms"].append(t1 - t0)
            rows["answer gathering ms"].append(g1 - g0)
            rows["connect ms"].append(connect)
            rows["handshake ms"].append((t1 - t0) + (g1 - g0) + connect)
            rows["offer code chars"].append(len(code))
            rows["answer code chars"].append(len(answer_code))
            rows["invitation link chars"].append(len(signal.invitation_url(
                "https://user.github.io/cabo/", code)))
            rows["raw offer SDP chars"].append(len(offer))
            host.evaluate("(id) => window.caboNet.close(id)", link)
            guest.evaluate("(id) => window.caboNet.close(id)", link)
        browser.close()
    server.shutdown()
    print(f"{args.runs} handshakes between two contexts of one headless Chromium, "
          "iceServers: []")
    for name, values in rows.items():
        print(f"  {name:24s} {interval(values)}  (min {min(values):.1f}, max {max(values):.1f})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
