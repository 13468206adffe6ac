"""HTML of the lesson (cabo.ui.lesson): the coach box on the table, the first visit's offer,
the way in on the set-up screen and the table, and the presets' lines at the end. Plain
strings from view models, no decisions."""

from __future__ import annotations

from html import escape


def _e(value) -> str:
    return escape(str(value), quote=True)


def coach(v, t) -> str:
    """The coach box (cabo.ui.lesson.coach): a head with the step and the way out, the lines,
    a gentle line after a move off the script, and the way on at the end."""
    wrong = (f'<p class="coach-wrong" role="alert">{_e(v["wrong"])}</p>' if v["wrong"] else "")
    lines = "".join(f"<p>{_e(line)}</p>" for line in v["lines"])
    done = (f'<button type="button" class="btn primary" data-ctl="lesson-presets">'
            f'{_e(t("lc_presets"))}</button>' if v["done"] else "")
    if v.get("next"):  # the bot's move waits until the learner has read its explanation
        done += (f'<button type="button" class="btn primary coach-next" '
                 f'data-ctl="lesson-next">{_e(v["next"])}</button>')
    return (f'<section class="coach" aria-labelledby="coach-title">'
            f'<div class="coach-head"><h2 id="coach-title">{_e(v["title"])} · '
            f'<span class="coach-step">{_e(v["step"])}</span></h2>'
            f'<button type="button" class="btn ghost coach-leave" data-ctl="lesson-leave">'
            f'{_e(t("lc_leave"))}</button></div>'
            f'{wrong}<div class="coach-lines" aria-live="polite">{lines}</div>{done}</section>')


def offer(t) -> str:
    """The first visit's offer above the new-game form: learn, or play right away."""
    return (f'<section class="lesson-offer" aria-labelledby="offer-title">'
            f'<h2 id="offer-title">{_e(t("lc_offer_title"))}</h2>'
            f'<p>{_e(t("lc_offer_text"))}</p><div class="setup-actions">'
            f'<button type="button" class="btn primary" data-ctl="lesson-open">'
            f'{_e(t("lc_offer_learn"))}</button>'
            f'<button type="button" class="btn ghost" data-ctl="lesson-play">'
            f'{_e(t("lc_offer_play"))}</button></div></section>')


def way_in(t, resume: bool) -> str:
    """The lesson's button on the set-up screen and below a real table."""
    return (f'<div class="lesson-link"><button type="button" class="btn ghost" '
            f'data-ctl="lesson-open">{_e(t("lc_continue" if resume else "lc_learn"))}'
            f'</button></div>')


def end(presets, t) -> str:
    """The lesson's last screen: a few lines per preset on what differs."""
    parts = "".join(
        f'<section class="lp" aria-labelledby="lp-{_e(p["id"])}">'
        f'<h3 id="lp-{_e(p["id"])}">{_e(p["name"])}</h3>'
        f'<ul>{"".join(f"<li>{_e(x)}</li>" for x in p["lines"])}</ul></section>'
        for p in presets)
    return (f'<section class="lesson-end" aria-labelledby="lesson-end-title">'
            f'<h2 id="lesson-end-title" tabindex="-1">{_e(t("lc_end_title"))}</h2>'
            f'<p>{_e(t("lc_end_intro"))}</p>{parts}<div class="setup-actions">'
            f'<button type="button" class="btn ghost" data-ctl="lesson-again">'
            f'{_e(t("lc_end_again"))}</button>'
            f'<button type="button" class="btn primary" data-ctl="lesson-done">'
            f'{_e(t("lc_end_play"))}</button></div></section>')
