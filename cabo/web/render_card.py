"""A face-up card's face, drawn by the page (inline SVG and CSS): plain strings, no decisions.

A face is drawn from its `look` (cabo.ui.screen: rank, suit, power), only for a card that is
face up for the seat on screen; a face-down card is a back (CSS) with no value in the page.
Shapes (suits, court marks, power icons, the joker's star: _SHAPES) and its numbers and words
(outlines, cabo/web/card_glyphs.py) are paths in the face's one SVG, one a shape or word: a
face holds no text node and no <use>, and the browser lays it out without shaping text,
sizing a container or cloning a symbol (docs/speed.md, issue 41). Colours
come from CSS variables (static/css/cards.css), so a theme recolours every face.

Coordinates are in a 100 x 142 box (the card's own proportions, app.css `.card`).
"""

from __future__ import annotations

from html import escape

from cabo.web.card_glyphs import ASCENT, DESCENT, EM, GLYPHS, KERN

W, H = 100, 142
RANK_TEXT = {1: "A", 11: "J", 12: "Q", 13: "K"}
# pip centres of a number card, (column, row): columns 0 left, 1 middle, 2 right; rows from
# 0 (top) to 1 (bottom); pips below the middle are drawn upside down, as on printed cards
PIPS = {
    2: ((1, 0), (1, 1)),
    3: ((1, 0), (1, .5), (1, 1)),
    4: ((0, 0), (2, 0), (0, 1), (2, 1)),
    5: ((0, 0), (2, 0), (1, .5), (0, 1), (2, 1)),
    6: ((0, 0), (2, 0), (0, .5), (2, .5), (0, 1), (2, 1)),
    7: ((0, 0), (2, 0), (1, .25), (0, .5), (2, .5), (0, 1), (2, 1)),
    8: ((0, 0), (2, 0), (1, .25), (0, .5), (2, .5), (1, .75), (0, 1), (2, 1)),
    9: ((0, 0), (2, 0), (0, 1 / 3), (2, 1 / 3), (1, .5), (0, 2 / 3), (2, 2 / 3), (0, 1), (2, 1)),
    10: ((0, 0), (2, 0), (1, 1 / 6), (0, 1 / 3), (2, 1 / 3), (0, 2 / 3), (2, 2 / 3), (1, 5 / 6),
         (0, 1), (2, 1)),
}
PIP_X = (36, 50, 64)
PIP_TOP, PIP_BOTTOM, PIP = 28, 114, 15


def _e(value) -> str:
    return escape(str(value), quote=True)


def _use(symbol, x, y, size, flip=False) -> str:
    """A shape of SHAPES in the box (x, y, size), turned upside down about its centre
    (`flip`): drawn inline, its fill one path (a <use> of a sprite's symbol is a shadow tree
    the browser styles and lays out for each pip)."""
    k = size / 100
    place = (f"matrix({-k:g} 0 0 {-k:g} {x + size:g} {y + size:g})" if flip else
             f"matrix({k:g} 0 0 {k:g} {x:g} {y:g})")
    fill, strokes = _SHAPES[symbol]
    out = f'<path transform="{place}" d="{fill}"/>'
    for d, width in strokes:
        out += (f'<path transform="{place}" d="{d}" fill="none" stroke="currentColor" '
                f'stroke-width="{width}"/>')
    return out


_RUNS: dict = {}


def _run(text, spacing) -> tuple[str, float]:
    """(path, width) of `text` set from x 0 on its baseline, in EM units of the font (y up),
    each character followed by `spacing` (CSS letter-spacing, in those units) as in a
    browser."""
    key = (text, spacing)
    if key not in _RUNS:
        parts, x, prev = [], 0, ""
        for ch in text:
            x += KERN.get(prev + ch, 0)
            advance, gx, gy, rest = GLYPHS[ch]
            parts.append(f"M{x + gx:g} {gy:g}{rest}")
            x += advance + spacing
            prev = ch
        _RUNS[key] = "".join(parts), x
    return _RUNS[key]


def _print(text, left, top, size, spacing=0.0, narrow=1.0, underline=False, turn=False,
           shift=0.0) -> str:
    """A word or number as one path, placed as a line of CSS text would be: `left` of its
    box (None: centred on the face), `top` of a line as tall as the font `size` (line-height
    1), `spacing` and `underline` in ems, `narrow` a horizontal scale from the box's left.
    `turn`: upside down about the face's centre, as the shapes of the bottom corner are."""
    d, width = _run(text, round(spacing * EM))
    k = size / EM
    if underline:  # the 6 and the 9: under the characters, 0.08 em below the baseline
        d += f"M0 {-0.08 * EM:g}h{width:g}v{-0.08 * EM:g}h{-width:g}z"
    x = (W - width * k) / 2 if left is None else left + shift * width * k
    # the baseline: a line's centre plus half the font's ascent less its descent, raised by
    # what a browser's whole-pixel metrics and the SVG's letterbox take on average
    y = top + size / 2 + (ASCENT - DESCENT) / 2 * k - 1.2
    path = (f'<path data-t="{_e(text)}" transform="matrix({k * narrow:.5g} 0 0 {-k:.5g} '
            f'{x:.4g} {y:.4g})" d="{d}"/>')
    return f'<g transform="rotate(180 50 71)">{path}</g>' if turn else path


def _corners(rank, suit, both=True) -> tuple[str, str]:
    """(shapes, texts) of the index in the top-left corner, and turned in the bottom-right
    one (`both`). As on printed cards, a 6 or 9 is underlined: upside down it is not the
    other. Two characters are set closer and narrower, from 3 units in."""
    shapes = _use(suit, 7, 35, 16) if suit else ""
    wide = len(rank) > 1
    text = dict(left=3 if wide else 7, top=3, size=30, spacing=-0.1 if wide else -0.03,
                narrow=0.82 if wide else 1.0, underline=rank in ("6", "9"))
    texts = _print(rank, **text)
    if both:
        shapes += f'<g transform="rotate(180 50 71)">{shapes}</g>' if shapes else ""
        # the turned index was narrowed about its own centre
        texts += _print(rank, turn=True, shift=0.09 if wide else 0.0, **text)
    return shapes, texts


def _standard(rank, suit) -> tuple[str, str]:
    text = RANK_TEXT.get(rank, str(rank))
    shapes, texts = _corners(text, suit)
    if rank == 1:
        shapes += _use(suit, 26, 47, 48)
    elif rank > 10:  # a court card: its mark over the suit, in a frame
        shapes += ('<rect x="28" y="18" width="44" height="106" rx="5" class="frame"/>'
                   + _use("c" + text, 33, 30, 34) + _use(suit, 35, 72, 30))
    else:
        step = PIP_BOTTOM - PIP_TOP
        shapes += "".join(_use(suit, PIP_X[c] - PIP / 2, PIP_TOP + r * step - PIP / 2, PIP,
                               flip=r > .5)
                          for c, r in PIPS[rank])
    return shapes, texts


def _joker() -> tuple[str, str]:
    word = dict(left=None, top=17, size=15, spacing=0.12)
    return _use("star", 20, 40, 60), _print("JOKER", **word) + _print("JOKER", turn=True, **word)


def _cabo(rank, power, word) -> tuple[str, str]:
    """The Cabo deck: a large numeral; a card with a power shows its icon and word."""
    if not power:
        shapes, texts = _corners(str(rank), None)
        return shapes, texts + _print(str(rank), None, 38, 64, -0.05)
    # the power's word takes the bottom corner's place; a long one is set smaller
    shapes, texts = _corners(str(rank), None, both=False)
    printed = (_print(word, None, 121, 12.5, -0.02) if len(word) > 8 else
               _print(word, None, 118, 16))
    return (shapes + _use("p-" + power, 35, 84, 30),
            texts + _print(str(rank), None, 24, 64, -0.05) + printed)


_FACES: dict = {}


def face(look, text) -> str:
    """The face of a face-up card (`text`: its short label, "K♦"), aria-hidden: the card's
    accessible name says it."""
    rank, suit, power = look["rank"], look["suit"], look.get("power")
    key = (rank, suit, power, look.get("word"), text)
    if key not in _FACES:
        _FACES[key] = _face(rank, suit, power, look.get("word") or "", text)
    return _FACES[key]


def _face(rank, suit, power, word, text) -> str:
    if suit == "*":
        kind, (shapes, texts) = "joker", _joker()
    elif suit:
        kind, (shapes, texts) = ("red" if suit in "HD" else "black"), _standard(rank, suit)
    else:
        kind = f"cabo p-{power}" if power else ("cabo top" if rank == 13 else "cabo")
        shapes, texts = _cabo(rank, power, word)
    return (f'<span class="face {kind}" data-face="{_e(text)}" aria-hidden="true">'
            f'<svg viewBox="0 0 {W} {H}" focusable="false">{shapes}{texts}</svg></span>')


# The shapes of the faces, each in a 100 x 100 box: {name: (its filled parts as one path,
# [(a stroked part's path, its stroke width)])}, drawn with currentColor (a circle as two
# arcs, clockwise like the shapes it joins: nonzero fill keeps overlaps filled).
_SHAPES = {
    'H': ('M50 92C22 70 4 54 4 32C4 16 15 6 28 6C38 6 46 12 50 22C54 12 62 6 72 6C85 6 96 '
          '16 96 32C96 54 78 70 50 92Z',
        []),
    'D': ('M50 2L90 50L50 98L10 50Z',
        []),
    'S': ('M50 4C38 22 6 38 6 60C6 74 17 82 28 82C37 82 44 77 47 71C46 82 42 90 34 97H66C58'
          ' 90 54 82 53 71C56 77 63 82 72 82C83 82 94 74 94 60C94 38 62 22 50 4Z',
        []),
    'C': ('M29 27a21 21 0 1 1 42 0a21 21 0 1 1 -42 0zM5 58a21 21 0 1 1 42 0a21 21 0 1 1 -42'
          ' 0zM53 58a21 21 0 1 1 42 0a21 21 0 1 1 -42 0zM46 40H54L60 97H40Z',
        []),
    'star': ('M50 3L61 37H97L68 58L79 94L50 72L21 94L32 58L3 37H39Z',
        []),
    'cK': ('M8 88V42L30 62L50 24L70 62L92 42V88ZM45 2h10v8h8v9h-8v9h-10v-9h-8v-9h8Z',
        []),
    'cQ': ('M10 88L14 46L32 66L50 40L68 66L86 46L90 88ZM7 38a7 7 0 1 1 14 0a7 7 0 1 1 -14 '
           '0zM42 30a8 8 0 1 1 16 0a8 8 0 1 1 -16 0zM79 38a7 7 0 1 1 14 0a7 7 0 1 1 -14 0z',
        []),
    'cJ': ('M8 88C8 62 28 46 54 46C72 46 86 56 92 70V88ZM54 46C58 26 72 10 96 4C86 18 78 32 '
           '68 48Z',
        []),
    'p-peek': ('M34 50a16 16 0 1 1 32 0a16 16 0 1 1 -32 0z',
        [('M3 50C19 23 35 14 50 14S81 23 97 50C81 77 65 86 50 86S19 77 3 50Z', '9')]),
    'p-spy': ('M29 40a11 11 0 1 1 22 0a11 11 0 1 1 -22 0zM58 66L66 58L96 88L88 96Z',
        [('M11 40a29 29 0 1 1 58 0a29 29 0 1 1 -58 0z', '10')]),
    'p-swap': ('M4 22H64V6L96 30L64 54V38H4ZM96 62H36V46L4 70L36 94V78H96Z',
        []),
    'p-king': ('M8 88V42L30 62L50 24L70 62L92 42V88Z',
        []),
}
