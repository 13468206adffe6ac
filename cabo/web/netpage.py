"""The page side of play across devices: the bridge to static/js/net.js and what both sides share.

cabo/net decides everything (protocol, seats, tokens, what a guest may see); the page's two
sides only move texts between it and static/js/net.js (RTCPeerConnection, QR drawing and
reading): the host's (nethost.py: invitations, answers, the guests' links) and a guest's
(netguest.py: joining, the seat's token, the host's table). This module holds what they share:
the channels' events (each goes to the side it belongs to), the fields typed on the net
screens, copy and share, the camera, the STUN server and the turn vibration, and the net
parts of the screen (netscreens.py). The App (main.py) calls it at a few points: start-up
(`NetPage.start`), clicks on `net-*` controls, after every save (`after_save`) and when it
draws a screen (`setup_html`, `panel_html`). The net's own code (cabo.net's host, guest and
signalling codes) is imported where it is first used: a page that plays on one device never
loads it.

localStorage: "cabo.net.stun", "cabo.net.vibrate" ("off" turns the turn vibration off); the
sides keep "cabo.net.host" and "cabo.net.guest".

A link WebRTC calls "disconnected" may come back by itself: meanwhile the table says the
connection is unstable.
"""

from __future__ import annotations

import asyncio

from pyodide.ffi import create_proxy
from pyscript import document, window

from ..schema import Json
from . import netscreens
from .browser import py
from .netguest import GuestPage
from .nethost import HostPage
from .saving import storage_get, storage_set

STUN_KEY = "cabo.net.stun"
VIBRATE_KEY = "cabo.net.vibrate"
_proxies = []


def _node(node_id):
    """The element with this id, or None."""
    return py(document.getElementById(node_id))


class NetPage:
    """Play across devices on one page: the host's side or a guest's, and what they share."""

    # Both net keys are outside input: bounded in size and depth before json.loads sees them.
    STORED = Json(4, 100)
    STORED_CHARS = 20_000

    def __init__(self, app):
        self.app = app
        self.hosting = HostPage(self)   # the host's invitations and links
        self.joining = GuestPage(self)  # a guest's connection to its host
        self.problem = None       # a message about the last code or camera use
        self.scanning = None      # what the camera is reading: "invite" or a seat number
        self.unstable = set()     # host: seats whose link is interrupted; guest: {"host"}
        self.shared = None        # (what, result) of the last copy or share
        self.drafts = {}          # text typed into the net fields (kept across redraws)
        self.stun = storage_get(STUN_KEY) or ""
        self.vibrate = storage_get(VIBRATE_KEY) != "off"
        proxy = create_proxy(self.on_event)
        _proxies.append(proxy)
        window.caboNet.onevent = proxy
        # an invitation opened in a tab that shows the page already changes only the fragment
        hashchange = create_proxy(lambda event: self.joining.join_from_url())
        _proxies.append(hashchange)
        window.addEventListener("hashchange", hashchange)

    # The NetHost of a hosting page and the NetGuest of a guest's page (None elsewhere).
    @property
    def host(self):
        return self.hosting.host

    @property
    def guest(self):
        return self.joining.guest

    @guest.setter
    def guest(self, guest) -> None:
        self.joining.guest = guest

    def start(self) -> None:
        """Join the invitation in the URL's fragment, resume a hosted game, or show a guest
        the way back to its table."""
        if self.joining.join_from_url():
            return
        if self.hosting.resume(self.STORED, self.STORED_CHARS):
            return
        self.joining.resume()

    def after_save(self) -> None:
        self.hosting.after_save()

    # -- fields ---------------------------------------------------------------------------
    def field(self, key, default="") -> str:
        """A net field's value: what was typed (kept across redraws), else the page's node."""
        if key in self.drafts:
            return self.drafts[key]
        node = _node(key)
        return str(node.value) if node is not None else default

    def number(self, key, default, lo, hi) -> int:
        text = self.field(key, str(default))
        return min(hi, max(lo, int(text))) if text.isdigit() else default

    @staticmethod
    def value_of(node_id) -> str:
        """The value of the page's field `node_id` as it stands ("" without one)."""
        node = _node(node_id)
        return str(node.value) if node is not None else ""

    def on_input(self, target) -> None:
        key = target.getAttribute("data-draft") if hasattr(target, "getAttribute") else None
        if isinstance(key, str) and key:
            self.drafts[str(key)] = str(target.value)

    # -- events from static/js/net.js ------------------------------------------------------
    def on_event(self, link, kind, data) -> None:
        link, kind = str(link), str(kind)
        try:
            if self.guest is not None and link == "host":
                self.joining.on_event(kind, data)
            elif self.host is not None:
                self.hosting.on_event(link, kind, data)
        except Exception as exc:  # noqa: BLE001 - a message must never stop the page
            print(f"cabo.net: error while handling {kind} on {link}: {exc!r}")

    # -- clicks -----------------------------------------------------------------------------
    def click(self, ctl, target) -> None:
        from ..net import signal
        seat = target.getAttribute("data-seat")
        seat = int(seat) if isinstance(seat, str) and seat.isdigit() else None
        if ctl == "net-host":
            self.read_stun()
            self.hosting.host_game()
        elif ctl in ("net-copy", "net-share"):
            what = str(target.getAttribute("data-what") or "")
            node = _node(what)
            if node is not None:
                asyncio.ensure_future(self.share(what, str(node.value), ctl == "net-share"))
        elif ctl == "net-name" and self.joining.answer is not None \
                and self.joining.answer.get("pending"):
            self.joining.named()
        elif ctl == "net-leave":
            self.joining.leave_table()
        elif ctl == "net-vibrate":
            self.vibrate = not self.vibrate
            storage_set(VIBRATE_KEY, "on" if self.vibrate else "off")
            self.app.render()
        elif ctl in ("net-invite", "net-bot", "net-person") and self.host is not None \
                and seat is not None:
            self.hosting.click(ctl, seat)
        elif ctl == "net-connect" and seat is not None:
            self.hosting.click(ctl, seat)
        elif ctl == "net-join":
            self.read_stun()
            text = self.value_of("join-code")
            code = signal.code_from_text(text)
            if code is None:
                self.problem = self.app.t("net_bad_code", reason=text[:40])
                self.app.render()
            else:
                asyncio.ensure_future(self.joining.join(code, signal.host_from_text(text)))
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
        """The camera reads an invitation (a guest joins) or a seat's answer (the host)."""
        from ..net import signal
        t = self.app.t
        try:
            text = await window.caboNet.scan(t("net_scan_video"), t("net_scan_stop"))
        except Exception:  # noqa: BLE001 - no camera, or not allowed
            self.problem = t("net_no_camera")
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
                self.problem = t("net_bad_code", reason=text[:40])
                self.app.render()
            else:
                await self.joining.join(code, signal.host_from_text(text))
        else:
            await self.hosting.take_answer(what, text)

    # -- drawing (cabo/web/netscreens.py) ------------------------------------------------------
    def screen_html(self) -> str:
        """A net screen that stands instead of the set-up form, or ""."""
        return netscreens.screen(self, self.app.t, self.can_share, self.joining.guest_name)

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
        return self.guest is not None and self.joining.lost and self.guest.ready
