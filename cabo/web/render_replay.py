"""HTML of the replay screen, the coach's review, the share box, the deal of the day's sheet
and result, and the rounds kept (cabo.web.replaypage holds their state)."""

from __future__ import annotations

from html import escape

from . import render, render_start


def _e(x) -> str:
    return escape(str(x), quote=True)


def _button(ctl, label, disabled=False, primary=False, extra="", ghost=False) -> str:
    cls = "btn" + (" primary" if primary else "") + (" ghost" if ghost else "")
    return (f'<button type="button" class="{cls}" data-ctl="{ctl}"{extra}'
            f'{" disabled" if disabled else ""}>{_e(label)}</button>')


def screen(v, t) -> str:
    """The replay: controls, the table at this step, the review and the share box."""
    options = "".join(f'<option value="{_e(k)}"{" selected" if k == v["view"] else ""}>'
                      f'{_e(label)}</option>' for k, label in v["views"])
    at, n = v["index"], v["length"]
    controls = (
        f'<div class="replay-controls" role="group" aria-label="{_e(v["title"])}">'
        f'<span class="replay-view"><label for="replay-view">{_e(t("rp_view"))}</label> '
        f'<select id="replay-view" data-field="replay-view">{options}</select></span>'
        f'<div class="replay-steps">'
        f'{_button("replay-first", t("rp_first"), at == 0, ghost=True)}'
        f'{_button("replay-back", t("rp_back"), at == 0, ghost=True)}'
        f'<span class="replay-pos" id="replay-pos" role="status">'
        f'{_e(t("rp_step", i=at + 1, n=n))}</span>'
        f'{_button("replay-next", t("rp_next"), at >= n - 1, primary=True)}'
        f'{_button("replay-last", t("rp_last"), at >= n - 1, ghost=True)}</div></div>')
    note = f'<p class="replay-note">{_e(v["note"])}</p>' if v.get("note") else ""
    table = render.table(v["table"], t, False)
    return (f'<section class="replay" aria-labelledby="replay-title">'
            f'<header class="replay-head"><h2 id="replay-title">{_e(v["title"])}</h2>'
            f'{_button("replay-close", t("rp_close"), ghost=True)}</header>'
            f'{controls}{note}<div class="replay-table" inert>{table}</div>'
            f'{daily_result(v["daily"], t) if v.get("daily") else ""}'
            f'{review(v["review"], t) if v.get("review") else ""}'
            f'{share(v["share"], t) if v.get("share") else ""}</section>')


def review(r, t) -> str:
    """The coach's three marks (or why there are none)."""
    if r["state"] != "done":
        body = f'<p class="review-wait" role="status">{_e(r["text"])}</p>'
    elif not r["marks"]:
        body = f'<p class="review-none">{_e(t("rv_none"))}</p>'
    else:
        body = "<ol class=\"marks\">" + "".join(
            f'<li class="mark-item"><h4>{_e(m["title"])}</h4>'
            f'<p class="did">{_e(m["done"])}</p>'
            f'<p class="rv-coach"><strong>{_e(t("rv_coach"))}</strong> {_e(m["coach"])}</p>'
            f'<p class="cost">{_e(m["points"])}</p>'
            f'{_button("replay-goto", t("rv_goto", n=m["move"]), extra=_frame(m))}'
            f'</li>' for m in r["marks"]) + "</ol>"
    return (f'<section class="review" aria-labelledby="review-title">'
            f'<h3 id="review-title">{_e(t("rv_heading"))}</h3>'
            f'<p class="review-intro">{_e(t("rv_intro"))}</p>{body}</section>')


def _frame(mark) -> str:
    return f' data-frame="{int(mark["frame"])}"'


def share(s, t) -> str:
    """"Share this round": the link, copy and (where the browser has one) the share sheet."""
    said = f'<p class="share-said" role="status">{_e(s["said"])}</p>' if s.get("said") else ""
    send = _button("replay-send", t("rp_send")) if s.get("can_share") else ""
    return (f'<section class="share" aria-labelledby="share-title">'
            f'<h3 id="share-title">{_e(t("rp_share"))}</h3>'
            f'<p class="share-note">{_e(t("rp_share_note"))}</p>'
            f'<label class="share-link">{_e(t("rp_link_label"))}'
            f'<input type="text" readonly id="replay-link" value="{_e(s["url"])}"></label>'
            f'<div class="share-buttons">{_button("replay-copy", t("rp_copy"))}{send}</div>'
            f'{said}</section>')


def daily_result(d, t) -> str:
    """The deal of the day's result: the score, the text to share (with the replay link)."""
    said = f'<p class="share-said" role="status">{_e(d["said"])}</p>' if d.get("said") else ""
    return (f'<section class="daily-result" aria-labelledby="daily-result-title">'
            f'<h3 id="daily-result-title">{_e(d["title"])}</h3><p>{_e(d["line"])}</p>'
            f'<label class="share-link">{_e(t("daily_share_label"))}'
            f'<textarea readonly id="daily-text" rows="3">{_e(d["text"])}</textarea></label>'
            f'<div class="share-buttons">{_button("daily-copy", t("daily_copy"), primary=True)}'
            f'{_button("daily-send", t("rp_send")) if d.get("can_share") else ""}'
            f'</div>{said}</section>')


def problem(text, detail, t) -> str:
    """A link that does not open a round: what is wrong, and the way on."""
    return (f'<section class="replay replay-bad" aria-labelledby="replay-title">'
            f'<h2 id="replay-title">{_e(t("replay_bad_intro"))}</h2>'
            f'<p role="alert">{_e(detail)}</p>'
            f'{_button("replay-close", t("new_game"), primary=True)}</section>')


def daily_sheet(v, t) -> str:
    """The deal of the day's sheet (from the start screen): what it is, today's counted
    result when there is one, and the way to play it."""
    played = (f'<p class="daily-played" role="status">{_e(v["played"])}</p>'
              if v.get("played") else "")
    play = "daily_again" if played else "daily_play"  # (only the first try counts)
    return (f'<section class="sheet daily-sheet" aria-labelledby="daily-title">'
            f'{render_start.sheet_head("daily", v["title"], t)}'
            f'<p class="sheet-intro">{_e(t("daily_entry_text"))}</p>'
            f'<p class="sheet-intro">{_e(t("daily_rule"))}</p>{played}'
            f'<div class="setup-actions">{_button("daily-back", t("st_close"), ghost=True)}'
            f'{_button("daily-start", t(play), primary=True)}'
            f'</div></section>')


def kept(rounds, days, t) -> str:
    """In the statistics sheet: the rounds kept for a second look, newest first, and the
    deal of the day's results, each opening its replay."""
    if rounds:
        items = "".join(f'<li><button type="button" class="btn ghost" data-ctl="replay-kept" '
                        f'data-i="{r["i"]}">{_e(r["label"])}</button></li>' for r in rounds)
        listed = f'<ul class="kept-list">{items}</ul>'
    else:
        listed = f'<p class="kept-none">{_e(t("rp_kept_none"))}</p>'
    if days:
        items = "".join(f'<li><button type="button" class="btn ghost" data-ctl="replay-day" '
                        f'data-date="{_e(d["date"])}">{_e(d["label"])}</button></li>'
                        for d in days)
        listed += (f'<h3 id="days-title">{_e(t("daily_results"))}</h3>'
                   f'<ul class="kept-list" aria-labelledby="days-title">{items}</ul>')
    return (f'<section class="stats-part kept-rounds" aria-labelledby="kept-title">'
            f'<h2 id="kept-title">{_e(t("rp_kept"))}</h2>'
            f'<p>{_e(t("rp_kept_intro"))}</p>{listed}</section>')


def after_round(v, t) -> str:
    """Under a finished round: the way to its replay (and the deal of the day's result)."""
    return (f'<section class="after-round">'
            f'{daily_result(v["daily"], t) if v.get("daily") else ""}'
            f'{_button("replay-open", t("rp_open"), primary=not v.get("daily"))}</section>')
