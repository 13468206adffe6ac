"""The game's messages through the relays, for a link whose direct channel does not open.

On mobile data (carrier-grade NAT) and strict Wi-Fi no direct WebRTC path may exist. The host
and the guest of a room seat share the seat's relay topic already (cabo/net/room.py), so they
carry the same game protocol there instead: every frame is a signalling-sized text that the
page encrypts with the room key (AES-GCM, static/js/room.js) like the offer and the answer.
A relay may lose, repeat or reorder messages (QoS 0, several relays at once, reconnects);
the carriage gives the game what a data channel gives it: every message once, whole, in order.

- **Numbered**: each direction numbers its frames from 1; frame `n` carries (a piece of) one
  game message `m`; `f: 1` says more pieces of the same message follow (a message longer than
  CHUNK characters is cut, so every relay message stays far below public brokers' limits).
- **Acknowledged and resent**: every frame carries `a`, the highest number received in order
  (cumulative). A frame not acknowledged after RESEND_MS is sent again, the wait doubling up to
  RESEND_MAX_MS. A frame with `n: 0` carries only the acknowledgement (sent at once when a
  numbered frame arrived and nothing else went out, and as a keep-alive after IDLE_MS).
- **De-duplicated, in order**: a number already delivered is only acknowledged again; one
  ahead is held (at most WINDOW ahead) until the gap is filled.
- **Whose frame**: `l` the host's link id, `p` the guest page's peer id, `h` the host page's
  id (random per page load), `d` the sender ("h" or "g"). A carriage takes only frames of its
  own link, peer and host and from the other side; anything else is not its business (a
  reloaded host answers frames of links it does not know with `x: 1`, "gone").
- **Closed** by `x: 1` from the other side, or when nothing was heard for DEAD_MS (the other
  page reloaded or lost the internet): the page treats it as a closed channel.

Pure logic with an injected clock: tests/test_carriage.py runs it over a fake relay that
drops, repeats and shuffles.
"""

from __future__ import annotations

import json

from ..schema import Enum, Int, Invalid, Record, Str, parse_or_none
from .room import PEER_ID, ROOM_LINK

# Characters of a game message per frame: even a piece of nothing but quotes stays within
# MAX_FRAME_CHARS once escaped in the frame, and within room.js's MAX_PAYLOAD (24,000 bytes)
# once escaped again in its envelope.
CHUNK = 4000
RESEND_MS = 1200        # the first wait for an acknowledgement
RESEND_MAX_MS = 8000    # the longest wait between two sends of one frame
IDLE_MS = 5000          # nothing sent for this long: a keep-alive (an acknowledgement)
DEAD_MS = 20000         # nothing heard for this long: the carriage counts as closed
WINDOW = 256            # frames held ahead of a gap, at most
MAX_FRAME_CHARS = 16_000
MAX_MESSAGE_CHARS = 400_000  # a reassembled game message (the protocol's own limit is lower)
READY = '{"t":"ready"}'      # the host's first message: the guest knows the relay carries now


def frame(link, peer, host, side, n=0, ack=0, text=None, more=False, gone=False) -> str:
    msg = {"k": "c", "l": link, "p": peer, "h": host, "d": side, "n": n, "a": ack}
    if text is not None:
        msg["m"] = text
    if more:
        msg["f"] = 1
    if gone:
        msg["x"] = 1
    return json.dumps(msg, separators=(",", ":"))


def _frame_fields(msg: dict) -> None:
    """A numbered frame carries text, an acknowledgement alone none; only text has more
    pieces, and only a frame without text says "gone"."""
    has_text = "m" in msg
    if has_text != (msg["n"] > 0) or ("f" in msg and not has_text) or ("x" in msg and has_text):
        raise Invalid("frame: fields that do not go together")


_COUNT = Int(0, 2**31 - 1)
# A carriage frame as `frame` writes it.
FRAME = Record({"k": Enum("c"), "l": ROOM_LINK, "p": PEER_ID, "h": PEER_ID, "d": Enum("h", "g"),
                "n": _COUNT, "a": _COUNT}, {"m": Str(MAX_FRAME_CHARS), "f": Enum(1), "x": Enum(1)},
               check=_frame_fields)


def read_frame(text) -> dict | None:
    """The carriage frame in `text` if it is well formed, else None (never raises)."""
    return parse_or_none(text, FRAME, MAX_FRAME_CHARS, 2)


class Carriage:
    """One link's game messages through the relays, on one side ("h" host, "g" guest)."""

    def __init__(self, link: str, peer: str, host: str, side: str, now: float):
        self.link, self.peer, self.host, self.side = link, peer, host, side
        self.out = 0              # the last number sent
        self.unacked = {}         # n -> [text, more, due, wait]
        self.next_in = 1          # the next number to deliver
        self.held = {}            # n -> (text, more): arrived ahead of a gap
        self.pieces = []          # pieces of a message being put together
        self.ack_due = False      # a numbered frame arrived and was not acknowledged yet
        self.heard = now          # when the other side was last heard
        self.sent = now           # when we last sent anything
        self.closed = False
        self.frames_out = 0       # frames handed to the relays (resends included)
        self.resent = 0

    def _frame(self, n=0, text=None, more=False, gone=False) -> str:
        self.ack_due = False
        self.frames_out += 1
        return frame(self.link, self.peer, self.host, self.side, n, self.next_in - 1, text,
                     more, gone)

    def send(self, text: str, now: float) -> list:
        """The frames that carry one game message (to publish now)."""
        if self.closed:
            return []
        out = []
        pieces = [text[i:i + CHUNK] for i in range(0, len(text), CHUNK)] or [""]
        for i, piece in enumerate(pieces):
            self.out += 1
            more = i < len(pieces) - 1
            self.unacked[self.out] = [piece, more, now + RESEND_MS, RESEND_MS]
            out.append(self._frame(self.out, piece, more))
        self.sent = now
        return out

    def mine(self, msg: dict) -> bool:
        """Whether a frame belongs to this carriage (from the other side)."""
        return msg["d"] != self.side and msg["l"] == self.link and msg["p"] == self.peer \
            and msg["h"] == self.host

    def receive(self, msg: dict, now: float) -> list:
        """A frame of this carriage (`mine`): the game messages it completes, in order."""
        if self.closed:
            return []
        self.heard = now
        if msg.get("x"):
            self.closed = True
            return []
        for n in [n for n in self.unacked if n <= msg["a"]]:
            del self.unacked[n]
        n = msg["n"]
        if n == 0:
            return []
        self.ack_due = True
        if self.next_in <= n < self.next_in + WINDOW:
            self.held[n] = (msg["m"], bool(msg.get("f")))
        texts = []
        while self.next_in in self.held:
            piece, more = self.held.pop(self.next_in)
            self.next_in += 1
            self.pieces.append(piece)
            if sum(len(p) for p in self.pieces) > MAX_MESSAGE_CHARS:
                self.closed = True   # no honest side sends that much: stop here
                return texts
            if not more:
                texts.append("".join(self.pieces))
                self.pieces = []
        return texts

    def flush(self, now: float) -> list:
        """An acknowledgement, if a frame arrived and nothing carried its number back yet."""
        if self.closed or not self.ack_due:
            return []
        self.sent = now
        return [self._frame()]

    def tick(self, now: float) -> list:
        """Frames due now: resends of unacknowledged ones, or a keep-alive."""
        if self.closed:
            return []
        out = []
        for n, item in sorted(self.unacked.items()):
            piece, more, due, wait = item
            if now >= due:
                wait = min(wait * 2, RESEND_MAX_MS)
                item[2], item[3] = now + wait, wait
                out.append(self._frame(n, piece, more))
                self.resent += 1
        if not out and (self.ack_due or now - self.sent >= IDLE_MS):
            out.append(self._frame())
        if out:
            self.sent = now
        return out

    def dead(self, now: float) -> bool:
        return self.closed or now - self.heard >= DEAD_MS

    def close(self) -> str:
        """The frame that tells the other side this carriage is closed."""
        self.closed = True
        return self._frame(gone=True)


def gone(msg: dict, side: str) -> str:
    """The answer to a frame no carriage of ours knows: "gone" (the other side closes)."""
    return frame(msg["l"], msg["p"], msg["h"], side, gone=True)
