"""The page side of the lesson (cabo.ui.lesson): opening and leaving it, its save, its screens.

The App (main.py) calls it at a few points: start-up (`start`: a lesson the person was in when
the page went away opens again), clicks on `lesson-*` controls, saving (`saves`: the lesson
keeps a key of its own, so a saved real game is never touched by it), and drawing
(`start_kind`, `coach_html`, `end_html`, `table_html`).

localStorage: "cabo.lesson" (cabo.ui.lesson.stored_text: the lesson's game, whether the person
is in it, whether its last screen is on), "cabo.lesson.offered" (the first visit's offer was
answered).
"""

from __future__ import annotations

from pyscript import window

from ..ui import lesson
from . import render_lesson
from .saving import storage_get, storage_remove, storage_set

LESSON_KEY = "cabo.lesson"
OFFERED_KEY = "cabo.lesson.offered"


class LessonPage:
    """The lesson's table while it is on screen, and its way in and out."""

    def __init__(self, app):
        self.app = app
        self.table = None  # the lesson's Table while the person is in the lesson
        self.end = False   # the presets' lines are on screen
        self.stored = lesson.read_stored(storage_get(LESSON_KEY))

    def start(self) -> None:
        """Open the lesson again if the person was in it when the page went away."""
        if self.stored is not None and self.stored[1]:
            self.enter(self.stored[0], self.stored[2])

    def on(self) -> bool:
        """Whether the table on screen is the lesson's."""
        return self.table is not None and self.app.table is self.table

    # -- clicks --------------------------------------------------------------------------
    def click(self, ctl, target) -> None:
        app = self.app
        if ctl == "lesson-open":
            self.offered()
            if app.table is not None and not self.on():
                app.saving.save()  # the real game stays saved under its own key
            kept = self.stored
            self.enter(*(kept[0], kept[2]) if kept is not None else (self.fresh(), False))
            self.show()
        elif ctl == "lesson-play":  # "Play right away": one tap, the form's settings
            self.offered()
            app.start_game()
        elif ctl == "lesson-leave":
            self.leave()
        elif ctl == "lesson-next" and self.on():
            self.table.session.go_on()
            app.render()
            app.pacer.schedule()
        elif ctl == "lesson-presets":
            self.end = True
            self.save()
            app.focus_to = "#lesson-end-title"
            app.render()
            window.scrollTo(0, 0)
        elif ctl == "lesson-again":
            self.enter(self.fresh(), False)
            self.show()
        elif ctl == "lesson-done":
            storage_remove(LESSON_KEY)
            self.stored = None
            self.close()

    def fresh(self):
        return lesson.LessonSession.start(self.app.t("lc_you"))

    def enter(self, session, end: bool) -> None:
        """Put the lesson's table on screen (the real game, if any, stays saved)."""
        app = self.app
        self.table = app.new_table(session)
        self.end = end
        app.table, app.screen, app.notice = self.table, "table", None
        app.pacer.stop()
        self.save()

    def show(self) -> None:
        self.app.render()
        window.scrollTo(0, 0)
        self.app.pacer.schedule()

    def leave(self) -> None:
        """Leave the lesson where it stands (it is kept for later) for the set-up screen."""
        self.save(active=False)
        self.close()

    def close(self) -> None:
        app = self.app
        self.table, self.end = None, False
        app.pacer.stop()  # the lesson's bot stops
        app.saving.open_saved_game()  # the saved real game, if any, comes back as it was
        app.screen = "setup"
        app.render()
        window.scrollTo(0, 0)

    def offered(self) -> None:
        storage_set(OFFERED_KEY, "1")

    # -- saving --------------------------------------------------------------------------
    def saves(self, table) -> bool:
        """Save the lesson if `table` is the lesson's (True); else a real game is being saved,
        and a lesson left open is marked as left (a reload opens the real game)."""
        if table is None or table is not self.table:
            if self.stored is not None and self.stored[1]:
                self.save(active=False)
            return False
        return True

    def save(self, active: bool = True):
        """Write the lesson's save; None when stored, else why not (as App.save)."""
        if self.table is None:
            return None
        app = self.app
        self.table.keep_look(max(0, app.saving.reveal_until - int(window.Date.now())))
        session = self.table.session
        self.stored = (session, active, self.end)
        return storage_set(LESSON_KEY, lesson.stored_text(session, active, self.end))

    # -- drawing -------------------------------------------------------------------------
    def start_kind(self) -> str:
        """The lesson's part of the start screen: "offer" on a first visit (learn, or play
        right away), "resume" when a lesson waits, else "learn"."""
        app = self.app
        if app.table is None and self.stored is None and storage_get(OFFERED_KEY) is None:
            return "offer"
        return "resume" if self.stored is not None else "learn"

    def coach_html(self) -> str:
        """The coach box for the lesson's table ("" for a real table)."""
        if not self.on():
            return ""
        return render_lesson.coach(lesson.coach(self.table.session, self.app.t), self.app.t)

    def end_html(self):
        """The lesson's last screen instead of its table, or None."""
        if not (self.on() and self.end):
            return None
        return render_lesson.end(lesson.preset_lines(self.app.t), self.app.t)

    def table_html(self) -> str:
        """The way into the lesson below a real table."""
        if self.on():
            return ""
        return render_lesson.way_in(self.app.t, self.stored is not None)
