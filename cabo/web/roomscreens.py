"""The HTML of online rooms: the consent screen (which services the page will contact), a
guest's "looking for the host", the room's part of the new-game form and its panel on the
table.

Functions of the room page's state (`page`: a cabo.web.roompage.RoomPage, only read) and its
net page's; the texts are the app's (`page.app.t`).
"""

from __future__ import annotations

from ..net import room
from ..ui import setup
from .forms import actions, button, e, nowrap, problem, select, text_field
from .netscreens import _share_buttons as share_buttons, _whose as whose, guest_name_field


def screen(page):
    """The consent screen, or a guest's "looking for the host", instead of the set-up
    form; None when neither is due."""
    if page.told is not None:
        return _told(page)
    if page.consent is not None:
        return _consent(page)
    if page.joined.guest is not None and not (page.app.screen == "table" and
                                              page.app.table is not None):
        return _looking(page)
    return None


def _relay_status(page, code) -> str:
    t = page.app.t
    if page.no_relay:
        return f'<p class="problem" role="alert" id="room-no-relay">' \
               f'{e(t("room_no_relay", seconds=page.no_relay))}</p>'
    total = len(page.services()["relays"])
    return (f'<p class="net-note" id="room-relays">'
            f'{e(t("room_relays_up", up=page.up.get(code, 0), all=total))}</p>')


def setup_part(page) -> str:
    t = page.app.t
    field = text_field("room-code", t("room_code_label"), page.net.drafts.get("room-code", ""),
                       draft=True, maxlength=40, extra=' autocapitalize="characters"')
    return (
        f'<section class="net room" aria-labelledby="room-title">'
        f'<h2 id="room-title">{e(t("room_title"))}</h2>'
        f'<p>{e(t("room_intro"))}</p>{problem(page.problem)}'
        f'{actions(button("room-host", t("room_host"), "primary"))}'
        f'<h3>{e(t("room_join_title"))}</h3>{field}'
        f'{actions(button("room-join", t("room_join")))}</section>')


def _consent(page) -> str:
    t, s = page.app.t, page.services()
    role = page.consent["role"]

    def listing(urls) -> str:
        items = "".join(f"<li><code>{e(u)}</code></li>" for u in urls)
        return f"<ul>{items}</ul>" if items else f'<p>{e(t("room_none"))}</p>'
    turn = s["turn"]
    go = t("room_open") if role == "host" else t("room_go_join")
    code = (f'<p class="room-code">{e(room.shown(page.consent["code"]))}</p>'
            if page.consent["code"] else "")
    if role == "guest":  # whose table, first (when its link named the host)
        code += whose(t, page.consent.get("host"))
    opened = " open" if "room-advanced" in page.app.open else ""
    turn_field = text_field("room-turn", t("room_turn_label"), turn,
                            extra=' placeholder="turn:…"')
    go_back = actions(button("room-go", go, "primary"),
                      button("room-back", t("room_back"), "ghost"))
    return (
        f'<section class="net room" aria-labelledby="room-consent-title">'
        f'<h2 id="room-consent-title">{e(t("room_consent_title"))}</h2>{code}'
        f'<p>{e(t("room_consent_text"))}</p>{problem(page.problem)}'
        f'<h3>{e(t("room_relays_head"))}</h3><p>{e(t("room_relays_text"))}</p>'
        f'<div id="room-relay-list">{listing(s["relays"])}</div>'
        f'<h3>{e(t("room_stun_head"))}</h3><p>{e(t("room_stun_text"))}</p>'
        f'<div id="room-stun-list">{listing(s["stun"] + ([turn] if turn else []))}</div>'
        f'<p>{e(t("room_game_direct"))}</p>'
        f'{_guest_name(page) if role == "guest" else _stand_in_fields(page)}'
        f'<details class="room-advanced" data-open="room-advanced"{opened}>'
        f'<summary>{e(t("room_advanced"))}</summary>'
        f'<label class="field"><span>{e(t("room_relays_label"))}</span>'
        f'<textarea id="room-relays" rows="3" spellcheck="false">'
        f'{e(chr(10).join(s["relays"]))}</textarea></label>'
        f'<label class="field"><span>{e(t("room_stun_label"))}</span>'
        f'<textarea id="room-stun" rows="2" spellcheck="false">'
        f'{e(chr(10).join(s["stun"]))}</textarea></label>'
        f'{turn_field}'
        f'{text_field("room-turn-user", t("room_turn_user"), s["turn_user"])}'
        f'<label class="field"><span>{e(t("room_turn_password"))}</span>'
        f'<input type="password" id="room-turn-password" value="{e(s["turn_password"])}" '
        f'autocomplete="off"></label></details>'
        f'{go_back}</section>')


def _stand_in_fields(page) -> str:
    """The host's choice: which bot plays for someone who is away, and whether it starts by
    itself after a while."""
    t, drafts = page.app.t, page.net.drafts
    levels = [(lv, t("kind_" + lv) if t.has("kind_" + lv) else lv) for lv in setup.BOT_LEVELS]
    middle = setup.BOT_LEVELS[len(setup.BOT_LEVELS) // 2]
    after = [(str(s), t("room_after_never") if s == 0 else t("room_after", minutes=s // 60))
             for s in room.STAND_IN_AFTER]
    return (f'<h3>{e(t("room_standin_head"))}</h3>'
            f'{select("room-standin-after", t("room_standin_after"), drafts.get("room-standin-after", "0"), after)}'  # noqa: E501
            f'{select("room-standin-level", t("room_standin_level"), drafts.get("room-standin-level", middle), levels)}')  # noqa: E501


def _told(page) -> str:
    """Why this page left its room (its seat went to another device, or the code's seat
    belongs to one), what to do, and the field for a new code: first on the screen."""
    t = page.app.t
    field = text_field("room-code", t("room_code_label"), page.net.drafts.get("room-code", ""),
                       draft=True, maxlength=40, extra=' autocapitalize="characters"')
    go = actions(button("room-join", t("room_join"), "primary"),
                 button("room-told-ok", t("room_told_ok"), "ghost"))
    return (f'<section class="net room" aria-labelledby="room-told-title">'
            f'<h2 id="room-told-title">{e(t("room_title"))}</h2>'
            f'<p class="problem" role="alert" id="room-told">{e(page.told)}</p>{field}'
            f'{go}</section>')


def _guest_name(page) -> str:
    """The guest's name (NetPage's field: it goes into the hello)."""
    name = page.net.drafts.get("guest-name", page.net.joining.saved_guest().get("name") or "")
    return guest_name_field(page.app.t, name)


def _looking(page) -> str:
    """Looking for the host of the room; once its offer named the host, whose table."""
    t, code, host = page.app.t, page.joined.guest.code, page.joined.guest.host
    found = e(t("room_found", host=host)) if host else \
        t("room_looking", code=nowrap(room.shown(code)))
    return (
        f'<section class="net room" aria-labelledby="room-looking">'
        f'<h2 id="room-looking">{e(t("room_title"))}</h2>'
        f'<p role="status" id="room-found">{found}</p>'
        f'{problem(page.problem)}{_relay_status(page, code)}'
        f'{actions(button("room-leave", t("room_leave"), "ghost"))}</section>')


def _renew(page, seat, name) -> str:
    """"New code for Ben", for a seat a device has (or had): the way to a new device."""
    if seat not in page.hosted.host.claimed:
        return ""
    t = page.app.t
    return (f'<p class="net-note">{e(t("room_renew_text", name=name))}</p>'
            f'{actions(button("room-renew", t("room_renew", name=name), "ghost", seat=seat))}')


def panel(page, net_panel: str) -> str:
    """On the table, with NetPage's panel: the host's codes and who is here; a room
    guest without its link sees "reconnecting" instead of the QR way's way back."""
    t = page.app.t
    if page.joined.guest is not None:
        if page.joined.link_open:
            way = "room_way_guest_relay" if page.relays.relayed("host") else \
                "room_way_guest_direct"
            return (_guest_again(page) + f'<p class="net-note" id="room-way">{e(t(way))}</p>'
                    + net_panel)
        return (f'<section class="net-panel room-panel" aria-label="{e(t("room_panel"))}">'
                f'<p class="net-status" role="status" id="room-reconnecting">'
                f'{e(t("room_reconnecting"))}</p>'
                f'{_relay_status(page, page.joined.guest.code)}'
                f'{actions(button("room-leave", t("room_leave"), "ghost"))}</section>')
    if not page.hosted.active():
        return net_panel
    seats, here = page.net.host.session.seats, page.net.host.connected()
    relayed = {held.seat for link, held in page.net.host.links.items()
               if page.relays.relayed(link)}
    over = page.net.host.session.state.phase == "game_over"
    # everyone at the table and a game running: one short line per seat, the rest folded
    # away (the host's own cards stay in view on a phone)
    fold = not over and all(seat in here for seat in page.hosted.host.codes)
    rows, renew = [], []
    for seat, code in page.hosted.host.codes.items():
        name = seats[seat].name
        if seat in here:
            way = "room_way_relay" if seat in relayed else "room_way_direct"
            more = _renew(page, seat, name)
            (renew.append(more) if fold else None)
            here_key = "room_seat_sits_out" if seat in page.net.host.stand_ins else \
                "room_seat_here"
            rows.append(f'<li id="room-seat-{seat}">{e(t(here_key, name=name))} '
                        f'<span class="room-way">{e(t(way))}</span>{"" if fold else more}'
                        f'</li>')
            continue
        url = page.hosted.url(code)
        rows.append(
            f'<li class="room-seat" id="room-seat-{seat}">'
            f'<p>{e(t("room_seat_waiting", name=name))}</p>'
            f'<p>{e(t("room_code_for", name=name))} '
            f'<strong class="room-code" data-code="{e(code)}">{e(room.shown(code))}'
            f'</strong><data id="room-code-{seat}" value="{e(room.shown(code))}"></data></p>'
            f'{_share(page, f"room-code-{seat}", t("net_the_code"))}'
            f'<div class="qr" role="img" aria-label="{e(t("room_qr_for", name=name))}">'
            f'{page.hosted.svg.get(seat, "")}</div>'
            f'<label class="field"><span>{e(t("room_link_for", name=name))}</span>'
            f'<input type="text" readonly id="room-link-{seat}" value="{e(url)}"></label>'
            f'{_share(page, f"room-link-{seat}", t("net_the_link"))}'
            f'{_renew(page, seat, name)}</li>')
    first = next(iter(page.hosted.host.codes.values()))
    close = actions(button("room-close", t("room_close"), "ghost"))
    if fold:
        opened = " open" if "room-more" in page.app.open else ""
        return (f'<section class="net-panel room-panel compact" '
                f'aria-label="{e(t("room_panel"))}"><ul>{"".join(rows)}</ul>'
                f'<details class="room-more" data-open="room-more"{opened}>'
                f'<summary>{e(t("room_more"))}</summary>{_relay_status(page, first)}'
                f'{"".join(renew)}{close}{net_panel}</details></section>')
    again = _host_again(page) if over else ""
    return (f'<section class="net-panel room-panel" aria-label="{e(t("room_panel"))}">'
            f'<h2>{e(t("room_panel"))}</h2>{again}{_relay_status(page, first)}'
            f'<ul>{"".join(rows)}</ul>{close}</section>') + net_panel


def _host_again(page) -> str:
    """After a game: "Play again" asks the guests; while asking, each seat's answer and
    "Start the new game"."""
    t, host = page.app.t, page.net.host
    if host.asking is None:
        return (f'<p class="net-note">{e(t("room_again_text"))}</p>'
                f'{actions(button("room-again", t("room_again"), "primary"))}')
    seats = host.session.seats
    rows = "".join(f'<li id="room-answer-{seat}" data-answer="{said}">'
                   f'{e(t("room_answer_" + said, name=seats[seat].name))}</li>'
                   for seat, said in host.answers().items())
    level = host.stand_in_level
    level = t("kind_" + level) if t.has("kind_" + level) else level
    return (f'<section class="room-again" aria-labelledby="room-again-title">'
            f'<h3 id="room-again-title">{e(t("room_asking_head"))}</h3>'
            f'<ul role="status">{rows}</ul>'
            f'<p class="net-note">{e(t("room_start_text", level=level))}</p>'
            f'{actions(button("room-start", t("room_start"), "primary"))}</section>')


def _guest_again(page) -> str:
    """A guest asked "another game?": Yes / No (it may change its mind until the host
    starts); a guest who sits a game out: a line and "Play my seat"."""
    t, guest = page.app.t, page.net.guest
    if guest is None or not guest.ready:
        return ""
    host = guest.seats[0]["name"] if guest.seats else t("net_the_host")
    if guest.sits_out() and not guest.obs.game_over:
        return (f'<section class="net-panel room-again" '
                f'aria-label="{e(t("room_sitting_out"))}">'
                f'<p role="status" id="room-asked">{e(t("room_sitting_out"))}</p>'
                f'{actions(button("room-yes", t("room_play_now"), "primary"))}</section>')
    if not guest.asked:
        return ""
    said = {None: "", True: t("room_said_yes", host=host), False: t("room_said_no", host=host)}
    yes = button("room-yes", t("room_yes"), "primary" if guest.answer is None else "")
    no = button("room-no", t("room_no"), "ghost")
    choices = {None: yes + no, True: no, False: yes}[guest.answer]
    return (f'<section class="net-panel room-again" aria-labelledby="room-asked">'
            f'<h2 id="room-asked">{e(t("room_asked", host=host))}</h2>'
            f'<p role="status" id="room-said">{e(said[guest.answer])}</p>'
            f'{actions(choices)}</section>')


def _share(page, what, label) -> str:
    """Copy (and Share, where the browser has a share sheet) for a code or a link."""
    return share_buttons(page.net, page.app.t, page.net.can_share, what, label)
