"""The runtime's memory snapshot imports exactly the game's modules that the first screen
imports and that need no browser object (cabo/web/snapshot.py): a first visit imports
nothing extra to take the snapshot, and a return visit finds every such module restored."""

from __future__ import annotations

import ast

from fresh import run_fresh

# cabo.web.main imported as the page imports it: the game's modules of the first screen
FIRST_SCREEN = """
import cabo.web.main
print(sorted(m for m in sys.modules if m.startswith("cabo")))
"""


def test_the_snapshot_holds_the_first_screens_modules_that_need_no_browser():
    first_screen = ast.literal_eval(run_fresh(FIRST_SCREEN, browser=True))
    # without the browser's modules: what of the first screen imports, and what preimport does
    out = run_fresh(f"""
        import importlib, sys
        importable = []
        for name in {first_screen!r}:
            try:
                importlib.import_module(name)
            except ImportError:  # it needs pyscript, js or pyodide
                continue
            importable.append(name)
        print(importable)
        for name in list(sys.modules):
            if name.startswith("cabo"):
                del sys.modules[name]
        from cabo.web import snapshot
        snapshot.preimport()
        print(sorted(m for m in sys.modules if m.startswith("cabo") and m != "cabo.web.snapshot"))
        print(sorted(m for m in sys.modules if m.split(".")[0] in ("js", "pyscript", "pyodide")))
    """).splitlines()
    importable, preimported = ast.literal_eval(out[0]), ast.literal_eval(out[1])
    assert "cabo.ui.table" in preimported and "cabo.web.main" not in preimported
    assert sorted(importable) == preimported
    assert out[2] == "[]"

