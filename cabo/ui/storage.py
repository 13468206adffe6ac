"""What the page keeps in localStorage, and how a saved value is read back safely.

Keys: "cabo.save" (Session.to_json), "cabo.settings" (the new-game form, speed),
"cabo.lang". A save that cannot be loaded is moved to "cabo.save.backup" by the page and
the reason is shown in words; nothing here raises on bad input.
"""

from __future__ import annotations

import json

from ..session import SAVE_SCHEMA, SaveError, Session

SAVE_KEY = "cabo.save"
BACKUP_KEY = "cabo.save.backup"
SETTINGS_KEY = "cabo.settings"
LANG_KEY = "cabo.lang"


def load_game(text):
    """(session, None, None) for a good save; (None, text key, reason) for a bad one;
    (None, None, None) when there is no save."""
    if text is None or text == "":
        return None, None, None
    try:
        return Session.from_json(text), None, None
    except SaveError as exc:
        key = "save_old" if _older_schema(text) else "save_bad"
        return None, key, str(exc)
    except Exception as exc:  # noqa: BLE001 - any damage must end in a message, not a crash
        return None, "save_bad", f"{type(exc).__name__}: {exc}"


def _older_schema(text) -> bool:
    try:
        schema = json.loads(text).get("schema")
    except (ValueError, AttributeError, TypeError):
        return False
    return isinstance(schema, int) and schema < SAVE_SCHEMA


def load_settings(text):
    """The saved settings dict, or None (missing or unreadable)."""
    if not text:
        return None
    try:
        value = json.loads(text)
    except ValueError:
        return None
    return value if isinstance(value, dict) else None
