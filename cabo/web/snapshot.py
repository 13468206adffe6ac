"""What the runtime's memory snapshot holds besides the interpreter.

static/js/boot-pyodide.mjs loads Pyodide, imports these modules, and takes a snapshot of the
interpreter's memory before PyScript or the page touch any browser object; a later visit of
the same build restores it instead of starting CPython and importing them again. They are the
game's modules that the first screen imports anyway and that import nothing of the browser
(no `pyscript`, `js` or `pyodide.ffi` at module level): tests/test_snapshot_modules.py keeps
this list equal to that set, so a first visit imports nothing it would not have imported.
Module-level state is therefore what a fresh import leaves: nothing here may read the clock,
a random source or the browser while it is imported.
"""

from __future__ import annotations

import importlib

# The roots: each imports the rest of the set.
MODULES = (
    "cabo.i18n",
    "cabo.game.rules",
    "cabo.net.carriage",
    "cabo.net.protocol",
    "cabo.net.room",
    "cabo.net.services",
    "cabo.party.board",
    "cabo.party.shown",
    "cabo.play.session",
    "cabo.replay.daily",
    "cabo.ui.lesson",
    "cabo.ui.party_view",
    "cabo.ui.replay_view",
    "cabo.ui.setup",
    "cabo.ui.storage",
    "cabo.ui.table",
    "cabo.web.forms",
    "cabo.web.netscreens",
    "cabo.web.render",
    "cabo.web.render_party",
    "cabo.web.render_replay",
    "cabo.web.render_start",
    "cabo.web.roomscreens",
    "cabo.web.tabs",
)


def preimport() -> None:
    """Import MODULES (called once, before the snapshot is taken)."""
    for name in MODULES:
        importlib.import_module(name)
