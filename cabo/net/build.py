"""The build a page runs: host and guest must run the same one (else the guest reloads).

BUILD is the protocol version and a CRC-32 over the sources of the cabo package, so two
pages agree exactly when they run the same code (`python tools/build.py` packs the same
sources into the page as CPython imports here).
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


BUILD = f"p{PROTOCOL}-{_sources_crc(Path(__file__).resolve().parent.parent):08x}"
