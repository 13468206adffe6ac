"""The page side of online rooms: consent, codes, relays, and finding the host again.

cabo/net/room.py decides (codes, signalling messages, who may knock and who gets in); this
module moves texts between it, static/js/room.js (relays, encryption) and static/js/net.js
(the RTCPeerConnections of play across devices, reused as they are), and draws the room's
parts of the screen. Once a data channel is open, NetPage (netpage.py) plays the game over
it exactly as for the QR way: this module only filters a claimed seat's first message.

Opt-in: nothing outside the site is contacted before the person confirms the consent screen,
which lists the relays and STUN servers (cabo/net/services.py, or the person's own lists
under "Advanced"). A host or guest page that reloads with a room open goes back into it by
itself (the consent was given for that room).

localStorage: "cabo.room.host" ({game, codes, claimed}: next to NetPage's "cabo.net.host"),
"cabo.room.guest" ({code}), "cabo.room.settings" ({relays, stun, turn, turn_user,
turn_password}). `?relay=URL` (repeatable) and `?stun=none` replace the relays and STUN
servers for one visit (the page tests point them at 127.0.0.1 this way).
"""

from __future__ import annotations

import asyncio
import json
import time

from pyodide.ffi import create_proxy
from pyscript import document, window

from ..net import carriage, protocol, room, services
from ..schema import Invalid, Json, parse
from ..ui import setup
from . import roomscreens
from .relaypage import Relays
from .saving import storage_get, storage_remove, storage_set

HOST_KEY = "cabo.room.host"
GUEST_KEY = "cabo.room.guest"
SETTINGS_KEY = "cabo.room.settings"
STORED = Json(3, 300)
STORED_CHARS = 8_000
NO_RELAY_SECONDS = 6      # then "none of the relays answered"
KNOCK_SECONDS = 2.5       # a guest without a channel knocks this often
# An answered offer whose channel is not open by then: knock anew. Longer than the host's own
# wait for that channel (caboNet.connectMs, 20 s: ICE took over 10 s on a loaded machine), so
# a slow connection is not cut off by a new offer.
ANSWER_SECONDS = 25
AWAY_TICK = 2             # seconds between looks at who is away (a stand-in bot's start)
_proxies = []


def _node(node_id):
    node = document.getElementById(node_id)
    return None if node is None or not hasattr(node, "value") else node


class RoomPage:
    """The online room of one page: a host's codes, or a guest's way to its host."""

    def __init__(self, app, net):
        self.app, self.net = app, net
        self.settings = self._load_settings()
        self.visit = self._visit_services()   # ?relay= / ?stun=none, this visit only
        self.consent = None       # {"role": "host" | "guest", "code"} while asking
        self.host = None          # room.RoomHost on the host's page
        self.host_game = None     # the NetHost game id it was opened for
        self.guest = None         # room.RoomGuest on a guest's page
        self.up = {}              # code -> relays connected now
        self.no_relay = False     # NO_RELAY_SECONDS when no relay answered within them
        self.problem = None
        self.admitted = set()     # host: room links whose first message went through
        self.svg = {}             # host: seat -> QR code of the seat's link
        self.link_open = False    # guest: the channel to the host is open
        self.answered_at = None   # guest: when our answer went out
        self.dropped = 0          # signalling messages dropped (malformed or not ours)
        self.epoch = 0            # bumped when a room closes: its timers stop
        self.direct_open = False  # guest: the direct channel of the answered offer opened
        self.told = None          # why this page left its room (shown above everything)
        self.guest_step = -1      # guest: the game step last shown (less: a new game)
        relay = create_proxy(self.on_relay)
        netevent = create_proxy(self.on_net_event)
        hashchange = create_proxy(lambda event: self.from_url())
        _proxies.extend([relay, netevent, hashchange])
        window.caboRoom.onevent = relay
        window.caboNet.onevent = netevent   # NetPage still gets every event (on_net_event)
        window.addEventListener("hashchange", hashchange)
        # a host page with a room open: its guests come back through the room, so NetPage
        # makes no QR invitations by itself when it resumes the game (start() decides)
        if self._stored(HOST_KEY):
            net.hosting.invite_by_itself = False
        self.relays = Relays(self)  # the game through the relays when no channel opens

    # -- settings --------------------------------------------------------------------------
    def _load_settings(self) -> dict:
        default = {"relays": list(services.DEFAULT_RELAYS), "stun": list(services.DEFAULT_STUN),
                   "turn": "", "turn_user": "", "turn_password": ""}
        try:
            saved = parse(storage_get(SETTINGS_KEY) or "null", STORED, STORED_CHARS)
        except (Invalid, ValueError):
            return default
        if not isinstance(saved, dict):
            return default
        out = dict(default)
        if isinstance(saved.get("relays"), list):
            out["relays"] = room.clean_urls("\n".join(map(str, saved["relays"])), "relay")
        if isinstance(saved.get("stun"), list):
            out["stun"] = room.clean_urls("\n".join(map(str, saved["stun"])), "stun")
        turn = room.clean_urls(str(saved.get("turn", "")), "turn", 1)
        out["turn"] = turn[0] if turn else ""
        for key in ("turn_user", "turn_password"):
            out[key] = str(saved.get(key, ""))[:200]
        return out

    def _visit_services(self) -> dict:
        params = window.URLSearchParams.new(window.location.search)
        relays = room.clean_urls("\n".join(str(u) for u in params.getAll("relay")), "relay")
        visit = {}
        if relays:
            visit["relays"] = relays
        if str(params.get("stun")) == "none":
            visit["stun"] = []
        return visit

    def services(self) -> dict:
        """The relays and STUN servers in use now (this visit's, else the settings)."""
        return {**self.settings, **self.visit}

    def ice(self) -> str:
        s = self.services()
        return json.dumps(room.ice_servers(s["stun"], s["turn"], s["turn_user"],
                                           s["turn_password"]))

    def read_advanced(self) -> None:
        """The lists typed under "Advanced" (saved; they also replace this visit's)."""
        fields = {k: _node(f"room-{k.replace('_', '-')}") for k in
                  ("relays", "stun", "turn", "turn_user", "turn_password")}
        if fields["relays"] is None:
            return
        self.settings["relays"] = room.clean_urls(str(fields["relays"].value), "relay")
        self.settings["stun"] = room.clean_urls(str(fields["stun"].value), "stun")
        turn = room.clean_urls(str(fields["turn"].value), "turn", 1)
        self.settings["turn"] = turn[0] if turn else ""
        self.settings["turn_user"] = str(fields["turn_user"].value)[:200]
        self.settings["turn_password"] = str(fields["turn_password"].value)[:200]
        self.visit = {}
        storage_set(SETTINGS_KEY, json.dumps(self.settings))

    # -- start-up ----------------------------------------------------------------------------
    def start(self) -> None:
        """Ask about a #room= link; reopen the room of a reloaded host or guest page."""
        if self.from_url():
            return
        saved = self._stored(GUEST_KEY)
        if saved and room.normalize(saved.get("code")) and self.net.host is None:
            self.join(room.normalize(saved["code"]))
            return
        saved = self._stored(HOST_KEY)
        host = self.net.host
        if saved and host is not None and saved.get("game") == host.game:
            try:
                self.host = room.RoomHost.from_dict(saved, host.remote)
                self.open_host()
                return
            except (ValueError, TypeError):
                pass
        if saved:  # a room of another game: gone, and the QR way as usual
            storage_remove(HOST_KEY)
        self._invite_by_qr()

    def _invite_by_qr(self) -> None:
        """NetPage invites by QR code by itself again (no room, or it closed)."""
        net = self.net
        if not net.hosting.invite_by_itself:
            net.hosting.invite_by_itself = True
            if net.host is not None:
                net.hosting.invite_all(net.host.away())

    def _stored(self, key):
        try:
            saved = parse(storage_get(key) or "null", STORED, STORED_CHARS)
        except (Invalid, ValueError):
            return None
        return saved if isinstance(saved, dict) else None

    def from_url(self) -> bool:
        """A #room=CODE link: ask before joining (the fragment is removed)."""
        text = str(window.location.hash)
        if not text.startswith("#room="):
            return False
        window.history.replaceState(None, "", window.location.pathname + window.location.search)
        code = room.normalize(text)
        if code is None:
            self.problem = self.app.t("room_bad_code")
        else:  # (a link names the host: the name screen says whose table it joins)
            self.consent = {"role": "guest", "code": code, "host": room.host_named(text)}
        self.app.screen = "setup"
        self.app.render()
        return True

    # -- the host ------------------------------------------------------------------------------
    def open_host(self) -> None:
        """Listen for the guests of every remote seat's code."""
        self.epoch += 1
        self.host_game = self.net.host.game
        self._save_host()
        for seat, code in self.host.codes.items():
            self.svg[seat] = str(window.caboNet.qrSvg(self.url(code)))
            asyncio.ensure_future(self._open(code))
        for code in self.host.revoked:  # a knock with a replaced code is told so
            asyncio.ensure_future(self._open(code))
        asyncio.ensure_future(self._watch_relays(self.epoch))
        asyncio.ensure_future(self._watch_away(self.epoch))

    def url(self, code) -> str:
        """The room link of `code`, naming the host (its guest's name screen says whose
        table it joins)."""
        return room.room_url(str(window.location.href), code, self.host_name())

    def host_name(self):
        """The hosting person's name (None on a guest's page)."""
        host = self.net.host
        return host.session.seats[0].name if host is not None else None

    def _save_host(self) -> None:
        data = {"game": self.net.host.game, **self.host.to_dict()}
        storage_set(HOST_KEY, json.dumps(data))

    async def _open(self, code) -> None:
        s = self.services()
        self.up[code] = 0
        await window.caboRoom.open(code, json.dumps(s["relays"]), room.SALT, room.ITERATIONS,
                                   room.TOPIC_PREFIX)

    async def _watch_relays(self, epoch) -> None:
        await asyncio.sleep(NO_RELAY_SECONDS)
        if epoch == self.epoch and not any(self.up.values()):
            self.no_relay = NO_RELAY_SECONDS
            self.app.render()

    def _seat_of(self, code):
        if self.host is None:
            return None
        return next((s for s, c in self.host.codes.items() if c == code), None)

    def hosting(self) -> bool:
        """Whether this page hosts the game its room was opened for (a new game has none)."""
        return self.host is not None and self.net.host is not None and \
            self.net.host.game == self.host_game

    async def _host_signal(self, code, msg) -> None:
        seat = self._seat_of(code)
        if seat is None and self.hosting() and code in self.host.revoked and \
                msg["k"] == "knock":
            await window.caboRoom.publish(code, room.signal("revoked", msg["p"]))
            return
        if seat is None or not self.hosting():
            return
        if msg["k"] == "knock":
            step = self.host.knock(seat, msg["p"])
            if step[0] == "again":
                await window.caboRoom.publish(code, room.signal(
                    "offer", msg["p"], step[1], step[2], self.host_name()))
            elif step[0] == "new":
                link = step[1]
                for old in step[2]:
                    window.caboNet.close(old)
                    self.net.hosting.link_seat.pop(old, None)
                self.net.hosting.link_seat[link] = seat
                try:
                    sdp = await window.caboNet.offer(link, self.ice())
                except Exception:  # noqa: BLE001 - no offer: the next knock asks anew
                    self.host.ended(link)
                    raise
                text = self.host.offered(link, str(sdp), self.host_name())
                if text is not None:
                    await window.caboRoom.publish(code, text)
        elif msg["k"] == "answer" and self.host.answer(seat, msg):
            try:
                await window.caboNet.answer(msg["l"], msg["sdp"])
            except Exception:  # noqa: BLE001 - the link closed meanwhile, or a bad SDP
                self.host.ended(msg["l"])
                return
            self.relays.answered_link(msg["l"], code, seat, msg["p"])

    def _host_net_event(self, link, kind, data) -> bool:
        """Before NetPage sees an event of a room link: False if it must not see it."""
        host = self.net.host
        if kind in ("open", "close"):
            if not link.endswith("~relay"):
                self.relays.direct_event(link, kind)
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

    def _after_host_message(self, link) -> None:
        if self.net.host is not None and self.net.host.asking is not None:
            self.app.saving.save()  # (an answer, kept with the host's save)
        held = self.net.host.links.get(link) if self.net.host is not None else None
        if held is not None and held.seat is not None and held.seat not in self.host.claimed:
            self.host.claimed.add(held.seat)
            self._save_host()
            self.app.render()

    def play_again(self) -> None:
        """After a game, "Play again": every guest at the table is asked "another game?"
        (cabo/net/again.py); the host's panel shows their answers and starts when it wants."""
        if not self.hosting():
            return
        for link, text in self.net.host.ask_again():
            window.caboNet.send(link, text)
        self.app.saving.save()  # (the question and its answers outlast a reload)
        self.app.render()

    def start_again(self) -> None:
        """The host starts the new game with the same seats, tokens and codes: the guests who
        said yes play their seats, a stand-in plays every other one; the guests at the table
        get the new table at once, the others when they come back."""
        from ..ui.seat_table import SeatTable
        from ..play.session import Seat, Session

        if not self.hosting() or self.net.host.asking is None or \
                self.net.host.session.state.phase != "game_over":
            return
        host, app = self.net.host, self.app
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

    def answer_again(self, yes) -> None:
        """A guest's answer to "another game?" (or, sitting a game out, "Play my seat")."""
        guest = self.net.guest
        if self.guest is not None and guest is not None and guest.ready:
            guest.send_again(yes)

    def renew(self, seat) -> None:
        """"New code for Ben": the seat's old code and token stop working; a device that
        plays it now is told it was replaced; the first device with the new code gets it."""
        if not self.hosting() or seat not in self.host.codes:
            return
        code = self.host.renew(seat)
        replies = self.net.host.revoke(seat)
        for link, text in replies + self.net.host.updates():
            window.caboNet.send(link, text)
        for link, _ in replies:  # closed once the message is on its way
            self.net.hosting.link_seat.pop(link, None)
            window.setTimeout(create_proxy(lambda link=link: window.caboNet.close(link)), 1500)
        self.svg[seat] = str(window.caboNet.qrSvg(self.url(code)))
        asyncio.ensure_future(self._open(code))
        self._save_host()
        self.app.saving.save()
        self.app.render()

    def close_room(self) -> None:
        """Close the relays (the game and its QR way go on)."""
        self.epoch += 1
        for link in [k for k in self.relays.by_link if k != "host"]:
            self.relays.carry_close(link)
            self.net.on_event(link, "close", None)
        for code in list(self.up):
            window.caboRoom.close(code)
        self.up, self.host, self.no_relay, self.svg = {}, None, False, {}
        storage_remove(HOST_KEY)
        self._invite_by_qr()
        self.app.render()

    # -- the guest -----------------------------------------------------------------------------
    def join(self, code) -> None:
        """Go into the room of `code` (after consent, or after a reload) and knock."""
        self.epoch += 1
        self.relays.guest_stop()
        self.guest = room.RoomGuest(code)
        storage_set(GUEST_KEY, json.dumps({"code": code}))
        self.link_open, self.answered_at, self.problem, self.no_relay = False, None, None, False
        self.direct_open = False
        self._new_net_guest()
        asyncio.ensure_future(self._open(code))
        asyncio.ensure_future(self._knocking(self.epoch))
        asyncio.ensure_future(self._watch_relays(self.epoch))
        self.app.render()

    def _new_net_guest(self) -> None:
        """A fresh protocol guest for each channel (message numbers start anew); its name is
        the one typed on the consent screen (NetPage reads it again when the channel opens)."""
        from ..net.guest import NetGuest  # (imported when a room first brings a guest)

        self.net.guest = NetGuest(self.app.lang, self.net.joining.guest_token(),
                                  send=lambda text: window.caboNet.send("host", text),
                                  name=self.net.joining.guest_name())
        self.net.joining.rejoin = None

    async def _knocking(self, epoch) -> None:
        while epoch == self.epoch and self.guest is not None:
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

    def _knock_now(self, code) -> None:
        """A relay came up: knock at once rather than at the next tick."""
        guest = self.guest
        if guest is not None and guest.code == code and not self.link_open and \
                guest.link is None:
            asyncio.ensure_future(window.caboRoom.publish(code, guest.knock()))

    async def _guest_signal(self, code, msg) -> None:
        guest = self.guest
        if guest is None or code != guest.code:
            return
        what = guest.offer(msg)
        if what == "again":
            await window.caboRoom.publish(code, room.signal("answer", guest.peer, guest.link,
                                                            guest.answer))
        elif what == "join":
            self.relays.guest_stop()
            self.direct_open = False
            self._new_net_guest()
            self.answered_at = time.monotonic()  # (a failed join: knock anew after a while)
            sdp = await window.caboNet.join("host", msg["sdp"], self.ice())
            if self.guest is guest and guest.link == msg["l"]:
                self.answered_at = time.monotonic()
                await window.caboRoom.publish(code, guest.answered(str(sdp)))

    def _guest_net_event(self, kind) -> bool:
        """Before NetPage sees an event of the direct channel: False if it must not see it.
        While the relays carry the game, the old attempt's close or unsteadiness is not news;
        a direct channel that opens after all takes over (a new hello on it)."""
        relayed = self.relays.relayed("host")
        if kind == "open":
            if relayed:
                self.relays.guest_stop()
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

    def _new_guest_table(self, guest) -> None:
        from ..net.guest import RemoteSession
        from ..ui.seat_table import SeatTable

        app = self.app
        app.table = SeatTable(RemoteSession(guest), app.t, app.settings["speed"],
                              seat=guest.seat)
        app.screen = "table"
        host = guest.seats[0]["name"] if guest.seats else app.t("net_the_host")
        # (a guest who sits this game out reads so on its panel instead)
        app.notice = None if guest.sits_out() else app.t("room_again_note", host=host)
        app.render()

    def _guest_relay_event(self, kind) -> bool:
        if kind == "open":
            self.link_open = True
            self.net.joining.lost = False
        elif kind == "close":
            self.link_open = self.direct_open = False
            window.caboNet.close("host")  # the direct attempt of that offer, if any is left
            self.guest.retry()
            self.answered_at = None
        return True

    def _after_guest_event(self, kind) -> None:
        guest = self.net.guest
        if kind == "message" and guest is not None and guest.ready:
            if guest.obs.step < self.guest_step:  # the host plays again: a new table
                self._new_guest_table(guest)
            self.guest_step = guest.obs.step
        if kind == "message" and guest is not None and guest.error in ("no_seat", "replaced"):
            self.leave(self.app.t("room_" + guest.error))
        elif kind in ("open", "close"):
            self.app.render()

    def leave(self, problem=None) -> None:
        """Leave the room: relays closed, nothing kept."""
        self.epoch += 1
        self.relays.guest_stop()
        if self.guest is not None:
            window.caboRoom.close(self.guest.code)
        window.caboNet.close("host")
        self.guest, self.up, self.no_relay, self.link_open = None, {}, False, False
        storage_remove(GUEST_KEY)
        self.problem = problem
        self.net.joining.leave_table()  # the seat token forgotten, this page's own game again
        if problem is not None:  # said above everything, with the field for a new code
            self.told, self.problem, self.app.notice = problem, None, None
            if self.app.screen == "table":
                self.app.screen = "setup"
            self.app.render()

    # -- events ----------------------------------------------------------------------------------
    def on_relay(self, code, kind, data) -> None:
        """An event of static/js/room.js: a decrypted message, or how many relays are up."""
        try:
            code, kind = str(code), str(kind)
            if kind == "relays":
                up = int(data) if isinstance(data, (int, float)) else 0
                if up != self.up.get(code):
                    self.up[code] = up
                    if up:
                        self.no_relay = False
                        self._knock_now(code)
                    self.app.render()
                return
            text = data if isinstance(data, str) else None
            msg = room.read_signal(text)
            if msg is None:
                frame = carriage.read_frame(text)
                if frame is None:
                    self.dropped += 1
                else:
                    self.relays.frame(code, frame)
                return
            if self.host is not None and msg["k"] in ("knock", "answer"):
                asyncio.ensure_future(self._host_signal(code, msg))
            elif self.guest is not None and msg["k"] == "offer":
                asyncio.ensure_future(self._guest_signal(code, msg))
            elif self.guest is not None and msg["k"] == "revoked" and \
                    code == self.guest.code and msg["p"] == self.guest.peer:
                self.leave(self.app.t("room_replaced"))
        except Exception as exc:  # noqa: BLE001 - a relay message must never stop the page
            print(f"cabo.room: error while handling {kind}: {exc!r}")

    def relay_event(self, link, kind, data) -> None:
        """An event of a link carried through the relays (relaypage.py): as a channel's."""
        self.on_net_event(link, kind, data, relayed=True)

    def on_net_event(self, link, kind, data, relayed=False) -> None:
        """Every event of static/js/net.js (and of the relay carriage, `relayed`): the room's
        own look first, then NetPage's."""
        link_s, kind_s = str(link), str(kind)
        passes = True
        try:
            if self.hosting() and link_s in self.host.links:
                passes = self._host_net_event(link_s, kind_s, data)
            elif self.guest is not None and link_s == "host":
                passes = self._guest_relay_event(kind_s) if relayed else \
                    self._guest_net_event(kind_s)
        except Exception as exc:  # noqa: BLE001
            print(f"cabo.room: error while handling {kind_s} on {link_s}: {exc!r}")
        if not passes:
            return
        self.net.on_event(link, kind, data)
        try:
            if self.hosting() and link_s in self.host.links and kind_s == "message":
                self._after_host_message(link_s)
            elif self.guest is not None and link_s == "host":
                self._after_guest_event(kind_s)
        except Exception as exc:  # noqa: BLE001
            print(f"cabo.room: error after {kind_s} on {link_s}: {exc!r}")

    def click(self, ctl, target) -> None:
        app = self.app
        if ctl == "room-host":  # (the table's size: NetPage's fields, kept in its drafts)
            self.problem, self.consent = None, {"role": "host", "code": None}
            app.render()
        elif ctl == "room-join":
            self.told = None
            node = _node("room-code")
            typed = str(node.value) if node is not None else ""
            code = room.normalize(typed)
            if code is None:
                self.problem = app.t("room_bad_code")
            else:  # (a pasted link names the host; a typed code does not)
                self.problem, self.consent = None, {"role": "guest", "code": code,
                                                    "host": room.host_named(typed)}
            app.render()
        elif ctl == "room-back":
            self.consent = None
            app.render()
        elif ctl == "room-go" and self.consent is not None:
            self.go()
        elif ctl == "room-close":
            self.close_room()
        elif ctl == "room-again":
            self.play_again()
        elif ctl == "room-start":
            self.start_again()
        elif ctl in ("room-yes", "room-no"):
            self.answer_again(ctl == "room-yes")
        elif ctl == "room-told-ok":
            self.told = None
            app.render()
        elif ctl == "room-renew":
            seat = target.getAttribute("data-seat")
            if isinstance(seat, str) and seat.isdigit():
                self.renew(int(seat))
        elif ctl == "room-leave":
            self.leave()

    def go(self) -> None:
        """The person confirmed the consent screen: open or join the room."""
        self.read_advanced()
        if not self.services()["relays"]:
            self.problem = self.app.t("room_need_relay")
            self.app.render()
            return
        consent, self.consent = self.consent, None
        if consent["role"] == "guest":
            self.join(consent["code"])
            return
        if self.host is not None:
            self.close_room()
        self.net.hosting.invite_by_itself = False  # the room brings the guests
        self.net.hosting.host_game()
        if self.net.host is None:
            self.net.hosting.invite_by_itself = True
            return
        self.host = room.RoomHost.new(self.net.host.remote)
        self._read_stand_in()
        self.open_host()
        self.app.render()

    def _read_stand_in(self) -> None:
        """The consent screen's choice of a stand-in bot (level; by itself after a while)."""
        def chosen(key, default):
            node = _node(key)
            return str(node.value) if node is not None else self.net.drafts.get(key, default)
        after, level = chosen("room-standin-after", "0"), chosen("room-standin-level", "")
        if after.isdigit() and int(after) in room.STAND_IN_AFTER:
            self.host.stand_in_after = int(after)
        if level in setup.BOT_LEVELS:
            self.net.host.stand_in_level = level
            self.app.saving.save()

    async def _watch_away(self, epoch) -> None:
        """A bot plays for a seat away longer than the host chose (the person takes the seat
        back by coming back: NetHost's hello ends the stand-in)."""
        since = {}
        while epoch == self.epoch and self.hosting():
            host, now = self.net.host, time.monotonic()
            since = {s: since.get(s, now) for s in host.away() if s not in host.stand_ins}
            for seat in self.host.stand_ins_due(since, now):
                self.stand_in(seat)
            await asyncio.sleep(AWAY_TICK)

    def stand_in(self, seat) -> None:
        host = self.net.host
        host.hand_to_bot(seat)
        for link, text in host.updates():  # the seat's level, on every guest's table
            window.caboNet.send(link, text)
        self.app.saving.save()
        self.app.render()
        self.app.pacer.schedule()

    # -- drawing (cabo/web/roomscreens.py) ---------------------------------------------------
    def screen_html(self):
        """The consent screen, or a guest's "looking for the host", instead of the set-up
        form; None when neither is due."""
        return roomscreens.screen(self)

    def setup_html(self) -> str:
        return roomscreens.setup_part(self)

    def panel_html(self, net_panel: str) -> str:
        """On the table, with NetPage's panel (`net_panel`): the room's codes and who is here."""
        return roomscreens.panel(self, net_panel)
