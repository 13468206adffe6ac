"""HTML of the extras (cabo.ui.party_view view models): plain strings, no decisions.

Flying things (reactions, quips, toasts) carry their age as a negative animation delay, so a
re-render continues an animation instead of restarting it.
"""

from __future__ import annotations

from html import escape


def _e(value) -> str:
    return escape(str(value), quote=True)


def badges(p) -> str:
    """The clown nose and revenge marks in a player's header."""
    return "".join(
        f'<span class="badge {_e(b["kind"])}" title="{_e(b["label"])}">'
        f'<span aria-hidden="true">{_e(b["icon"])}</span>'
        f'<span class="sr-only">{_e(b["label"])}</span></span>'
        for b in p.get("badges") or ())


def bubble(p) -> str:
    """A reaction flying over the seat, or a bot's quip in a speech bubble (aria-hidden: the
    live region says both)."""
    b = p.get("bubble")
    if not b:
        return ""
    return (f'<div class="bubble {_e(b["kind"])}" aria-hidden="true" '
            f'style="animation-delay:-{int(b["age"])}ms">{_e(b["text"])}</div>')


def reactions(v) -> str:
    """The row of emoji at the bottom of the table."""
    if not v or not v.get("reactions"):
        return ""
    r = v["reactions"]
    buttons = "".join(
        f'<button type="button" class="react" data-ctl="react" data-emoji="{_e(x["id"])}" '
        f'aria-label="{_e(x["label"])}" title="{_e(x["label"])}">{_e(x["glyph"])}</button>'
        for x in r["emoji"])
    return f'<div class="reactions" role="group" aria-label="{_e(r["label"])}">{buttons}</div>'


def toasts(v) -> str:
    if not v or not v.get("toasts"):
        return ""
    items = "".join(f'<p class="toast" style="animation-delay:-{int(x["age"])}ms">'
                    f'{_e(x["text"])}</p>' for x in v["toasts"])
    return f'<div class="toasts" aria-hidden="true">{items}</div>'


def result_extras(r) -> str:
    """The awards and achievements of the round, under the reveal table."""
    x = r.get("extras")
    if not x:
        return ""
    out = ""
    if x["awards"]:
        out += (f'<h3 class="awards-title">{_e(x["awards_title"])}</h3><ul class="awards">'
                + "".join(f"<li>{_e(line)}</li>" for line in x["awards"]) + "</ul>")
    if x["earned"]:
        out += (f'<h3 class="awards-title">{_e(x["earned_title"])}</h3><ul class="awards">'
                + "".join(f"<li>{_e(line)}</li>" for line in x["earned"]) + "</ul>")
    return f'<div class="round-extras">{out}</div>'


CUP = ('<svg class="btn-icon cup" viewBox="0 0 24 24" aria-hidden="true" focusable="false">'
       '<path d="M7 3h10v3h3v2a4 4 0 0 1-4 4h-.3A5 5 0 0 1 13 14.9V18h3v3H8v-3h3v-3.1A5 5 0 '
       '0 1 8.3 12H8a4 4 0 0 1-4-4V6h3zm0 5V8H6a2 2 0 0 0 1 1.7zm10 0v1.7A2 2 0 0 0 18 8z" '
       'fill="currentColor"/></svg>')


def board_button(t) -> str:
    # on a phone only the cup shows (the words stay its name): the top bar keeps one line;
    # the cup is drawn inline, as the loudspeaker is (not every system has emoji glyphs)
    return (f'<button type="button" class="btn ghost" data-ctl="board">{CUP}'
            f'<span class="btn-words">{_e(t("board_button"))}</span></button>')


def board_file(f) -> str:
    """Save the board to a file, load it back (cabo/web/boardfile.py), and what happened."""
    note = ""
    if f["note"]:
        role = "alert" if f["bad"] else "status"
        note = f'<p class="board-file-note" role="{role}">{_e(f["note"])}</p>'
    return (f'<div class="board-file"><p>{_e(f["why"])}</p><div class="setup-actions">'
            f'<button type="button" class="btn ghost" data-ctl="board-save">{_e(f["save"])}'
            f'</button><label class="btn ghost file-pick">{_e(f["load"])}<input type="file" '
            f'class="sr-only" accept="application/json,.json" data-field="board-load"></label>'
            f'</div>{note}</div>')


def stats_screen(v, file=None, kept="") -> str:
    """The leaderboard, a person's statistics with charts, this game's chart, the rounds
    kept for a replay (`kept`: their HTML) and the board's file (`file`: board_file's
    words)."""
    if v["board"]:
        head = "".join(f'<th scope="col">{_e(h)}</th>' for h in v["board_head"])
        rows = "".join(
            f'<tr><td class="num">{r["rank"]}</td><th scope="row">{_e(r["name"])}</th>'
            f'<td class="num">{r["rounds_won"]}</td><td class="num">{r["game_wins"]}</td>'
            f'<td class="num">{r["games"]}</td><td>{_e(r["poker"])}</td></tr>'
            for r in v["board"])
        board = (f'<div class="scroll"><table aria-labelledby="board-title"><thead><tr>{head}'
                 f'</tr></thead><tbody>{rows}</tbody></table></div>')
    else:
        board = f'<p>{_e(v["board_empty"])}</p>'
    if v["stats"]:
        s = v["stats"]
        opts = "".join(f'<option value="{_e(k)}"{" selected" if k == v["person"] else ""}>'
                       f'{_e(name)}</option>' for k, name in v["people"])
        tiles = "".join(f'<div class="tile"><span class="tile-n">{_e(n)}</span>'
                        f'<span class="tile-l">{_e(label)}</span></div>'
                        for label, n in s["tiles"])
        got = "".join(f"<li>{_e(x)}</li>" for x in s["achievements"])
        stats = (f'<label class="field"><span>{_e(v["person_label"])}</span>'
                 f'<select data-field="stats_person">{opts}</select></label>'
                 f'<div class="tiles">{tiles}</div>'
                 f'<div class="charts">{"".join(s["charts"])}</div>'
                 f'<h3>{_e(s["achievements_title"])}</h3><ul class="got">{got}</ul>')
    else:
        stats = f'<p>{_e(v["stats_none"])}</p>'
    game = ""
    if v["game_chart"] is not None:
        game = (f'<section class="stats-part" aria-labelledby="game-title">'
                f'<h2 id="game-title">{_e(v["game_title"])}</h2>{v["game_chart"]}</section>')
    # a sheet: its head (the title and ✕) stays in view
    return (f'<section class="stats sheet" aria-labelledby="board-title">'
            f'<div class="sheet-head"><h2 id="board-title" tabindex="-1">'
            f'{_e(v["board_title"])}</h2><button type="button" class="btn sheet-close" '
            f'data-ctl="board-back" aria-label="{_e(v["close"])}">✕</button></div>'
            f'<div class="stats-part"><p>{_e(v["board_intro"])}</p>{board}</div>'
            f'{game}'
            f'<section class="stats-part" aria-labelledby="stats-title">'
            f'<h2 id="stats-title">{_e(v["stats_title"])}</h2>{stats}</section>'
            f'{kept}{board_file(file) if file else ""}'
            f'<div class="setup-actions"><button type="button" class="btn primary" '
            f'data-ctl="board-back">{_e(v["back"])}</button></div></section>')
