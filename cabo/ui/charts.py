"""Charts as inline SVG strings: every player's total after each round, bars, split bars.

Pure strings, no DOM. Each chart is a <figure> with an SVG of role "img" whose name is its
title and whose description (aria-describedby) says the numbers in words; the visible legend
repeats the numbers in text, so nothing is told by colour alone (lines also differ by marker
shape). The viewBox is 320 units wide, drawn at the width of the screen (a phone shows it at
about its natural size, so the 11-unit labels stay readable).
"""

from __future__ import annotations

from html import escape

W, H = 320, 180
LEFT, RIGHT, TOP, BOTTOM = 34, 10, 10, 24
# colour, marker per series (distinct hues on the dark felt, and distinct shapes)
STYLES = (("#ffd166", "circle"), ("#8ecae6", "square"), ("#ff8fab", "triangle"),
          ("#b9fbc0", "diamond"), ("#f4a261", "circle"), ("#cdb4db", "square"))
# each series' class, so that the light theme can draw it darker (static/css/party.css)
SERIES = {color: f"s{i}" for i, (color, _) in enumerate(STYLES)}


def _e(value) -> str:
    return escape(str(value), quote=True)


NICE = (4, 8, 12, 20, 40, 60, 80, 100, 120, 160, 200, 300, 400, 600, 800, 1000, 2000)


def _nice_max(value: int) -> int:
    """The top of an axis: a round number at or above `value` that 4 ticks divide evenly."""
    for top in NICE:
        if value <= top:
            return top
    return -(-value // 400) * 400


def _marker(shape, x, y, color) -> str:
    if color in SERIES:
        color = f'{color}" class="{SERIES[color]}'
    if shape == "square":
        return f'<rect x="{x - 3.5:.1f}" y="{y - 3.5:.1f}" width="7" height="7" fill="{color}"/>'
    if shape == "triangle":
        return (f'<polygon points="{x:.1f},{y - 4.5:.1f} {x + 4.5:.1f},{y + 3.5:.1f} '
                f'{x - 4.5:.1f},{y + 3.5:.1f}" fill="{color}"/>')
    if shape == "diamond":
        return (f'<polygon points="{x:.1f},{y - 4.5:.1f} {x + 4.5:.1f},{y:.1f} {x:.1f},'
                f'{y + 4.5:.1f} {x - 4.5:.1f},{y:.1f}" fill="{color}"/>')
    return f'<circle cx="{x:.1f}" cy="{y:.1f}" r="3.8" fill="{color}"/>'


def _figure(cid, title, desc, svg, legend, height=H) -> str:
    return (f'<figure class="chart" id="{_e(cid)}">'
            f'<figcaption class="chart-title" id="{_e(cid)}-t">{_e(title)}</figcaption>'
            f'<svg viewBox="0 0 {W} {height}" role="img" aria-labelledby="{_e(cid)}-t" '
            f'aria-describedby="{_e(cid)}-d" preserveAspectRatio="xMidYMid meet">{svg}</svg>'
            f'<p class="sr-only" id="{_e(cid)}-d">{_e(desc)}</p>{legend}</figure>')


def _legend(items) -> str:
    """items: (text, colour, shape or None)."""
    out = []
    for text, color, shape in items:
        swatch = (f'<svg class="swatch" viewBox="0 0 12 12" aria-hidden="true">'
                  f'{_marker(shape or "square", 6, 6, color)}</svg>')
        out.append(f'<li>{swatch}{_e(text)}</li>')
    return f'<ul class="legend">{"".join(out)}</ul>'


def _y_axis(lo, hi, plot_h) -> str:
    parts = []
    for k in range(5):
        value = lo + (hi - lo) * k // 4
        y = TOP + plot_h - (value - lo) / (hi - lo) * plot_h
        parts.append(f'<line x1="{LEFT}" x2="{W - RIGHT}" y1="{y:.1f}" y2="{y:.1f}" '
                     f'class="grid"/><text x="{LEFT - 4}" y="{y + 3.5:.1f}" '
                     f'text-anchor="end" class="tick">{value}</text>')
    return "".join(parts)


DODGE = 7.0  # units between the markers of players whose totals meet (a marker is ~8 wide)
NEAR = 9.0  # markers whose centres are closer than this (a marker's height) meet


def _dodged(points):
    """points[series][round] = (x, y), with the markers of series that meet in a round (the
    same total, or totals closer than a marker is tall) set side by side around their x,
    kept inside the plot, so every one stays in view; the lines go through the moved
    markers. Series are taken in order of their y, a group grows while the next marker is
    nearer than NEAR to the last one."""
    out = [list(p) for p in points]
    rounds = max((len(p) for p in points), default=0)
    for r in range(rounds):
        here = sorted((p[r][1], i) for i, p in enumerate(points) if r < len(p))
        groups = []
        for y, i in here:
            if groups and y - points[groups[-1][-1]][r][1] < NEAR:
                groups[-1].append(i)
            else:
                groups.append([i])
        for group in groups:
            group.sort()
            half = (len(group) - 1) / 2 * DODGE
            x = points[group[0]][r][0]
            first = min(max(x - half, LEFT), W - RIGHT - 2 * half)  # inside the plot
            for k, i in enumerate(group):
                out[i][r] = (first + k * DODGE, points[i][r][1])
    return out


def totals_chart(cid, title, desc, series, x_label, legend_texts) -> str:
    """Line chart: series = [(name, [total after round 1, 2, ...])], one line per player."""
    rounds = max((len(v) for _, v in series), default=0)
    values = [x for _, v in series for x in v] or [0]
    lo = min(0, min(values))
    lo = -_nice_max(-lo) if lo < 0 else 0
    hi = _nice_max(max(max(values), 1))
    plot_w, plot_h = W - LEFT - RIGHT, H - TOP - BOTTOM
    step = plot_w / max(rounds - 1, 1)
    parts = [_y_axis(lo, hi, plot_h)]
    every = max(1, -(-rounds // 10))
    for r in range(rounds):
        if r % every == 0 or r == rounds - 1:
            x = LEFT + (r * step if rounds > 1 else plot_w / 2)
            parts.append(f'<text x="{x:.1f}" y="{H - 8}" text-anchor="middle" class="tick">'
                         f'{r + 1}</text>')
    # the axis's name has a row of its own under the round numbers (beside them it met the last)
    label_h = 12 if rounds > 3 else 0
    parts.append(f'<text x="{W - RIGHT}" y="{H + 4}" text-anchor="end" class="axis-label">'
                 f'{_e(x_label)}</text>' if label_h else "")
    legend = []
    points = _dodged([[(LEFT + (r * step if rounds > 1 else plot_w / 2),
                        TOP + plot_h - (v - lo) / (hi - lo) * plot_h)
                       for r, v in enumerate(vals)] for _, vals in series])
    for i, ((name, vals), pts) in enumerate(zip(series, points)):
        color, shape = STYLES[i % len(STYLES)]
        if len(pts) > 1:
            line = " ".join(f"{x:.1f},{y:.1f}" for x, y in pts)
            parts.append(f'<polyline points="{line}" fill="none" stroke="{color}" '
                         f'class="{SERIES[color]}" stroke-width="2.5" stroke-linejoin="round"/>')
        parts += [_marker(shape, x, y, color) for x, y in pts]
        legend.append((legend_texts[i], color, shape))
    return _figure(cid, title, desc, "".join(parts), _legend(legend), height=H + label_h)


def bar_chart(cid, title, desc, values, x_label) -> str:
    """Vertical bars, e.g. the points of the last rounds (oldest first)."""
    n = max(len(values), 1)
    lo = min(0, min(values, default=0))
    lo = -_nice_max(-lo) if lo < 0 else 0
    hi = _nice_max(max(max(values, default=0), 1))
    plot_w, plot_h = W - LEFT - RIGHT, H - TOP - BOTTOM
    slot = plot_w / n
    zero = TOP + plot_h - (0 - lo) / (hi - lo) * plot_h
    parts = [_y_axis(lo, hi, plot_h)]
    for i, v in enumerate(values):
        y = TOP + plot_h - (v - lo) / (hi - lo) * plot_h
        top, height = min(y, zero), max(abs(zero - y), 1)
        parts.append(f'<rect x="{LEFT + i * slot + slot * 0.15:.1f}" y="{top:.1f}" '
                     f'width="{slot * 0.7:.1f}" height="{height:.1f}" class="bar"/>')
    parts.append(f'<text x="{W - RIGHT}" y="{H - 8}" text-anchor="end" class="axis-label">'
                 f'{_e(x_label)}</text>')
    return _figure(cid, title, desc, "".join(parts), "")


def split_bar(cid, title, desc, parts) -> str:
    """One horizontal bar split into parts [(text, value, css class)], with a text legend."""
    total = sum(v for _, v, _ in parts)
    x, rects, legend = 10.0, [], []
    width = W - 20
    for text, value, cls in parts:
        w = width * value / total if total else 0
        if w:
            rects.append(f'<rect x="{x:.1f}" y="8" width="{w:.1f}" height="44" rx="6" '
                         f'class="{cls}"/>')
        x += w
        legend.append(f'<li><span class="swatch {cls}" aria-hidden="true"></span>'
                      f'{_e(text)}</li>')
    if not total:
        rects.append(f'<rect x="10" y="8" width="{width}" height="44" rx="6" class="none"/>')
    return _figure(cid, title, desc, "".join(rects),
                   f'<ul class="legend">{"".join(legend)}</ul>', height=60)
