"""Serve the repository root as a static site, as GitHub Pages would.

    python tools/serve.py [--port 8000] [--bind 127.0.0.1] [--base-path /]

The content types are set explicitly: Python's `mimetypes` reads the machine's tables,
and browsers refuse `.mjs` modules or stream-compile `.wasm` only with the right type.
`CaboRequestHandler` and `make_server` are imported by the e2e test fixture.
"""

from __future__ import annotations

import argparse
import functools
import http.server
import sys
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


class CaboRequestHandler(http.server.SimpleHTTPRequestHandler):
    """Static files with fixed content types; always revalidated, so a rebuild shows at once."""

    extensions_map = CONTENT_TYPES
    quiet = False
    # The URL path the directory is served under: "/cabo/" mimics a GitHub Pages project
    # site, where an absolute URL such as "/static/..." would miss.
    base_path = "/"

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
        return super().send_head()

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
) -> CaboServer:
    """A server for `directory` at `base_path`; port 0 picks a free port (server_address)."""
    served = type(handler.__name__, (handler,), {"base_path": normalize_base_path(base_path)})
    return CaboServer((bind, port), functools.partial(served, directory=str(directory)))


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="Serve the Cabo page from the repository root.")
    parser.add_argument("--port", type=int, default=8000, help="port (default 8000)")
    parser.add_argument("--bind", default="127.0.0.1", help="address to bind (default 127.0.0.1)")
    parser.add_argument(
        "--base-path", default="/", help="URL path to serve under, e.g. /cabo/ as on GitHub Pages"
    )
    args = parser.parse_args(argv)
    if not (ROOT / "static" / "vendor").is_dir():
        print("warning: static/vendor/ is missing: run `python tools/build.py` first", flush=True)
    with make_server(args.bind, args.port, base_path=args.base_path) as server:
        host = "localhost" if args.bind in ("127.0.0.1", "0.0.0.0", "::", "::1") else args.bind
        base = normalize_base_path(args.base_path)
        print(f"Cabo is served at http://{host}:{server.server_address[1]}{base}", flush=True)
        try:
            server.serve_forever()
        except KeyboardInterrupt:
            print()


if __name__ == "__main__":
    main()
