"""A round as a link: the seed, the rules and the moves, compressed into the URL fragment.

`#replay=1<data>`: "1" is the format's version, `<data>` is URL-safe base64 (no padding) of
zlib-compressed bytes (with zlib's checksum, so a changed character is noticed): a JSON head,
a newline, then the moves (cabo.replay.moves). The head:

    {"r": preset, "o": {option: value, ...}, "s": seed, "p": [[name, bot or null], ...],
     "d": "YYYY-MM-DD" (the deal of the day only)}

`o` holds the options that differ from the preset. Nothing leaves the device: the fragment
is never sent to a server. The link holds the seed, so whoever opens it may see every card
of the round; it is made only where the round may be known whole (the device that held the
game), and offered after the round, when every card was turned up anyway.

`read(text)` takes outside input (a link typed or damaged by hand): it returns a
RoundRecord whose moves replay to a finished round, or raises LinkError with a `reason`
(a text key, `replay_bad_<reason>` in cabo/i18n) — never another exception.
"""

from __future__ import annotations

import base64
import binascii
import json
import re
import zlib

from ..game.rules import PRESETS, Rules
from ..schema import Enum, Int, Invalid, Json, List, Map, Optional, Record, Str, Tuple, parse
from .moves import MovesError, decode, encode
from .record import ReplayError, RoundRecord, rebuild

PREFIX = "#replay="
VERSION = "1"
MAX_CHARS = 12_000      # characters of a link's data (a long game of many rounds: ~3,000)
MAX_BYTES = 64_000      # bytes of its data once uncompressed
NAME_MAX = 20           # characters of a seat's name (as the game keeps them)
BOTS = ("easy", "medium", "hard", "random", "greedy")
_DATA = re.compile(r"[A-Za-z0-9_-]*")

HEAD = Record({"r": Enum(*PRESETS), "o": Map(Json(3, 20), 60), "s": Int(0, 2**63),
               "p": List(Tuple(Str(NAME_MAX), Optional(Enum(*BOTS))), 6, 2)},
              optional={"d": Str(10, r"\d{4}-\d\d-\d\d")})


class LinkError(ValueError):
    """A link that does not open a round; `reason` names why (a text key's ending)."""

    def __init__(self, reason: str, detail: str = ""):
        super().__init__(f"{reason}: {detail}" if detail else reason)
        self.reason = reason


def make(record: RoundRecord) -> str:
    """The fragment (`#replay=…`) of a round."""
    base = record.rules.name if record.rules.name in PRESETS else "official"
    preset = PRESETS[base].to_dict()
    options = {k: v for k, v in record.rules.to_dict().items() if preset[k] != v}
    head = {"r": base, "o": options, "s": record.seed,
            "p": [[name, bot] for name, bot in zip(record.names, record.bots)]}
    if record.daily is not None:
        head["d"] = record.daily
    raw = json.dumps(head, separators=(",", ":")).encode() + b"\n" + encode(record.moves)
    data = base64.urlsafe_b64encode(zlib.compress(raw, 9)).decode("ascii").rstrip("=")
    return PREFIX + VERSION + data


def data_of(fragment: str) -> str | None:
    """The data part of a location's fragment when it is a replay link, else None."""
    if isinstance(fragment, str) and fragment.startswith(PREFIX):
        return fragment[len(PREFIX):]
    return None


def read(text: str) -> RoundRecord:
    """The round of a link (the whole fragment, or its part after `#replay=`); LinkError
    with a readable reason for anything else."""
    try:
        return _read(text)
    except LinkError:
        raise
    except Exception as exc:  # (outside input: whatever slipped past the checks is refused)
        raise LinkError("damaged", f"{type(exc).__name__}") from None


def _read(text) -> RoundRecord:
    if not isinstance(text, str):
        raise LinkError("not_a_link")
    if text.startswith(PREFIX):
        text = text[len(PREFIX):]
    if len(text) > MAX_CHARS + 1:
        raise LinkError("too_long", f"{len(text)} characters")
    if not text:
        raise LinkError("not_a_link", "empty")
    if text[0] != VERSION:
        raise LinkError("version" if text[0].isdigit() else "not_a_link")
    data = text[1:]
    if not _DATA.fullmatch(data):
        raise LinkError("damaged", "not base64")
    if len(data) % 4 == 1:  # (one character too many for base64: the stream tells which)
        data = data[:-1]
    try:
        packed = base64.urlsafe_b64decode(data + "=" * (-len(data) % 4))
    except (binascii.Error, ValueError):
        raise LinkError("damaged", "not base64") from None
    raw = _inflate(packed)
    head_bytes, sep, move_bytes = raw.partition(b"\n")
    if not sep:
        raise LinkError("damaged", "no head")
    try:
        head = parse(head_bytes.decode("utf-8"), HEAD, max_chars=4000, max_depth=4)
    except (Invalid, UnicodeDecodeError) as exc:
        raise LinkError("damaged", str(exc)[:80]) from None
    rules = _rules(head["r"], head["o"])
    try:
        moves = decode(move_bytes)
    except MovesError as exc:
        raise LinkError("damaged", str(exc)) from None
    record = RoundRecord(rules, tuple(p[0] for p in head["p"]), tuple(p[1] for p in head["p"]),
                         head["s"], tuple(moves), head.get("d"))
    try:
        rebuild(record)
    except ReplayError as exc:
        raise LinkError(exc.reason, exc.detail) from None
    return record


def _inflate(packed: bytes) -> bytes:
    """The uncompressed bytes, at most MAX_BYTES; LinkError for a cut or changed stream."""
    inflater = zlib.decompressobj()
    try:
        raw = inflater.decompress(packed, MAX_BYTES)
    except zlib.error:
        raise LinkError("damaged", "not compressed data") from None
    if inflater.unconsumed_tail:
        raise LinkError("too_long", f"more than {MAX_BYTES} bytes")
    if not inflater.eof:
        raise LinkError("truncated")
    if inflater.unused_data:
        raise LinkError("damaged", "data after the end")
    return raw


def _rules(base: str, options: dict) -> Rules:
    """The preset with the link's options; LinkError when they do not make rules."""
    d = PRESETS[base].to_dict()
    unknown = set(options) - set(d) - {"powers"}
    if unknown:
        raise LinkError("bad_rules", f"unknown options {sorted(unknown)[:3]}")
    d.update(options)
    try:
        return Rules.from_dict(d)
    except (ValueError, TypeError) as exc:
        raise LinkError("bad_rules", str(exc)[:80]) from None
