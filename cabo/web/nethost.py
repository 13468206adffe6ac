"""The host's side of play across devices on the page: invitations, answers, the guests' links.

cabo/net/host.py (NetHost) decides everything about the remote seats; this module makes the
invitations (an offer per seat, as a link and a QR code), reads the guests' answers, hands the
channels' messages to the NetHost and sends its replies through static/js/net.js. The NetHost
watches the session like the host's own screen does (`Table.changed`), so every change reaches
the guests through `send_all` as it happens; a guest's action comes back from
`NetHost.receive` with its events, to be saved and drawn. The shared parts of the page (the
js bridge, fields, copy and share, the camera) are NetPage's (netpage.py).

localStorage: "cabo.net.host" (NetHost.to_dict, next to the host's game save).
"""

from __future__ import annotations

import asyncio
import json

from pyscript import window

from ..schema import Invalid, parse
from ..ui import setup
from .browser import now_ms
from .netscreens import MAX_REMOTE
from .saving import storage_get, storage_remove, storage_set

HOST_KEY = "cabo.net.host"


class HostPage:
    """The host's invitations and links of one page (`host`: the NetHost, None elsewhere)."""

    def __init__(self, net):
        self.net, self.app = net, net.app
        self.host = None          # NetHost while this page hosts a table
        self.invites = {}         # seat -> {"link", "url", "svg", "answer"}
        self.link_seat = {}       # link id -> invited seat
        self.count = 0
        self.invite_by_itself = True  # False while an online room finds the guests (roompage)

    def resume(self, stored_net, stored_chars) -> bool:
        """Resume a hosted game (with fresh invitations for the seats now away)."""
        table = self.app.table
        meta = storage_get(HOST_KEY)
        if table is None or not meta:
            return False
        from ..net.host import NetHost
        from ..ui.seat_table import SeatTable

        try:
            self.host = NetHost.from_dict(parse(meta, stored_net, stored_chars),
                                          table.session, self.send_all, now_ms)
        except (Invalid, ValueError, KeyError, TypeError):
            storage_remove(HOST_KEY)
            return True
        self.app.table = SeatTable(table.session, self.app.t, table.speed)
        self.invite_all(self.host.away())
        return True

    def host_game(self) -> None:
        """Start a game for the host, the people on other devices and the bots the host chose;
        the invitations appear at once, one per person, in seat order."""
        from ..net.host import NetHost
        from ..ui.seat_table import SeatTable
        net, app, t = self.net, self.app, self.app.t
        name = " ".join(net.field("host-name", app.settings["players"][0]["name"]).split())
        people = net.number("net-people", 1, 1, MAX_REMOTE)
        bots = net.number("net-bots", 0, 0, MAX_REMOTE)
        level = net.field("net-level", setup.BOT_LEVELS[len(setup.BOT_LEVELS) // 2])
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
            net.problem = reason
            app.render()
            return
        app.settings = settings
        app.start_game(read_form=False)
        if app.table is None:
            return
        session = app.table.session
        self.host = NetHost(session, list(range(1, people + 1)), send=self.send_all,
                            clock=now_ms)
        app.table = SeatTable(session, app.t, app.table.speed)
        net.problem = None
        net.joining.save_guest(active=False)  # this page hosts now: no way back to another table
        app.saving.save()
        app.render()
        self.invite_all(self.host.remote)

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
        self.net.drafts.pop(f"answer-{seat}", None)  # an answer typed for the old invitation
        # "answer": None until an answer is taken, then "connecting", or "failed" when that
        # link closed (or timed out, static/js/net.js) before its channel opened
        self.invites[seat] = {"link": link, "url": None, "svg": None, "answer": None}
        self.app.render()
        sdp = await window.caboNet.offer(link, self.net.stun or None)
        code = signal.compact(str(sdp), "offer", seat)
        url = signal.invitation_url(str(window.location.href), code,
                                    self.host.session.seats[0].name)
        if self.invites.get(seat, {}).get("link") == link:
            self.invites[seat].update(url=url, svg=str(window.caboNet.qrSvg(url)))
        self.app.render()

    async def take_answer(self, seat, text) -> None:
        from ..net import signal
        net, t = self.net, self.app.t
        code = signal.code_from_text(text)
        invite = self.invites.get(seat)
        try:
            kind, answered, sdp = signal.expand(code or "")
        except signal.SignalError as exc:
            net.problem = t("net_bad_code", reason=str(exc))
            self.app.render()
            return
        if kind != "answer" or answered != seat or invite is None:
            net.problem = t("net_wrong_code")
            self.app.render()
            return
        net.problem = None
        try:
            await window.caboNet.answer(invite["link"], sdp)
            invite["answer"] = "connecting"
        except Exception as exc:  # noqa: BLE001 - a stale or used invitation
            net.problem = t("net_bad_code", reason=str(exc))
        self.app.render()

    def after_save(self) -> None:
        """Save the hosted table's seats and tokens next to the game (called by Saving.save).
        The guests got every change already: the NetHost sends it as the session changes."""
        if self.host is not None:
            storage_set(HOST_KEY, json.dumps(self.host.to_dict()))

    @staticmethod
    def send_all(replies) -> None:
        """The NetHost's replies [(link id, text or None: close it)] onto the channels."""
        for link, text in replies:
            if text is None:
                window.caboNet.close(link)
            else:
                window.caboNet.send(link, text)

    # -- events of the guests' links --------------------------------------------------------
    def on_event(self, link, kind, data) -> None:
        host, app = self.host, self.app
        if kind == "open" and link in self.link_seat:
            host.open_link(link, self.link_seat[link])
        elif kind == "message":
            before, stand_ins = host.seat_of(link), set(host.stand_ins)
            replies, events = host.receive(link, data if isinstance(data, str) else None)
            self.send_all(replies)
            seat = host.seat_of(link)
            welcome = before is None and seat is not None  # this message joined a seat
            if welcome:
                # the replies held the table for every guest already (NetHost._hello)
                self.invites.pop(seat, None)
                self.net.scanning = None
                app.saving.save()
                app.render()
                app.pacer.schedule()
            if events:  # the guest's action: the host's screen has heard of it (Table.changed)
                app.after_change(events)
                app.pacer.schedule()
            elif not welcome:  # a guest's emoji reaction flies over its seat here too
                app.render()
            if stand_ins != host.stand_ins and not welcome:  # a guest took its seat back
                app.saving.save()
                app.pacer.schedule()
        elif kind == "close":
            seat = self.link_seat.get(link)
            invite = self.invites.get(seat)
            if link not in host.links and invite is not None and invite["link"] == link \
                    and invite["answer"] == "connecting":
                invite["answer"] = "failed"  # the answer was read, the channel never opened
            joined = host.seat_of(link)
            host.close_link(link)
            self.net.unstable.discard(joined)
            self.send_all(host.updates())
            app.render()
            if joined is not None and joined in host.away():
                self.invite_all([joined])  # its way back is ready before anyone asks
        elif kind in ("unstable", "stable") and link in host.links:
            seat = host.links[link].seat
            (self.net.unstable.add if kind == "unstable" else self.net.unstable.discard)(seat)
            app.render()

    # -- the host's buttons -----------------------------------------------------------------
    def click(self, ctl, seat) -> None:
        """net-invite, net-connect, net-bot, net-person (a seat's controls)."""
        if ctl == "net-invite":
            asyncio.ensure_future(self.invite(seat))
        elif ctl == "net-connect":
            asyncio.ensure_future(self.take_answer(seat, self.net.value_of(f"answer-{seat}")))
        elif ctl in ("net-bot", "net-person"):
            (self.host.hand_to_bot if ctl == "net-bot" else self.host.take_back)(seat)
            self.send_all(self.host.updates())  # the seat's level, on every guest's table
            self.app.saving.save()
            self.app.render()
            self.app.pacer.schedule()
