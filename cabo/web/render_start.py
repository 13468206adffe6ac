"""HTML of the start screen and of the sheets opened from it (settings, play with friends).

The start screen fits one phone screen: Play (the last settings, one tap to a table),
Continue when a game is saved, the lesson, play with friends, the deal of the day (a sheet:
cabo.web.render_replay) and the settings. A sheet has a
head that stays in view, with its title and a close button. Plain strings, no decisions.
"""

from __future__ import annotations

from html import escape

from . import render, render_lesson


def _e(value) -> str:
    return escape(str(value), quote=True)


def _btn(ctl, label, cls="btn ghost", extra="") -> str:
    return f'<button type="button" class="{cls}" data-ctl="{ctl}"{extra}>{_e(label)}</button>'


def sheet_head(sheet, title, t, title_id=None) -> str:
    """A sheet's head: its title (focused when it opens) and ✕, which closes it."""
    title_id = title_id or f"{sheet}-title"
    return (f'<div class="sheet-head"><h2 id="{title_id}" tabindex="-1">{_e(title)}</h2>'
            f'<button type="button" class="btn sheet-close" data-ctl="{sheet}-back" '
            f'aria-label="{_e(t("st_close"))}">✕</button></div>')


def start(t, summary, problem, can_resume, lesson) -> str:
    """The start screen. `lesson`: "offer" on a first visit (learn, or play right away),
    "resume" when a lesson waits, else "learn"."""
    play = _btn("start", t("st_play"), "btn primary play", " disabled" if problem else "")
    said = f'<p class="problem" role="alert">{_e(problem)}</p>' if problem else ""
    if lesson == "offer":
        main = render_lesson.offer(t)
    else:
        learn = t("lc_continue" if lesson == "resume" else "lc_learn")
        resume = _btn("resume", t("st_continue"), "btn primary") if can_resume else ""
        main = (f'<div class="start-play">{play}'
                f'<p class="start-summary">{_e(summary)}</p>{said}</div>'
                f'<div class="start-more">{resume}{_btn("lesson-open", learn)}</div>')
    return (f'<section class="start" aria-labelledby="start-title">'
            f'<div class="start-logo" aria-hidden="true"><span class="card-fan">'
            f'<span></span><span></span><span></span></span>'
            f'<span class="start-name">{_e(t("app_title"))}</span></div>'
            f'<h2 id="start-title" class="start-title">{_e(t("st_heading"))}</h2>'
            f'{main}'
            f'<div class="start-more">{_btn("friends", t("st_friends"))}'
            f'{_btn("daily", t("daily_entry"))}'
            f'{_btn("settings", "⚙ " + t("st_settings"))}</div></section>')


def settings(form, t, look, problem) -> str:
    """The settings sheet: the new-game form (render.setup) and, at its end, the speed,
    the language and the theme (`look`: their selects)."""
    return (f'<section class="sheet settings-sheet" aria-labelledby="settings-title">'
            f'{sheet_head("settings", t("st_settings_title"), t)}'
            f'{form}'
            f'<fieldset class="look"><legend>{_e(t("st_look_heading"))}</legend>'
            f'<div class="row">{look}</div></fieldset>'
            f'<div class="setup-actions">{_btn("settings-back", t("st_done"))}'
            f'{_btn("start", t("start"), "btn primary", " disabled" if problem else "")}'
            f'</div></section>')


def look(t, speed, speeds, lang, langs, theme, themes) -> str:
    """The selects of speed, language and theme."""
    return (render.select("speed", t("speed"), speed, [(s, t("speed_" + s)) for s in speeds])
            + render.select("lang", t("language"), lang, list(langs))
            + render.select("theme", t("theme"), theme, [(x, t("theme_" + x)) for x in themes]))


def friends(t, summary, net_part, room_part) -> str:
    """Play with friends: the QR way (net) and the online rooms, in a sheet of their own."""
    return (f'<section class="sheet friends-sheet" aria-labelledby="friends-title">'
            f'{sheet_head("friends", t("st_friends_title"), t)}'
            f'<p class="sheet-intro">{_e(t("st_friends_intro"))}</p>'
            f'<p class="start-summary">{_e(summary)}</p>'
            f'{net_part}{room_part}</section>')
