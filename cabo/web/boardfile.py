"""The leaderboard and the statistics saved to a file and loaded back.

A browser may delete a site's storage without a word (Safari after 7 days without a visit,
unless the page was added to the home screen), and with it `cabo.board`. The statistics
screen lets the person keep a copy: "Save to a file" downloads the board's own JSON
(cabo.party.board.to_json); "Load from a file" reads one back, checked exactly as a stored
board is (cabo.ui.storage.read_board: bounded, every value checked), and replaces the board
only when the whole file is good. A damaged or foreign file gives a readable message and
changes nothing.
"""

from __future__ import annotations

import asyncio

from pyodide.ffi import create_once_callable, to_js
from pyscript import document, window

from ..party import board as boards
from ..ui import storage
from .browser import py
from .saving import storage_set

FILE_NAME = "cabo-leaderboard.json"


class BoardFile:
    """The two controls of the statistics screen and the line that says what they did."""

    def __init__(self, app):
        self.app = app
        # (text key, {fields}) of the last save or load, shown until left; a refused file's
        # reason is a text key too, so the whole line speaks the page's language
        self.note = None

    def save(self) -> None:
        """Download the board as a file."""
        blob = window.Blob.new(to_js([boards.to_json(self.app.board)]),
                               to_js({"type": "application/json"}, dict_converter=window.Object.fromEntries))
        url = window.URL.createObjectURL(blob)
        link = document.createElement("a")
        link.href = url
        link.download = FILE_NAME
        document.body.append(link)
        link.click()
        link.remove()
        window.setTimeout(create_once_callable(lambda: window.URL.revokeObjectURL(url)), 1000)
        self.note = ("board_file_saved", {"file": FILE_NAME})
        self.app.render()

    def load(self, input_element) -> None:
        """Read the file chosen in `input_element` (asynchronously), then redraw."""
        files = py(input_element.files)
        file = py(files.item(0)) if files is not None else None
        input_element.value = ""  # the same file chosen again is a change again
        if file is not None:
            asyncio.ensure_future(self._read(file))

    async def _read(self, file) -> None:
        limit = storage.STORED["board"].max_chars
        if file.size > 4 * limit:  # at most 4 bytes a character: surely too long
            self.note = ("board_file_bad", {"reason": ("board_reason_long", {"n": limit})})
        else:
            text = await file.text()
            board, problem = storage.load(storage.STORED["board"], text, storage.read_board)
            if problem is not None or board is None:
                reason = storage.board_file_reason(text) if text else "board_reason_empty"
                self.note = ("board_file_bad", {"reason": (reason, {})})
            else:
                self.app.board = board
                failed = storage_set(boards.KEY, boards.to_json(board))
                self.note = (("board_file_loaded", {"n": len(board["people"])}) if failed is None
                             else ("board_file_unsaved", {"n": len(board["people"])}))
        self.app.render()

    def words(self, t) -> dict:
        """The controls' words and the last note, for the statistics screen."""
        note = None
        if self.note:
            key, fields = self.note
            if "reason" in fields:
                reason_key, reason_fields = fields["reason"]
                fields = {**fields, "reason": t(reason_key, **reason_fields)}
            note = t(key, **fields)
        return {"save": t("board_file_save"), "load": t("board_file_load"),
                "why": t("board_file_why"), "note": note,
                "bad": bool(self.note) and self.note[0] == "board_file_bad"}
