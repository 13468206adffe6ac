"""The service worker's precache list and the deployed site agree (no browser needed)."""

from __future__ import annotations

import re
from pathlib import Path

from tools import precache, site as site_tool

from .conftest import ROOT

# In the site but not cached by the worker: the worker itself, its list, the Jekyll switch.
NOT_CACHED = {"sw.js", "static/build/precache.js", ".nojekyll"}


def test_the_site_is_the_precache_list_plus_the_worker(site, tmp_path: Path) -> None:
    files = set(site_tool.assemble(tmp_path / "site"))
    cached = {"index.html" if name == "./" else name for name, _ in precache.manifest()["files"]}
    assert files - NOT_CACHED == cached
    assert NOT_CACHED <= files
    assert {"static/manifest.webmanifest", "static/icons/icon-192.png",
            "static/icons/icon-512.png", "static/icons/maskable-512.png"} <= cached


def test_the_version_follows_every_byte(tmp_path: Path, site) -> None:
    root = tmp_path / "site"
    site_tool.assemble(root)
    first = precache.write(root)
    assert precache.write(root) == first, "same files, same list"
    text = (root / precache.OUT).read_text("utf-8")
    assert re.search(r'"version": "[0-9a-f]{16}"', text)
    page = root / "index.html"
    page.write_bytes(page.read_bytes() + b"\n")
    second = precache.write(root)
    assert second["version"] != first["version"]
    assert dict(map(tuple, second["files"]))["./"] != dict(map(tuple, first["files"]))["./"]


def test_the_worker_sits_at_the_root_and_every_url_is_relative() -> None:
    worker = (ROOT / "sw.js").read_text("utf-8")
    assert 'importScripts("./static/build/precache.js")' in worker
    for name in ("index.html", "static/manifest.webmanifest", "static/js/loading.js", "sw.js"):
        text = (ROOT / name).read_text("utf-8")
        assert not re.search(r"""(?:href|src|start_url|scope|register\()\s*[=:(]?\s*["']/""",
                             text), name
