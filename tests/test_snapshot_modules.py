"""The runtime's memory snapshot imports exactly the game's modules that the first screen
imports and that need no browser object (cabo/web/snapshot.py): a first visit imports
nothing extra to take the snapshot, and a return visit finds every such module restored."""

from __future__ import annotations

import ast
import subprocess
import sys
import textwrap

# cabo.web.main imported as the page imports it, the browser's modules stood in for
# (as in tests/test_lazy_imports.py): the game's modules of the first screen.
FIRST_SCREEN = """
    import sys, types

    class Js:  # any browser object, as far as importing goes
        def __getattr__(self, name):
            return Js()

        def __call__(self, *args, **kwargs):
            return Js()

    ffi = types.ModuleType("pyodide.ffi")
    ffi.create_proxy = ffi.create_once_callable = lambda fn: fn
    ffi.jsnull = None
    ffi.to_js = lambda value, **options: value
    sys.modules["pyodide"], sys.modules["pyodide.ffi"] = types.ModuleType("pyodide"), ffi
    pyscript = types.ModuleType("pyscript")
    pyscript.document = pyscript.window = Js()
    sys.modules["pyscript"] = pyscript
    import cabo.web.main
    print(sorted(m for m in sys.modules if m.startswith("cabo")))
"""


def run_fresh(code: str) -> str:
    """`code` in a fresh interpreter (nothing imported yet); its stdout."""
    done = subprocess.run([sys.executable, "-c", textwrap.dedent(code)], capture_output=True,
                          text=True, timeout=120, check=True)
    return done.stdout


def test_the_snapshot_holds_the_first_screens_modules_that_need_no_browser():
    first_screen = ast.literal_eval(run_fresh(FIRST_SCREEN))
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

