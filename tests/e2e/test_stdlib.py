"""The trimmed, precompiled stdlib: what is shipped, and every game path running on it.

The page loads only the stdlib modules in tools/stdlib-allowlist.txt (tools/stdlib.py). A
module the game starts to use without being in the list would fail at its first import in
a player's browser; these tests run every code path of the game in Chromium on the shipped
stdlib so that it fails here instead. The fix is `python -m tools.stdlib_record` (which
rewrites the list) and `python tools/build.py`.
"""

from __future__ import annotations

import json
import re
import zipfile

import pytest
from playwright.sync_api import Page, expect

from cabo.bots import PAGE_LEVELS
from cabo.net.build import BUILD
from cabo.game.rules import PRESETS
from tools import build, stdlib
from tools.stdlib_record import run_selftest

from .conftest import BOOT_TIMEOUT_MS

pytestmark = pytest.mark.e2e

SHIPPED_STDLIB = build.VENDOR / "pyodide" / stdlib.STDLIB_ZIP


def with_parents(modules) -> set[str]:
    out = set()
    for name in modules:
        parts = name.split(".")
        out.update(".".join(parts[:i]) for i in range(1, len(parts) + 1))
    return out


def test_the_page_gets_the_allowlisted_stdlib_as_bytecode(site) -> None:
    with zipfile.ZipFile(SHIPPED_STDLIB) as archive:
        files = [n for n in archive.namelist() if not n.endswith("/")]
    assert files and all(name.endswith(".pyc") for name in files), "bytecode only"
    shipped = {name.removesuffix(".pyc").removesuffix("/__init__").replace("/", ".")
               for name in files}
    assert shipped == with_parents(stdlib.read_allowlist())
    stock = stdlib.pyodide_dir() / stdlib.STDLIB_ZIP
    assert SHIPPED_STDLIB.stat().st_size < 0.7 * stock.stat().st_size

    lock = json.loads((build.VENDOR / "pyodide" / stdlib.LOCK_FILE).read_text())
    assert lock == {"info": stdlib.lock_info(), "packages": {}}


def test_the_game_ships_its_sources_with_bytecode(site) -> None:
    names = set(zipfile.ZipFile(build.CABO_ZIP).namelist())
    sources = {n for n in names if n.endswith(".py")}
    assert "cabo/play/session.py" in sources, "sources stay: tracebacks show the game's lines"
    assert "cabo/play/session.pyc" in names, "beside its source, where zipimport looks"
    # test and benchmark machinery stays out of the product (tools/selftest.py and
    # tools/page_spans.py are handed to a booted page by the tools that need them)
    assert all(n.startswith("cabo/") for n in names)
    assert not {n for n in names if "selftest" in n or "timing" in n or "spans" in n}
    assert {stdlib.zip_pyc_name(n) for n in sources} == names - sources
    pyscript = set(zipfile.ZipFile(build.PYSCRIPT_BYTECODE_ZIP).namelist())
    assert "pyscript/__pycache__/__init__.cpython-314.pyc" in pyscript
    tag = stdlib.cache_tag()
    assert pyscript == {stdlib.pyc_name(n, tag) for n in stdlib.pyscript_python()}


def test_an_unchanged_build_compiles_nothing(site) -> None:
    sources = [(p.relative_to(build.CABO.parent).as_posix(), p) for p in build.cabo_sources()]
    first = stdlib.prepare(sources)  # compiles only what changed since the session's build
    second = stdlib.prepare(sources)
    assert second.compiled == []
    assert second.bytecode == first.bytecode
    assert second.files[stdlib.STDLIB_ZIP].read_bytes() == SHIPPED_STDLIB.read_bytes()


def test_every_game_path_runs_in_the_page_on_the_trimmed_stdlib(booted_page: Page) -> None:
    report = run_selftest(booted_page)

    games = report["games"]
    assert len(games) == len(PRESETS) * (len(PAGE_LEVELS) + 1)
    assert {(g["preset"], g["level"]) for g in games if not g["person"]} == {
        (p, level) for p in PRESETS for level in PAGE_LEVELS}
    assert all(g["over"] for g in games), games
    assert all(g["hints"] > 0 for g in games if g["person"]), "the hint ran"
    # Tracebacks of the game's own code show its source lines (the .py files are shipped in
    # the zip the game is imported from; linecache reads them through zipimport).
    assert 'File "cabo/play/session.py"' in report["traceback"]
    assert "return self.act(NextRound(0))" in report["traceback"]
    # hostile wire messages (an unhashable type, nesting 500 to 100,000 levels deep) are
    # dropped by Pyodide's interpreter too, not raised as TypeError or RecursionError
    assert report["malformed"] == ["dropped"] * 5
    if "cabo.web.render" in report["modules"]:
        assert report["screens"] > 100, "the page's screens were drawn"
    if "cabo.ui.storage" in report["modules"]:
        assert report["loads"][0] == "loaded" and report["loads"][-1] == "none"
    assert set(report["stdlib_modules"]) <= with_parents(stdlib.read_allowlist())
    # The game's and PyScript's modules ran from the shipped bytecode, not recompiled.
    assert {"cabo.game.engine", "cabo.web.main", "pyscript"} <= set(report["bytecode_checked"])
    assert report["bytecode_misses"] == []
    # The page reads the same sources from its zip as CPython from the folder: a guest and a
    # host agree on the build id, and it is the one the Python tests use.
    assert report["build"] == BUILD


def test_setup_hint_and_score_screens_on_the_trimmed_stdlib(page: Page) -> None:
    """The page's own screens (the UI tests cover them in depth; this is the short tour)."""
    from .driver import Player, new_game, open_page

    open_page(page, seed=5)
    new_game(page, "official", kinds=("person", *PAGE_LEVELS), speed="instant")
    page.get_by_role("button", name="Hint", exact=True).click()  # the hard bot's search
    expect(page.get_by_text(re.compile(r"^Hint: (?!thinking)"))).to_be_visible()
    Player(page).play_round()
    expect(page.get_by_role("region", name=re.compile(r"^Round \d+: the reveal"))).to_be_visible()
    page.reload()  # the save in localStorage resumes the round's result
    expect(page.get_by_test_id("ready")).to_be_visible(timeout=BOOT_TIMEOUT_MS)
    expect(page.get_by_role("region", name=re.compile(r"^Round \d+: the reveal"))).to_be_visible()


def test_pyscript_sources_are_read_from_the_bundles_object_literal(tmp_path) -> None:
    bundle = ('x=1;wo(".",{pyscript:{"__init__.py":"import a\\nb = \\"\\u00e9\\\\x\\"\\n",'
              'sub:{"m.py":\'y = 1\\t# \\x41\'},"data.txt":"no"}});')
    (tmp_path / "core-abc.js").write_text(bundle, encoding="utf-8")
    assert stdlib.pyscript_python(tmp_path) == {
        "pyscript/__init__.py": 'import a\nb = "é\\x"\n'.encode(),
        "pyscript/sub/m.py": b"y = 1\t# A",
    }
    (tmp_path / "core-abc.js").write_text("no marker", encoding="utf-8")
    assert stdlib.pyscript_python(tmp_path) == {}
