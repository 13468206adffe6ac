"""The HTML of play across devices: "Play with others" under the new-game form, a guest's
name and answer code, the way back to a table, and the panel above the table (who is here,
the host's invitations).

Functions of the net page's state (`net`: a cabo.web.netpage.NetPage, only read) and the
texts; what only the browser knows they ask through netpage.py's callables (`can_share`:
whether there is a share sheet; `guest_name`: the name typed so far).
"""

from __future__ import annotations

from ..net.protocol import NAME_CHARS
from ..ui import setup
from .forms import actions, button, e, problem, select, text_field

MAX_REMOTE = 5  # people on other devices one host invites (standard52 seats six)


def screen(net, t, can_share, guest_name) -> str:
    """A net screen that stands instead of the set-up form: the guest's name and answer
    while the host reads it, or the way back to the table this page was playing at."""
    if net.joining.answer is not None:
        return _answer(net, t, can_share, guest_name)
    if net.joining.rejoin is not None and net.guest is None:
        return _rejoin(net, t)
    return ""


def setup_part(net, t, you) -> str:
    """"Play with others" under the new-game form: host a table, join one, the options
    (`you`: the first player's name on the form)."""
    people = [(str(i), str(i)) for i in range(1, MAX_REMOTE + 1)]
    bots = [(str(i), str(i)) for i in range(0, MAX_REMOTE + 1)]
    levels = [(lv, t("kind_" + lv) if t.has("kind_" + lv) else lv) for lv in setup.BOT_LEVELS]
    middle = setup.BOT_LEVELS[len(setup.BOT_LEVELS) // 2]
    drafts = net.drafts
    return (
        f'<section class="net" aria-labelledby="net-title">'
        f'<h2 id="net-title">{e(t("net_title"))}</h2>'
        f'<p>{e(t("net_intro"))}</p>{problem(net.problem)}'
        f'<div class="net-part"><h3>{e(t("net_host_title"))}</h3>'
        f'<div class="net-fields">'
        f'{_name_field("host-name", t, drafts.get("host-name", you))}'
        f'{select("net-people", t("net_people"), drafts.get("net-people", "1"), people)}'
        f'{select("net-bots", t("net_bots"), drafts.get("net-bots", "0"), bots)}'
        f'{select("net-level", t("net_level"), drafts.get("net-level", middle), levels)}'
        f'</div>{actions(button("net-host", t("net_host_start"), "primary"))}</div>'
        f'<div class="net-part"><h3>{e(t("net_join_title"))}</h3>'
        f'<p class="net-note">{e(t("net_join_text"))}</p>'
        f'{_join_controls(net, t)}</div>'
        f'{_vibrate(net, t)}'
        f'<details class="net-advanced" data-open="net-advanced">'
        f'<summary>{e(t("net_advanced"))}</summary>'
        f'{text_field("net-stun", t("net_stun_label"), net.stun, extra=_STUN_HINT)}'
        f'<p class="net-note">{e(t("net_stun_note"))}</p></details></section>')


_STUN_HINT = ' placeholder="stun:…"'


def guest_name_field(t, value) -> str:
    """The guest's name (it goes into the hello; the room's consent screen asks it too)."""
    return _name_field("guest-name", t, value)


def _name_field(key, t, value) -> str:
    return text_field(key, t("net_your_name"), value, draft=True, maxlength=NAME_CHARS)


def _join_controls(net, t) -> str:
    code = text_field("join-code", t("net_join_label"), net.drafts.get("join-code", ""),
                      draft=True, wide=True)
    return (f'{actions(button("net-scan", t("net_scan_invite"), "primary"))}{code}'
            f'{actions(button("net-join", t("net_join")))}')


def _vibrate(net, t) -> str:
    return (f'<label class="net-check"><input type="checkbox" data-ctl="net-vibrate"'
            f'{" checked" if net.vibrate else ""}> {e(t("net_vibrate"))}</label>')


def _share_buttons(net, t, can_share, what, label) -> str:
    """Copy (and, where the browser has a share sheet, share) the text of field `what`."""
    share = (button("net-share", t("net_share", what=label), "ghost", what=what)
             if can_share() else "")
    done = ""
    if net.shared is not None and net.shared[0] == what:
        done = (f'<span class="net-done" role="status">'
                f'{e(t("net_shared_" + net.shared[1]))}</span>')
    return (f'<div class="setup-actions share">'
            f'{button("net-copy", t("net_copy", what=label), what=what)}{share}{done}</div>')


def _rejoin(net, t) -> str:
    host = net.joining.rejoin.get("host") or t("net_the_host")
    return (f'<section class="net rejoin" aria-labelledby="rejoin-title">'
            f'<h2 id="rejoin-title">{e(t("net_back_title", host=host))}</h2>'
            f'<p>{e(t("net_back_text", host=host))}</p>{problem(net.problem)}'
            f'{_join_controls(net, t)}'
            f'{actions(button("net-leave", t("net_leave"), "ghost"))}</section>')


def _whose(t, host) -> str:
    """Whose table the guest joins, when its invitation named the host."""
    return f'<p id="name-whose">{e(t("net_name_whose", host=host))}</p>' if host else ""


def _answer(net, t, can_share, guest_name) -> str:
    answer = net.joining.answer
    if answer.get("pending"):
        return (f'<section class="net" aria-labelledby="name-title">'
                f'<h2 id="name-title">{e(t("net_name_title"))}</h2>'
                f'{_whose(t, answer.get("host"))}'
                f'<p>{e(t("net_name_text"))}</p>{problem(net.problem)}'
                f'{guest_name_field(t, net.drafts.get("guest-name", ""))}'
                f'{actions(button("net-name", t("net_name_go"), "primary"))}</section>')
    if not answer["code"]:
        return f'<section class="net"><p role="status">{e(t("net_connecting"))}</p></section>'
    code = text_field("answer-code", t("net_answer_code"), answer["code"], readonly=True,
                      wide=True)
    return (
        f'<section class="net" aria-labelledby="answer-title">'
        f'<h2 id="answer-title">{e(t("net_answer_title"))}</h2>'
        f'<p>{e(t("net_answer_text"))}</p>'
        f'<div class="qr" role="img" aria-label="{e(t("net_answer_qr"))}">'
        f'{answer["svg"]}</div>'
        f'{code}'
        f'{_share_buttons(net, t, can_share, "answer-code", t("net_the_code"))}'
        f'{guest_name_field(t, guest_name() or "")}'
        f'</section>')


def panel(net, t, can_share) -> str:
    """Who is connected, whom the table waits for; the host's invitations."""
    if net.host is not None:
        return _host_panel(net, t, can_share)
    if net.guest is not None and net.guest.ready:
        return _guest_panel(net, t)
    return ""


def _names(t, seats) -> str:
    return t.join([s["name"] for s in seats])


def _guest_panel(net, t) -> str:
    g = net.guest
    seats = g.seats
    host = seats[0]["name"] if seats else t("net_the_host")
    if net.joining.lost:  # one clear line and the way back; nothing stale, nothing to press
        return (f'<section class="net-panel lost" aria-label="{e(t("net_panel"))}" '
                f'data-step="{g.obs.step}">'
                f'<p class="problem" role="alert" id="net-status">'
                f'{e(t("net_lost", host=host))}</p>{_join_controls(net, t)}</section>')
    lines = []
    if "host" in net.unstable:
        lines.append(f'<p class="problem" role="status">'
                     f'{e(t("net_unstable_host", host=host))}</p>')
    # the host by name, the others here besides this guest; whom the table waits for, this
    # guest as "you"
    others = [s for i, s in enumerate(seats)
              if i not in (0, g.seat) and not s["away"] and s["bot"] is None]
    text = (t("net_at_table_with", host=host, names=_names(t, others)) if others
            else t("net_at_table", host=host))
    away = [s for s in seats if s["away"]]
    if away:
        text += " " + t("net_away", names=_names(t, away))
    waiting = [t("net_you") if i == g.seat else seats[i]["name"] for i in g.waiting
               if i < len(seats)]
    wait = (t("net_waiting_for", names=t.join(waiting)) if waiting
            else t("net_game_over") if g.obs.game_over else t("net_host_thinking"))
    lines.append(f'<p class="net-status" id="net-status">{e(text)} {e(wait)}</p>')
    return (f'<section class="net-panel" aria-label="{e(t("net_panel"))}" '
            f'data-step="{g.obs.step}">{"".join(lines)}</section>')


def _host_panel(net, t, can_share) -> str:
    host = net.host
    seats = host.session.seats
    connected = host.connected()
    invites, rows = [], []
    for seat in host.remote:
        name = seats[seat].name
        if seat in connected:
            key = "net_seat_unstable" if seat in net.unstable else "net_seat_here"
            rows.append(f'<li>{e(t(key, name=name))}</li>')
            continue
        invite = net.hosting.invites.get(seat)
        shown = invite is not None and invite["answer"] != "failed"  # (an invitation above)
        # "not here yet" for a seat no guest has joined; one that has is away
        key = ("net_seat_bot" if seat in host.stand_ins
               else "net_seat_invited" if shown and seat not in host.seen else "net_seat_away")
        again = "net_invite_again" if invite is not None else "net_invite"
        # a new invitation where none is shown or it failed; in an online room the room's
        # panel has the code, the link and "New code for …"
        buttons = button("net-invite", t(again, name=name), seat=seat) \
            if net.hosting.invite_by_itself and not shown else ""
        if seat in host.stand_ins:
            buttons += button("net-person", t("net_from_bot", name=name), "ghost", seat=seat)
        else:
            buttons += button("net-bot", t("net_to_bot", name=name), "ghost", seat=seat)
        rows.append(f'<li>{e(t(key, name=name))} <span class="net-buttons">{buttons}</span></li>')
        invites.append(_invite(net, t, can_share, seat, name))
    waiting = [seats[i].name for i in host.waiting_for() if i in host.away()
               and i not in host.stand_ins]
    wait = (f'<p class="net-status" id="net-status">'
            f'{e(t("net_waiting_away", names=t.join(waiting)))}</p>' if waiting else "")
    return (f'<section class="net-panel" aria-label="{e(t("net_panel"))}" '
            f'data-step="{host.step}">{"".join(invites)}'
            f'<h2>{e(t("net_panel"))}</h2>{problem(net.problem)}<ul>{"".join(rows)}</ul>{wait}'
            f'{_vibrate(net, t)}</section>')


def _invite(net, t, can_share, seat, name) -> str:
    invite = net.hosting.invites.get(seat)
    if invite is None:
        return ""
    if not invite["url"]:
        return f'<p role="status">{e(t("net_connecting"))}</p>'
    head = (f'<div class="invite" id="invite-{seat}">'
            f'<h3>{e(t("net_invite_title", name=name))}</h3>')
    if invite["answer"] == "failed":  # its link is closed: only "New invitation" helps
        return (f'{head}<p class="problem" role="alert">'
                f'{e(t("net_connect_failed", name=name))}</p></div>')
    status = (f'<p class="net-status" role="status">{e(t("net_answer_read", name=name))}</p>'
              if invite["answer"] == "connecting" else "")
    link = text_field(f"invite-link-{seat}", t("net_invite_link", name=name), invite["url"],
                      readonly=True, wide=True)
    answer = text_field(f"answer-{seat}", t("net_answer_label", name=name),
                        net.drafts.get(f"answer-{seat}", ""), draft=True, wide=True)
    return (
        f'{head}{status}'
        f'<p>{e(t("net_invite_text", name=name))}</p>'
        f'<div class="qr" id="qr-{seat}" role="img" '
        f'aria-label="{e(t("net_invite_qr", name=name))}">{invite["svg"]}</div>'
        f'{link}{_share_buttons(net, t, can_share, f"invite-link-{seat}", t("net_the_link"))}'
        f'{actions(button("net-scan", t("net_scan_answer", name=name), "primary", seat=seat))}'
        f'{answer}'
        f'{actions(button("net-connect", t("net_answer_connect", name=name), seat=seat))}'
        f'</div>')
