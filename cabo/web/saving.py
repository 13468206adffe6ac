"""The page's persistence: localStorage, saving the game after every change, and which tab
plays the saved game (cabo/web/tabs.py).

What is stored and how it is checked is cabo.ui.storage's (pure Python); this module does the
browser's part: it reads and writes the keys, moves a damaged value to its backup key, saves
in a task of its own, and pauses the page when another tab takes the game.
"""

from __future__ import annotations

import json

from pyscript import window

from .. import budget
from ..party import board as boards
from ..ui import storage
from . import tabs
from .browser import after_motion, py, task_of_its_own

LOOK_KEPT_MS = 60_000
SAVE_WAITS_MS = 3_000  # a save waits for the cards in flight at most this long  # a look saved with the game shows again after a reload this long


def storage_get(key):
    try:
        return py(window.localStorage.getItem(key))
    except Exception:  # noqa: BLE001 - storage may be disabled; play without saving
        return None


def storage_set(key, value):
    """None when stored; else why not: "full", "denied" or "other"."""
    try:
        window.localStorage.setItem(key, value)
        return None
    except Exception as exc:  # noqa: BLE001
        return _storage_failure(exc)


def storage_remove(key) -> None:
    try:
        window.localStorage.removeItem(key)
    except Exception:  # noqa: BLE001
        pass


def _storage_failure(exc) -> str:
    text = str(exc)
    if "Quota" in text or "quota" in text:
        return "full"
    if "Security" in text or "denied" in text or "not allowed" in text:
        return "denied"
    return "other"


def keep_backup(stored, text) -> bool:
    """Move a damaged value to its backup key; whether the backup really holds it now."""
    if storage_set(stored.backup, text) is not None:
        storage_remove(stored.key)  # free its room, then try once more
        if storage_set(stored.backup, text) is not None:
            storage_remove(stored.backup)
            return False
    storage_remove(stored.key)
    return storage_get(stored.backup) == text


class Saving:
    """The app's saves: loading them, saving after each change, and this tab's claim."""

    def __init__(self, app):
        self.app = app
        self.reveal_token = 0
        self.reveal_until = 0     # Date.now() when the cards looked at turn face down
        self.save_problem = None  # why the last save failed ("full", ...), None if it worked
        self.save_due = False     # a save is queued for the browser's next task (save_later)
        self.paused = False       # another tab plays the saved game now
        self.tabs = tabs.Tabs(window, storage_get, storage_set, self.lost_game)

    def load_stored(self, name, build):
        """A stored value through the guarded path (cabo.ui.storage.load), or None; a
        damaged one goes to its backup key, with a message."""
        stored = storage.STORED[name]
        text = storage_get(stored.key)
        value, problem = storage.load(stored, text, build, seconds=budget.START_SECONDS)
        if problem is not None:
            kept = keep_backup(stored, text)
            self.app.notice = storage.notice(problem, kept, self.app.t)
        return value

    def open_saved_game(self) -> bool:
        """Load the saved game and draw its first screen, within the start-up budget. A save
        that fails anywhere on that way is moved to the backup key, with a message."""
        app = self.app
        app.table, app.screen = None, "setup"
        table = self.load_stored("game", app.first_screen)
        if table is None:
            return False
        app.table, app.screen = table, "table"
        self.tabs.claim()
        if table.look_ms:
            self.show_look(table.look_ms)
        return True

    def save(self) -> None:
        """Save the game (and the settings) if this tab plays it; a failure is told once,
        and every later save tries again."""
        app = self.app
        self.save_due = False
        if app.table is None or self.paused:
            return
        if app.lesson.saves(app.table):  # the lesson keeps a key of its own
            self.saved(app.lesson.save())
            return
        if app.table.session.holds_game:  # a guest's table has nothing to save
            if not self.tabs.owns():
                self.lost_game()
                return
            # the leaderboard first: the save remembers which rounds it already holds
            problem = None
            if boards.record(app.board, app.table.session):
                problem = storage_set(boards.KEY, boards.to_json(app.board))
            app.table.keep_look(max(0, self.reveal_until - int(window.Date.now())))
            problem = storage_set(storage.SAVE_KEY, app.table.session.to_json()) or problem
            problem = storage_set(storage.SETTINGS_KEY, json.dumps(app.settings)) or problem
            self.saved(problem)
        app.net.after_save()

    def save_later(self) -> None:
        """`save` in a task of its own once the move's cards have landed (or SAVE_WAITS_MS
        later at the latest): a move is drawn at once and saved after its motion, so that
        saving is no long task while a card flies (tools/bench_motion.py). Whatever
        comes first saves it: this queued save, any other save, hiding the page
        (`on_hidden`) or leaving it (`on_pagehide`), so a reload or another tab always finds
        the latest state."""
        if not self.save_due:
            self.save_due = True
            if not after_motion(self.save_queued, SAVE_WAITS_MS):
                task_of_its_own(self.save_queued)

    def save_queued(self) -> None:
        if self.save_due:
            notice = self.app.notice
            self.save()
            if self.app.notice != notice:  # saving failed, or works again: say so now
                self.app.render()

    def saved(self, problem) -> None:
        """Tell the person once that saving fails (and why), and when it works again."""
        app = self.app
        if problem and self.save_problem is None:
            app.notice = app.t("save_failed_" + problem)
        elif not problem and self.save_problem is not None:
            if app.notice == app.t("save_failed_" + self.save_problem):
                app.notice = app.t("save_ok_again")
        self.save_problem = problem

    def show_look(self, ms=None) -> None:
        """The cards just looked at stay face up until the person hides them or moves (a
        reload within LOOK_KEPT_MS shows them again)."""
        self.reveal_until = int(window.Date.now()) + LOOK_KEPT_MS
        self.reveal_token += 1

    def on_hidden(self, event) -> None:
        """The page is hidden (another tab or app comes to the front): a queued save is
        written now, so that a tab the person switches to finds the latest move."""
        if window.document.visibilityState != "hidden":
            return
        self.app.press_due()  # (a move tapped just before is part of it)
        if self.save_due:
            self.save()

    def on_pagehide(self, event) -> None:
        """Save a queued save, and how long the cards looked at still show (a reload shows
        the rest)."""
        self.app.press_due()  # (a move tapped just before is part of it)
        if self.save_due or (self.app.table is not None and self.app.table.reveals):
            self.save()

    # -- two tabs: one plays the game, the other says so and offers to take over ----------
    def lost_game(self) -> None:
        """Another tab has started playing the saved game: pause here."""
        app = self.app
        if self.paused or app.table is None or not app.table.session.holds_game:
            return
        self.paused = True
        app.pacer.stop()  # the bots stop
        app.notice = None
        app.render()

    def take_over(self) -> None:
        """Play the saved game here again: load its latest state (the other tab played on)."""
        app = self.app
        self.paused = False
        app.pacer.stop()
        app.notice = None
        self.open_saved_game()
        app.render()
        if app.table is not None:
            app.pacer.schedule()
