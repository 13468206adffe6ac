"""The page side of the relay carriage (cabo/net/carriage.py): an online room's game through
the relays when no direct channel opens.

The host starts a carriage for an answered link whose data channel is not open RELAY_AFTER
seconds after the answer (or that closed before it ever opened). To NetPage it is one more
link, `<link>~relay`: its events come through RoomPage.on_net_event like a channel's, and
static/js/net.js hands every send or close of an id it has no channel for to `carry` /
`carry_close` here. The guest switches to the carriage when the host's first message (READY)
arrives for the link it answered; when a direct channel opens after all, the guest says hello
on it and the host's NetHost moves the seat there (the carriage is closed): the game plays
directly again.

Nothing here is contacted that the room did not contact already: the frames go to the room's
relays, encrypted with the seat code's key (static/js/room.js).
"""

from __future__ import annotations

import asyncio
import time

from pyodide.ffi import create_proxy
from pyscript import window

from ..net import carriage
from ..net.room import new_peer

RELAY_AFTER = 4.0     # seconds after the answer without an open channel: the relays carry
TICK = 0.25           # seconds between looks at resends and keep-alives
SUFFIX = "~relay"
_proxies = []


def _now() -> float:
    return time.monotonic() * 1000


class Relays:
    """The carriages of one page (host: one per relayed link; guest: at most one)."""

    def __init__(self, room_page):
        self.room = room_page
        self.host_id = new_peer()     # this page load's id in frames (host side)
        self.by_link = {}             # NetPage link id -> (Carriage, code)
        self.opened = set()           # host: room links whose direct channel opened
        self.answered = {}            # host: room link -> (code, seat, peer)
        self.gone_sent = {}           # host: (link, peer, host) -> when "gone" was last sent
        self.guest_ready = False      # guest: READY arrived, the game goes through the relay
        self.frames = 0               # frames published (for the bytes-per-move figures)
        self.ticking = False
        send = create_proxy(self.carry)
        close = create_proxy(self.carry_close)
        _proxies.extend([send, close])
        window.caboNet.carry = send
        window.caboNet.carryClose = close

    # -- both sides ---------------------------------------------------------------------------
    def _publish(self, code, frames) -> None:
        for text in frames:
            self.frames += 1
            asyncio.ensure_future(window.caboRoom.publish(code, text))

    def carry(self, link, text) -> bool:
        """net.js: a send on an id without a channel. True when a carriage took it."""
        item = self.by_link.get(str(link))
        if item is None or (str(link) == "host" and not self.guest_ready):
            return False
        c, code = item
        self._publish(code, c.send(str(text), _now()))
        return True

    def carry_close(self, link) -> None:
        """net.js: a close of an id without a channel (the host closes a relayed link)."""
        item = self.by_link.pop(str(link), None)
        if item is not None:
            c, code = item
            self._publish(code, [c.close()])
            if str(link) == "host":
                self.guest_ready = False

    def relayed(self, link) -> bool:
        return str(link) in self.by_link and (str(link) != "host" or self.guest_ready)

    def _start_ticking(self) -> None:
        if not self.ticking:
            self.ticking = True
            asyncio.ensure_future(self._tick())

    async def _tick(self) -> None:
        while self.by_link:
            await asyncio.sleep(TICK)
            now = _now()
            for link, (c, code) in list(self.by_link.items()):
                self._publish(code, c.tick(now))
                if c.dead(now):
                    self._closed(link)
        self.ticking = False

    def _closed(self, link) -> None:
        """A carriage closed (the other side said so, or went silent): as a channel's close."""
        item = self.by_link.pop(link, None)
        if item is None:
            return
        if link == "host":
            was_ready, self.guest_ready = self.guest_ready, False
            if was_ready:
                self.room.relay_event("host", "close", None)
            else:
                self.room.joined.relay_gone_before_ready()
        else:
            self.room.relay_event(link, "close", None)

    def frame(self, code, msg) -> None:
        """A carriage frame from the relays of room code `code`."""
        now = _now()
        for link, (c, c_code) in list(self.by_link.items()):
            if c_code == code and c.mine(msg):
                texts = c.receive(msg, now)
                if c.closed:
                    self._closed(link)
                    return
                for text in texts:
                    if link == "host" and not self.guest_ready:
                        if text == carriage.READY:
                            self.guest_ready = True
                            self.room.relay_event("host", "open", None)
                        continue
                    self.room.relay_event(link, "message", text)
                if link in self.by_link:
                    self._publish(code, c.flush(now))
                return
        if self.room.hosted.host is not None and msg["d"] == "g" and not msg.get("x"):
            key = (msg["l"], msg["p"], msg["h"])  # a link we do not know: "gone", now and then
            if now - self.gone_sent.get(key, -1e9) > 2000:
                self.gone_sent[key] = now
                self._publish(code, [carriage.gone(msg, "h")])
        elif self.room.joined.guest is not None and msg["d"] == "h" and "host" not in self.by_link:
            self._guest_first(code, msg, now)

    # -- the host ----------------------------------------------------------------------------
    def answered_link(self, link, code, seat, peer) -> None:
        """The host took the answer of `link`: relay it unless its channel opens in time."""
        self.answered[link] = (code, seat, peer)
        asyncio.ensure_future(self._wait_direct(link))

    async def _wait_direct(self, link) -> None:
        await asyncio.sleep(RELAY_AFTER)
        self.host_start(link)

    def direct_event(self, link, kind) -> None:
        """A channel event of a room link (host): open ends the wait; a close before it
        opened starts the carriage at once."""
        if kind == "open":
            self.opened.add(link)
            self.answered.pop(link, None)
        elif kind == "close" and link not in self.opened:
            self.host_start(link)

    def host_start(self, link) -> None:
        item = self.answered.pop(link, None)
        room, hosted = self.room, self.room.hosted
        if item is None or link in self.opened or not hosted.active():
            return
        code, seat, peer = item
        if hosted.host.codes.get(seat) != code:
            return  # the seat has another code now
        rid = link + SUFFIX
        c = carriage.Carriage(link, peer, self.host_id, "h", _now())
        self.by_link[rid] = (c, code)
        hosted.host.links[rid] = seat
        room.net.hosting.link_seat[rid] = seat
        self._publish(code, c.send(carriage.READY, _now()))
        self._start_ticking()
        room.relay_event(rid, "open", None)

    # -- the guest ---------------------------------------------------------------------------
    def _guest_first(self, code, msg, now) -> None:
        """The host's first frame for the link this guest answered: the relay carries now."""
        guest = self.room.joined.guest
        if guest.code != code or msg["l"] != guest.link or msg["p"] != guest.peer or \
                msg["n"] == 0 or self.room.joined.link_open:
            return
        c = carriage.Carriage(guest.link, guest.peer, msg["h"], "g", now)
        self.by_link["host"] = (c, code)
        self._start_ticking()
        self.frame(code, msg)

    def guest_stop(self) -> None:
        """The guest leaves the carriage (a direct channel opened, or it leaves the room)."""
        self.carry_close("host")
