"""HTML for the view models of cabo.ui: plain strings, no decisions.

Every control carries `data-ctl` (what a click means) and an accessible name. Nothing here
touches the DOM, so the markup is tested under CPython too.
"""

from __future__ import annotations

from html import escape
from itertools import count

from . import render_card, render_party
from ..play.seating import NAME_MAX


# The 👁 mark of who has seen a card, drawn inline (no emoji font needed).
EYE = ('<svg class="eye" viewBox="0 0 24 16" aria-hidden="true"><path d="M1 8c3-5 7-7 11-7s8 2 '
       '11 7c-3 5-7 7-11 7S4 13 1 8z" fill="none" stroke="currentColor" stroke-width="2"/>'
       '<circle cx="12" cy="8" r="3.2" fill="currentColor"/></svg>')


def _e(value) -> str:
    return escape(str(value), quote=True)


# Keys of regions of the table (`keyed`): one key per markup, never reused in this process.
_KEYS: dict = {}
_SERIAL = count(1)
_PLAYERS: dict = {}  # seat -> (its view, its markup): a seat drawn from the same view


def keyed(html: str) -> str:
    """`html`, one element, with `data-k`: a key that stands for exactly this markup (equal
    markup, equal key; a key never stands for another markup, even after the table forgets
    old keys), so static/js/patch.js skips a region whose key the page already has, without
    comparing its nodes."""
    key = _KEYS.get(html)
    if key is None:
        if len(_KEYS) >= 512:
            _KEYS.clear()
        key = _KEYS[html] = str(next(_SERIAL))
    cut = html.index(" ")  # after the tag's name
    return f'{html[:cut]} data-k="{key}"{html[cut:]}'


def _nm(name) -> str:
    """A player's name where it must stay on one line: cut with an ellipsis by CSS (the
    whole name stays the element's text, and its title)."""
    return f'<span class="nm" title="{_e(name)}">{_e(name)}</span>'


def _select(field, label, value, choices, cls="") -> str:
    opts = "".join(
        f'<option value="{_e(v)}"{" selected" if str(v) == str(value) else ""}>{_e(text)}</option>'
        for v, text in choices)
    return (f'<label class="field {cls}"><span>{_e(label)}</span>'
            f'<select data-field="{_e(field)}">{opts}</select></label>')


select = _select

# A loudspeaker, with sound waves or (muted) a cross, drawn inline.
SPEAKER = ('<svg class="speaker" viewBox="0 0 24 24" aria-hidden="true" focusable="false">'
           '<path d="M3 9h4l5-4v14l-5-4H3z" fill="currentColor"/>'
           '<path class="waves" d="M15.5 8.5a5 5 0 0 1 0 7M18 6a8.5 8.5 0 0 1 0 12" fill="none" '
           'stroke="currentColor" stroke-width="2" stroke-linecap="round"/>'
           '<path class="cross" d="M15.5 9.5l5 5m0-5l-5 5" fill="none" stroke="currentColor" '
           'stroke-width="2" stroke-linecap="round"/></svg>')


def sound_button(t, muted) -> str:
    """The mute button: a toggle, pressed while the sounds are off (static/js/sound.js
    remembers it)."""
    return (f'<button type="button" class="btn ghost sound-toggle" data-ctl="mute" '
            f'aria-pressed="{"true" if muted else "false"}" aria-label="{_e(t("sound_off"))}" '
            f'title="{_e(t("sound_off"))}">{SPEAKER}</button>')


def topbar(t, lang, langs, speed, speeds, in_game, rules_open=False, board_open=False,
           settings_open=False, muted=None, guest=False) -> str:
    """Title, speed (in a game), language (but in the settings sheet, which has its own),
    the mute button (`muted`: whether the sounds are off; None: the page has no sound), the
    rules and leaderboard buttons, and the new-game button (in a game; at a host's table on
    another device, `guest`, the button to leave that table instead: a new game of its own
    would leave it all the same)."""
    lang_choices = [(code, name) for code, name in langs]
    parts = [f'<h1 class="brand">{_e(t("app_title"))}</h1>', '<div class="top-controls">']
    if in_game:
        parts.append(_select("speed", t("speed"), speed, [(s, t("speed_" + s)) for s in speeds],
                             "compact"))
    if not settings_open:
        parts.append(_select("lang", t("language"), lang, lang_choices, "compact"))
    if not rules_open:
        # on a phone only the question mark shows (the words stay its name), so that the
        # mute button has room in the top bar
        parts.append(f'<button type="button" class="btn ghost" data-ctl="rules">'
                     f'<span class="btn-icon" aria-hidden="true">?</span>'
                     f'<span class="btn-words">{_e(t("rs_button"))}</span></button>')
    if not board_open:
        parts.append(render_party.board_button(t))
    if in_game and guest:
        parts.append(f'<button type="button" class="btn ghost" data-ctl="net-leave" '
                     f'aria-label="{_e(t("net_leave"))}">{_e(t("net_leave_short"))}</button>')
    elif in_game:
        parts.append(f'<button type="button" class="btn ghost" data-ctl="newgame">'
                     f'{_e(t("new_game"))}</button>')
    if muted is not None:
        parts.append(sound_button(t, muted))
    parts.append("</div>")
    return f'<header class="topbar">{"".join(parts)}</header>'


def notice(text, t) -> str:
    if not text:
        return ""
    return (f'<div class="notice" role="alert"><p>{_e(text)}</p>'
            f'<button type="button" class="btn" data-ctl="dismiss">{_e(t("dismiss"))}</button>'
            '</div>')


def setup(v, t) -> str:
    """The new-game form (in the settings sheet, cabo/web/render_start.py)."""
    presets = "".join(
        f'<label class="preset{" checked" if p["checked"] else ""}">'
        f'<input type="radio" name="preset" value="{_e(p["id"])}" data-field="preset"'
        f'{" checked" if p["checked"] else ""}>'
        f'<span class="preset-name">{_e(p["name"])}</span>'
        f'<span class="preset-desc">{_e(p["desc"])}</span></label>'
        for p in v["presets"])
    seats = "".join(
        f'<div class="seat-row">'
        f'<input type="text" class="name" value="{_e(s["name"])}" '
        f'maxlength="{NAME_MAX}" '
        f'data-field="name:{s["i"]}" aria-label="{_e(s["name_label"])}">'
        f'{_select("kind:" + str(s["i"]), s["kind_label"], s["kind"], s["kinds"], "kind")}'
        f'</div>' for s in v["seats"])
    options = "".join(_select(o["field"], o["label"], o["value"], o["choices"])
                      for o in v["options"])
    problem = (f'<p class="problem" role="alert">{_e(v["problem"])}</p>' if v["problem"] else "")
    c, h = v["count"], v["hand_size"]
    return (
        f'<div class="setup">'
        f'<fieldset class="presets"><legend>{_e(t("rules"))}</legend>{presets}</fieldset>'
        f'<fieldset class="players"><legend>{_e(t("players"))}</legend>'
        f'<div class="row">{_select("count", c["label"], c["value"], [(x, x) for x in c["choices"]])}'
        f'{_select("hand_size", h["label"], h["value"], [(x, x) for x in h["choices"]])}'
        f'{_select("ask_cabo", v["ask_cabo"]["label"], v["ask_cabo"]["value"], v["ask_cabo"]["choices"])}'
        f'{_select("auto_end", v["auto_end"]["label"], v["auto_end"]["value"], v["auto_end"]["choices"])}'
        f'</div>'
        f'{seats}</fieldset>'
        f'<details class="custom" data-open="custom"><summary>{_e(v["options_label"])}</summary>'
        f'<div class="options">{options}</div></details>'
        f'{problem}</div>')


def rules_sheet(v) -> str:
    """The rules screen (cabo.ui.rulesheet.sheet): sections of sentences, a back button."""
    sections = "".join(
        f'<section class="rs-section" aria-labelledby="rs-{_e(s["id"])}">'
        f'<h3 id="rs-{_e(s["id"])}">{_e(s["title"])}</h3>'
        f'<ul>{"".join(f"<li>{_e(item)}</li>" for item in s["items"])}</ul></section>'
        for s in v["sections"])
    toc = "".join(f'<li><button type="button" class="rs-jump" data-ctl="rs-jump" '
                  f'data-target="rs-{_e(x["id"])}">{_e(x["title"])}</button></li>'
                  for x in v.get("toc", ()))
    return (f'<section class="rulesheet" aria-labelledby="rules-title">'
            f'<div class="rs-head"><h2 id="rules-title" tabindex="-1">{_e(v["title"])}</h2>'
            f'<button type="button" class="btn rs-close" data-ctl="rules-back" '
            f'aria-label="{_e(v.get("close", v["back"]))}">✕</button></div>'
            f'<p class="rs-intro">{_e(v["intro"])}</p>'
            f'<nav class="rs-toc" aria-label="{_e(v.get("toc_label", ""))}"><ul>{toc}</ul></nav>'
            f'{sections}'
            f'<div class="setup-actions"><button type="button" class="btn primary" '
            f'data-ctl="rules-back">{_e(v["back"])}</button></div></section>')


def paused(text, button) -> str:
    """This tab has paused: another one plays the saved game."""
    return (f'<section class="handoff" aria-labelledby="paused-title">'
            f'<p id="paused-title" role="status">{_e(text)}</p>'
            f'<button type="button" class="btn primary" data-ctl="takeover">{_e(button)}'
            f'</button></section>')


def handoff(v) -> str:
    return (f'<section class="handoff" aria-labelledby="handoff-title">'
            f'<h2 id="handoff-title">{_e(v["title"])}</h2><p>{_e(v["text"])}</p>'
            f'<button type="button" class="btn primary" data-ctl="handoff">{_e(v["button"])}'
            f'</button></section>')


def _card_face(face, look) -> str:
    return render_card.face(look, face)


def _slot(s) -> str:
    sid = f'slot-{s["owner"]}-{s["slot"]}'
    if s["empty"]:
        return f'<div class="card empty" id="{sid}" role="img" aria-label="{_e(s["label"])}"></div>'
    cls = ["card", "up" if s["face"] else "down"]
    if s["selectable"]:
        cls.append("matchable" if s.get("soft") else "selectable")
    if s["selected"]:
        cls.append("selected")
    if s.get("suggested") and s["selectable"]:
        cls.append("suggested")
    if s["anim"]:
        cls.append("anim-" + s["anim"])
    inner = _card_face(s["face"], s["look"]) if s["face"] else '<span class="back"></span>'
    if s["seen"]:
        # the letters are drawn by CSS (attr(data-b)), like the corners: the card's visible
        # text stays its face alone, which its name contains (axe label-content-name-mismatch
        # of a face-up card with a badge: "3" and "Y" read "3Y")
        inner += (f'<span class="eyes{" mine" if s["seen_by_me"] else ""}" aria-hidden="true" '
                  f'data-b="{_e(" ".join(s["seen"]))}">{EYE}</span>')
    disabled = "" if s["selectable"] else " disabled"
    pressed = ' aria-pressed="true"' if s["selected"] else (
        ' aria-pressed="false"' if s["selectable"] else "")
    return (f'<button type="button" class="{" ".join(cls)}" id="{sid}" data-ctl="card" '
            f'data-owner="{s["owner"]}" data-slot="{s["slot"]}" aria-label="{_e(s["label"])}"'
            f'{pressed}{disabled}>{inner}</button>')


def _player(p) -> str:
    """A seat's box, keyed; a seat whose view equals the last one drawn is not drawn again."""
    last = _PLAYERS.get(p["seat"])
    if last is not None and last[0] == p:
        return last[1]
    html = keyed(_player_html(p))
    _PLAYERS[p["seat"]] = (p, html)
    return html


def _player_html(p) -> str:
    cls = ["player"]
    if p["me"]:
        cls.append("me")
    if p["to_move"]:
        cls.append("to-move")
    if p["caller"]:
        cls.append("caller")
    marks = "".join(f'<span class="mark">{_e(m)}</span>' for m in p["marks"])
    if p.get("caller_mark"):  # a flag on the box's edge: a Cabo call moves nothing
        marks += f'<span class="mark cabo-flag">{_e(p["caller_mark"])}</span>'
    marks += render_party.badges(p)
    extra = f'<span class="won">{_e(p["rounds_won"])}</span>' if p["rounds_won"] else ""
    slots = "".join(_slot(s) for s in p["slots"])
    return (f'<section class="{" ".join(cls)}" aria-label="{_e(p["row_label"])}">'
            f'<header class="player-head"><span class="pname" title="{_e(p["name"])}">'
            f'{_e(p["name"])}</span>{marks}'
            f'<span class="head-totals"><span class="ptotal">{_e(p["total"])}</span>{extra}</span>'
            f'</header>'
            f'<div class="row" role="group" aria-label="{_e(p["row_label"])}" '
            f'style="--n:{max(len(p["slots"]), 1)}">{slots}</div>'
            f'{render_party.bubble(p)}</section>')


def _pile(pid, info, anim, back) -> str:
    cls = ["card", "pile", pid]
    if anim:
        cls.append("anim-" + anim)
    if info.get("action"):
        cls.append("selectable")
        if info.get("suggested"):
            cls.append("suggested")
    if back:
        inner = '<span class="back"></span>' + f'<span class="count">{_e(info["count"])}</span>'
        cls.append("down")
    elif info.get("face"):
        inner = _card_face(info["face"], info["look"])
        cls.append("up")
    else:
        inner = ""
        cls.append("empty")
    if info.get("action"):
        return (f'<button type="button" class="{" ".join(cls)}" id="{pid}" data-ctl="act" '
                f'data-key="{_e(info["action"])}" aria-label="{_e(info["label"])}">{inner}</button>')
    return f'<div class="{" ".join(cls)}" id="{pid}" role="img" aria-label="{_e(info["label"])}">{inner}</div>'


def _drawn(d, anim) -> str:
    if d is None:
        return '<div class="card drawn placeholder" id="drawn" aria-hidden="true"></div>'
    cls = "card drawn " + ("up" if d["face"] else "down") + (f" anim-{anim}" if anim else "")
    inner = _card_face(d["face"], d["look"]) if d["face"] else '<span class="back"></span>'
    return f'<div class="{cls}" id="drawn" role="img" aria-label="{_e(d["label"])}">{inner}</div>'


def _caller_mark(row) -> str:
    return f' <span class="mark cabo-mark">{_e(row["caller_mark"])}</span>'


def _hand(cards) -> str:
    return " ".join(f'<span class="rc{" red" if c["red"] else ""}">{_e(c["face"])}</span>'
                    for c in cards)


def _result(r) -> str:
    """The reveal: a row per player (cards, sum, points, total), its reason on a row below,
    so that the table fits a phone."""
    num = ' class="num"'
    head = "".join(f'<th scope="col"{num if i >= 2 else ""}>{_e(h)}</th>'
                   for i, h in enumerate(r["head"]))
    rows = "".join(
        f'<tr class="{"winner" if row["winner"] else ""}">'
        f'<th scope="row">{_nm(row["name"])}'
        f'{_caller_mark(row) if row["caller"] else ""}</th>'
        f'<td class="cards">{_hand(row["cards"])}</td>'
        f'<td class="num" data-sum="{_e(row["seat"])}">{_e(row["sum"])}</td>'
        f'<td class="num">{_e(row["points"])}</td>'
        f'<td class="num">{_e(row["total"])}</td></tr>'
        f'<tr class="why-row"><th scope="row" class="why-head">{_e(r["why"])}</th>'
        f'<td class="why" colspan="4">{_e(row["why"])}</td></tr>'
        for row in r["rows"])
    return (f'<section class="result" aria-labelledby="result-title">'
            f'<h2 id="result-title">{_e(r["title"])}</h2>'
            f'<div class="scroll"><table aria-labelledby="result-title"><thead><tr>{head}</tr></thead>'
            f'<tbody>{rows}</tbody></table></div>{render_party.result_extras(r)}</section>')


def _scores(s) -> str:
    head = "".join(f'<th scope="col">{_nm(n)}</th>' for n in s["names"])
    rows = "".join(f'<tr><th scope="row">{_e(r["label"])}</th>'
                   + "".join(f'<td class="num">{_e(p)}</td>' for p in r["points"]) + "</tr>"
                   for r in s["rows"])
    rows += (f'<tr class="totals"><th scope="row">{_e(s["total_label"])}</th>'
             + "".join(f'<td class="num">{_e(x)}</td>' for x in s["totals"]) + "</tr>")
    if s["rounds_won"] is not None:
        rows += (f'<tr><th scope="row">{_e(s["won_label"])}</th>'
                 + "".join(f'<td class="num">{_e(x)}</td>' for x in s["rounds_won"]) + "</tr>")
    return (f'<section class="scores" aria-labelledby="scores-title">'
            f'<h2 id="scores-title">{_e(s["title"])}</h2><div class="scroll">'
            f'<table aria-labelledby="scores-title"><thead><tr><td></td>{head}</tr></thead>'
            f'<tbody>{rows}</tbody></table></div></section>')


def _alert(a) -> str:
    return f'<p class="alert{"" if a["warn"] else " note"}">{_e(a["text"])}</p>'


def _button(b) -> str:
    cls = "btn" + (" primary" if b["primary"] else "") + (" risky" if b["risky"] else "")
    return (f'<button type="button" class="{cls}" data-ctl="act" data-key="{_e(b["key"])}">'
            f'{_e(b["label"])}</button>')


def _buttons(buttons, t) -> str:
    """The moves; risky ones (a wrong match costs penalty cards) apart, in a group of their own."""
    safe = "".join(_button(b) for b in buttons if not b["risky"])
    risky = [b for b in buttons if b["risky"]]
    if not risky:
        return safe
    return (safe + f'<div class="risky-moves" role="group" aria-labelledby="risky-label">'
            f'<span class="risky-label" id="risky-label">{_e(t("risky_moves"))}</span>'
            + "".join(_button(b) for b in risky) + '</div>')


def table(v, t, log_open, guest=False) -> str:
    """The table screen: other players, piles and drawn card, own row, buttons, panels. At a
    host's table (`guest`) the game's end offers no new game: the host asks for the next one
    (play again) and the top bar has Leave."""
    me = v["players"][-1]
    others = "".join(_player(p) for p in v["players"][:-1])
    buttons = _buttons(v["buttons"], t)
    hint = f'<p class="hint">{_e(v["hint"])}</p>' if v.get("hint") else ""
    over = ""
    if v["game_over"]:
        over = (f'<section class="game-over" aria-labelledby="over-title">'
                f'<h2 id="over-title">{_e(v["game_over"]["title"])}</h2>'
                f'<p class="winner">{_e(v["game_over"]["text"])}</p>'
                + ("" if guest else f'<button type="button" class="btn primary" '
                   f'data-ctl="newgame">{_e(t("new_game"))}</button>') + '</section>')
    log = "".join(f"<li>{_e(line)}</li>" for line in v["log"])
    status = f'<p class="status" id="status" tabindex="-1">{_e(v["status"])}</p>'
    # once the round is over, the status line says its result, first on the table
    over_now = v["result"] is not None
    return (
        f'<div class="game">'
        f'<div class="felt{" many" if len(v["players"]) >= 5 or v.get("party") else ""}'
        f'{" over" if over_now else ""}">'
        f'{status if over_now else ""}'
        f'<div class="others">{others}</div>'
        + keyed(f'<div class="center">'
                f'{_pile("deck", v["deck"], v["anim"]["deck"], True)}'
                f'{_pile("discard", v["discard"], v["anim"]["discard"], False)}'
                f'{_drawn(v["drawn"], v["anim"]["drawn"])}'
                f'</div>')
        + f'{"" if over_now else status}'
        f'{v.get("coach") or ""}'
        + keyed(f'<div class="news">{"".join(_alert(a) for a in v.get("alerts") or ())}'
                f'<div class="recent" aria-hidden="true">'
                f'{"".join(f"<p>{_e(line)}</p>" for line in v["recent"])}</div></div>')
        + f'{_player(me)}'
        + keyed(f'<div class="actions" role="group" aria-label="{_e(t("moves"))}">{buttons}'
                '</div>')
        + f'{hint}'
        f'{render_party.reactions(v.get("party"))}{render_party.toasts(v.get("party"))}'
        f'</div>'
        f'{over}'
        f'{_result(v["result"]) if v["result"] else ""}'
        f'<div class="panels">{keyed(_scores(v["scores"]))}{v.get("chart") or ""}'
        f'<details class="log" data-open="log"{" open" if log_open else ""}><summary>{_e(t("log"))}</summary>'
        f'<ol class="log-list" reversed tabindex="0" aria-label="{_e(t("log"))}">{log}</ol>'
        f'</details></div>'
        f'</div>')
