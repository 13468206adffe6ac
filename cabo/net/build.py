"""The build a page runs: host and guest must run the same one (else the guest reloads).

BUILD is the protocol version and a CRC-32 over the sources of the cabo package, so two
pages agree exactly when they run the same code (`python tools/build.py` packs the same
sources into the page as CPython imports here). It is computed on first use (reading every
source costs the page's start when nothing plays across devices).
"""

from __future__ import annotations

import zlib
from pathlib import Path

from .protocol import PROTOCOL


def _sources_crc(root: Path) -> int:
    crc = 0
    for path in sorted(root.rglob("*.py")):
        if "__pycache__" in path.parts or "tests" in path.parts:
            continue
        crc = zlib.crc32(path.relative_to(root).as_posix().encode(), crc)
        crc = zlib.crc32(path.read_bytes(), crc)
    return crc


_build = []  # BUILD, once computed


def __getattr__(name):
    """`BUILD`, computed on first use and kept."""
    if name != "BUILD":
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    if not _build:
        _build.append(f"p{PROTOCOL}-{_sources_crc(Path(__file__).resolve().parent.parent):08x}")
    return _build[0]
