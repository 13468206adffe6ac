"""Serve the repository root as a static site, as GitHub Pages would.

    python tools/serve.py [--port 8000] [--bind 127.0.0.1]

The content types are set explicitly: Python's `mimetypes` reads the machine's tables,
and browsers refuse `.mjs` modules or stream-compile `.wasm` only with the right type.
`CaboRequestHandler` and `make_server` are imported by the e2e test fixture.
"""

from __future__ import annotations

import argparse
import functools
import http.server
import sys
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


def make_server(
    bind: str = "127.0.0.1",
    port: int = 8000,
    directory: Path = ROOT,
    handler: type[CaboRequestHandler] = CaboRequestHandler,
) -> CaboServer:
    """A server for `directory`; port 0 picks a free port (see `server.server_address`)."""
    return CaboServer((bind, port), functools.partial(handler, directory=str(directory)))


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="Serve the Cabo page from the repository root.")
    parser.add_argument("--port", type=int, default=8000, help="port (default 8000)")
    parser.add_argument("--bind", default="127.0.0.1", help="address to bind (default 127.0.0.1)")
    args = parser.parse_args(argv)
    if not (ROOT / "static" / "vendor").is_dir():
        print("warning: static/vendor/ is missing: run `python tools/build.py` first", flush=True)
    with make_server(args.bind, args.port) as server:
        host = "localhost" if args.bind in ("127.0.0.1", "0.0.0.0", "::", "::1") else args.bind
        print(f"Cabo is served at http://{host}:{server.server_address[1]}/", flush=True)
        try:
            server.serve_forever()
        except KeyboardInterrupt:
            print()


if __name__ == "__main__":
    main()
