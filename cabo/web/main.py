"""Page entry point: the app's screens, the DOM events and the drawing.

It renders the view models of cabo.ui (render.py makes the HTML) and turns clicks into calls on
the Table. Its helpers do the rest of the page's work: pacer.py paces the bots, the hint and
the timers (asyncio on the main thread: each Python call is short, waiting happens in the
browser's event loop); saving.py saves after every change and keeps the tab's claim on the
game; netpage.py and roompage.py play across devices.
"""

from __future__ import annotations

import json

from pyodide.ffi import create_proxy
from pyscript import document, window

from ..i18n import LANGS, Texts, pick_language
from ..party import board as boards
from ..game.rules import PRESETS
from ..play.session import Session
from ..ui import default_name, party_view, setup, storage
from ..ui.table import Table
from . import render, render_party, render_start
from .browser import event_ms, now_ms, py, task_of_its_own
from .boardfile import BoardFile
from .lessonpage import LessonPage
from .netpage import NetPage
from .pacer import Pacer
from .replaypage import ReplayPage
from .roompage import RoomPage
from .saving import Saving, keep_backup, storage_get, storage_remove, storage_set

LANG_NAMES = (("de", "Deutsch"), ("en", "English"))
# Screens drawn as sheets over where the person was: a head with a close button stays in
# view, and each has a history entry of its own (the back button closes it).
SHEETS = ("rules", "board", "settings", "friends", "daily")
DOUBLE_CLICK_MS = 500  # the longest pause between the two clicks (taps) of a double click
_proxies = []  # keep the event listener proxies alive


class App:
    """The page: setup form, table or an aside (rules, leaderboard), and its events."""

    def __init__(self, fresh: bool = False):
        params = window.URLSearchParams.new(window.location.search)
        seed = py(params.get("seed"))
        self.url_seed = int(seed) if seed is not None and seed.isdigit() else None
        self.patching = py(params.get("patch")) != "off"  # ?patch=off: innerHTML
        self.lang = pick_language(py(params.get("lang")), storage_get(storage.LANG_KEY),
                                  window.navigator.language)
        self.t = Texts(self.lang)
        self.notice = None
        self.table = None
        self.screen = "setup"     # "setup" (the start screen), "table", or one of SHEETS
        self.dealing = False      # a new game is dealt, its table not drawn yet
        self.shown = None         # (screen, in a game) of the last drawing
        self.back_to = "setup"    # the screen under the open sheets ("setup" or "table")
        self.sheets_from = []     # the screens the open sheets were opened from, in order
        self.focus_to = None      # a selector to focus after the next render
        self.focus_due = None     # (selector, in game) to focus in the next task, queued
        self.redraw_due = False   # a tap's change is made, its drawing queued (render_soon)
        self.act_due = None       # (key, tap's time) of a move's button, pressed in that drawing
        self.last_tap = None      # (card, time in ms, game step) of the last click on a card
        self.open = set()         # <details> kept open across renders
        self.announce = []
        self.stats_person = None  # the person shown on the statistics screen (a board key)
        self.board_file = BoardFile(self)  # the board saved to a file and loaded back
        self.pacer = Pacer(self)    # bots, the hint and redraw timers
        self.saving = Saving(self)  # storage, saving after each change, the tab's claim
        self.settings = setup.normalize(
            self.saving.load_stored("settings", storage.read_settings), self.t)
        self.board = self.saving.load_stored("board", storage.read_board) or boards.empty()
        self.lesson = LessonPage(self)  # "Learn to play": a table and a save of its own
        self.replay = ReplayPage(self)  # replays, shared rounds, the deal of the day
        if not fresh:
            self.saving.open_saved_game()
        self.net = NetPage(self)  # play across devices: resumes a hosted game, joins #join=
        self.room = RoomPage(self, self.net)  # online rooms: reopens a room after a reload
        self.net.start()
        self.room.start()
        self.lesson.start()  # a lesson the person was in when the page went away
        self.replay.start()  # a shared round in the URL's fragment (#replay=)

    def first_screen(self, text):
        """The Table of a saved game, with its first screen drawn once (so that whatever
        drawing it needs runs inside the start-up budget)."""
        table = self.new_table(Session.from_json(text))
        saved = self.table, self.screen
        self.table, self.screen = table, "table"
        try:
            self.page_html(with_net=False)
        finally:
            self.table, self.screen = saved
        table.last, table.last_notes = [], []
        return table

    # -- events --------------------------------------------------------------------------
    def on_click(self, event) -> None:
        target = py(event.target.closest("[data-ctl]"))
        if target is None or target.disabled:
            return
        ctl = target.dataset.ctl
        if self.redraw_due:
            # The last tap's change is not drawn yet: this tap was aimed at the screen before
            # it. A move's button (or the hand-over) tapped again is the same decision twice
            # and is dropped; any other control acts on the change, drawn first.
            if ctl in ("act", "handoff"):
                return
            self.render()
        if ctl != "card":
            self.last_tap = None  # a press between two clicks on a card: no double click
        if ctl == "card":
            card = (int(target.dataset.owner), int(target.dataset.slot))
            if self.double_click(event, card) and (
                    events := self.table.quick_match(*card, event_ms(event))):
                self.after_change(events, soon=True)
                self.pacer.schedule()
                return
            self.table.click_card(*card)
            self.render_soon()
        elif ctl == "act":
            self.act_soon(target.dataset.key, event_ms(event))
        elif ctl == "react" and self.table is not None:
            note = self.table.react(target.dataset.emoji, event_ms(event))
            if note:
                self.announce.append(self.table.announcement())
            self.render_soon()
        elif ctl in SHEETS and self.screen != ctl:
            self.open_aside(ctl)
        elif ctl.endswith("-back") and ctl[:-len("-back")] in SHEETS:
            self.board_file.note = None
            if self.sheet_in_history() == self.screen:
                window.history.back()  # the phone's back button and this one do the same
            else:
                self.close_aside(ctl[:-len("-back")])
        elif ctl == "board-save":
            self.board_file.save()
        elif ctl == "rs-jump":
            node = py(document.getElementById(target.dataset.target))
            if node is not None:
                node.scrollIntoView()
        elif ctl == "start" and not self.dealing:  # (a second tap before the table shows)
            self.start_game()
        elif ctl == "newgame":
            self.screen = "setup"
            self.pacer.stop()
            self.render()
        elif ctl == "resume" and self.table is not None:
            self.screen = "table"
            self.render()
            self.pacer.schedule()
        elif ctl == "handoff":
            self.table.confirm_handoff()
            self.render_soon()
        elif ctl == "mute" and (sound := getattr(window, "caboSound", None)) is not None:
            sound.setMuted(not sound.muted())  # (remembered by static/js/sound.js)
            self.render_soon()
        elif ctl == "dismiss":
            self.notice = None
            self.render_soon()
        elif ctl == "takeover":
            self.saving.take_over()
        elif ctl.startswith("net-"):
            self.net.click(ctl, target)
        elif ctl.startswith("room-"):
            self.room.click(ctl, target)
        elif ctl.startswith("lesson-"):
            self.lesson.click(ctl, target)
        elif ctl.startswith(("replay-", "daily-")):
            self.replay.click(ctl, target)

    @staticmethod
    def muted():
        """Whether the sounds are off (static/js/sound.js); None: the page has no sound."""
        sound = getattr(window, "caboSound", None)
        return None if sound is None else bool(sound.muted())

    def open_aside(self, screen) -> None:
        """Show a sheet (rules, leaderboard, settings, play with friends) over the screen
        now; the bots wait while it is open."""
        if self.screen not in SHEETS:
            self.sheets_from = []
            self.back_to = self.screen
        self.sheets_from.append(self.screen)
        self.screen = screen
        self.pacer.stop()
        self.focus_to = f"#{'board' if screen == 'board' else screen}-title"
        # a history entry of its own: the phone's back button closes the sheet
        window.history.pushState(window.JSON.parse(json.dumps({"cabo": screen})), "")
        self.render()

    @staticmethod
    def sheet_in_history():
        """The sheet whose history entry is the page's current one, or None."""
        state = py(window.history.state)
        return py(getattr(state, "cabo", None)) if state is not None else None

    def leave_sheets(self) -> None:
        """The open sheets are left for another screen (a game starts): their history entry
        no longer closes anything."""
        self.sheets_from = []
        if self.sheet_in_history() is not None:
            window.history.replaceState(window.JSON.parse("null"), "")

    def on_popstate(self, event) -> None:
        """Back from a sheet's (or the replay's) history entry: close it."""
        if self.screen in SHEETS:
            self.close_aside(self.screen)
        elif self.screen == "replay":
            self.replay.close()

    def close_aside(self, screen) -> None:
        """Back from a sheet to where the person was (the sheet under it, or the screen)."""
        self.screen = self.sheets_from.pop() if self.sheets_from else self.back_to
        self.focus_to = f'[data-ctl="{screen}"]'
        self.render()
        if self.screen == "table":
            self.pacer.schedule()

    def on_change(self, event) -> None:
        target = event.target
        field = py(target.getAttribute("data-field")) if hasattr(target, "getAttribute") else None
        if not field:
            return
        value = target.value
        if field == "lang":
            self.set_language(value)
            return
        if field == "theme":
            self.set_theme(value)
            return
        if field == "board-load":
            self.board_file.load(target)
            return
        if field == "replay-view":
            self.replay.choose_view(value)
            return
        if field == "stats_person":
            self.stats_person = value
            self.render()
            return
        self.settings = setup.change(self.settings, field, value, self.t)
        storage_set(storage.SETTINGS_KEY, json.dumps(self.settings))
        if field == "speed" and self.table is not None:
            self.table.speed = value
            self.pacer.schedule()
        if field == "ask_cabo" and self.table is not None:
            self.table.ask_cabo = self.settings["ask_cabo"]
        if not field.startswith("name:"):
            self.render()

    def double_click(self, event, card) -> bool:
        """A second click or tap on the same card within DOUBLE_CLICK_MS matches the card
        if it may. Counted here, not by `dblclick`: the first click redraws the table, so the
        browser never sees two clicks on one element (and touch screens send no dblclick).
        A click from the keyboard (detail 0, no pointer type) never counts, and neither do
        two clicks with a move of anyone's or a press of another control between them (the
        first selected the card for that move: the second starts something new)."""
        now = event.timeStamp  # when the click happened, not when Python got to it
        pointer = ((py(getattr(event, "detail", 0)) or 0) > 0
                   or bool(py(getattr(event, "pointerType", None))))
        step = self.table.step()
        last, self.last_tap = self.last_tap, (card, now, step)
        if (pointer and last is not None and last[0] == card and last[2] == step
                and now - last[1] < DOUBLE_CLICK_MS):
            self.last_tap = None
            return True
        if not pointer:
            self.last_tap = None
        return False

    def on_input(self, event) -> None:
        field = (py(event.target.getAttribute("data-field"))
                 if hasattr(event.target, "getAttribute") else None)
        if field and field.startswith("name:"):
            self.settings = setup.change(self.settings, field, event.target.value, self.t)
        elif hasattr(event.target, "dataset"):
            self.net.on_input(event.target)

    def on_toggle(self, event) -> None:
        target = event.target
        name = py(target.dataset.open) if hasattr(target, "dataset") else None
        if name:
            (self.open.add if target.open else self.open.discard)(name)

    def set_language(self, lang) -> None:
        if lang not in LANGS:
            return
        self.lang = lang
        self.t = Texts(lang)
        storage_set(storage.LANG_KEY, lang)
        players = default_name.follow_language(self.settings["players"], self.t)
        if players != self.settings["players"]:  # "You" becomes "Du"; a typed name stays
            self.settings = {**self.settings, "players": players}
            storage_set(storage.SETTINGS_KEY, json.dumps(self.settings))
        if self.table is not None:
            self.table.t = self.t
        document.documentElement.lang = lang
        self.render()

    def set_theme(self, theme) -> None:
        """Light, dark, or the system's: kept for the next visit, which index.html applies
        before the first paint."""
        if theme not in setup.THEMES:
            return
        if theme == "system":
            storage_remove(storage.THEME_KEY)
        else:
            storage_set(storage.THEME_KEY, theme)
        if hasattr(window, "caboTheme"):
            window.caboTheme()  # index.html: the chosen theme, or the system's
        self.render()

    def theme(self) -> str:
        value = storage_get(storage.THEME_KEY)
        return value if value in setup.THEMES else "system"

    # -- game flow -----------------------------------------------------------------------
    def start_game(self, read_form: bool = True) -> None:
        """A new game from the settings (first the names typed into the form, `read_form`)."""
        for node in document.querySelectorAll("[data-field^='name:']") if read_form else ():
            self.settings = setup.change(self.settings, node.dataset.field, node.value, self.t)
        if setup.problem(self.settings, self.t):
            self.render()
            return
        seed = self.url_seed if self.url_seed is not None else int(window.Date.now()) % 2**31
        self.open_table(setup.make_session(self.settings, seed, self.t))

    def open_table(self, session) -> None:
        """Seat `session` at a new table and deal it (a new game, the deal of the day)."""
        self.table = self.new_table(session)
        self.table.show_deal()
        self.screen = "table"
        self.leave_sheets()
        self.notice = None
        self.saving.tabs.claim()
        # Dealing (with a bot level's first import) and a table's first drawing take a few
        # tens of ms each on a phone: in one task they would be one long task, so the table
        # is drawn in a task of its own.
        self.dealing = True
        # Until the table is drawn the page is busy too: a test that waits for "not busy"
        # after "Start game" must not find the start screen still standing (data-busy).
        document.getElementById("app").setAttribute("data-busy", "true")
        task_of_its_own(self.show_new_table)

    def show_new_table(self) -> None:
        """Draw the table `start_game` dealt, save it and let its bots play."""
        self.dealing = False
        if self.screen != "table" or self.table is None:
            return
        self.render()
        self.saving.save_later()
        window.scrollTo(0, 0)  # a phone shows the new table from its top, not the form's end
        self.pacer.schedule()

    def new_table(self, session) -> Table:
        table = Table(session, self.t, self.settings["speed"])
        table.clock = now_ms
        session.time_by(now_ms)  # the claims' judge and the bots' pace time by the page
        table.ask_cabo = self.settings.get("ask_cabo", True)
        return table

    def person_acts(self, key, at_ms=None, soon: bool = False) -> None:
        """Press the move's button `key`; `soon`: in a tap's task (see `render_soon`)."""
        if key == "hint":  # the hint bot searches: in slices, so the page stays responsive
            self.pacer.hint()
            return
        events = self.table.press(key, at_ms)
        if key in ("hide", "handoff"):
            self.saving.save_later()  # the look is over: a reload does not show it again
        self.after_change(events, soon)
        self.pacer.schedule()

    def act_soon(self, key, at_ms) -> None:
        """A move's button: pressed with its drawing, in the task that `render_soon` queues.
        Chromium runs a tap's handlers in one task with its hit test and the motion it
        finishes; the game's step there made it a long task while cards moved (issue 41). The
        tap's time is the move's time (a claim is judged by it); the bots and the countdown
        wait (`pacer.stop`), and a render before the queued one presses it first."""
        if key == "hint":  # (no move: the hint bot's search is sliced anyway)
            self.person_acts(key, at_ms, soon=True)
            return
        self.act_due = (key, at_ms)
        self.pacer.stop()
        self.render_soon()

    def after_change(self, events, soon: bool = False) -> None:
        if events:
            if self.table.reveals:
                self.saving.show_look()
            self.saving.save_later()
            self.announce.append(self.table.announcement())
        if soon:
            self.render_soon()
        else:
            self.render()

    def render_soon(self) -> None:
        """Draw the change in a task of its own, the page busy meanwhile. Chromium runs a
        tap's handlers inside a frame's task: drawing there added Python's redraw to that
        frame's restyle, layout and paint, one long task per tap (docs/speed.md, issue 41).
        Any render before the queued one draws the change, and the queued one is dropped."""
        if not self.redraw_due:
            self.redraw_due = True
            task_of_its_own(self.redraw_queued)
        app = document.getElementById("app")
        app.setAttribute("data-busy", "true")
        app.setAttribute("data-redraw", "due")  # (tests wait for the drawing: driver.py)

    def redraw_queued(self) -> None:
        if self.redraw_due:
            self.render()

    # -- drawing -------------------------------------------------------------------------
    def page_html(self, with_net: bool = True):
        """(html, view of the table or None, card moves) of the screen now; no DOM."""
        t = self.t
        in_game = self.screen == "table" and self.table is not None and not self.saving.paused
        html = render.topbar(t, self.lang, LANG_NAMES, self.settings["speed"], setup.SPEEDS,
                             in_game, self.screen == "rules", self.screen == "board",
                             self.screen == "settings", self.muted(),
                             in_game and not self.table.session.holds_game)
        html += render.notice(self.notice, t)
        view, moves = None, []
        if self.saving.paused:
            html += render.paused(t("tab_elsewhere"), t("tab_take_over"))
        elif self.screen == "rules":
            html += render.rules_sheet(self.rules_view())
        elif self.screen == "board":
            session = self.table.session if self.table is not None else None
            html += render_party.stats_screen(party_view.stats_view(
                self.board, t, self.stats_person, session, self.back_to == "table"),
                self.board_file.words(t), self.replay.kept_html())
        elif self.screen == "replay":
            html += self.replay.html()
        elif in_game and (end := self.lesson.end_html()) is not None:
            html += end
        elif in_game:
            if self.table.clock is None:  # tables made elsewhere (play across devices)
                self.table.clock = now_ms
            self.table.auto_end_ms = self.settings["auto_end"]
            view = self.table.view(now_ms())
            view["coach"] = self.lesson.coach_html()
            if view["screen"] == "handoff":
                html += render.handoff(view)
            else:
                drawn = render.table(view, t, "log" in self.open,
                                     guest=not self.table.session.holds_game)
                if with_net and self.net.inert():  # a guest without its link: a picture only
                    drawn = f'<div class="inert-table" inert>{drawn}</div>'
                html += (self.room.panel_html(self.net.panel_html())
                         if with_net and not self.lesson.on() else "") + drawn
                html += self.lesson.table_html()
                html += self.replay.after_round_html(self.table)
            moves = view.get("moves", [])
        else:
            # an online room's consent or a guest looking for its host; a guest's name and
            # answer code, or its way back to a table: each stands instead of the new-game form
            room_screen = self.room.screen_html() if with_net else None
            net_screen = self.net.screen_html() if with_net else ""
            if room_screen is not None:
                html += room_screen
            elif net_screen:
                html += net_screen
            elif self.screen == "settings":
                look = render_start.look(t, self.settings["speed"], setup.SPEEDS, self.lang,
                                         LANG_NAMES, self.theme(), setup.THEMES)
                form = setup.view(self.settings, t)
                html += render_start.settings(render.setup(form, t), t, look, form["problem"])
            elif self.screen == "daily":
                html += self.replay.daily_sheet_html()
            elif self.screen == "friends" and with_net:
                html += render_start.friends(t, setup.summary(self.settings, t),
                                             self.net.setup_html(), self.room.setup_html())
            else:
                html += render_start.start(t, setup.summary(self.settings, t),
                                           setup.problem(self.settings, t),
                                           self.table is not None, self.lesson.start_kind())
        return html, view, moves

    def press_due(self) -> None:
        """The move a tap queued (`act_soon`), pressed now: before any drawing (this one draws
        it), and before the game is saved as the page is hidden or left."""
        if self.act_due is not None:
            key, at_ms = self.act_due
            self.act_due = None
            if self.table is not None:
                self.person_acts(key, at_ms, soon=True)

    def render(self) -> None:
        self.press_due()
        self.redraw_due = False
        app = document.getElementById("app")
        app.removeAttribute("data-redraw")
        focus = (self.focus_due[0] if self.focus_due is not None
                 else _focus_selector(py(document.activeElement)))
        # Panels keep their open state: read it from the page, whose toggle events are queued
        # and may arrive after this render (then a panel just opened would be drawn closed).
        for node in app.querySelectorAll("details[data-open]"):
            (self.open.add if node.open else self.open.discard)(node.dataset.open)
        html, view, moves = self.page_html()
        in_game = view is not None
        # a replay's step forward moves its cards as in play (cabo.web.replaypage)
        flying = self.replay.flying() if self.screen == "replay" else []
        # Another screen is drawn whole: there is little to keep, and patching the set-up form
        # into a table node by node is slower than innerHTML (docs/speed.md, "long tasks").
        shown, self.shown = self.shown, (self.screen, in_game)
        if (in_game or flying) and hasattr(window, "caboMotionFirst"):
            window.caboMotionFirst()  # where the cards are before the change (motion.js)
        patch = getattr(window, "caboPatch", None) if self.patching else None
        if patch is not None and shown == self.shown:
            patch(app, html)  # only the nodes that changed (static/js/patch.js)
        else:
            app.innerHTML = html
        # Tests (and curious people) can see whether bots are still to move (and, set by
        # open_table, whether a dealt table is still to be drawn).
        busy = in_game and self.table.bot_task() is not None
        app.setAttribute("data-busy", "true" if busy else "false")
        for node in app.querySelectorAll("details[data-open]"):
            node.open = node.dataset.open in self.open
        self.focus_later(self.focus_to or focus, in_game)
        self.focus_to = None
        if self.announce:
            text = " ".join(a for a in self.announce if a)
            self.announce = []
            if text:
                document.getElementById("live").textContent = text
        if in_game and view.get("round_ended"):
            task_of_its_own(self.show_result)
        self.stay_awake(view)
        if in_game and hasattr(window, "caboMotion"):  # static/js/motion.js
            window.caboMotion(_moves_json(moves), self.table.speed == "instant")
        elif flying and hasattr(window, "caboMotion"):
            window.caboMotion(_moves_json(flying), self.settings["speed"] == "instant")
        if in_game:
            self.table.last = []  # animate a change once
            self.table.last_notes = []
            wait = self.table.flying.next_expiry(now_ms())
            if wait is not None:
                self.pacer.expire_after(wait)

    def stay_awake(self, view) -> None:
        """The screen stays on during a game; a turn that begins while the person looks away
        shows in the tab's title, and across devices the phone vibrates (unless turned off)."""
        awake = getattr(window, "caboAwake", None)
        if awake is None:
            return
        playing = view is not None and not view.get("game_over")
        awake.game(playing)
        mine = playing and any(p["me"] and p["to_move"] for p in view.get("players", ()))
        across = self.net.host is not None or self.net.guest is not None
        awake.turn(mine, self.t("your_turn_title"), across and self.net.vibrate)

    @staticmethod
    def show_result() -> None:
        """Scroll the table's top, where the status line says the round's result, to the
        top of the screen (the reveal's numbers follow below), in the browser's next task:
        scrolling makes the browser lay out the new table at once, which lengthened the
        drawing task at a round's end (up to 12 ms of a 97 ms task,
        tools/bench_thinking.py --spans)."""
        node = py(document.querySelector(".felt.over"))
        if node is not None:
            node.scrollIntoView(window.JSON.parse('{"block": "start"}'))

    def rules_view(self) -> dict:
        """The rules screen: the running game's rules, or those the new-game form makes."""
        from ..ui import rulesheet  # (imported when the rules are first opened)

        if self.back_to == "table" and self.table is not None:
            return rulesheet.sheet(self.table.session.rules, self.t, in_game=True)
        try:
            rules = setup.rules_of(self.settings)
        except ValueError:
            rules = PRESETS[self.settings["preset"]]
        return rulesheet.sheet(rules, self.t, self.settings["preset"])

    def focus_later(self, selector, in_game) -> None:
        """`restore_focus` in the browser's next task: focusing makes the browser compute
        the new table's styles at once, which would lengthen the drawing task (see
        tools/bench_thinking.py --spans); a render meanwhile keeps the same target."""
        if not selector:
            return
        if self.focus_due is None:
            task_of_its_own(self.focus_queued)
        self.focus_due = (selector, in_game)

    def focus_queued(self) -> None:
        if self.focus_due is not None:
            (selector, in_game), self.focus_due = self.focus_due, None
            self.restore_focus(document.getElementById("app"), selector, in_game)

    @staticmethod
    def restore_focus(app, selector, in_game) -> None:
        """Keep the focus on the same control; if it is gone, move it to the status line
        (on the table), from where Tab reaches the cards and then the moves."""
        if not selector:
            return
        node = py(app.querySelector(selector))
        if node is None or getattr(node, "disabled", False):
            node = py(app.querySelector("#status")) if in_game else None
        if node is not None:
            node.focus()



def _moves_json(steps) -> str:
    """The motion steps of cabo.ui.motion, with their places as element ids."""
    def dom_id(place):
        return place if place is None or isinstance(place, str) else f"slot-{place[1]}-{place[2]}"
    return json.dumps([dict(step, **{"from": dom_id(step["from"]), "to": dom_id(step["to"])})
                       for step in steps])


def _focus_selector(node):
    if node is None or not hasattr(node, "getAttribute"):
        return None
    if node.id:
        return "#" + node.id
    for attr in ("data-key", "data-field", "data-ctl"):
        value = py(node.getAttribute(attr))
        if value:
            return f'[{attr}="{value}"]'
    return None


def start() -> None:
    """Build the app, draw it, and replace the loading screen. Whatever fails between
    reading storage and the first render moves the saved game to the backup key and starts
    fresh with a message; the loading screen always ends."""
    try:
        app = App()
        app.render()
    except Exception as exc:  # noqa: BLE001 - the page must come up whatever the save holds
        try:
            app = _fresh_app(exc)
        except Exception:
            _last_resort()
            raise
    for kind, handler, capture in (("click", app.on_click, False),
                                   ("change", app.on_change, False),
                                   ("input", app.on_input, False),
                                   ("toggle", app.on_toggle, True),
                                   ("visibilitychange", app.saving.on_hidden, False)):
        proxy = create_proxy(handler)
        _proxies.append(proxy)
        document.addEventListener(kind, proxy, capture)
    for kind, handler in (("storage", app.saving.tabs.on_storage),
                          ("pagehide", app.saving.on_pagehide),
                          ("popstate", app.on_popstate)):
        proxy = create_proxy(handler)
        _proxies.append(proxy)
        window.addEventListener(kind, proxy)
    if app.sheet_in_history():  # a reload on a sheet's entry opens the game itself
        window.history.replaceState(window.JSON.parse("null"), "")
    document.documentElement.lang = app.lang
    root = document.getElementById("app")
    root.setAttribute("data-testid", "ready")
    root.hidden = False
    document.getElementById("loading").hidden = True
    window.dispatchEvent(window.CustomEvent.new("cabo:ready"))
    if app.screen == "table":
        app.pacer.schedule()


def _fresh_app(exc) -> App:
    """A new game's form after a failed start, saying why; the save goes to the backup."""
    stored = storage.STORED["game"]
    text = storage_get(stored.key)
    kept = keep_backup(stored, text) if text else None
    app = App(fresh=True)
    problem = storage.Problem("start_failed", storage.short(f"{type(exc).__name__}: {exc}"))
    app.notice = storage.notice(problem, kept, app.t)
    app.render()
    return app


def _last_resort() -> None:
    """Even a fresh start failed: say so on the loading screen (both languages, as the
    texts themselves may be what failed) instead of leaving it spinning."""
    node = py(document.getElementById("loading-text"))
    if node is not None:
        node.textContent = " / ".join(LANGS[lang]["loading_failed"] for lang in ("en", "de"))
