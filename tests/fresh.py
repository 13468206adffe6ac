"""A fresh interpreter for import tests (tests/test_lazy_imports.py,
tests/test_snapshot_modules.py): nothing imported yet, and the page's browser modules
(pyodide, pyscript) stood in for, so that `cabo.web.main` imports as it does in the page."""

from __future__ import annotations

import subprocess
import sys
import textwrap

# Stand-ins for the browser's modules, as far as importing goes (then `import cabo.web.main`).
BROWSER = """
import sys, types

class Js:  # any browser object
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
"""


def run_fresh(code: str, browser: bool = False) -> str:
    """`code` in a fresh interpreter (after BROWSER's stand-ins, `browser`); its stdout."""
    code = textwrap.dedent(code)
    done = subprocess.run([sys.executable, "-c", (BROWSER + code) if browser else code],
                          capture_output=True, text=True, timeout=120, check=True)
    return done.stdout
