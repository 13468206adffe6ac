"""Online rooms: a short code per remote seat, and the signalling that finds the host with it.

Play across devices (cabo/net/host.py, guest.py, protocol.py) needs the host's offer and the
guest's answer to reach the other device. In an online room they travel through public relays
(MQTT brokers, static/js/room.js) instead of QR codes; after that the data channel carries the
same game protocol as before, and the host's checks, tokens and leak rules are unchanged.

- **One code per remote seat** (8 characters from `ALPHABET`: no 0/O, 1/I/l; about 40 bits).
  The code says which seat: the host decides who sits where by whom it gives which code, and
  nobody has to confirm a join. A code is a key, not an address: the relay topic and the
  AES-GCM key of the signalling are both derived from it (PBKDF2-SHA256, `derive`; the page
  does the same with WebCrypto), so a relay sees a random-looking topic and ciphertext.
- **A seat is claimed by its first guest**: once welcomed, a link of that seat's room is let in
  only with the seat's token (`RoomHost.admits`), so a second device with the same code gets
  no seat and no state; the QR way's "New invitation" still gives the seat to a new device.
- **Signalling messages** (the plaintext inside the encryption), each checked by
  `read_signal` before use; anything else is dropped:
  `{"k": "knock", "p": peer}` guest -> host: "I want to connect" (repeated until an offer);
  `{"k": "offer", "p": peer, "l": link, "sdp": ..., "h": host's name}` host -> that guest
  (`h` may be left out; the guest's page says whose table it found);
  `{"k": "answer", "p": peer, "l": link, "sdp": ...}` guest -> host;
  `{"k": "revoked", "p": peer}` host -> a guest knocking with a code the host replaced by a
  new one ("New code for Ben": the seat went to another device).
  A peer id is random per page load, a link id names the host's RTCPeerConnection.
- **Reconnection**: a guest whose channel closes knocks again with the same code; after a host
  reload the host's page opens the same codes again (saved with its game), so the guests'
  knocks reach it. The hello on the new channel carries the seat token as always.

Nothing here touches the page: all of this runs under CPython in tests/test_room.py.
"""

from __future__ import annotations

import base64
import json
import os
import re
from dataclasses import dataclass

from ..schema import Enum, Invalid, Name, Record, Str, parse_or_none
from . import protocol

ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"  # 31 symbols: no 0/O, no 1/I/L
CODE_LEN = 8
# Key derivation, shared with static/js/room.js (which gets them from here): PBKDF2-SHA256
# over the code, 48 bytes: the first 32 are the AES-GCM key, the last 16 name the topic.
SALT = "cabo-room-v1"
ITERATIONS = 100_000
TOPIC_PREFIX = "cabo/r1/"

MAX_SIGNAL_CHARS = 16_000   # one decrypted signalling message
MAX_SDP_CHARS = 12_000
MAX_PENDING = 2             # offers in flight per seat (a flood of knocks closes older ones)
MAX_REVOKED = 8             # replaced codes still answered with "revoked" (the newest)
STAND_IN_AFTER = (0, 60, 180, 600)  # seconds away before a bot stands in (0: when the host
                                    # says so)
PEER_ID = Str(32, r"[A-Za-z0-9_-]{8,32}")  # a page's random id in a room
ROOM_LINK = Str(12, r"r[0-9]{1,2}-[0-9]{1,9}")  # a room link's id (the host names it)
_URL = {"relay": ("ws://", "wss://"), "stun": ("stun:", "stuns:"), "turn": ("turn:", "turns:")}


# -- codes ----------------------------------------------------------------------------------
def new_code() -> str:
    """A fresh random room code (the system's random source, not a game's generator)."""
    out = []
    while len(out) < CODE_LEN:
        byte = os.urandom(1)[0]
        if byte < 248:  # 248 = 8 * 31: every symbol equally likely
            out.append(ALPHABET[byte % len(ALPHABET)])
    return "".join(out)


def normalize(text) -> str | None:
    """The code in what a person typed or pasted (a code, "ABCD-EFGH", or a #room= link), or
    None. Case and spaces or dashes do not matter; a character outside the alphabet does."""
    if not isinstance(text, str) or len(text) > 2000:
        return None
    if "#room=" in text:
        text = text.split("#room=", 1)[1].split("&", 1)[0]
    code = re.sub(r"[\s-]", "", text).upper()
    if len(code) != CODE_LEN or any(c not in ALPHABET for c in code):
        return None
    return code


def shown(code: str) -> str:
    """The code as people read it out: two groups of four."""
    return f"{code[:4]}-{code[4:]}"


def room_url(page_url: str, code: str, host: str | None = None) -> str:
    """The link that opens this page on the code, with the host's name after it (as in an
    invitation link: the guest's name screen says whose table it joins); the fragment never
    reaches a server."""
    from .signal import host_part  # (the QR way's module: loaded once a room is opened)

    return page_url.split("#", 1)[0] + "#room=" + code + host_part(host)


def host_named(text) -> str | None:
    """The host's name a room link (`room_url`) carries, or None."""
    from .signal import host_from_text  # (as in `room_url`)

    return host_from_text(text)


def derive(code: str) -> tuple[bytes, str]:
    """(AES-GCM key, relay topic) of a code: the reference for static/js/room.js."""
    import hashlib  # tests only: the page derives with WebCrypto

    bits = hashlib.pbkdf2_hmac("sha256", code.encode("ascii"), SALT.encode("ascii"),
                               ITERATIONS, dklen=48)
    return bits[:32], TOPIC_PREFIX + bits[32:].hex()


def new_peer() -> str:
    """A random peer id for one page load."""
    return base64.urlsafe_b64encode(os.urandom(12)).decode("ascii")


# -- settings: the services a room uses -------------------------------------------------------
def clean_urls(text, kind: str, limit: int = 8) -> list[str]:
    """The addresses of one kind in a text with one per line (others are left out)."""
    if not isinstance(text, str):
        return []
    out = []
    for line in text.splitlines():
        url = line.strip()
        if url.startswith(_URL[kind]) and len(url) <= 300 and not re.search(r"\s", url) \
                and url not in out:
            out.append(url)
    return out[:limit]


def ice_servers(stun, turn_url="", turn_user="", turn_password="") -> list[dict]:
    """RTCPeerConnection's iceServers for these STUN addresses and an optional TURN server."""
    servers = [{"urls": list(stun)}] if stun else []
    if turn_url:
        servers.append({"urls": turn_url, "username": turn_user, "credential": turn_password})
    return servers


# -- signalling messages ---------------------------------------------------------------------
def signal(kind: str, peer: str, link: str | None = None, sdp: str | None = None,
            host: str | None = None) -> str:
    """One signalling message as text (encrypted by the page before it leaves); an offer
    may name the host (`host`: the guest's page says whose table it found)."""
    msg = {"k": kind, "p": peer}
    if link is not None:
        msg.update(l=link, sdp=sdp)
    if host:
        msg["h"] = host
    return json.dumps(msg, separators=(",", ":"), ensure_ascii=False)


def _signal_fields(msg: dict) -> None:
    """A knock or a revocation names only its peer; an offer or an answer also its link and
    a session description; only an offer may name the host."""
    whole = msg["k"] in ("offer", "answer")
    if ("l" in msg, "sdp" in msg) != (whole, whole) or ("h" in msg and msg["k"] != "offer"):
        raise Invalid("signal: fields of another kind")


# A signalling message as `signal` writes it.
SIGNAL = Record({"k": Enum("knock", "offer", "answer", "revoked"), "p": PEER_ID},
                {"l": ROOM_LINK, "sdp": Str(MAX_SDP_CHARS, r"v=0[\s\S]*"),
                 "h": Name(protocol.NAME_CHARS)},
                check=_signal_fields)


def read_signal(text) -> dict | None:
    """The signalling message in `text` if it is well formed, else None (never raises)."""
    return parse_or_none(text, SIGNAL, MAX_SIGNAL_CHARS, 2)


# -- the host's side ---------------------------------------------------------------------------
@dataclass
class Pending:
    """An offer made for one knock, until its channel opens or closes."""

    seat: int
    peer: str
    sdp: str | None = None    # the offer, once the browser has made it
    answered: bool = False


class RoomHost:
    """The codes of a hosted game's remote seats and the offers in flight."""

    def __init__(self, codes: dict, claimed=(), revoked=None):
        self.codes = {int(s): c for s, c in codes.items()}   # seat -> code
        self.claimed = set(claimed)   # seats whose guest was welcomed once
        self.revoked = list(revoked or [])  # codes replaced by new ones (oldest first)
        self.stand_in_after = 0       # seconds a seat is away before a bot plays it (0: never
                                      # by itself)
        self.pending = {}             # link id -> Pending
        self.links = {}               # link id -> seat, for every link made by the room
        self.count = 0

    @classmethod
    def new(cls, seats) -> "RoomHost":
        codes = {}
        for seat in seats:
            code = new_code()
            while code in codes.values():
                code = new_code()
            codes[seat] = code
        return cls(codes)

    def to_dict(self) -> dict:
        return {"codes": {str(s): c for s, c in self.codes.items()},
                "claimed": sorted(self.claimed), "revoked": list(self.revoked),
                "stand_in_after": self.stand_in_after}

    @classmethod
    def from_dict(cls, d, seats) -> "RoomHost":
        """The saved room of a game with these remote seats; ValueError if it does not fit."""
        if not isinstance(d, dict) or not isinstance(d.get("codes"), dict):
            raise ValueError("not a saved room")
        codes = {int(s): normalize(c) for s, c in d["codes"].items()}
        if set(codes) != set(seats) or None in codes.values():
            raise ValueError("the saved room has other seats")
        claimed = d.get("claimed", [])
        if not isinstance(claimed, list) or not set(claimed) <= set(seats):
            raise ValueError("bad claimed seats")
        revoked = d.get("revoked", [])
        if not isinstance(revoked, list) or any(normalize(c) != c for c in revoked):
            raise ValueError("bad replaced codes")
        out = cls(codes, claimed, revoked[-MAX_REVOKED:])
        if d.get("stand_in_after", 0) in STAND_IN_AFTER:
            out.stand_in_after = d.get("stand_in_after", 0)
        return out

    def stand_ins_due(self, away_since: dict, now_s: float) -> list:
        """The seats a bot is to play now: claimed seats away (since `away_since[seat]`,
        seconds) for longer than the host chose when opening the room."""
        if not self.stand_in_after:
            return []
        return sorted(s for s, since in away_since.items()
                      if s in self.claimed and now_s - since >= self.stand_in_after)

    def renew(self, seat: int) -> str:
        """A new code for `seat` (its device is lost or replaced): the old code is answered
        "revoked" from now on, and the seat is open to the first device with the new one."""
        old = self.codes[seat]
        code = new_code()
        while code in self.codes.values() or code in self.revoked:
            code = new_code()
        self.codes[seat] = code
        self.revoked = (self.revoked + [old])[-MAX_REVOKED:]
        self.claimed.discard(seat)
        for link in [k for k, p in self.pending.items() if p.seat == seat]:
            del self.pending[link]
        return code

    def knock(self, seat: int, peer: str) -> tuple:
        """A guest of `seat` knocked: ("new", link, [links to close]) when an offer is to be
        made, ("again", link, sdp) when its offer is to be sent once more, or ("wait",)."""
        for link, p in self.pending.items():
            if p.seat == seat and p.peer == peer and not p.answered:
                return ("again", link, p.sdp) if p.sdp else ("wait",)
        self.count += 1
        link = f"r{seat}-{self.count}"
        same = [k for k, p in self.pending.items() if p.seat == seat]
        close = same[:max(0, len(same) - MAX_PENDING + 1)]
        for old in close:
            del self.pending[old]
        self.pending[link] = Pending(seat, peer)
        self.links[link] = seat
        return ("new", link, close)

    def offered(self, link: str, sdp: str, host: str | None = None) -> str | None:
        """The browser made the offer of `link`: the message to publish (naming the host,
        `host`), or None if gone."""
        p = self.pending.get(link)
        if p is None:
            return None
        p.sdp = sdp
        return signal("offer", p.peer, link, sdp, host)

    def answer(self, seat: int, msg: dict) -> bool:
        """Whether this answer is the first for one of our open offers to this seat's peer."""
        p = self.pending.get(msg["l"])
        if p is None or p.seat != seat or p.peer != msg["p"] or p.answered or p.sdp is None:
            return False
        p.answered = True
        return True

    def ended(self, link: str) -> None:
        """The link's channel opened or closed: no offer in flight for it any more."""
        self.pending.pop(link, None)

    def admits(self, link: str, text, tokens: dict) -> bool:
        """Whether the first message of a room link may go on to the game host: on a claimed
        seat only a hello with that seat's token (a stranger with the code gets nothing)."""
        seat = self.links.get(link)
        if seat is None or seat not in self.claimed:
            return True
        try:
            msg = protocol.decode(text, "guest")
        except Exception:  # noqa: BLE001 - malformed: on a claimed seat, nothing goes on
            return False
        return msg["t"] == "hello" and msg["token"] == tokens.get(seat)


# -- the guest's side ---------------------------------------------------------------------------
class RoomGuest:
    """One guest page's way to its host: its peer id, the offer it answers."""

    def __init__(self, code: str):
        self.code = code
        self.peer = new_peer()
        self.link = None      # the host's link id of the offer being answered
        self.answer = None    # our answer to it, once made
        self.host = None      # the host's name, as its last offer named it

    def knock(self) -> str:
        return signal("knock", self.peer)

    def offer(self, msg: dict) -> str:
        """What to do with an offer: "join" a new one, "again" (send our answer once more),
        or "ignore" (someone else's, or the one being answered)."""
        if msg["k"] != "offer" or msg["p"] != self.peer:
            return "ignore"
        if msg["l"] == self.link:
            return "again" if self.answer else "ignore"
        self.link, self.answer = msg["l"], None
        self.host = msg.get("h") or self.host
        return "join"

    def answered(self, sdp: str) -> str:
        self.answer = sdp
        return signal("answer", self.peer, self.link, sdp)

    def retry(self) -> None:
        """The offer did not lead to a channel: the next knock asks for a new one."""
        self.link, self.answer = None, None
