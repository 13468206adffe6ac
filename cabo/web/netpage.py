"""The page side of play across devices: invitations, QR codes, camera, the data channels.

cabo/net decides everything (protocol, seats, tokens, what a guest may see); this module only
moves texts between it and static/js/net.js (RTCPeerConnection, QR drawing and reading) and
draws the net parts of the screen. The App (main.py) calls it at a few points: start-up
(`NetPage.start`), clicks on `net-*` controls, after every save (`after_save`: the guests get
the new state) and when it draws a screen (`setup_html`, `panel_html`).

localStorage: "cabo.net.host" (NetHost.to_dict, next to the host's game save),
"cabo.net.guest" ({game, seat, token}: a guest's seat token), "cabo.net.stun".
"""

from __future__ import annotations

import asyncio
import json
from html import escape

from pyodide.ffi import create_proxy

try:
    from pyodide.ffi import jsnull
except ImportError:  # older Pyodide turns null into None
    jsnull = None
from pyscript import document, window

from ..net import signal
from ..net.guest import NetGuest, RemoteSession
from ..net.host import NetHost
from ..net.view import SeatTable
from ..schema import Invalid, Json, parse
from ..ui import setup

HOST_KEY = "cabo.net.host"
GUEST_KEY = "cabo.net.guest"
STUN_KEY = "cabo.net.stun"
# Both net keys are outside input: bounded in size and depth before json.loads sees them.
STORED_NET = Json(4, 100)
STORED_NET_CHARS = 20_000
_proxies = []


def _node(node_id):
    """The element with this id, or None."""
    node = document.getElementById(node_id)
    return None if node is None or node is jsnull else node


def _e(value) -> str:
    return escape(str(value), quote=True)


class NetPage:
    """The host's invitations or the guest's connection of one page."""

    def __init__(self, app):
        self.app = app
        self.host = None          # NetHost on the host's page
        self.guest = None         # NetGuest on a guest's page
        self.invites = {}         # host: seat -> {"link", "url", "svg"}
        self.link_seat = {}       # host: link id -> invited seat
        self.count = 0
        self.answer = None        # guest: {"code", "svg"} while the host has to read it
        self.problem = None       # a message about the last code or camera use
        self.scanning = None      # what the camera is reading: "invite" or a seat number
        self.lost = False         # guest: the channel to the host closed
        self.drafts = {}          # text typed into the code fields (kept across redraws)
        self.stun = app.storage_get(STUN_KEY) or ""
        proxy = create_proxy(self.on_event)
        _proxies.append(proxy)
        window.caboNet.onevent = proxy
        # an invitation opened in a tab that shows the page already changes only the fragment
        hashchange = create_proxy(lambda event: self.join_from_url())
        _proxies.append(hashchange)
        window.addEventListener("hashchange", hashchange)

    # -- start-up -------------------------------------------------------------------------
    def start(self) -> None:
        """Resume a hosted game, or join the invitation in the URL's fragment."""
        if self.join_from_url():
            return
        table = self.app.table
        meta = self.app.storage_get(HOST_KEY)
        if table is not None and meta:
            try:
                self.host = NetHost.from_dict(parse(meta, STORED_NET, STORED_NET_CHARS),
                                              table.session, self._apply)
            except (Invalid, ValueError, KeyError, TypeError):
                self.app.storage_remove(HOST_KEY)
                return
            self.app.table = SeatTable(table.session, self.app.t, table.speed)

    def join_from_url(self) -> bool:
        """Join the invitation in the URL's fragment (then removed: it works only once)."""
        code = signal.code_from_text(str(window.location.hash))
        if code is None:
            return False
        window.history.replaceState(None, "", window.location.pathname + window.location.search)
        asyncio.ensure_future(self.join(code))
        return True

    def guest_token(self):
        try:
            saved = parse(self.app.storage_get(GUEST_KEY) or "null", STORED_NET,
                          STORED_NET_CHARS)
        except (Invalid, ValueError):
            return None
        return saved.get("token") if isinstance(saved, dict) else None

    # -- the host -------------------------------------------------------------------------
    def host_game(self) -> None:
        """Start a game whose "person" seats other than the first are played elsewhere."""
        app = self.app
        settings = app.settings
        remote = [i for i, s in enumerate(settings["players"]) if i and s["kind"] == "person"]
        if not remote or settings["players"][0]["kind"] != "person":
            self.problem = app.t("net_need_remote")
            app.render()
            return
        app.start_game()
        if app.table is None:
            return
        session = app.table.session
        self.host = NetHost(session, remote, apply=self._apply)
        app.table = SeatTable(session, app.t, app.table.speed)
        self.problem = None
        app.save()
        app.render()

    def _apply(self, action) -> list:
        return self.app.table.act(action)

    async def invite(self, seat) -> None:
        self.count += 1
        link = f"s{seat}-{self.count}"
        old = self.invites.get(seat)
        if old and old["link"] not in self.host.links:
            window.caboNet.close(old["link"])
            self.link_seat.pop(old["link"], None)
        self.link_seat[link] = seat
        self.drafts.pop(f"answer-{seat}", None)  # an answer typed for the old invitation
        # "answer": None until an answer is taken, then "connecting", or "failed" when that
        # link closed (or timed out, static/js/net.js) before its channel opened
        self.invites[seat] = {"link": link, "url": None, "svg": None, "answer": None}
        self.app.render()
        sdp = await window.caboNet.offer(link, self.stun or None)
        code = signal.compact(str(sdp), "offer", seat)
        url = signal.invitation_url(str(window.location.href), code)
        if self.invites.get(seat, {}).get("link") == link:
            self.invites[seat].update(url=url, svg=str(window.caboNet.qrSvg(url)))
        self.app.render()

    async def take_answer(self, seat, text) -> None:
        code = signal.code_from_text(text)
        invite = self.invites.get(seat)
        try:
            kind, answered, sdp = signal.expand(code or "")
        except signal.SignalError as exc:
            self.problem = self.app.t("net_bad_code", reason=str(exc))
            self.app.render()
            return
        if kind != "answer" or answered != seat or invite is None:
            self.problem = self.app.t("net_wrong_code")
            self.app.render()
            return
        self.problem = None
        try:
            await window.caboNet.answer(invite["link"], sdp)
            invite["answer"] = "connecting"
        except Exception as exc:  # noqa: BLE001 - a stale or used invitation
            self.problem = self.app.t("net_bad_code", reason=str(exc))
        self.app.render()

    def after_save(self) -> None:
        """Every joined guest gets the state after a change (called by App.save)."""
        if self.host is not None:
            self.app.storage_set(HOST_KEY, json.dumps(self.host.to_dict()))
            self._send_all(self.host.updates())

    def _send_all(self, replies) -> None:
        for link, text in replies:
            if text is None:
                window.caboNet.close(link)
            else:
                window.caboNet.send(link, text)

    # -- the guest ------------------------------------------------------------------------
    async def join(self, code) -> None:
        try:
            kind, _, sdp = signal.expand(code)
        except signal.SignalError as exc:
            self.problem = self.app.t("net_bad_code", reason=str(exc))
            self.app.render()
            return
        if kind != "offer":
            self.problem = self.app.t("net_wrong_code")
            self.app.render()
            return
        self.guest = NetGuest(self.app.lang, self.guest_token(),
                              send=lambda text: window.caboNet.send("host", text))
        self.problem, self.lost = None, False
        self.app.screen = "setup"
        self.answer = {"code": None, "svg": None}
        self.app.render()
        answer = await window.caboNet.join("host", sdp, self.stun or None)
        _, seat, _ = signal.expand(code)
        answer_code = signal.compact(str(answer), "answer", seat)
        self.answer = {"code": answer_code, "svg": str(window.caboNet.qrSvg(answer_code))}
        self.app.render()

    def guest_message(self, text) -> None:
        guest = self.guest
        kind, events = guest.receive(text)
        app = self.app
        if kind == "welcome":
            app.storage_set(GUEST_KEY, json.dumps(
                {"game": guest.game, "seat": guest.seat, "token": guest.token}))
        elif kind == "error":
            app.notice = app.t("net_err_" + guest.error, text="")
            app.render()
        elif kind == "state":
            self.answer = None
            if getattr(app.table, "session", None) is None or \
                    getattr(app.table.session, "guest", None) is not guest or \
                    app.table.seat != guest.seat:
                app.table = SeatTable(RemoteSession(guest), app.t, app.settings["speed"],
                                      seat=guest.seat)
                app.screen = "table"
                app.render()
            app.table.new_events(events)
            app.after_change(events)

    # -- events from static/js/net.js ------------------------------------------------------
    def on_event(self, link, kind, data) -> None:
        link, kind = str(link), str(kind)
        try:
            if self.guest is not None and link == "host":
                self._guest_event(kind, data)
            elif self.host is not None:
                self._host_event(link, kind, data)
        except Exception as exc:  # noqa: BLE001 - a message must never stop the page
            print(f"cabo.net: error while handling {kind} on {link}: {exc!r}")

    def _guest_event(self, kind, data) -> None:
        if kind == "open":
            self.guest.send(self.guest.hello())
        elif kind == "message":
            self.guest_message(str(data) if isinstance(data, str) else data)
        elif kind == "close":
            self.lost = True
            self.app.render()

    def _host_event(self, link, kind, data) -> None:
        host, app = self.host, self.app
        if kind == "open" and link in self.link_seat:
            host.open_link(link, self.link_seat[link])
        elif kind == "message":
            replies, events = host.receive(link, data if isinstance(data, str) else None)
            self._send_all(replies)
            if host.reactions:  # a guest's emoji: it flies over its seat here too
                app.table.flying.add(host.reactions, app.table.clock() if app.table.clock
                                     else None)
                host.reactions = []
                app.render()
            if any(t is not None and '"t":"welcome"' in t for _, t in replies):
                seat = host.links[link].seat if link in host.links else None
                self.invites.pop(seat, None)
                self.scanning = None
                self._send_all([r for r in host.updates() if r[0] != link])
                app.save()
                app.render()
                app.schedule()
            if events:
                app.after_change(events)
                app.schedule()
        elif kind == "close":
            seat = self.link_seat.get(link)
            invite = self.invites.get(seat)
            if link not in host.links and invite is not None and invite["link"] == link \
                    and invite["answer"] == "connecting":
                invite["answer"] = "failed"  # the answer was read, the channel never opened
            host.close_link(link)
            self._send_all(host.updates())
            app.render()

    def on_input(self, target) -> None:
        key = target.getAttribute("data-draft") if hasattr(target, "getAttribute") else None
        if isinstance(key, str) and key:
            self.drafts[str(key)] = str(target.value)

    # -- clicks -----------------------------------------------------------------------------
    def click(self, ctl, target) -> None:
        seat = target.getAttribute("data-seat")
        seat = int(seat) if isinstance(seat, str) and seat.isdigit() else None
        if ctl == "net-host":
            self.read_stun()
            self.host_game()
        elif ctl == "net-invite" and self.host is not None and seat is not None:
            asyncio.ensure_future(self.invite(seat))
        elif ctl == "net-connect" and seat is not None:
            node = _node(f"answer-{seat}")
            asyncio.ensure_future(self.take_answer(seat, str(node.value) if node else ""))
        elif ctl == "net-bot" and seat is not None:
            self.host.hand_to_bot(seat)
            self.app.save()
            self.app.render()
            self.app.schedule()
        elif ctl == "net-person" and seat is not None:
            self.host.take_back(seat)
            self.app.save()
            self.app.render()
            self.app.schedule()
        elif ctl == "net-join":
            self.read_stun()
            node = _node("join-code")
            text = str(node.value) if node is not None else ""
            code = signal.code_from_text(text)
            if code is None:
                self.problem = self.app.t("net_bad_code", reason=text[:40])
                self.app.render()
            else:
                asyncio.ensure_future(self.join(code))
        elif ctl == "net-scan":
            self.read_stun()
            self.scanning = seat if seat is not None else "invite"
            self.app.render()
            asyncio.ensure_future(self.scan(self.scanning))
        elif ctl == "net-reload":
            window.location.reload()

    def read_stun(self) -> None:
        node = _node("net-stun")
        if node is not None:
            value = str(node.value).strip()
            self.stun = value if value.startswith(("stun:", "stuns:")) else ""
            self.app.storage_set(STUN_KEY, self.stun)

    async def scan(self, what) -> None:
        t = self.app.t
        try:
            text = await window.caboNet.scan(t("net_scan_video"), t("net_scan_stop"))
        except Exception:  # noqa: BLE001 - no camera, or not allowed
            self.problem = self.app.t("net_no_camera")
            self.scanning = None
            self.app.render()
            return
        self.scanning = None
        if text is None:
            self.app.render()
            return
        text = str(text)
        if what == "invite":
            code = signal.code_from_text(text)
            if code is None:
                self.problem = self.app.t("net_bad_code", reason=text[:40])
                self.app.render()
            else:
                await self.join(code)
        else:
            await self.take_answer(what, text)

    # -- drawing ------------------------------------------------------------------------------
    def setup_html(self) -> str:
        """The net section under the new-game form: host, join, STUN, a guest's answer."""
        t = self.app.t
        if self.answer is not None:
            return self._answer_html()
        problem = f'<p class="problem" role="alert">{_e(self.problem)}</p>' if self.problem else ""
        rejoin = (f'<p class="net-note">{_e(t("net_rejoin"))}</p>'
                  if self.guest_token() and self.host is None else "")
        camera = (f'<button type="button" class="btn" data-ctl="net-scan">'
                  f'{_e(t("net_scan_invite"))}</button>')
        return (
            f'<section class="net" aria-labelledby="net-title">'
            f'<h2 id="net-title">{_e(t("net_title"))}</h2>'
            f'<p>{_e(t("net_intro"))}</p>{problem}'
            f'<div class="setup-actions"><button type="button" class="btn primary" '
            f'data-ctl="net-host">{_e(t("net_host_start"))}</button></div>'
            f'<h3>{_e(t("net_join_title"))}</h3>{rejoin}'
            f'<label class="field"><span>{_e(t("net_join_label"))}</span>'
            f'<input type="text" id="join-code" data-draft="join-code" '
            f'value="{_e(self.drafts.get("join-code", ""))}" autocomplete="off" '
            f'spellcheck="false"></label>'
            f'<div class="setup-actions"><button type="button" class="btn" data-ctl="net-join">'
            f'{_e(t("net_join"))}</button>{camera}</div>'
            f'<label class="field"><span>{_e(t("net_stun_label"))}</span>'
            f'<input type="text" id="net-stun" value="{_e(self.stun)}" placeholder="stun:…" '
            f'autocomplete="off" spellcheck="false"></label>'
            f'<p class="net-note">{_e(t("net_stun_note"))}</p></section>')

    def _answer_html(self) -> str:
        t = self.app.t
        if not self.answer["code"]:
            return f'<section class="net"><p role="status">{_e(t("net_connecting"))}</p></section>'
        return (
            f'<section class="net" aria-labelledby="answer-title">'
            f'<h2 id="answer-title">{_e(t("net_answer_title"))}</h2>'
            f'<p>{_e(t("net_answer_text"))}</p>'
            f'<div class="qr" role="img" aria-label="{_e(t("net_answer_qr"))}">'
            f'{self.answer["svg"]}</div>'
            f'<label class="field"><span>{_e(t("net_answer_code"))}</span>'
            f'<input type="text" id="answer-code" readonly value="{_e(self.answer["code"])}">'
            f'</label></section>')

    def panel_html(self) -> str:
        """Who is connected, whom the table waits for; the host's invitations."""
        if self.host is not None:
            return self._host_panel()
        if self.guest is not None and self.guest.ready:
            return self._guest_panel()
        return ""

    def _names(self, seats) -> str:
        names = [s["name"] for s in seats]
        return self.app.t.join(names)

    def _guest_panel(self) -> str:
        t, g = self.app.t, self.guest
        seats = g.seats
        lines = []
        if self.lost:
            lines.append(f'<p class="problem" role="alert">{_e(t("net_lost"))}</p>')
        here = [s for i, s in enumerate(seats) if not s["away"] and s["bot"] is None]
        away = [s for s in seats if s["away"]]
        text = t("net_connected", names=self._names(here))
        if away:
            text += " " + t("net_away", names=self._names(away))
        waiting = [seats[i] for i in g.waiting if i < len(seats)]
        wait = (t("net_waiting_host", names=self._names(waiting)) if waiting
                else t("net_host_thinking"))
        lines.append(f'<p class="net-status" id="net-status">{_e(text)} {_e(wait)}</p>')
        return (f'<section class="net-panel" aria-label="{_e(t("net_panel"))}" '
                f'data-step="{g.obs.step}">{"".join(lines)}</section>')

    def _host_panel(self) -> str:
        t, host = self.app.t, self.host
        seats = host.session.seats
        connected = host.connected()
        rows = []
        for seat in host.remote:
            name = seats[seat].name
            if seat in connected:
                rows.append(f'<li>{_e(t("net_seat_here", name=name))}</li>')
                continue
            key = "net_seat_bot" if seat in host.stand_ins else "net_seat_away"
            buttons = (f'<button type="button" class="btn" data-ctl="net-invite" '
                       f'data-seat="{seat}">{_e(t("net_invite_again" if seat in self.invites else "net_invite", name=name))}</button>')
            if seat in host.stand_ins:
                buttons += (f'<button type="button" class="btn ghost" data-ctl="net-person" '
                            f'data-seat="{seat}">{_e(t("net_from_bot", name=name))}</button>')
            else:
                buttons += (f'<button type="button" class="btn ghost" data-ctl="net-bot" '
                            f'data-seat="{seat}">{_e(t("net_to_bot", name=name))}</button>')
            rows.append(f'<li>{_e(t(key, name=name))} {buttons}{self._invite_html(seat, name)}</li>')
        waiting = [seats[i].name for i in host.waiting_for() if i in host.away()
                   and i not in host.stand_ins]
        wait = (f'<p class="net-status" id="net-status">'
                f'{_e(t("net_waiting_away", names=t.join(waiting)))}</p>' if waiting else "")
        problem = f'<p class="problem" role="alert">{_e(self.problem)}</p>' if self.problem else ""
        return (f'<section class="net-panel" aria-label="{_e(t("net_panel"))}" '
                f'data-step="{host.session.state.step}"><h2>{_e(t("net_panel"))}</h2>{problem}<ul>{"".join(rows)}</ul>{wait}</section>')

    def _invite_html(self, seat, name) -> str:
        invite = self.invites.get(seat)
        if invite is None:
            return ""
        t = self.app.t
        if not invite["url"]:
            return f'<p role="status">{_e(t("net_connecting"))}</p>'
        head = f'<div class="invite" id="invite-{seat}"><h3>{_e(t("net_invite_title", name=name))}</h3>'
        if invite["answer"] == "failed":  # its link is closed: only "New invitation" helps
            return (f'{head}<p class="problem" role="alert">'
                    f'{_e(t("net_connect_failed", name=name))}</p></div>')
        status = (f'<p class="net-status" role="status">{_e(t("net_answer_read", name=name))}</p>'
                  if invite["answer"] == "connecting" else "")
        camera = (f'<button type="button" class="btn" data-ctl="net-scan" data-seat="{seat}">'
                  f'{_e(t("net_scan_answer", name=name))}</button>')
        return (
            f'{head}{status}'
            f'<p>{_e(t("net_invite_text", name=name))}</p>'
            f'<div class="qr" id="qr-{seat}" role="img" aria-label="{_e(t("net_invite_qr", name=name))}">'
            f'{invite["svg"]}</div>'
            f'<label class="field"><span>{_e(t("net_invite_link", name=name))}</span>'
            f'<input type="text" readonly value="{_e(invite["url"])}"></label>'
            f'<label class="field"><span>{_e(t("net_answer_label", name=name))}</span>'
            f'<input type="text" id="answer-{seat}" data-draft="answer-{seat}" '
            f'value="{_e(self.drafts.get(f"answer-{seat}", ""))}" autocomplete="off" '
            f'spellcheck="false"></label>'
            f'<div class="setup-actions"><button type="button" class="btn primary" '
            f'data-ctl="net-connect" data-seat="{seat}">{_e(t("net_answer_connect", name=name))}'
            f'</button>{camera}</div></div>')


__all__ = ["NetPage", "setup"]
