"""The host's side of an online room (roompage.py): its seats' codes, the knocks and offers
of their guests, the first message of a claimed seat, stand-in bots, new codes, "Play again".

cabo/net/room.py decides (codes, who may knock, who gets in) and cabo/net/host.py plays the
game; this side moves their texts to static/js/room.js (the relays) and static/js/net.js (the
channels). Its state is saved under "cabo.room.host" ({game, codes, claimed}) next to
NetPage's "cabo.net.host", so a reloaded host page opens its room again.
"""

from __future__ import annotations

import asyncio
import json
import time

from pyodide.ffi import create_proxy
from pyscript import window

from ..net import protocol, room
from ..ui import setup
from .saving import storage_remove, storage_set

HOST_KEY = "cabo.room.host"
AWAY_TICK = 2             # seconds between looks at who is away (a stand-in bot's start)


class HostRoom:
    """The room of the game this page hosts (`host` is None while it has none)."""

    def __init__(self, page):
        self.page = page          # the RoomPage: its relays, timers and services
        self.host = None          # room.RoomHost
        self.game = None          # the NetHost game id it was opened for
        self.admitted = set()     # room links whose first message went through
        self.svg = {}             # seat -> QR code of the seat's link

    @property
    def net(self):
        return self.page.net

    def active(self) -> bool:
        """Whether this page hosts the game its room was opened for (a new game has none)."""
        return self.host is not None and self.net.host is not None and \
            self.net.host.game == self.game

    def resume(self, saved) -> bool:
        """After a reload: the saved room of the game this page still hosts, opened again."""
        host = self.net.host
        if saved and host is not None and saved.get("game") == host.game:
            try:
                self.host = room.RoomHost.from_dict(saved, host.remote)
                self.open()
                return True
            except (ValueError, TypeError):
                pass
        return False

    def new(self, stand_in_after, stand_in_level) -> None:
        """Open a room for the game this page hosts (the consent was given)."""
        self.host = room.RoomHost.new(self.net.host.remote)
        if stand_in_after.isdigit() and int(stand_in_after) in room.STAND_IN_AFTER:
            self.host.stand_in_after = int(stand_in_after)
        if stand_in_level in setup.BOT_LEVELS:
            self.net.host.stand_in_level = stand_in_level
            self.page.app.saving.save()
        self.open()

    def open(self) -> None:
        """Listen for the guests of every remote seat's code."""
        page = self.page
        page.epoch += 1
        self.game = self.net.host.game
        self.save()
        for seat, code in self.host.codes.items():
            self.svg[seat] = str(window.caboNet.qrSvg(self.url(code)))
            asyncio.ensure_future(page.open_code(code))
        for code in self.host.revoked:  # a knock with a replaced code is told so
            asyncio.ensure_future(page.open_code(code))
        asyncio.ensure_future(page.watch_relays(page.epoch))
        asyncio.ensure_future(self._watch_away(page.epoch))

    def url(self, code) -> str:
        """The room link of `code`, naming the host (its guest's name screen says whose
        table it joins)."""
        return room.room_url(str(window.location.href), code, self.name())

    def name(self):
        """The hosting person's name (None on a guest's page)."""
        host = self.net.host
        return host.session.seats[0].name if host is not None else None

    def save(self) -> None:
        data = {"game": self.net.host.game, **self.host.to_dict()}
        storage_set(HOST_KEY, json.dumps(data))

    def _seat_of(self, code):
        if self.host is None:
            return None
        return next((s for s, c in self.host.codes.items() if c == code), None)

    async def signal(self, code, msg) -> None:
        """A guest's knock or answer, read from the relays of `code`."""
        seat = self._seat_of(code)
        if seat is None and self.active() and code in self.host.revoked and \
                msg["k"] == "knock":
            await window.caboRoom.publish(code, room.signal("revoked", msg["p"]))
            return
        if seat is None or not self.active():
            return
        if msg["k"] == "knock":
            step = self.host.knock(seat, msg["p"])
            if step[0] == "again":
                await window.caboRoom.publish(code, room.signal(
                    "offer", msg["p"], step[1], step[2], self.name()))
            elif step[0] == "new":
                link = step[1]
                for old in step[2]:
                    window.caboNet.close(old)
                    self.net.hosting.link_seat.pop(old, None)
                self.net.hosting.link_seat[link] = seat
                try:
                    sdp = await window.caboNet.offer(link, self.page.ice())
                except Exception:  # noqa: BLE001 - no offer: the next knock asks anew
                    self.host.ended(link)
                    raise
                text = self.host.offered(link, str(sdp), self.name())
                if text is not None:
                    await window.caboRoom.publish(code, text)
        elif msg["k"] == "answer" and self.host.answer(seat, msg):
            try:
                await window.caboNet.answer(msg["l"], msg["sdp"])
            except Exception:  # noqa: BLE001 - the link closed meanwhile, or a bad SDP
                self.host.ended(msg["l"])
                return
            self.page.relays.answered_link(msg["l"], code, seat, msg["p"])

    def net_event(self, link, kind, data) -> bool:
        """Before NetPage sees an event of a room link: False if it must not see it."""
        host = self.net.host
        if kind in ("open", "close"):
            if not link.endswith("~relay"):
                self.page.relays.direct_event(link, kind)
            self.host.ended(link)
            self.admitted.discard(link)
            return True
        if kind != "message" or link in self.admitted:
            return True
        if self.host.admits(link, data if isinstance(data, str) else None, host.tokens):
            self.admitted.add(link)
            return True
        # a claimed seat and no token of it: no seat, no state, the link is closed
        held = host.links.get(link)
        if held is not None:
            window.caboNet.send(link, protocol.error(held.next_n(), "no_seat"))
        host.close_link(link)
        self.net.hosting.link_seat.pop(link, None)
        window.setTimeout(create_proxy(lambda: window.caboNet.close(link)), 500)
        return False

    def after_message(self, link) -> None:
        app = self.page.app
        if self.net.host is not None and self.net.host.asking is not None:
            app.saving.save()  # (an answer, kept with the host's save)
        held = self.net.host.links.get(link) if self.net.host is not None else None
        if held is not None and held.seat is not None and held.seat not in self.host.claimed:
            self.host.claimed.add(held.seat)
            self.save()
            app.render()

    def play_again(self) -> None:
        """After a game, "Play again": every guest at the table is asked "another game?"
        (cabo/net/again.py); the host's panel shows their answers and starts when it wants."""
        if not self.active():
            return
        for link, text in self.net.host.ask_again():
            window.caboNet.send(link, text)
        self.page.app.saving.save()  # (the question and its answers outlast a reload)
        self.page.app.render()

    def start_again(self) -> None:
        """The host starts the new game with the same seats, tokens and codes: the guests who
        said yes play their seats, a stand-in plays every other one; the guests at the table
        get the new table at once, the others when they come back."""
        from ..play.session import Seat, Session
        from ..ui.seat_table import SeatTable

        if not self.active() or self.net.host.asking is None or \
                self.net.host.session.state.phase != "game_over":
            return
        host, app = self.net.host, self.page.app
        old = host.session
        seats = [Seat(s.name, None if i == 0 or i in host.remote else s.bot)
                 for i, s in enumerate(old.seats)]
        session = Session(old.rules, seats, (old.seed + 1) % 2**31)
        replies = host.restart(session)
        app.table = SeatTable(session, app.t, app.table.speed)
        app.screen = "table"
        for link, text in replies:
            window.caboNet.send(link, text)
        app.saving.save()
        app.render()
        window.scrollTo(0, 0)
        app.pacer.schedule()

    def renew(self, seat) -> None:
        """"New code for Ben": the seat's old code and token stop working; a device that
        plays it now is told it was replaced; the first device with the new code gets it."""
        if not self.active() or seat not in self.host.codes:
            return
        code = self.host.renew(seat)
        replies = self.net.host.revoke(seat)
        for link, text in replies + self.net.host.updates():
            window.caboNet.send(link, text)
        for link, _ in replies:  # closed once the message is on its way
            self.net.hosting.link_seat.pop(link, None)
            window.setTimeout(create_proxy(lambda link=link: window.caboNet.close(link)), 1500)
        self.svg[seat] = str(window.caboNet.qrSvg(self.url(code)))
        asyncio.ensure_future(self.page.open_code(code))
        self.save()
        self.page.app.saving.save()
        self.page.app.render()

    def close(self) -> None:
        """Close the relays (the game and its QR way go on)."""
        page = self.page
        page.epoch += 1
        for link in [k for k in page.relays.by_link if k != "host"]:
            page.relays.carry_close(link)
            self.net.on_event(link, "close", None)
        for code in list(page.up):
            window.caboRoom.close(code)
        page.up, page.no_relay = {}, False
        self.host, self.svg = None, {}
        storage_remove(HOST_KEY)
        page.invite_by_qr()
        page.app.render()

    async def _watch_away(self, epoch) -> None:
        """A bot plays for a seat away longer than the host chose (the person takes the seat
        back by coming back: NetHost's hello ends the stand-in)."""
        since = {}
        while epoch == self.page.epoch and self.active():
            host, now = self.net.host, time.monotonic()
            since = {s: since.get(s, now) for s in host.away() if s not in host.stand_ins}
            for seat in self.host.stand_ins_due(since, now):
                self.stand_in(seat)
            await asyncio.sleep(AWAY_TICK)

    def stand_in(self, seat) -> None:
        app = self.page.app
        host = self.net.host
        host.hand_to_bot(seat)
        for link, text in host.updates():  # the seat's level, on every guest's table
            window.caboNet.send(link, text)
        app.saving.save()
        app.render()
        app.pacer.schedule()
