"""The QR path end to end: the host's invitation and the guest's answer are read by cameras.

Each device is its own Chromium process whose camera is Chromium's fake capture
(--use-fake-device-for-media-stream --use-file-for-fake-video-capture=<file>.y4m). The y4m
files are made from screenshots of the QR codes the pages drew: the guest's camera sees the
host's invitation, the host's camera sees the guest's answer (the file is written before the
host's camera starts; Chromium opens it when capture starts).
"""

from __future__ import annotations

import base64
import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from . import driver
from .conftest import BOOT_TIMEOUT_MS, CHROMIUM, CHROMIUM_ARGS

pytestmark = pytest.mark.e2e

FRAME_W, FRAME_H = 640, 480


def gray_pixels(page, png: bytes) -> tuple:
    """(width, height, luma bytes) of a PNG, decoded by the browser's own image decoder."""
    w, h, values = page.evaluate("""async (b64) => {
        const img = new Image();
        img.src = 'data:image/png;base64,' + b64;
        await img.decode();
        const c = document.createElement('canvas');
        c.width = img.width; c.height = img.height;
        const ctx = c.getContext('2d');
        ctx.drawImage(img, 0, 0);
        const d = ctx.getImageData(0, 0, c.width, c.height).data;
        const out = new Array(c.width * c.height);
        for (let i = 0; i < out.length; i++)
            out[i] = Math.round(0.299 * d[4 * i] + 0.587 * d[4 * i + 1] + 0.114 * d[4 * i + 2]);
        return [c.width, c.height, out];
    }""", base64.b64encode(png).decode("ascii"))
    return w, h, bytes(values)


def write_y4m(path: Path, w: int, h: int, luma: bytes, frames: int = 5) -> None:
    """The image, centred on a white 640x480 frame, as a 4:2:0 y4m video."""
    if w > FRAME_W or h > FRAME_H:
        raise AssertionError(f"QR screenshot too large: {w}x{h}")
    plane = bytearray(b"\xff" * (FRAME_W * FRAME_H))
    x0, y0 = (FRAME_W - w) // 2, (FRAME_H - h) // 2
    for y in range(h):
        plane[(y0 + y) * FRAME_W + x0:(y0 + y) * FRAME_W + x0 + w] = luma[y * w:(y + 1) * w]
    chroma = b"\x80" * (FRAME_W * FRAME_H // 4)
    with path.open("wb") as f:
        f.write(f"YUV4MPEG2 W{FRAME_W} H{FRAME_H} F10:1 Ip A1:1 C420jpeg\n".encode())
        for _ in range(frames):
            f.write(b"FRAME\n" + bytes(plane) + chroma + chroma)


def camera_browser(playwright, video: Path):
    return playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS + [
        "--use-fake-device-for-media-stream", "--use-fake-ui-for-media-stream",
        f"--use-file-for-fake-video-capture={video}"])


def test_invitation_and_answer_travel_as_qr_codes(playwright, base_url, tmp_path):
    invite_video, answer_video = tmp_path / "invite.y4m", tmp_path / "answer.y4m"
    write_y4m(answer_video, 2, 2, b"\xff" * 4)  # a blank picture until the answer exists
    write_y4m(invite_video, 2, 2, b"\xff" * 4)
    host_browser = camera_browser(playwright, answer_video)
    guest_browser = camera_browser(playwright, invite_video)
    errors, console = [], []
    try:
        host = host_browser.new_context(base_url=base_url).new_page()
        guest = guest_browser.new_context(base_url=base_url).new_page()
        for page, who in ((host, "host"), (guest, "guest")):
            page.on("pageerror", lambda e: errors.append(str(e)))
            page.on("console", lambda m, who=who: console.append(f"{who}: {m.text[:160]}"))
        host.goto("./?seed=4&lang=en")
        expect(host.get_by_test_id("ready")).to_be_visible(timeout=BOOT_TIMEOUT_MS)
        driver.across_devices_form(host, "official", "Alex", 1)
        host.get_by_role("button", name="Open the table").click()
        # the invitation appears by itself, without another tap
        qr = host.get_by_role("img", name=re.compile("^QR code of the invitation"))
        expect(qr.locator("svg")).to_be_visible(timeout=10_000)
        link = host.get_by_label(re.compile("^Invitation link")).input_value()
        write_y4m(invite_video, *gray_pixels(host, qr.screenshot()))

        # the guest scans the invitation with its camera (in the page)
        guest.goto("./?lang=en")
        expect(guest.get_by_test_id("ready")).to_be_visible(timeout=BOOT_TIMEOUT_MS)
        driver.open_friends(guest)
        guest.get_by_role("button", name="Scan the invitation with the camera").click()
        expect(guest.get_by_role("heading", name="Your name at the table")).to_be_visible(
            timeout=20_000)
        guest.get_by_role("textbox", name="Your name").fill("Ada")
        guest.get_by_role("button", name="Continue").click()
        answer_qr = guest.get_by_role("img", name="QR code of the answer")
        expect(answer_qr.locator("svg")).to_be_visible(timeout=20_000)
        code = guest.get_by_label("Answer code").input_value()
        assert link.split("#join=")[1] != code
        write_y4m(answer_video, *gray_pixels(guest, answer_qr.screenshot()))

        # the host scans the answer: the guest's table appears
        host.get_by_role("button", name=re.compile("^Scan the answer of ")).click()
        try:
            expect(guest.get_by_role("group", name="Your cards")).to_be_visible(timeout=20_000)
        except AssertionError as exc:  # say where it stopped: the host's scan or the link
            raise AssertionError(
                f"{exc}\nThe host's page:\n{host.locator('#app').aria_snapshot()}\n"
                f"camera pictures on the host: {host.locator('video').count()}\n"
                "Console:\n" + "\n".join(console[-30:])) from None
        expect(host.get_by_text("Ada: connected")).to_be_visible()
        # BarcodeDetector is missing in this Chromium: the self-hosted decoder read both codes
        assert host.evaluate("'BarcodeDetector' in window") is False
    finally:
        host_browser.close()
        guest_browser.close()
    assert not errors, errors
