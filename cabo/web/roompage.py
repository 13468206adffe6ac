"""The page side of online rooms: consent, codes, relays, and finding the host again.

cabo/net/room.py decides (codes, signalling messages, who may knock and who gets in); this
module moves texts between it, static/js/room.js (relays, encryption) and static/js/net.js
(the RTCPeerConnections of play across devices, reused as they are), and draws the room's
parts of the screen. Its two sides are the host's (roomhost.py: seat codes, knocks, offers,
stand-ins, "Play again") and a guest's (roomguest.py: knocking, answering, leaving); this
module holds what they share: consent, settings, relays, the events of room.js and net.js
(each to the side it belongs to), and the room's clicks. Once a data channel is open, NetPage
(netpage.py) plays the game over it exactly as for the QR way: the room only filters a
claimed seat's first message.

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

from pyodide.ffi import create_proxy
from pyscript import document, window

from ..net import carriage, room, services
from ..schema import Invalid, Json, parse
from . import roomscreens
from .relaypage import Relays
from .roomguest import GUEST_KEY, GuestRoom
from .roomhost import HOST_KEY, HostRoom
from .saving import storage_get, storage_remove, storage_set

SETTINGS_KEY = "cabo.room.settings"
STORED = Json(3, 300)
STORED_CHARS = 8_000
NO_RELAY_SECONDS = 6      # then "none of the relays answered"
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
        self.hosted = HostRoom(self)    # the room of the game this page hosts
        self.joined = GuestRoom(self)   # this page's way into another page's room
        self.up = {}              # code -> relays connected now
        self.no_relay = False     # NO_RELAY_SECONDS when no relay answered within them
        self.problem = None
        self.dropped = 0          # signalling messages dropped (malformed or not ours)
        self.epoch = 0            # bumped when a room closes: its timers stop
        self.told = None          # why this page left its room (shown above everything)
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
            self.joined.join(room.normalize(saved["code"]))
            return
        saved = self._stored(HOST_KEY)
        if self.hosted.resume(saved):
            return
        if saved:  # a room of another game: gone, and the QR way as usual
            storage_remove(HOST_KEY)
        self.invite_by_qr()

    def invite_by_qr(self) -> None:
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

    async def open_code(self, code) -> None:
        """Listen on the relays for `code` (a host's seat, or the room a guest joins)."""
        s = self.services()
        self.up[code] = 0
        await window.caboRoom.open(code, json.dumps(s["relays"]), room.SALT, room.ITERATIONS,
                                   room.TOPIC_PREFIX)

    async def watch_relays(self, epoch) -> None:
        await asyncio.sleep(NO_RELAY_SECONDS)
        if epoch == self.epoch and not any(self.up.values()):
            self.no_relay = NO_RELAY_SECONDS
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
                        self.joined.knock_now(code)
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
            guest = self.joined.guest
            if self.hosted.host is not None and msg["k"] in ("knock", "answer"):
                asyncio.ensure_future(self.hosted.signal(code, msg))
            elif guest is not None and msg["k"] == "offer":
                asyncio.ensure_future(self.joined.signal(code, msg))
            elif guest is not None and msg["k"] == "revoked" and \
                    code == guest.code and msg["p"] == guest.peer:
                self.joined.leave(self.app.t("room_replaced"))
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
            if self.hosted.active() and link_s in self.hosted.host.links:
                passes = self.hosted.net_event(link_s, kind_s, data)
            elif self.joined.guest is not None and link_s == "host":
                passes = self.joined.relay_event(kind_s) if relayed else \
                    self.joined.net_event(kind_s)
        except Exception as exc:  # noqa: BLE001
            print(f"cabo.room: error while handling {kind_s} on {link_s}: {exc!r}")
        if not passes:
            return
        self.net.on_event(link, kind, data)
        try:
            if self.hosted.active() and link_s in self.hosted.host.links and \
                    kind_s == "message":
                self.hosted.after_message(link_s)
            elif self.joined.guest is not None and link_s == "host":
                self.joined.after_event(kind_s)
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
            self.hosted.close()
        elif ctl == "room-again":
            self.hosted.play_again()
        elif ctl == "room-start":
            self.hosted.start_again()
        elif ctl in ("room-yes", "room-no"):
            self.joined.answer_again(ctl == "room-yes")
        elif ctl == "room-told-ok":
            self.told = None
            app.render()
        elif ctl == "room-renew":
            seat = target.getAttribute("data-seat")
            if isinstance(seat, str) and seat.isdigit():
                self.hosted.renew(int(seat))
        elif ctl == "room-leave":
            self.joined.leave()

    def go(self) -> None:
        """The person confirmed the consent screen: open or join the room."""
        self.read_advanced()
        if not self.services()["relays"]:
            self.problem = self.app.t("room_need_relay")
            self.app.render()
            return
        consent, self.consent = self.consent, None
        if consent["role"] == "guest":
            self.joined.join(consent["code"])
            return
        if self.hosted.host is not None:
            self.hosted.close()
        self.net.hosting.invite_by_itself = False  # the room brings the guests
        self.net.hosting.host_game()
        if self.net.host is None:
            self.net.hosting.invite_by_itself = True
            return
        self.hosted.new(*self._stand_in_choice())
        self.app.render()

    def _stand_in_choice(self) -> tuple:
        """The consent screen's choice of a stand-in bot: (after how long, level)."""
        def chosen(key, default):
            node = _node(key)
            return str(node.value) if node is not None else self.net.drafts.get(key, default)
        return chosen("room-standin-after", "0"), chosen("room-standin-level", "")

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
