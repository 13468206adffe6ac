"""Draw the app icons (PNG) from static/icons/cabo.svg with headless Chromium. Run once;
the PNGs are committed (a few kB each).

    python tools/icons.py

icon-32.png: the page's favicon. A PNG, not the SVG: Chromium draws an SVG favicon as an SVG
image, a page of its own, in a long task on the page's main thread; a PNG is only decoded
(docs/speed.md, issue 41).
icon-192.png, icon-512.png: the card picture on the felt colour, rounded ("any").
maskable-512.png: full-bleed felt with the picture inside the central 60 %,
the safe zone that every launcher mask keeps ("maskable").
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
ICONS = ROOT / "static" / "icons"
FELT = "#1d6b45"
CHROMIUM = os.environ.get("CABO_CHROMIUM", "/usr/bin/chromium")


def page_html(svg: str, size: int, maskable: bool) -> str:
    inner = round(size * (0.6 if maskable else 0.8))
    radius = "0" if maskable else f"{round(size * 0.18)}px"
    return (f'<html><body style="margin:0;background:transparent">'
            f'<div style="width:{size}px;height:{size}px;background:{FELT};border-radius:{radius};'
            f'display:grid;place-items:center">'
            f'<div style="width:{inner}px;height:{inner}px">{svg}</div></div></body></html>')


def main() -> int:
    svg = (ICONS / "cabo.svg").read_text(encoding="utf-8").replace(
        "<svg ", '<svg width="100%" height="100%" ', 1)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        for size, maskable in ((32, False), (192, False), (512, False), (512, True)):
            page = browser.new_page(viewport={"width": size, "height": size})
            page.set_content(page_html(svg, size, maskable))
            name = f"{'maskable' if maskable else 'icon'}-{size}.png"
            page.screenshot(path=str(ICONS / name), omit_background=True)
            page.close()
            print(name, (ICONS / name).stat().st_size, "bytes")
        browser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
