"""The leaderboard and statistics saved to a file and loaded back (cabo/web/boardfile.py).

A browser may delete a site's storage (Safari after 7 days without a visit); the person keeps
a copy as a file. A damaged or foreign file gives a readable message and changes nothing.
"""

from __future__ import annotations

import json
import os
import re

import pytest
from playwright.sync_api import Page, expect

from cabo.party import board as boards

from .conftest import BOOT_TIMEOUT_MS

pytestmark = pytest.mark.e2e


def a_board() -> dict:
    ada = boards._person("Ada")
    ada["ranked"].update(games=2, game_wins=1, rounds=5, rounds_won=3)
    ada["all"].update(games=3, game_wins=1, rounds=7, rounds_won=4, points=40)
    ada["all"]["recent"] = [3, 0, 12]
    board = {"schema": boards.SCHEMA, "people": {"ada": ada}}
    assert boards.load(json.dumps(board)) == (board, None)
    return board


def open_board(page: Page, lang: str = "en") -> None:
    page.goto(f"./?lang={lang}")
    expect(page.get_by_test_id("ready")).to_be_visible(timeout=BOOT_TIMEOUT_MS)
    page.get_by_role("button", name=re.compile("Leaderboard|Bestenliste")).first.click()


def stored(page: Page):
    return page.evaluate("localStorage.getItem('cabo.board')")


def test_the_board_saved_to_a_file_and_loaded_back(page: Page, tmp_path) -> None:
    text = json.dumps(a_board())
    page.add_init_script(f"if (!sessionStorage.getItem('seeded')) {{"
                         f"sessionStorage.setItem('seeded', '1');"
                         f"localStorage.setItem('cabo.board', {json.dumps(text)}); }}")
    open_board(page)
    board_table = page.get_by_role("table", name="🏆 Leaderboard")
    expect(board_table.get_by_role("row", name=re.compile("Ada"))).to_be_visible()
    if shots := os.environ.get("CABO_SHOTS"):
        page.screenshot(path=os.path.join(shots, "board_file_en_1280.png"), full_page=True)

    with page.expect_download() as download:
        page.get_by_role("button", name="Save to a file").click()
    assert download.value.suggested_filename == "cabo-leaderboard.json"
    saved = tmp_path / "saved.json"
    download.value.save_as(saved)
    assert boards.load(saved.read_text("utf-8")) == (a_board(), None)
    expect(page.get_by_role("status").filter(has_text="Saved as cabo-leaderboard.json")
           ).to_be_visible()

    page.evaluate("localStorage.removeItem('cabo.board')")  # the browser deleted it
    open_board(page)
    expect(page.get_by_text("Empty so far")).to_be_visible()
    page.get_by_label("Load from a file").set_input_files(saved)
    expect(page.get_by_role("status").filter(has_text="Loaded from the file: 1 people.")
           ).to_be_visible()
    expect(page.get_by_role("table", name="🏆 Leaderboard").get_by_role(
        "row", name=re.compile("Ada"))).to_be_visible()
    assert json.loads(stored(page)) == a_board()

    page.reload()  # kept
    expect(page.get_by_test_id("ready")).to_be_visible(timeout=BOOT_TIMEOUT_MS)
    assert json.loads(stored(page)) == a_board()


@pytest.mark.parametrize("content,reason", [
    ("not json at all", "sie ist kein JSON-Text"),
    (json.dumps({"schema": 1, "people": {"ada": {"name": "Bob"}}}),  # a name against its key
     "ein Wert darin passt nicht zu einer Bestenliste"),
    (json.dumps({"schema": 99, "people": {}}), "sie stammt aus einer anderen Version von Cabo"),
    (json.dumps([1, 2, 3]), "sie enthält keine Bestenliste"),
])
def test_a_damaged_file_changes_nothing(page: Page, tmp_path, content: str, reason: str) -> None:
    """...and says so wholly in the page's language (German here), its reason too."""
    text = json.dumps(a_board())
    page.add_init_script(f"localStorage.setItem('cabo.board', {json.dumps(text)});")
    open_board(page, "de")
    bad = tmp_path / "bad.json"
    bad.write_text(content, encoding="utf-8")
    page.get_by_label("Aus einer Datei laden").set_input_files(bad)
    alert = page.get_by_role("alert").filter(has_text="Nichts wurde geändert.")
    expect(alert).to_be_visible()
    expect(alert).to_have_text("Diese Datei ist keine Cabo-Bestenliste oder sie ist beschädigt "
                               f"({reason}). Nichts wurde geändert.")
    assert stored(page) == text
    expect(page.get_by_role("table", name="🏆 Bestenliste").get_by_role(
        "row", name=re.compile("Ada"))).to_be_visible()
