"""The site on a test server of its own that logs every answer and can go offline.

The log tells which requests reached the server, per engine: a page that fetches a file twice
shows it there whatever the browser reports (tests/e2e/test_engines.py, test_boot.py).
"""

from __future__ import annotations

import contextlib
import re
import threading
from collections.abc import Iterator
from dataclasses import dataclass, field
from urllib.parse import urlsplit

from tools import serve

from .conftest import BASE_PATH, ROOT


def early_files() -> list[str]:
    """The files index.html's first script fetches for the runtime (paths under the site)."""
    html = (ROOT / "index.html").read_text(encoding="utf-8")
    listed = re.search(r"for \(const path of \[(.*?)\]\)", html, re.S)
    assert listed, "index.html fetches the runtime's files early"
    return [path.removeprefix("./") for path in re.findall(r'"([^"]+)"', listed[1])]


EARLY_FILES = early_files()


@dataclass
class Entry:
    method: str
    path: str  # under the site, without the query
    status: int
    referer: str


@dataclass
class ServerLog:
    """What the server answered, and whether it is offline (it then answers nothing)."""

    entries: list[Entry] = field(default_factory=list)
    offline: bool = False
    lock: threading.Lock = field(default_factory=threading.Lock)

    def clear(self) -> None:
        with self.lock:
            self.entries.clear()

    def errors(self) -> list[str]:
        """Error answers; not /favicon.ico, which a browser asks for by itself when the test
        opens a file that is no page (the page names its icon)."""
        with self.lock:
            return [f"HTTP {e.status}: {e.path}" for e in self.entries
                    if e.status >= 400 and e.path != "/favicon.ico"]

    def page_requests(self) -> list[str]:
        """Paths the page asked for, in order: not the service worker's own fetches (their
        referrer is sw.js), which fill its cache once the game runs."""
        with self.lock:
            return [e.path for e in self.entries if not e.referer.endswith("/sw.js")]


class LoggedHandler(serve.QuietRequestHandler):
    log: ServerLog  # set per server

    def handle_one_request(self) -> None:
        if self.log.offline:
            self.close_connection = True  # no answer: the browser sees a network error
            return
        super().handle_one_request()

    def log_request(self, code="-", size="-") -> None:
        path = urlsplit(self.path).path
        entry = Entry(self.command, path.removeprefix(BASE_PATH) if path != "/favicon.ico"
                      else path, int(code), self.headers.get("Referer", ""))
        with self.log.lock:
            self.log.entries.append(entry)


@contextlib.contextmanager
def logged_server() -> Iterator[tuple[str, ServerLog]]:
    """The site under /cabo/ on a free port: (its URL, its log)."""
    log = ServerLog()
    handler = type("Handler", (LoggedHandler,), {"log": log})
    server = serve.make_server(port=0, handler=handler, base_path=BASE_PATH)
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05},
                              daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}{BASE_PATH}", log
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=5)
