"""A real relay for the online-room page tests: Debian's mosquitto with a WebSocket listener
on 127.0.0.1, started and stopped by the `relay` fixture (installed by the Makefile's
test-deps). Its log ("log_type all") lists every PUBLISH with its size: the bytes per join."""

from __future__ import annotations

import re
import shutil
import socket
import subprocess
import time
from pathlib import Path


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def mosquitto() -> str:
    path = shutil.which("mosquitto") or "/usr/sbin/mosquitto"
    if not Path(path).exists():
        raise RuntimeError("mosquitto is missing: `make test-deps` installs it "
                           "(apt-get install mosquitto)")
    return path


class Relay:
    """One mosquitto process: `url` is its WebSocket address (ws://127.0.0.1:PORT)."""

    def __init__(self, folder: Path):
        self.folder = folder
        self.port = free_port()
        self.conf = folder / "mosquitto.conf"
        self.log = folder / "mosquitto.log"
        # (mosquitto 2.0.11 refuses to start with a WebSocket listener alone: a plain MQTT
        # listener on another local port comes first; the pages use only the WebSocket one)
        self.conf.write_text(
            f"listener {free_port()} 127.0.0.1\n"
            f"listener {self.port} 127.0.0.1\nsocket_domain ipv4\nprotocol websockets\n"
            "allow_anonymous true\npersistence false\n"
            "log_dest stderr\nlog_type all\n")
        self.process = None

    @property
    def url(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def start(self) -> None:
        with open(self.log, "ab") as log:  # (stderr is written line by line)
            self.process = subprocess.Popen([mosquitto(), "-c", str(self.conf)],
                                            stdout=subprocess.DEVNULL, stderr=log)
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"mosquitto exited: {self.log_text()[-500:]}")
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=0.2).close()
                return
            except OSError:
                time.sleep(0.05)
        raise RuntimeError("mosquitto did not listen within 10 s")

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            self.process.wait(timeout=10)
        self.process = None

    def log_text(self) -> str:
        return self.log.read_text(errors="replace") if self.log.exists() else ""

    def publishes(self) -> dict:
        """PUBLISH packets through the relay so far: {"in": (count, payload bytes),
        "out": (count, payload bytes)} (out: one per subscriber, the sender's echo too)."""
        text = self.log_text()
        got = [int(n) for n in re.findall(r"Received PUBLISH from .*\((\d+) bytes\)\)", text)]
        sent = [int(n) for n in re.findall(r"Sending PUBLISH to .*\((\d+) bytes\)\)", text)]
        return {"in": (len(got), sum(got)), "out": (len(sent), sum(sent))}
