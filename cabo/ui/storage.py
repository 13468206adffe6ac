"""What the page keeps in localStorage, and the one guarded path by which it is read back.

Every stored value is outside input (cabo.schema). `STORED` declares each key once: its
backup key, its size limit and how its text becomes a value. The page reads every key
through `load(stored, text, build)`: `build` turns the text into what the page uses (for the
game: the Session, the Table and its first screen), inside a step budget (cabo.budget), and
*any* failure — a schema error, a crash deeper in the engine or the view, a budget run out —
comes back as a `Problem` with a short reason, never as an exception. The page then moves
the value to the backup key (`backup_plan`), says what happened (`notice`) in the person's
language, and starts fresh.

To add a stored value (party statistics, a guest's seat token, ...): one `Stored(...)` entry
in STORED with its schema (cabo.schema; `parse(text, SCHEMA, max_chars=...)` in `build`),
then in the page `storage.load(STORED["name"], text, build)` at start-up, and messages
`<name>_bad` in cabo/i18n if the generic "save_bad"/"settings_bad" words do not fit.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from .. import budget
from ..party import board as boards
from ..replay import shelf
from ..schema import Any, Invalid, Json, Map, parse
from ..play.saved import MAX_SAVE_CHARS, OldSave
from ..play.session import SaveError, Session

SAVE_KEY = "cabo.save"
BACKUP_KEY = "cabo.save.backup"
SETTINGS_KEY = "cabo.settings"
LANG_KEY = "cabo.lang"
THEME_KEY = "cabo.theme"     # "light", "dark" or absent (the system's); read by index.html too
OWNER_KEY = "cabo.owner"     # the id of the tab that plays the saved game (cabo/web/tabs.py)
REASON_CHARS = 160           # the longest reason shown to the player

SETTINGS = Map(Json(3, 64), 16)  # checked in detail by cabo.ui.setup.normalize


@dataclass(frozen=True)
class Stored:
    """One localStorage key: where a damaged value goes, and the messages about it."""

    key: str
    backup: str
    max_chars: int
    bad: str          # text key of the message for a damaged value ({reason} placeholder)
    old: str | None = None  # text key for a value of another version


STORED = {
    "game": Stored(SAVE_KEY, BACKUP_KEY, MAX_SAVE_CHARS, "save_bad", "save_old"),
    "settings": Stored(SETTINGS_KEY, SETTINGS_KEY + ".backup", 20_000, "settings_bad"),
    "board": Stored(boards.KEY, boards.BACKUP_KEY, 500_000, "board_bad"),
    "replays": Stored(shelf.KEY, shelf.BACKUP_KEY, shelf.MAX_STORED, "replays_bad"),
}


@dataclass(frozen=True)
class Problem:
    """Why a stored value was not used: a text key ("save_bad", ...) and a short reason."""

    key: str
    reason: str


def short(text: str, limit: int = REASON_CHARS) -> str:
    """A reason fit for a message: one line, at most `limit` characters."""
    text = " ".join(str(text).split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def load(stored: Stored, text, build, limit: int = budget.START_STEPS,
         seconds: float | None = None):
    """(value, None), (None, Problem) or (None, None) when nothing is stored.

    `build(text)` makes the value; it runs with at most `limit` steps (and `seconds`, in the
    page: budget.START_SECONDS). Nothing raises."""
    if text is None or text == "":
        return None, None
    if not isinstance(text, str) or len(text) > stored.max_chars:
        return None, Problem(stored.bad, f"too large ({len(str(text)):,} characters)")
    try:
        with budget.steps(limit, seconds):
            return build(text), None
    except OldSave as exc:
        return None, Problem(stored.old or stored.bad, short(exc))
    except budget.OverBudget:
        return None, Problem(stored.bad, "loading it did not finish in time")
    except RecursionError:
        return None, Problem(stored.bad, "nested too deeply")
    except SaveError as exc:
        return None, Problem(stored.bad, short(exc))
    except Exception as exc:  # noqa: BLE001 - any damage must end in a message, not a crash
        return None, Problem(stored.bad, short(f"{type(exc).__name__}: {exc}"))


def load_game(text):
    """(session, None, None) for a good save; (None, text key, reason) for a bad one;
    (None, None, None) when there is no save. (The page also draws the first screen inside
    the budget: see cabo/web/main.py.)"""
    session, problem = load(STORED["game"], text, Session.from_json)
    return (session, None, None) if problem is None else (None, problem.key, problem.reason)


def read_settings(text) -> dict:
    """The settings dict stored in `text` (the form repairs its details); Invalid if not."""
    return parse(text, SETTINGS, STORED["settings"].max_chars)


def read_board(text) -> dict:
    """The leaderboard stored in `text`: bounded here, every value checked by
    cabo.party.board.load; Invalid if it is damaged."""
    parse(text, Map(Any(), 8), STORED["board"].max_chars, max_depth=8)
    board, reason = boards.load(text)
    if reason:
        raise Invalid(reason)
    return board


def board_file_reason(text) -> str:
    """Why a leaderboard file that `read_board` refused was refused, as the text key of
    words in the person's language (board_reason_*): the checks' own reasons are English
    and technical, so the file is sorted here into a few kinds a person can act on."""
    if not text.strip():
        return "board_reason_empty"
    try:
        value = json.loads(text)
    except (ValueError, RecursionError):
        return "board_reason_json"
    if not isinstance(value, dict) or "people" not in value:
        return "board_reason_foreign"
    if value.get("schema") != boards.SCHEMA:
        return "board_reason_version"
    return "board_reason_values"


def load_settings(text):
    """The saved settings dict, or None (missing or unreadable)."""
    return load(STORED["settings"], text, read_settings)[0]


def notice(problem: Problem, kept: bool | None, t) -> str:
    """The message about a damaged value, true to what happened to it: kept under the
    backup key (`kept`), lost because the backup could not be written, or (None) the
    message alone."""
    text = t(problem.key, reason=short(problem.reason))
    if kept is None:
        return text
    return text + " " + (t("backup_kept") if kept else t("backup_failed"))
