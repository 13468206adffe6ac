"""The build a page runs: host and guest must run the same one (else the guest reloads).

BUILD is the protocol version and a CRC-32 over the sources of the cabo package, so two
pages agree exactly when they run the same code (`python tools/build.py` packs the same
sources into the page as CPython imports here). It is computed on first use (reading every
source costs the page's start when nothing plays across devices).
"""

from __future__ import annotations

import zipfile
import zlib
from pathlib import Path

from .protocol import PROTOCOL


def _sources(archive: str | None) -> list[tuple[str, bytes]]:
    """Every source of the package as (its path below the package, bytes): from the zip
    `archive` that the page imports the package from, or else from the package's folder."""
    if archive is not None:
        with zipfile.ZipFile(archive) as zf:
            return [(name.removeprefix("cabo/"), zf.read(name)) for name in zf.namelist()
                    if name.startswith("cabo/") and name.endswith(".py")
                    and not {"__pycache__", "tests"} & set(name.split("/"))]
    root = Path(__file__).resolve().parent.parent
    return [(path.relative_to(root).as_posix(), path.read_bytes()) for path in root.rglob("*.py")
            if not {"__pycache__", "tests"} & set(path.relative_to(root).parts)]


def _sources_crc(sources: list[tuple[str, bytes]]) -> int:
    crc = 0
    for name, data in sorted(sources, key=lambda item: item[0].split("/")):
        crc = zlib.crc32(name.encode(), crc)
        crc = zlib.crc32(data, crc)
    return crc


_build = []  # BUILD, once computed


def __getattr__(name):
    """`BUILD`, computed on first use and kept."""
    if name != "BUILD":
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    if not _build:
        crc = _sources_crc(_sources(getattr(__loader__, "archive", None)))
        _build.append(f"p{PROTOCOL}-{crc:08x}")
    return _build[0]
