"""The site tools without a browser: packaging, the static server, set-up errors."""

from __future__ import annotations

import gzip
import threading
import urllib.error
import urllib.request
import zipfile
from pathlib import Path

import pytest

from tools import build, serve


def test_cabo_zip_holds_the_package_without_caches_or_tests(tmp_path: Path) -> None:
    package = tmp_path / "cabo"
    for name in ["__init__.py", "web/main.py", "__pycache__/x.pyc", "tests/test_x.py", "a.pyc"]:
        (package / name).parent.mkdir(parents=True, exist_ok=True)
        (package / name).write_text("x = 1\n")
    archive = tmp_path / "out" / "cabo.zip"

    assert build.package_cabo(package, archive) is True
    assert zipfile.ZipFile(archive).namelist() == ["cabo/__init__.py", "cabo/web/main.py"]
    assert build.package_cabo(package, archive) is False, "same sources, same archive"


def test_the_build_id_reads_the_same_sources_from_the_zip_as_from_the_folder(
        tmp_path: Path) -> None:
    from cabo.net import build as build_id

    archive = tmp_path / "cabo.zip"
    build.package_cabo(dest=archive, bytecode={"cabo/game/engine.pyc": b"not a source"})
    in_zip = build_id._sources(str(archive))
    assert dict(in_zip) == dict(build_id._sources(None))
    assert "game/engine.py" in dict(in_zip) and "game/engine.pyc" not in dict(in_zip)
    assert build_id._sources_crc(in_zip) == build_id._sources_crc(build_id._sources(None))
    assert build_id._sources_crc(in_zip[1:]) != build_id._sources_crc(in_zip)


def test_build_fails_clearly_without_node_modules(monkeypatch, tmp_path: Path) -> None:
    monkeypatch.setattr(build, "NODE_MODULES", tmp_path / "node_modules")
    with pytest.raises(build.BuildError, match="npm ci"):
        build.build()


@pytest.fixture
def served(tmp_path: Path):
    for name in ["index.html", "a.mjs", "b.js", "c.wasm", "d.json", "e.toml", "f.zip", "g.py"]:
        (tmp_path / name).write_bytes(b"x")
    server = serve.make_server(
        port=0, directory=tmp_path, handler=serve.QuietRequestHandler, base_path="/cabo/"
    )
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05})
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()
    thread.join()


@pytest.mark.parametrize(
    ("name", "content_type"),
    [
        ("a.mjs", "text/javascript"),
        ("b.js", "text/javascript"),
        ("c.wasm", "application/wasm"),
        ("d.json", "application/json"),
        ("e.toml", "text/plain"),
        ("f.zip", "application/zip"),
        ("g.py", "text/plain"),
    ],
)
def test_server_sends_explicit_content_types(served: str, name: str, content_type: str) -> None:
    with urllib.request.urlopen(f"{served}/cabo/{name}") as response:
        assert response.headers.get_content_type() == content_type
        assert response.headers["Cache-Control"] == "no-cache"


def test_server_serves_only_under_its_base_path(served: str) -> None:
    with urllib.request.urlopen(f"{served}/cabo") as response:  # follows the redirect
        assert response.url.endswith("/cabo/")
    with pytest.raises(urllib.error.HTTPError) as error:
        urllib.request.urlopen(f"{served}/index.html")
    assert error.value.code == 404


def get(url: str, **headers) -> tuple[int, dict, bytes]:
    request = urllib.request.Request(url, headers=headers)
    try:
        with urllib.request.urlopen(request) as response:
            return response.status, response.headers, response.read()
    except urllib.error.HTTPError as error:
        return error.code, error.headers, b""


def test_server_gzips_as_github_pages_does(tmp_path: Path) -> None:
    """Text, scripts, JSON and wasm gzipped for a browser that asks; zips and PNGs as they
    are; the same bytes after decompression; a 304 for an unchanged file."""
    files = {"index.html": b"<p>hi</p>" * 200, "a.wasm": bytes(range(256)) * 40,
             "b.js": b"let x = 1;\n" * 300, "c.json": b'{"a": 1}' * 100,
             "d.zip": b"PK" * 500, "e.png": b"\x89PNG" * 100}
    for name, data in files.items():
        (tmp_path / name).write_bytes(data)
    server = serve.make_server(port=0, directory=tmp_path, handler=serve.QuietRequestHandler,
                               base_path="/cabo/")
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05})
    thread.start()
    try:
        base = f"http://127.0.0.1:{server.server_address[1]}/cabo/"
        for name, data in files.items():
            status, headers, body = get(base + ("" if name == "index.html" else name),
                                        **{"Accept-Encoding": "gzip, deflate"})
            assert status == 200
            if name.endswith((".zip", ".png")):
                assert headers["Content-Encoding"] is None and body == data, name
            else:
                assert headers["Content-Encoding"] == "gzip", name
                assert headers["Vary"] == "Accept-Encoding"
                assert int(headers["Content-Length"]) == len(body) < len(data)
                assert gzip.decompress(body) == data, name
            plain = get(base + name)  # a client that does not ask for gzip
            assert plain[1]["Content-Encoding"] is None and plain[2] == data, name
        last = get(base + "b.js", **{"Accept-Encoding": "gzip"})[1]["Last-Modified"]
        assert get(base + "b.js", **{"Accept-Encoding": "gzip", "If-Modified-Since": last})[0] == 304
    finally:
        server.shutdown()
        server.server_close()
        thread.join()
