"""Serve the repository root as a static site, as GitHub Pages would.

    python tools/serve.py [--port 8000] [--bind 127.0.0.1] [--base-path /] [--no-gzip]

The content types are set explicitly: Python's `mimetypes` reads the machine's tables,
and browsers refuse `.mjs` modules or stream-compile `.wasm` only with the right type.

Compression as GitHub Pages does it: a browser that accepts gzip gets text, scripts, JSON,
SVG, the manifest and WebAssembly gzipped on the fly (Content-Encoding: gzip, Vary:
Accept-Encoding); zips and PNGs, already compressed, go as they are. GitHub Pages gzips
text and `.wasm` on the fly (as measured for issue 44); that it leaves the zips alone was not
checked from here, and gzip gains little on them (cabo.zip and python_stdlib.zip: 1-2 %). So a
local first visit moves the bytes people get.
`CaboRequestHandler` and `make_server` are imported by the e2e test fixture.
"""

from __future__ import annotations

import argparse
import email.utils
import functools
import gzip
import http.server
import io
import os
import sys
import threading
import urllib.parse
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

CONTENT_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".wasm": "application/wasm",
    ".json": "application/json",
    ".webmanifest": "application/manifest+json",
    ".toml": "text/plain; charset=utf-8",
    ".py": "text/plain; charset=utf-8",
    ".txt": "text/plain; charset=utf-8",
    ".md": "text/plain; charset=utf-8",
    ".zip": "application/zip",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".ico": "image/x-icon",
    ".woff2": "font/woff2",
}
# Sent gzipped to a browser that accepts it; every other type goes as it is.
GZIP_TYPES = {".html", ".css", ".js", ".mjs", ".wasm", ".json", ".webmanifest", ".toml", ".py",
              ".txt", ".md", ".svg", ".ico"}
GZIP_LEVEL = 6


class _GzipCache:
    """Each file's gzip bytes, made once per version of the file (path, size, mtime)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._entries: dict[str, tuple[tuple[int, int], bytes]] = {}

    def get(self, path: str, stat: os.stat_result) -> bytes:
        key = (stat.st_size, stat.st_mtime_ns)
        with self._lock:
            entry = self._entries.get(path)
            if entry and entry[0] == key:
                return entry[1]
        with open(path, "rb") as file:
            data = gzip.compress(file.read(), GZIP_LEVEL, mtime=0)
        with self._lock:
            self._entries[path] = (key, data)
        return data


GZIP_CACHE = _GzipCache()


class CaboRequestHandler(http.server.SimpleHTTPRequestHandler):
    """Static files with fixed content types; always revalidated, so a rebuild shows at once."""

    extensions_map = CONTENT_TYPES
    quiet = False
    # The URL path the directory is served under: "/cabo/" mimics a GitHub Pages project
    # site, where an absolute URL such as "/static/..." would miss.
    base_path = "/"
    gzip = True  # compress as GitHub Pages does (GZIP_TYPES)

    def send_head(self):
        path = urllib.parse.urlsplit(self.path).path
        if path + "/" == self.base_path:
            self.send_response(301)
            self.send_header("Location", self.base_path)
            self.send_header("Content-Length", "0")
            self.end_headers()
            return None
        if not path.startswith(self.base_path):
            self.send_error(404, f"Not under {self.base_path}")
            return None
        handled, body = self._send_gzip()
        return body if handled else super().send_head()

    def _accepts_gzip(self) -> bool:
        codings = self.headers.get("Accept-Encoding", "")
        return any(part.split(";")[0].strip() == "gzip" for part in codings.split(","))

    def _send_gzip(self) -> tuple[bool, io.BytesIO | None]:
        """Answers with the file gzipped, or a 304: (True, the body to copy or None); or
        (False, None) when the file goes as it is (the standard handler answers)."""
        if not (self.gzip and self._accepts_gzip()):
            return False, None
        local = self.translate_path(self.path)
        if os.path.isdir(local):
            if not urllib.parse.urlsplit(self.path).path.endswith("/"):
                return False, None  # the standard handler redirects to the folder
            local = os.path.join(local, "index.html")
        if os.path.splitext(local)[1] not in GZIP_TYPES or not os.path.isfile(local):
            return False, None
        stat = os.stat(local)
        since = self.headers.get("If-Modified-Since")
        if since and "If-None-Match" not in self.headers:
            try:
                unchanged = email.utils.parsedate_to_datetime(since).timestamp() >= int(stat.st_mtime)
            except (TypeError, ValueError, IndexError, OverflowError):
                unchanged = False
            if unchanged:
                self.send_response(304)
                self.send_header("Vary", "Accept-Encoding")
                self.end_headers()
                return True, None
        body = GZIP_CACHE.get(local, stat)
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(local))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Vary", "Accept-Encoding")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Last-Modified", self.date_time_string(int(stat.st_mtime)))
        self.end_headers()
        return True, io.BytesIO(body)

    def translate_path(self, path: str) -> str:
        return super().translate_path("/" + path[len(self.base_path):])

    def end_headers(self) -> None:
        # Revalidate on every load (Last-Modified / 304 still make it cheap).
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, format: str, *args) -> None:  # noqa: A002 - stdlib signature
        if not self.quiet:
            super().log_message(format, *args)


class QuietRequestHandler(CaboRequestHandler):
    """The same handler without the access log (for tests)."""

    quiet = True


class CaboServer(http.server.ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request, client_address) -> None:
        # A browser that cancels a request (navigation, page close) is not an error.
        if isinstance(sys.exc_info()[1], (BrokenPipeError, ConnectionResetError)):
            return
        super().handle_error(request, client_address)


def normalize_base_path(base_path: str) -> str:
    """The path with one slash on each side: cabo, /cabo and /cabo/ give /cabo/; "" gives /."""
    inner = base_path.strip("/")
    return f"/{inner}/" if inner else "/"


def make_server(
    bind: str = "127.0.0.1",
    port: int = 8000,
    directory: Path = ROOT,
    handler: type[CaboRequestHandler] = CaboRequestHandler,
    base_path: str = "/",
    compress: bool = True,
) -> CaboServer:
    """A server for `directory` at `base_path`; port 0 picks a free port (server_address);
    `compress`: gzip as GitHub Pages does."""
    served = type(handler.__name__, (handler,),
                  {"base_path": normalize_base_path(base_path), "gzip": compress})
    return CaboServer((bind, port), functools.partial(served, directory=str(directory)))


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="Serve the Cabo page from the repository root.")
    parser.add_argument("--port", type=int, default=8000, help="port (default 8000)")
    parser.add_argument("--bind", default="127.0.0.1", help="address to bind (default 127.0.0.1)")
    parser.add_argument(
        "--base-path", default="/", help="URL path to serve under, e.g. /cabo/ as on GitHub Pages"
    )
    parser.add_argument("--no-gzip", action="store_true",
                        help="send every file uncompressed (GitHub Pages gzips text and wasm)")
    args = parser.parse_args(argv)
    if not (ROOT / "static" / "vendor").is_dir():
        print("warning: static/vendor/ is missing: run `python tools/build.py` first", flush=True)
    with make_server(args.bind, args.port, base_path=args.base_path,
                     compress=not args.no_gzip) as server:
        host = "localhost" if args.bind in ("127.0.0.1", "0.0.0.0", "::", "::1") else args.bind
        base = normalize_base_path(args.base_path)
        print(f"Cabo is served at http://{host}:{server.server_address[1]}{base}", flush=True)
        try:
            server.serve_forever()
        except KeyboardInterrupt:
            print()


if __name__ == "__main__":
    main()
