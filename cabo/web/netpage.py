"""The page side of play across devices: invitations, QR codes, camera, the data channels.

cabo/net decides everything (protocol, seats, tokens, what a guest may see); this module only
moves texts between it and static/js/net.js (RTCPeerConnection, QR drawing and reading) and
draws the net parts of the screen. The App (main.py) calls it at a few points: start-up
(`NetPage.start`), clicks on `net-*` controls, after every save (`after_save`: the hosted
table's seats and tokens) and when it draws a screen (`setup_html`, `panel_html`). The guests
get every change of the session as it happens: the NetHost holds the session and sends
through `_send_all`, watching the session as the host's own screen does (`Table.changed`);
a guest's action comes back from `NetHost.receive` with its events, to be saved and drawn. The net's own code (cabo.net's host, guest and
signalling codes) is imported where it is first used: a page that plays on one device never
loads it.

localStorage: "cabo.net.host" (NetHost.to_dict, next to the host's game save),
"cabo.net.guest" ({game, seat, token, host, name, active}: a guest's seat token, the host's
and its own name; `active` while the page belongs at that table), "cabo.net.stun",
"cabo.net.vibrate" ("off" turns the turn vibration off).

Real life: a guest page that reloads or loses its link opens on "Back to Alex's table" (scan
or paste the host's new invitation; the seat token gets the seat back). The host's page makes
a fresh invitation by itself for every seat that is away (at the start, after a reload, when
a link drops) and shows it at the top. A link WebRTC calls "disconnected" may come back by
itself: meanwhile the table says the connection is unstable.
"""

from __future__ import annotations

import asyncio
import json

from pyodide.ffi import create_proxy
from pyscript import document, window

from ..schema import Invalid, Json, parse
from ..net.protocol import NAME_CHARS
from ..ui import setup
from . import netscreens
from .browser import now_ms, py
from .netscreens import MAX_REMOTE
from .saving import storage_get, storage_remove, storage_set

HOST_KEY = "cabo.net.host"
GUEST_KEY = "cabo.net.guest"
STUN_KEY = "cabo.net.stun"
VIBRATE_KEY = "cabo.net.vibrate"
# Both net keys are outside input: bounded in size and depth before json.loads sees them.
STORED_NET = Json(4, 100)
STORED_NET_CHARS = 20_000
_proxies = []


def _node(node_id):
    """The element with this id, or None."""
    return py(document.getElementById(node_id))


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
        self.unstable = set()     # host: seats whose link is interrupted; guest: {"host"}
        self.rejoin = None        # guest page without a link: the saved seat ({host, ...})
        self.invite_by_itself = True  # False while an online room finds the guests (roompage)
        self.shared = None        # (what, result) of the last copy or share
        self.drafts = {}          # text typed into the net fields (kept across redraws)
        self.stun = storage_get(STUN_KEY) or ""
        self.vibrate = storage_get(VIBRATE_KEY) != "off"
        proxy = create_proxy(self.on_event)
        _proxies.append(proxy)
        window.caboNet.onevent = proxy
        # an invitation opened in a tab that shows the page already changes only the fragment
        hashchange = create_proxy(lambda event: self.join_from_url())
        _proxies.append(hashchange)
        window.addEventListener("hashchange", hashchange)

    # -- start-up -------------------------------------------------------------------------
    def start(self) -> None:
        """Resume a hosted game (with fresh invitations for the seats now away), join the
        invitation in the URL's fragment, or show a guest the way back to its table."""
        if self.join_from_url():
            return
        table = self.app.table
        meta = storage_get(HOST_KEY)
        if table is not None and meta:
            from ..net.host import NetHost
            from ..ui.seat_table import SeatTable

            try:
                self.host = NetHost.from_dict(parse(meta, STORED_NET, STORED_NET_CHARS),
                                              table.session, self._send_all, now_ms)
            except (Invalid, ValueError, KeyError, TypeError):
                storage_remove(HOST_KEY)
                return
            self.app.table = SeatTable(table.session, self.app.t, table.speed)
            self.invite_all(self.host.away())
            return
        saved = self.saved_guest()
        if saved.get("active"):
            self.rejoin = saved
            self.app.screen = "setup"  # "Back to Alex's table" stands instead of the form

    def saved_guest(self) -> dict:
        """The guest's saved seat ({game, seat, token, host, name, active}), or {}."""
        try:
            saved = parse(storage_get(GUEST_KEY) or "null", STORED_NET,
                          STORED_NET_CHARS)
        except (Invalid, ValueError):
            return {}
        return saved if isinstance(saved, dict) else {}

    def save_guest(self, **changes) -> None:
        storage_set(GUEST_KEY, json.dumps({**self.saved_guest(), **changes}))

    def join_from_url(self) -> bool:
        """Join the invitation in the URL's fragment (then removed: it works only once)."""
        fragment = str(window.location.hash)
        if not fragment:
            return False
        from ..net import signal

        code = signal.code_from_text(fragment)
        if code is None:
            return False
        window.history.replaceState(None, "", window.location.pathname + window.location.search)
        asyncio.ensure_future(self.join(code))
        return True

    def guest_token(self):
        token = self.saved_guest().get("token")
        return token if isinstance(token, str) else None

    def leave_table(self) -> None:
        """A guest leaves its table for good: its own games again, the seat token forgotten."""
        self.save_guest(active=False)
        self.rejoin, self.guest, self.answer, self.lost = None, None, None, False
        window.caboNet.close("host")
        app = self.app
        if app.table is not None and not app.table.session.holds_game:  # its host's table
            app.table = None
            app.saving.open_saved_game()
        app.screen = "table" if app.table is not None else "setup"
        app.render()

    # -- the host -------------------------------------------------------------------------
    def host_game(self) -> None:
        """Start a game for the host, the people on other devices and the bots the host chose;
        the invitations appear at once, one per person, in seat order."""
        from ..net.host import NetHost
        from ..ui.seat_table import SeatTable
        app, t = self.app, self.app.t
        name = " ".join(self._field("host-name", app.settings["players"][0]["name"]).split())
        people = self._number("net-people", 1, 1, MAX_REMOTE)
        bots = self._number("net-bots", 0, 0, MAX_REMOTE)
        level = self._field("net-level", setup.BOT_LEVELS[len(setup.BOT_LEVELS) // 2])
        if level not in setup.BOT_LEVELS:
            level = setup.BOT_LEVELS[0]
        players = ([{"name": (name or t("you_default"))[:setup.NAME_MAX], "kind": "person"}]
                   + [{"name": t("net_guest_default", n=i + 1), "kind": "person"}
                      for i in range(people)]
                   + [{"name": setup.BOT_NAMES[i % len(setup.BOT_NAMES)], "kind": level}
                      for i in range(bots)])
        settings = {**app.settings, "players": players}
        reason = setup.problem(settings, t)
        if reason is not None:
            self.problem = reason
            app.render()
            return
        app.settings = settings
        app.start_game(read_form=False)
        if app.table is None:
            return
        session = app.table.session
        self.host = NetHost(session, list(range(1, people + 1)), send=self._send_all,
                            clock=now_ms)
        app.table = SeatTable(session, app.t, app.table.speed)
        self.problem = None
        self.save_guest(active=False)  # this page hosts now: no way back to another table
        app.saving.save()
        app.render()
        self.invite_all(self.host.remote)

    def _field(self, key, default="") -> str:
        """A net field's value: what was typed (kept across redraws), else the page's node."""
        if key in self.drafts:
            return self.drafts[key]
        node = _node(key)
        return str(node.value) if node is not None else default

    def _number(self, key, default, lo, hi) -> int:
        text = self._field(key, str(default))
        return min(hi, max(lo, int(text))) if text.isdigit() else default

    def invite_all(self, seats) -> None:
        """Fresh invitations for these seats (not those a bot plays for), one after the other;
        none while an online room brings the guests (a button still makes one)."""
        if not self.invite_by_itself:
            return
        wanted = [s for s in seats if s not in self.host.stand_ins]

        async def run():
            for seat in wanted:
                if self.host is not None and seat in self.host.away():
                    await self.invite(seat)
        if wanted:
            asyncio.ensure_future(run())

    async def invite(self, seat) -> None:
        from ..net import signal
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
        from ..net import signal
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
        """Save the hosted table's seats and tokens next to the game (called by Saving.save).
        The guests got every change already: the NetHost sends it as the session changes."""
        if self.host is not None:
            storage_set(HOST_KEY, json.dumps(self.host.to_dict()))

    def _send_all(self, replies) -> None:
        for link, text in replies:
            if text is None:
                window.caboNet.close(link)
            else:
                window.caboNet.send(link, text)

    # -- the guest ------------------------------------------------------------------------
    async def join(self, code) -> None:
        from ..net import signal
        from ..net.guest import NetGuest
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
        self.rejoin = None
        saved = self.saved_guest()
        if not saved.get("name") and not self.drafts.get("guest-name"):
            # the person's name first: the host and the others see it at the table
            self.problem = None
            self.app.screen = "setup"
            self.answer = {"code": None, "svg": None, "pending": code}
            self.app.render()
            return
        self.guest = NetGuest(self.app.lang, self.guest_token(),
                              send=lambda text: window.caboNet.send("host", text),
                              name=saved.get("name") if isinstance(saved.get("name"), str)
                              else None)
        self.problem, self.lost = None, False
        self.unstable.discard("host")
        self.app.screen = "setup"
        self.answer = {"code": None, "svg": None}
        self.app.render()
        answer = await window.caboNet.join("host", sdp, self.stun or None)
        _, seat, _ = signal.expand(code)
        answer_code = signal.compact(str(answer), "answer", seat)
        self.answer = {"code": answer_code, "svg": str(window.caboNet.qrSvg(answer_code))}
        self.app.render()

    def guest_message(self, text) -> None:
        from ..net.guest import RemoteSession
        from ..ui.seat_table import SeatTable
        guest = self.guest
        kind, events = guest.receive(text)
        app = self.app
        if kind == "welcome":
            self.save_guest(game=guest.game, seat=guest.seat, token=guest.token, active=True,
                            name=guest.name)
        elif kind == "error":
            said = guest.error == "too_late" and guest.log and guest.log[-1].get(
                "kind") == "too_late" and guest.log[-1].get("seat") == guest.seat
            if not said:  # (a claim judged too late is said on the table, by its log line)
                app.notice = app.t("net_err_" + guest.error, text="")
            if app.table is not None:
                app.table.selection, app.table.sel_top = (), None
            app.render()
        elif kind == "state":
            self.answer = None
            host_name = guest.seats[0]["name"] if guest.seats else None
            if host_name and self.saved_guest().get("host") != host_name:
                self.save_guest(host=host_name)
            session = app.table.session if app.table is not None else None
            if session is None or session.holds_game or session.guest is not guest or \
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
            name = self.guest_name()
            if name:
                self.guest.name = name
            self.guest.send(self.guest.hello())
        elif kind == "message":
            self.guest_message(str(data) if isinstance(data, str) else data)
        elif kind == "close":
            self.lost = True
            self.unstable.discard("host")
            window.caboNet.stopScan()
            self.app.render()
        elif kind in ("unstable", "stable"):
            (self.unstable.add if kind == "unstable" else self.unstable.discard)("host")
            self.app.render()

    def guest_name(self):
        """The name typed on the answer screen (or saved from an earlier join), or None."""
        name = " ".join(self._field("guest-name", self.saved_guest().get("name") or "")
                        .split())[:NAME_CHARS]
        return name or None

    def _host_event(self, link, kind, data) -> None:
        host, app = self.host, self.app
        if kind == "open" and link in self.link_seat:
            host.open_link(link, self.link_seat[link])
        elif kind == "message":
            before = host.seat_of(link)
            replies, events = host.receive(link, data if isinstance(data, str) else None)
            self._send_all(replies)
            seat = host.seat_of(link)
            welcome = before is None and seat is not None  # this message joined a seat
            if welcome:
                # the replies held the table for every guest already (NetHost._hello)
                self.invites.pop(seat, None)
                self.scanning = None
                app.saving.save()
                app.render()
                app.pacer.schedule()
            if events:  # the guest's action: the host's screen has heard of it (Table.changed)
                app.after_change(events)
                app.pacer.schedule()
            elif not welcome:  # a guest's emoji reaction flies over its seat here too
                app.render()
        elif kind == "close":
            seat = self.link_seat.get(link)
            invite = self.invites.get(seat)
            if link not in host.links and invite is not None and invite["link"] == link \
                    and invite["answer"] == "connecting":
                invite["answer"] = "failed"  # the answer was read, the channel never opened
            joined = host.links[link].seat if link in host.links else None
            host.close_link(link)
            self.unstable.discard(joined)
            self._send_all(host.updates())
            app.render()
            if joined is not None and joined in host.away():
                self.invite_all([joined])  # its way back is ready before anyone asks
        elif kind in ("unstable", "stable") and link in host.links:
            seat = host.links[link].seat
            (self.unstable.add if kind == "unstable" else self.unstable.discard)(seat)
            app.render()

    def on_input(self, target) -> None:
        key = target.getAttribute("data-draft") if hasattr(target, "getAttribute") else None
        if isinstance(key, str) and key:
            self.drafts[str(key)] = str(target.value)

    # -- clicks -----------------------------------------------------------------------------
    def click(self, ctl, target) -> None:
        from ..net import signal
        seat = target.getAttribute("data-seat")
        seat = int(seat) if isinstance(seat, str) and seat.isdigit() else None
        if ctl == "net-host":
            self.read_stun()
            self.host_game()
        elif ctl == "net-copy" or ctl == "net-share":
            what = str(target.getAttribute("data-what") or "")
            node = _node(what)
            if node is not None:
                asyncio.ensure_future(self.share(what, str(node.value), ctl == "net-share"))
        elif ctl == "net-name" and self.answer is not None and self.answer.get("pending"):
            name = self.guest_name()
            if not name:
                self.problem = self.app.t("net_name_needed")
                self.app.render()
                return
            self.save_guest(name=name)
            code = self.answer["pending"]
            self.answer = None
            asyncio.ensure_future(self.join(code))
        elif ctl == "net-leave":
            self.leave_table()
        elif ctl == "net-vibrate":
            self.vibrate = not self.vibrate
            storage_set(VIBRATE_KEY, "on" if self.vibrate else "off")
            self.app.render()
        elif ctl == "net-invite" and self.host is not None and seat is not None:
            asyncio.ensure_future(self.invite(seat))
        elif ctl == "net-connect" and seat is not None:
            node = _node(f"answer-{seat}")
            asyncio.ensure_future(self.take_answer(seat, str(node.value) if node else ""))
        elif ctl == "net-bot" and seat is not None:
            self.host.hand_to_bot(seat)
            self._send_all(self.host.updates())  # the seat's level, on every guest's table
            self.app.saving.save()
            self.app.render()
            self.app.pacer.schedule()
        elif ctl == "net-person" and seat is not None:
            self.host.take_back(seat)
            self._send_all(self.host.updates())
            self.app.saving.save()
            self.app.render()
            self.app.pacer.schedule()
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

    async def share(self, what, text, prefer_share) -> None:
        title = self.app.t("net_share_title")
        result = await window.caboNet.share(text, title, prefer_share)
        self.shared = (what, str(result))
        self.app.render()

    def read_stun(self) -> None:
        node = _node("net-stun")
        if node is not None:
            value = str(node.value).strip()
            self.stun = value if value.startswith(("stun:", "stuns:")) else ""
            storage_set(STUN_KEY, self.stun)

    async def scan(self, what) -> None:
        from ..net import signal
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

    # -- drawing (cabo/web/netscreens.py) ------------------------------------------------------
    def screen_html(self) -> str:
        """A net screen that stands instead of the set-up form, or ""."""
        return netscreens.screen(self, self.app.t, self.can_share, self.guest_name)

    def setup_html(self) -> str:
        """"Play with others" under the new-game form."""
        return netscreens.setup_part(self, self.app.t, self.app.settings["players"][0]["name"])

    def panel_html(self) -> str:
        """Who is connected, whom the table waits for; the host's invitations."""
        return netscreens.panel(self, self.app.t, self.can_share)

    @staticmethod
    def can_share() -> bool:
        """Whether the browser has a share sheet."""
        return bool(window.caboNet.canShare())

    def inert(self) -> bool:
        """Whether the table on screen is only a picture: a guest whose link is gone."""
        return self.guest is not None and self.lost and self.guest.ready
