"""Compact offers and answers: what a WebRTC data channel needs from an SDP, in ~130 characters.

The host's offer and a guest's answer travel between the devices themselves, as a QR code or
as text to paste (no signalling server). A browser's SDP for one data channel is ~700
characters; only these parts of it differ between two connections, so only these travel:

- the role (offer: DTLS `actpass`, answer: `active`) and the invited seat (0-15),
- the ICE username fragment and password (`a=ice-ufrag`, `a=ice-pwd`),
- the DTLS certificate fingerprint (`a=fingerprint:sha-256`, 32 bytes),
- the UDP candidates: an mDNS name (`<uuid>.local`, 16 bytes), an IPv4 (4) or IPv6 (16)
  address, and a port; host or server-reflexive (through the optional STUN server).
  TCP candidates are dropped: a data channel on one network needs UDP only.

`compact(sdp, kind, seat)` packs these into bytes, written as base64url (no padding);
`expand(code)` rebuilds a complete SDP that the browser accepts. Everything else of the SDP
is the same for every data channel and is written back from a template. A code that does not
parse raises `SignalError` with a readable reason.
"""

from __future__ import annotations

import base64
import binascii
import re

from .protocol import NAME_CHARS

CODE_VERSION = 1
KINDS = ("offer", "answer")
MAX_CANDIDATES = 8
_ICE = re.compile(r"^[A-Za-z0-9+/]{4,256}$")
_B64 = re.compile(r"^[A-Za-z0-9+/]+$")
_ADDR_MDNS, _ADDR_V4, _ADDR_V6 = 0, 1, 2
_TYPES = ("host", "srflx")
_UUID = re.compile(r"^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$")
_V4 = re.compile(r"^\d{1,3}(\.\d{1,3}){3}$")
_V6 = re.compile(r"^[0-9A-Fa-f:]{2,39}$")
_CODE_CHARS = re.compile(r"^[A-Za-z0-9_-]{20,1000}$")


class SignalError(ValueError):
    """An offer or answer code that cannot be used."""


def compact(sdp: str, kind: str, seat: int) -> str:
    """The short code of a browser's complete SDP (gathering finished)."""
    if kind not in KINDS or not 0 <= seat < 16:
        raise SignalError("bad kind or seat")
    ufrag = pwd = fingerprint = None
    candidates = []
    for line in sdp.splitlines():
        line = line.strip()
        if line.startswith("a=ice-ufrag:"):
            ufrag = line[12:]
        elif line.startswith("a=ice-pwd:"):
            pwd = line[10:]
        elif line.startswith("a=fingerprint:sha-256 "):
            fingerprint = bytes.fromhex(line[22:].replace(":", ""))
        elif line.startswith("a=candidate:"):
            cand = _parse_candidate(line[12:])
            if cand is not None and cand not in candidates:
                candidates.append(cand)
    if ufrag is None or pwd is None or fingerprint is None or len(fingerprint) != 32:
        raise SignalError("the SDP lacks ICE credentials or a sha-256 fingerprint")
    out = bytearray([CODE_VERSION << 5 | KINDS.index(kind) << 4 | seat])
    out += _pack_ice(ufrag) + _pack_ice(pwd) + fingerprint
    candidates = candidates[:MAX_CANDIDATES]
    out.append(len(candidates))
    for addr_kind, addr, port, typ in candidates:
        out.append(addr_kind << 1 | typ)
        out += addr + port.to_bytes(2, "big")
    return base64.urlsafe_b64encode(bytes(out)).decode("ascii").rstrip("=")


def expand(code: str) -> tuple:
    """(kind, seat, sdp) of a code made by `compact`."""
    data = _b64(code)
    try:
        head = data[0]
        if head >> 5 != CODE_VERSION:
            raise SignalError("the code comes from another version of Cabo")
        kind, seat = KINDS[head >> 4 & 1], head & 15
        pos = 1
        ufrag, pos = _unpack_ice(data, pos)
        pwd, pos = _unpack_ice(data, pos)
        fingerprint = data[pos:pos + 32]
        if len(fingerprint) != 32:
            raise SignalError("the code is cut short")
        pos += 32
        count = data[pos]
        pos += 1
        lines = []
        for i in range(count):
            flags = data[pos]
            addr_kind, typ = flags >> 1, flags & 1
            size = 4 if addr_kind == _ADDR_V4 else 16
            addr, port = data[pos + 1:pos + 1 + size], data[pos + 1 + size:pos + 3 + size]
            if len(port) != 2 or addr_kind > _ADDR_V6:
                raise SignalError("the code is cut short")
            pos += 3 + size
            lines.append(_candidate_line(i, addr_kind, addr, int.from_bytes(port, "big"), typ))
        if pos != len(data):
            raise SignalError("the code has bytes left over")
    except IndexError:
        raise SignalError("the code is cut short") from None
    return kind, seat, _sdp(kind, ufrag, pwd, fingerprint, lines)


def _b64(code) -> bytes:
    if not isinstance(code, str):
        raise SignalError("not a code")
    code = code.strip()
    if not _CODE_CHARS.match(code):
        raise SignalError("the code has wrong characters or length")
    try:
        return base64.urlsafe_b64decode(code + "=" * (-len(code) % 4))
    except ValueError:
        raise SignalError("the code is not base64") from None


def _pack_ice(text: str) -> bytes:
    """ICE chars are base64's alphabet: a length a multiple of 4 packs to 3/4 of its size."""
    if not _ICE.match(text) or len(text) > 127:
        raise SignalError("bad ICE credentials")
    raw = text.encode("ascii")
    if len(text) % 4 == 0 and _B64.match(text):
        packed = base64.b64decode(raw)
        if base64.b64encode(packed) == raw:
            return bytes([0x80 | len(packed)]) + packed
    return bytes([len(raw)]) + raw


def _unpack_ice(data: bytes, pos: int) -> tuple:
    head = data[pos]
    size = head & 0x7F
    raw = data[pos + 1:pos + 1 + size]
    if len(raw) != size:
        raise SignalError("the code is cut short")
    text = base64.b64encode(raw).decode("ascii") if head & 0x80 else raw.decode("ascii", "replace")
    if not _ICE.match(text):
        raise SignalError("bad ICE credentials")
    return text, pos + 1 + size


def _parse_candidate(text: str):
    """(address kind, address bytes, port, type index) of a UDP candidate, else None."""
    parts = text.split()
    if len(parts) < 8 or parts[2].lower() != "udp" or parts[1] != "1" or parts[6] != "typ":
        return None
    address, port, typ = parts[4], parts[5], parts[7]
    if typ not in _TYPES or not port.isdigit() or not 0 < int(port) < 65536:
        return None
    if address.endswith(".local") and _UUID.match(address[:-6]):
        raw, kind = bytes.fromhex(address[:-6].replace("-", "")), _ADDR_MDNS
    elif _V4.match(address) and all(int(x) < 256 for x in address.split(".")):
        raw, kind = bytes(int(x) for x in address.split(".")), _ADDR_V4
    else:
        raw, kind = _v6_bytes(address), _ADDR_V6
        if raw is None:
            return None
    return kind, raw, int(port), _TYPES.index(typ)


def _v6_bytes(address: str):
    """The 16 bytes of an IPv6 address in text form (no zone, no embedded IPv4), or None."""
    if not _V6.match(address) or address.count("::") > 1:
        return None
    head, _, tail = address.partition("::")
    left = [g for g in head.split(":") if g] if head else []
    right = [g for g in tail.split(":") if g] if tail else []
    missing = 8 - len(left) - len(right)
    if ("::" in address and missing < 1) or ("::" not in address and missing != 0):
        return None
    groups = left + ["0"] * missing + right
    return b"".join(int(g, 16).to_bytes(2, "big") for g in groups)


def _candidate_line(i, addr_kind, addr, port, typ) -> str:
    h = bytes(addr).hex()
    if addr_kind == _ADDR_MDNS:
        address = f"{h[:8]}-{h[8:12]}-{h[12:16]}-{h[16:20]}-{h[20:]}.local"
    elif addr_kind == _ADDR_V4:
        address = ".".join(str(b) for b in addr)
    else:
        address = ":".join(format(int(h[i:i + 4], 16), "x") for i in range(0, 32, 4))
    # Host candidates first; the priority only orders the checks (RFC 8445, 5.1.2).
    priority = (126 if typ == 0 else 100) << 24 | (65535 - i) << 8 | 255
    extra = " raddr 0.0.0.0 rport 0" if typ else ""
    return f"a=candidate:{i + 1} 1 udp {priority} {address} {port} typ {_TYPES[typ]}{extra}"


def _sdp(kind, ufrag, pwd, fingerprint, candidates) -> str:
    fp = ":".join(f"{b:02X}" for b in fingerprint)
    lines = [
        "v=0", "o=- 1 2 IN IP4 127.0.0.1", "s=-", "t=0 0", "a=group:BUNDLE 0",
        "a=msid-semantic: WMS", "m=application 9 UDP/DTLS/SCTP webrtc-datachannel",
        "c=IN IP4 0.0.0.0", *candidates, f"a=ice-ufrag:{ufrag}", f"a=ice-pwd:{pwd}",
        f"a=fingerprint:sha-256 {fp}", f"a=setup:{'actpass' if kind == 'offer' else 'active'}",
        "a=mid:0", "a=sctp-port:5000", "a=max-message-size:262144",
    ]
    if candidates:
        lines.append("a=end-of-candidates")
    return "\r\n".join(lines) + "\r\n"


# -- the invitation link -----------------------------------------------------------------
JOIN_PREFIX = "#join="


def invitation_url(page_url: str, code: str, host: str | None = None) -> str:
    """The site's own URL (without query and fragment) with the offer in the fragment, and
    the host's name after it (`&host=`, base64url: the guest's page says whose table it
    joins); the fragment never reaches a server."""
    base = page_url.split("#", 1)[0].split("?", 1)[0]
    return base + JOIN_PREFIX + code + host_part(host)


def host_part(host: str | None) -> str:
    """`&host=` and the host's name in base64url for a link's fragment ("" without a name);
    `host_from_text` reads it back."""
    if not host:
        return ""
    return "&host=" + base64.urlsafe_b64encode(host.encode()).decode().rstrip("=")


def host_from_text(text) -> str | None:
    """The host's name in an invitation link (`invitation_url`), or None: only a name a
    person could have typed (printable, at most NAME_CHARS characters)."""
    if not isinstance(text, str) or len(text) > 2000 or "&host=" not in text:
        return None
    coded = text.split("&host=", 1)[1].split("&", 1)[0].strip()
    try:
        name = base64.urlsafe_b64decode(coded + "=" * (-len(coded) % 4)).decode()
    except (binascii.Error, ValueError):  # (UnicodeDecodeError is a ValueError)
        return None
    name = " ".join(name.split())
    return name if 0 < len(name) <= NAME_CHARS and name.isprintable() else None


def code_from_text(text) -> str | None:
    """The code in a pasted or scanned text: a whole invitation link or the bare code."""
    if not isinstance(text, str) or len(text) > 2000:
        return None
    text = text.strip()
    if JOIN_PREFIX in text:
        text = text.split(JOIN_PREFIX, 1)[1]
    text = text.split("&", 1)[0].strip()
    return text if _CODE_CHARS.match(text) else None
