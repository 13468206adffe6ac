"""Writes cabo/web/card_glyphs.py: the outlines of the characters a card face prints (ranks,
numerals, power words, JOKER), taken from a font, so that a face draws them as SVG paths.

A face's words and numbers were HTML text over its SVG; as paths they are one layout object
each instead of three (span, ::before, text), laid out without shaping (docs/speed.md, issue
41). The outlines are DejaVu Sans Bold (Bitstream Vera licence with DejaVu changes in the
public domain; the font the page's `system-ui` resolves to on Linux); the kerning of each
pair the words contain is measured in Chromium, so a word is spaced as the browser spaces it.

Development tool (needs fontTools and Playwright; the page does not):
    python -m tools.card_glyphs [FONT] > cabo/web/card_glyphs.py
"""

from __future__ import annotations

import sys

from fontTools.pens.basePen import BasePen
from fontTools.ttLib import TTFont

FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"
FAMILY = 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif'  # static/css/app.css body


def words() -> list[str]:
    """Every string a face prints, in every language."""
    from cabo.i18n import LANGS, Texts
    out = [str(n) for n in range(14)] + ["A", "J", "Q", "K", "JOKER"]
    for lang in LANGS:
        t = Texts(lang)
        out += [t("face_" + p) for p in ("peek", "spy", "swap", "king")]
    return sorted(set(out))


EM = 1000  # the outlines' units: whole numbers, rounded from the font's own


def _num(values) -> str:
    """Numbers as SVG path data writes them shortest: a minus sign needs no space."""
    return "".join(("" if i == 0 or v < 0 else " ") + f"{v:g}" for i, v in enumerate(values))


class RelativePen(BasePen):
    """An outline as SVG path commands in EM units, relative after its first point (so a glyph
    moves by changing its first `M` alone); each point is rounded before the differences are
    taken, so no error adds up along an outline."""

    def __init__(self, glyphs, scale):
        super().__init__(glyphs)
        self.scale = scale
        self.parts, self.at, self.start, self.first = [], (0, 0), (0, 0), None

    def _r(self, pt):
        return round(pt[0] * self.scale), round(pt[1] * self.scale)

    def _rel(self, *pts):
        out, (x0, y0) = [], self.at
        for x, y in pts:
            out += [x - x0, y - y0]
        self.at = pts[-1]
        return _num(out)

    def _moveTo(self, pt):
        pt = self._r(pt)
        if self.first is None:
            self.first, self.at = pt, pt
        else:
            self.parts.append("m" + self._rel(pt))
        self.start = pt

    def _lineTo(self, pt):
        pt = self._r(pt)
        dx, dy = pt[0] - self.at[0], pt[1] - self.at[1]
        self.at = pt
        self.parts.append(f"h{dx:g}" if dy == 0 else f"v{dy:g}" if dx == 0 else "l" + _num([dx, dy]))

    def _qCurveToOne(self, p1, p2):
        self.parts.append("q" + self._rel(self._r(p1), self._r(p2)))

    def _curveToOne(self, p1, p2, p3):
        self.parts.append("c" + self._rel(self._r(p1), self._r(p2), self._r(p3)))

    def _closePath(self):
        self.parts.append("z")
        self.at = self.start


def outlines(font_path: str, chars: str) -> tuple[float, dict, tuple]:
    """(scale from font units, {character: (advance, x, y, outline)}, (ascent, descent))."""
    font = TTFont(font_path)
    cmap, glyphs = font.getBestCmap(), font.getGlyphSet()
    scale = EM / font["head"].unitsPerEm
    out = {}
    for ch in chars:
        name = cmap[ord(ch)]
        pen = RelativePen(glyphs, scale)
        glyphs[name].draw(pen)
        x, y = pen.first
        out[ch] = (round(glyphs[name].width * scale), x, y, "".join(pen.parts))
    hhea = font["hhea"]
    return scale, out, (round(hhea.ascent * scale), round(-hhea.descent * scale))


def kerning(strings: list[str], advances: dict) -> dict:
    """{pair: adjustment in EM units} of each pair in `strings`, as Chromium lays them out at
    a font size of one unit a pixel (no letter spacing)."""
    em = EM
    from playwright.sync_api import sync_playwright
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium")
        page = browser.new_page()
        page.set_content("<body></body>")
        page.add_style_tag(content=f"body {{ font: 800 {em}px {FAMILY}; white-space: pre; }}")
        lefts = page.evaluate("""(strings) => strings.map(s => {
            const el = document.createElement('div'); el.textContent = s;
            el.style.display = 'inline-block'; document.body.append(el);
            const r = document.createRange(), out = [];
            for (let i = 0; i < s.length; i++) {
              r.setStart(el.firstChild, i); r.setEnd(el.firstChild, i + 1);
              out.push(r.getBoundingClientRect().left);
            }
            out.push(el.getBoundingClientRect().right);
            return out; })""", strings)
        browser.close()
    pairs = {}
    for s, xs in zip(strings, lefts):
        for i in range(len(s) - 1):
            k = round(xs[i + 1] - xs[i] - advances[s[i]])
            if k:
                pairs[s[i:i + 2]] = k
    return pairs


def main(argv) -> None:
    strings = words()
    chars = "".join(sorted(set("".join(strings))))
    scale, glyphs, (ascent, descent) = outlines(argv[0] if argv else FONT, chars)
    kern = kerning(strings, {c: g[0] for c, g in glyphs.items()})
    print('"""The outlines of the characters a card face prints (generated by tools/card_glyphs.py'
          '\nfrom DejaVu Sans Bold: Copyright (c) 2003 by Bitstream, Inc. (Bitstream Vera'
          '\nlicence); DejaVu changes are in the public domain). Do not edit by hand."""\n')
    print(f"EM = {EM}  # units of an em (the font's {round(EM / scale)}, scaled and rounded)")
    print(f"ASCENT, DESCENT = {ascent}, {descent}  # hhea: where a browser puts a line's baseline")
    print("# character: (advance, first point x, y, the rest of the outline, relative; y up)")
    print("GLYPHS = {")
    for ch, (adv, x, y, rest) in glyphs.items():
        print(f"    {ch!r}: ({adv}, {x:g}, {y:g}, {rest!r}),")
    print("}")
    print("# a pair's kerning, in EM units, as Chromium spaces the words")
    print(f"KERN = {kern!r}")


if __name__ == "__main__":
    main(sys.argv[1:])
