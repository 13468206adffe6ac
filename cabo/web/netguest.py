"""A guest's side of play across devices on the page: joining a host's table and playing there.

cabo/net/guest.py (NetGuest, RemoteSession) decides everything about the guest's seat; this
module answers an invitation (the answer as a code and a QR code), keeps the seat's token, hands
the host's messages to the NetGuest and draws the table they describe (a SeatTable on a
RemoteSession). The shared parts of the page (the js bridge, fields, copy and share, the
camera) are NetPage's (netpage.py).

localStorage: "cabo.net.guest" ({game, seat, token, host, name, active}: a guest's seat token,
the host's and its own name; `active` while the page belongs at that table).

Real life: a guest page that reloads or loses its link opens on "Back to Alex's table" (scan
or paste the host's new invitation; the seat token gets the seat back).
"""

from __future__ import annotations

import asyncio
import json

from pyscript import window

from ..net.protocol import NAME_CHARS
from ..schema import Invalid, parse
from .saving import storage_get, storage_set

GUEST_KEY = "cabo.net.guest"


class GuestPage:
    """A guest's connection of one page (`guest`: the NetGuest, None elsewhere)."""

    def __init__(self, net):
        self.net, self.app = net, net.app
        self.guest = None         # NetGuest on a guest's page
        self.answer = None        # {"code", "svg"} while the host has to read it
        self.lost = False         # the channel to the host closed
        self.rejoin = None        # a page without a link: the saved seat ({host, ...})

    # -- the saved seat ---------------------------------------------------------------------
    def resume(self) -> None:
        """A guest's page that belongs at a table shows the way back to it."""
        saved = self.saved_guest()
        if saved.get("active"):
            self.rejoin = saved
            self.app.screen = "setup"  # "Back to Alex's table" stands instead of the form

    def saved_guest(self) -> dict:
        """The guest's saved seat ({game, seat, token, host, name, active}), or {}."""
        try:
            saved = parse(storage_get(GUEST_KEY) or "null", self.net.STORED,
                          self.net.STORED_CHARS)
        except (Invalid, ValueError):
            return {}
        return saved if isinstance(saved, dict) else {}

    def save_guest(self, **changes) -> None:
        storage_set(GUEST_KEY, json.dumps({**self.saved_guest(), **changes}))

    def guest_token(self):
        token = self.saved_guest().get("token")
        return token if isinstance(token, str) else None

    def guest_name(self):
        """The name typed on the answer screen (or saved from an earlier join), or None."""
        name = " ".join(self.net.field("guest-name", self.saved_guest().get("name") or "")
                        .split())[:NAME_CHARS]
        return name or None

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
        asyncio.ensure_future(self.join(code, signal.host_from_text(fragment)))
        return True

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

    # -- joining ----------------------------------------------------------------------------
    async def join(self, code, host=None) -> None:
        """Answer the invitation `code` (of `host`'s table, when the link named it)."""
        from ..net import signal
        from ..net.guest import NetGuest
        net, t = self.net, self.app.t
        try:
            kind, _, sdp = signal.expand(code)
        except signal.SignalError as exc:
            net.problem = t("net_bad_code", reason=str(exc))
            self.app.render()
            return
        if kind != "offer":
            net.problem = t("net_wrong_code")
            self.app.render()
            return
        self.rejoin = None
        saved = self.saved_guest()
        if not saved.get("name") and not net.drafts.get("guest-name"):
            # the person's name first: the host and the others see it at the table
            net.problem = None
            self.app.screen = "setup"
            self.answer = {"code": None, "svg": None, "pending": code, "host": host}
            self.app.render()
            return
        self.guest = NetGuest(self.app.lang, self.guest_token(),
                              send=lambda text: window.caboNet.send("host", text),
                              name=saved.get("name") if isinstance(saved.get("name"), str)
                              else None)
        net.problem, self.lost = None, False
        net.unstable.discard("host")
        self.app.screen = "setup"
        self.answer = {"code": None, "svg": None}
        self.app.render()
        answer = await window.caboNet.join("host", sdp, net.stun or None)
        _, seat, _ = signal.expand(code)
        answer_code = signal.compact(str(answer), "answer", seat)
        self.answer = {"code": answer_code, "svg": str(window.caboNet.qrSvg(answer_code))}
        self.app.render()

    def named(self) -> None:
        """The name screen's button: the name saved, then the pending invitation joined."""
        name = self.guest_name()
        if not name:
            self.net.problem = self.app.t("net_name_needed")
            self.app.render()
            return
        self.save_guest(name=name)
        code, host = self.answer["pending"], self.answer.get("host")
        self.answer = None
        asyncio.ensure_future(self.join(code, host))

    # -- the host's messages ----------------------------------------------------------------
    def on_event(self, kind, data) -> None:
        net = self.net
        if kind == "open":
            name = self.guest_name()
            if name:
                self.guest.name = name
            self.guest.send(self.guest.hello())
        elif kind == "message":
            self.guest_message(str(data) if isinstance(data, str) else data)
        elif kind == "close":
            self.lost = True
            net.unstable.discard("host")
            window.caboNet.stopScan()
            self.app.render()
        elif kind in ("unstable", "stable"):
            (net.unstable.add if kind == "unstable" else net.unstable.discard)("host")
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
        elif kind == "ask":  # "another game?" on the room's panel (roomscreens.py)
            app.render()
            node = window.document.getElementById("room-asked")
            if guest.answer is None and node is not None:  # asked: the question in view
                node.scrollIntoView(window.JSON.parse('{"block": "nearest"}'))
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
