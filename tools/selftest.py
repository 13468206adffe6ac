"""In-page self-test: run every code path of the game in the page's own Pyodide.

The page ships a trimmed standard library (tools/stdlib.py: only the modules named in
tools/stdlib-allowlist.txt, precompiled). A module missing from that list fails at its first
import, so this runs, in the browser, everything the game can do: it imports every module
of the page, plays a whole seeded game of every preset with every bot level of the page
through `cabo.play.session.Session`, and one with a person's seat who follows the hint (when
cabo.bots.hint exists), saves to and loads from localStorage after every round and formats a
traceback of the game's own code; in the person's games it also draws every screen the page
would show (setup form, table, results, scores; cabo.ui and cabo.web.render) in every
language. It is not part of the page (tools/, outside cabo.zip) and never started by a
player: tests/e2e/test_stdlib.py and tools/stdlib_record.py hand its source to the booted
page's interpreter, start it (`start()`) and read the report from `globalThis.__caboSelftest`
(a JSON string). The report also names the stdlib modules that
were imported from the stdlib zip, which is how the allowlist is recorded.

It only needs `js` for localStorage and the report, so it also runs under Node's Pyodide
(tools/stdlib_record.py) with an in-memory store.
"""

from __future__ import annotations

import asyncio
import importlib
import importlib.util
import json
import os
import pkgutil
import sys
import traceback

import cabo
from cabo.bots import PAGE_LEVELS, make_bot
from cabo.game.errors import IllegalAction
from cabo.game.rules import PRESETS
from cabo.play.session import Seat, Session

STORAGE_KEY = "cabo-selftest"
# Drivers in the package that the page never imports (command-line tools).
NOT_IN_PAGE = ("cabo.play.arena", "cabo.play.selfplay")
# The same code paths as in a real game, with a fraction of the search.
BOT_OPTIONS = {"hard": {"simulations": 2, "width": 2, "max_steps": 40}}
HINT_EVERY = 5  # the person asks for a hint at every 5th decision (each is a search)
MAX_ROUNDS = 30  # a safety net: games end by their rules long before
HOST_ROUNDS = 2  # rounds before the host ends a game whose rules let the host end it


def page_modules(in_browser: bool) -> list[str]:
    """The cabo modules the page may import (cabo.web only in the browser)."""
    names = ["cabo"]
    for info in pkgutil.walk_packages(cabo.__path__, "cabo."):
        name = info.name
        if name in NOT_IN_PAGE:
            continue
        if name.startswith("cabo.web") and not in_browser:
            continue
        names.append(name)
    return sorted(names)


def stdlib_modules() -> list[str]:
    """Modules imported so far from the stdlib zip (/lib/python3XY.zip), by their file.

    Frozen modules (os, io, site, ...) are built into the interpreter: they name the zip as
    their file but do not need it.
    """
    prefix = f"/lib/python{sys.version_info[0]}{sys.version_info[1]}.zip/"
    found = set()
    for module in list(sys.modules.values()):
        path = getattr(module, "__file__", None) or ""
        frozen = getattr(getattr(module, "__spec__", None), "origin", None) == "frozen"
        if path.startswith(prefix) and not frozen:
            name = path[len(prefix):].rsplit(".", 1)[0].removesuffix("/__init__")
            found.add(name.replace("/", "."))
    return sorted(found)


def bytecode_misses(checked: list | None = None) -> list[str]:
    """Modules of the game's zip (cabo) and of the working directory (pyscript) that run
    without the shipped .pyc.

    tools/stdlib.py ships hash-based .pyc beside the game's sources in cabo.zip and in the
    __pycache__ folders of PyScript's; one that does not match this interpreter (magic
    number) or its source (checked hash) is silently recompiled from the source.
    """
    cwd = os.getcwd().rstrip("/") + "/"
    misses = []
    for name, module in sorted(sys.modules.items()):
        path = getattr(module, "__file__", None) or ""
        archive = getattr(getattr(module, "__loader__", None), "archive", None)
        if archive is not None and archive.startswith(cwd):
            # zipimport names the file it ran: the .pyc, or the source it fell back to
            if checked is not None:
                checked.append(name)
            if not path.endswith(".pyc"):
                misses.append(name)
            continue
        if not (path.startswith(cwd) and path.endswith(".py")):
            continue
        if checked is not None:
            checked.append(name)
        try:
            with open(importlib.util.cache_from_source(path), "rb") as file:
                header = file.read(16)
            with open(path, "rb") as file:
                source_hash = importlib.util.source_hash(file.read())
        except OSError:
            misses.append(name)
            continue
        flags = int.from_bytes(header[4:8], "little")
        valid = (header[:4] == importlib.util.MAGIC_NUMBER and flags & 0b01
                 and (not flags & 0b10 or header[8:16] == source_hash))
        if not valid:
            misses.append(name)
    return misses


class MemoryStorage:
    """localStorage's interface, for Node."""

    def __init__(self):
        self.items = {}

    def setItem(self, key, value):  # noqa: N802 - the Web Storage API's names
        self.items[key] = str(value)

    def getItem(self, key):  # noqa: N802
        return self.items.get(key)

    def removeItem(self, key):  # noqa: N802
        self.items.pop(key, None)


def storage():
    try:
        from js import localStorage
    except ImportError:
        return MemoryStorage()
    return localStorage


def save_and_load(session: Session, store) -> Session:
    """Save through the storage and resume from it, as a reload does."""
    text = session.to_json()
    store.setItem(STORAGE_KEY, text)
    loaded = Session.from_json(store.getItem(STORAGE_KEY))
    if loaded.to_json() != text:
        raise AssertionError("a saved and loaded game differs from the original")
    return loaded


def tune(session: Session) -> None:
    for bot in session.bots.values():
        for name, value in BOT_OPTIONS.get(bot.name, {}).items():
            setattr(bot, name, value)


class Screens:
    """Draws the page's screens (cabo.ui view models, cabo.web.render HTML) without the DOM:
    the setup form, and the table, results and scores at every step of a person's game, in
    every language. Skipped (None) while the UI modules do not exist yet."""

    def __init__(self, ui_table, ui_setup, render, i18n, ui_rulesheet=None):
        self.table_cls, self.setup, self.render = ui_table.Table, ui_setup, render
        self.rulesheet = ui_rulesheet
        self.texts = [i18n.Texts(lang) for lang in sorted(i18n.LANGS)]
        self.drawn = 0

    @classmethod
    def create(cls, in_browser: bool):
        if not in_browser:
            return None  # cabo.web.render is imported in the browser only
        try:
            return cls(importlib.import_module("cabo.ui.table"),
                       importlib.import_module("cabo.ui.setup"),
                       importlib.import_module("cabo.web.render"),
                       importlib.import_module("cabo.i18n"),
                       importlib.import_module("cabo.ui.rulesheet"))
        except (ModuleNotFoundError, AttributeError):
            return None

    def setup_form(self) -> None:
        for t in self.texts:
            self.render.setup(self.setup.view(self.setup.normalize(None, t), t), t)
            self.drawn += 1

    def table(self, session) -> None:
        t = self.texts[self.drawn % len(self.texts)]
        self.render.table(self.table_cls(session, t, "instant").view(), t, True)
        if self.rulesheet is not None:
            self.render.rules_sheet(self.rulesheet.sheet(session.rules, t, in_game=True))
        self.drawn += 1


def hint_module():
    """cabo.bots.hint, or None while it does not exist."""
    try:
        return importlib.import_module("cabo.bots.hint")
    except ModuleNotFoundError as error:
        if error.name != "cabo.bots.hint":
            raise
        return None


def play_game(rules, level: str, seed: int, store, with_person: bool, screens=None) -> dict:
    """A whole seeded game; seat 0 is a person (who follows the hint) or a bot.

    `screens` (a Screens) draws the table at each of the person's decisions and results."""
    seats = [Seat("You", None if with_person else level), Seat("Ann", level), Seat("Bo", level)]
    session = Session(rules, seats, seed)
    tune(session)
    hint = hint_module() if with_person else None
    helper = make_bot(PAGE_LEVELS[0], seed)  # the person's own moves between hints
    steps = hints = 0
    while not session.state.game_over:
        steps += session.run_bots()
        state = session.state
        if state.game_over:
            break
        if state.phase == "round_over":
            if screens is not None:
                screens.table(session)  # the round's result and the scores
            session = save_and_load(session, store)
            tune(session)
            if rules.game_end == "host" and state.round_no >= HOST_ROUNDS:
                session.end_game()
            elif state.round_no >= MAX_ROUNDS:
                break
            else:
                session.next_round()
            continue
        seat = session.viewer()
        observation, legal = session.observation(seat), session.legal(seat)
        session.log_for(seat)
        if screens is not None:
            screens.table(session)
        action = helper.choose(observation, legal)
        if hint is not None and steps % HINT_EVERY == 0:
            suggested, _code = hint.suggest(observation, legal, seed + steps, simulations=2)
            hints += 1
            if suggested is not None:
                action = suggested
        session.act(action)
        steps += 1
    session = save_and_load(session, store)
    if screens is not None:
        screens.table(session)  # the end of the game
    return {"preset": rules.name, "level": level, "person": with_person, "steps": steps,
            "hints": hints, "rounds": session.state.round_no, "over": session.state.game_over}


def check_page_storage() -> list:
    """The page's own reading of saves (cabo.ui.storage, when it exists): good, bad, none."""
    try:
        ui_storage = importlib.import_module("cabo.ui.storage")
    except ModuleNotFoundError as error:
        if error.name not in ("cabo.ui", "cabo.ui.storage"):
            raise
        return []
    good = Session(PRESETS["official"], [Seat("You"), Seat("Ann", "easy")], 3).to_json()
    results = []
    for text in (good, good[: len(good) // 2], '{"schema": 0}', None):
        session, key, _reason = ui_storage.load_game(text)
        results.append(key or ("loaded" if session else "none"))
    return results


def malformed_messages() -> list:
    """What the page's own interpreter makes of hostile wire messages (its recursion limit and
    stack differ from CPython's): each must be refused with ProtocolError, never raise else."""
    from cabo.net import protocol
    deep = "[" * 500 + "]" * 500
    texts = [("guest", '{"v":1,"t":[],"n":1}'),
             ("guest", '{"v":1,"t":"act","n":1,"step":0,"action":{"type":"Replace","seat":1,'
                       '"slots":' + deep + "}}"),
             ("guest", "[" * 1000 + "]" * 1000),
             ("host", "[" * 100_000 + "]" * 100_000),
             ("host", '{"v":1,"t":"state","n":2,"obs":' + "[" * 50_000 + "]" * 50_000 + "}")]
    out = []
    for sender, text in texts:
        try:
            protocol.decode(text, sender)
            out.append("accepted")
        except protocol.ProtocolError:
            out.append("dropped")
        except BaseException as error:  # noqa: BLE001 - reported, the test names it
            out.append(type(error).__name__)
    return out


def format_error() -> str:
    """A traceback through the game's own code, as the page shows one."""
    session = Session(PRESETS["official"], [Seat("You"), Seat("Ann", "easy")], 1)
    try:
        session.next_round()
    except IllegalAction:
        return "".join(traceback.format_exc())
    raise AssertionError("dealing during the first round must be illegal")


def steps(report: dict, in_browser: bool):
    """Run everything, filling `report`; yields between games (the page stays responsive)."""
    for name in page_modules(in_browser):
        try:
            importlib.import_module(name)
        except ModuleNotFoundError as error:
            if in_browser or error.name != "pyscript":
                raise
            continue  # a browser-only module, outside the browser
        report["modules"].append(name)
    store = storage()
    screens = Screens.create(in_browser)
    if screens is not None:
        screens.setup_form()
    seed = 0
    for rules in PRESETS.values():
        for level in PAGE_LEVELS:
            seed += 1
            report["games"].append(play_game(rules, level, seed, store, with_person=False))
            yield
        seed += 1
        report["games"].append(play_game(rules, PAGE_LEVELS[0], seed, store, with_person=True,
                                         screens=screens))
        yield
    report["screens"] = screens.drawn if screens is not None else 0
    store.removeItem(STORAGE_KEY)
    report["loads"] = check_page_storage()
    report["traceback"] = format_error()
    report["malformed"] = malformed_messages()
    report["stdlib_modules"] = stdlib_modules()
    from cabo.net.build import BUILD  # from the sources in the game's zip

    report["build"] = BUILD
    report["bytecode_checked"] = []
    report["bytecode_misses"] = bytecode_misses(report["bytecode_checked"])


def run_sync(in_browser: bool = False) -> dict:
    """The whole self-test at once (under Node, where nothing else must run meanwhile)."""
    report = {"modules": [], "games": [], "traceback": None}
    for _ in steps(report, in_browser):
        pass
    return report


async def run(in_browser: bool = True) -> dict:
    """The whole self-test, yielding to the page between games."""
    report = {"modules": [], "games": [], "traceback": None}
    for _ in steps(report, in_browser):
        await asyncio.sleep(0)
    return report


def publish(report: dict) -> None:
    import js

    js.globalThis.__caboSelftest = json.dumps(report)


async def _run_and_publish(in_browser: bool) -> None:
    try:
        report = await run(in_browser)
    except BaseException as error:  # report it: the test shows the traceback
        report = {"error": "".join(traceback.format_exception(error))}
    publish(report)


def start(in_browser: bool = True):
    """Run in the background; the report appears as globalThis.__caboSelftest."""
    return asyncio.ensure_future(_run_and_publish(in_browser))
