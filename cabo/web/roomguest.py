"""A guest's side of an online room (roompage.py): knocking at the host's code, answering its
offer, the channel to the host (direct or through the relays), a new table when the host plays
again, and leaving.

cabo/net/room.py decides (knocks, offers, retries) and cabo/net/guest.py plays the seat; this
side moves their texts to static/js/room.js (the relays) and static/js/net.js (the channel).
It keeps "cabo.room.guest" ({code}), so a reloaded guest page knocks again by itself.
"""

from __future__ import annotations

import asyncio
import json
import time

from pyscript import window

from ..net import room
from .saving import storage_remove, storage_set

GUEST_KEY = "cabo.room.guest"
KNOCK_SECONDS = 2.5       # a guest without a channel knocks this often
# An answered offer whose channel is not open by then: knock anew. Longer than the host's own
# wait for that channel (caboNet.connectMs, 20 s: ICE took over 10 s on a loaded machine), so
# a slow connection is not cut off by a new offer.
ANSWER_SECONDS = 25


class GuestRoom:
    """This page's way into another page's room (`guest` is None while it has none)."""

    def __init__(self, page):
        self.page = page          # the RoomPage: its relays, timers and services
        self.guest = None         # room.RoomGuest
        self.link_open = False    # the channel to the host is open
        self.answered_at = None   # when our answer went out
        self.direct_open = False  # the direct channel of the answered offer opened
        self.step = -1            # the game step last shown (less: a new game)

    @property
    def net(self):
        return self.page.net

    def join(self, code) -> None:
        """Go into the room of `code` (after consent, or after a reload) and knock."""
        page = self.page
        page.epoch += 1
        page.relays.guest_stop()
        self.guest = room.RoomGuest(code)
        storage_set(GUEST_KEY, json.dumps({"code": code}))
        self.link_open, self.answered_at, page.problem, page.no_relay = False, None, None, False
        self.direct_open = False
        self._new_net_guest()
        asyncio.ensure_future(page.open_code(code))
        asyncio.ensure_future(self._knocking(page.epoch))
        asyncio.ensure_future(page.watch_relays(page.epoch))
        page.app.render()

    def _new_net_guest(self) -> None:
        """A fresh protocol guest for each channel (message numbers start anew); its name is
        the one typed on the consent screen (NetPage reads it again when the channel opens)."""
        from ..net.guest import NetGuest  # (imported when a room first brings a guest)

        self.net.guest = NetGuest(self.page.app.lang, self.net.joining.guest_token(),
                                  send=lambda text: window.caboNet.send("host", text),
                                  name=self.net.joining.guest_name())
        self.net.joining.rejoin = None

    async def _knocking(self, epoch) -> None:
        while epoch == self.page.epoch and self.guest is not None:
            guest = self.guest
            if not self.link_open:
                late = self.answered_at is not None and \
                    time.monotonic() - self.answered_at > ANSWER_SECONDS
                if late:
                    guest.retry()
                    self.answered_at = None
                if guest.link is None:
                    await window.caboRoom.publish(guest.code, guest.knock())
            await asyncio.sleep(KNOCK_SECONDS)

    def knock_now(self, code) -> None:
        """A relay came up: knock at once rather than at the next tick."""
        guest = self.guest
        if guest is not None and guest.code == code and not self.link_open and \
                guest.link is None:
            asyncio.ensure_future(window.caboRoom.publish(code, guest.knock()))

    async def signal(self, code, msg) -> None:
        """The host's offer, read from the relays of `code`."""
        guest = self.guest
        if guest is None or code != guest.code:
            return
        what = guest.offer(msg)
        if what == "again":
            await window.caboRoom.publish(code, room.signal("answer", guest.peer, guest.link,
                                                            guest.answer))
        elif what == "join":
            self.page.relays.guest_stop()
            self.direct_open = False
            self._new_net_guest()
            self.answered_at = time.monotonic()  # (a failed join: knock anew after a while)
            sdp = await window.caboNet.join("host", msg["sdp"], self.page.ice())
            if self.guest is guest and guest.link == msg["l"]:
                self.answered_at = time.monotonic()
                await window.caboRoom.publish(code, guest.answered(str(sdp)))

    def net_event(self, kind) -> bool:
        """Before NetPage sees an event of the direct channel: False if it must not see it.
        While the relays carry the game, the old attempt's close or unsteadiness is not news;
        a direct channel that opens after all takes over (a new hello on it)."""
        relays = self.page.relays
        relayed = relays.relayed("host")
        if kind == "open":
            if relayed:
                relays.guest_stop()
                self._new_net_guest()
            self.link_open = self.direct_open = True
            self.net.joining.lost = False
        elif relayed:
            return False
        elif kind == "close":
            if not self.direct_open and self.answered_at is not None:
                return False  # it never opened: the host carries it through the relays soon
            self.link_open = self.direct_open = False
            self.guest.retry()
            self.answered_at = None
        return True

    def relay_gone_before_ready(self) -> None:
        """The guest's carriage closed before the host's first message: knock anew."""
        if self.guest is not None and not self.link_open:
            self.guest.retry()
            self.answered_at = None

    def relay_event(self, kind) -> bool:
        """An event of the carriage through the relays (it always reaches NetPage)."""
        if kind == "open":
            self.link_open = True
            self.net.joining.lost = False
        elif kind == "close":
            self.link_open = self.direct_open = False
            window.caboNet.close("host")  # the direct attempt of that offer, if any is left
            self.guest.retry()
            self.answered_at = None
        return True

    def _new_table(self, guest) -> None:
        from ..net.guest import RemoteSession
        from ..ui.seat_table import SeatTable

        app = self.page.app
        app.table = SeatTable(RemoteSession(guest), app.t, app.settings["speed"],
                              seat=guest.seat)
        app.screen = "table"
        host = guest.seats[0]["name"] if guest.seats else app.t("net_the_host")
        # (a guest who sits this game out reads so on its panel instead)
        app.notice = None if guest.sits_out() else app.t("room_again_note", host=host)
        app.render()

    def after_event(self, kind) -> None:
        guest = self.net.guest
        if kind == "message" and guest is not None and guest.ready:
            if guest.obs.step < self.step:  # the host plays again: a new table
                self._new_table(guest)
            self.step = guest.obs.step
        if kind == "message" and guest is not None and guest.error in ("no_seat", "replaced"):
            self.leave(self.page.app.t("room_" + guest.error))
        elif kind in ("open", "close"):
            self.page.app.render()

    def answer_again(self, yes) -> None:
        """A guest's answer to "another game?" (or, sitting a game out, "Play my seat")."""
        guest = self.net.guest
        if self.guest is not None and guest is not None and guest.ready:
            guest.send_again(yes)

    def leave(self, problem=None) -> None:
        """Leave the room: relays closed, nothing kept."""
        page, app = self.page, self.page.app
        page.epoch += 1
        page.relays.guest_stop()
        if self.guest is not None:
            window.caboRoom.close(self.guest.code)
        window.caboNet.close("host")
        self.guest, self.link_open = None, False
        page.up, page.no_relay = {}, False
        storage_remove(GUEST_KEY)
        page.problem = problem
        self.net.joining.leave_table()  # the seat token forgotten, this page's own game again
        if problem is not None:  # said above everything, with the field for a new code
            page.told, page.problem, app.notice = problem, None, None
            if app.screen == "table":
                app.screen = "setup"
            app.render()
