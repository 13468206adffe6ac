"""The page's Python runtime files: a trimmed, precompiled stdlib and the game's bytecode.

    python -m tools.stdlib          # build (or reuse) them and print what the page gets

Pyodide boots from `python_stdlib.zip` next to pyodide.mjs (PyScript passes no stdLibURL).
The stock zip holds the whole standard library as source, which the page then compiles
module by module while the player waits. tools/build.py ships instead:

- python_stdlib.zip: only the modules named in tools/stdlib-allowlist.txt (what Pyodide,
  PyScript and the game import, recorded by tools/stdlib_record.py) and their parent
  packages, as .pyc compiled by the pinned Pyodide itself under Node
  (tools/pyodide_node.mjs running tools/pyc_job.py): bytecode is only valid for the exact
  interpreter build that wrote it, and the host Python is another version. Modules that
  Pyodide's binary has frozen in (os, io, site, ...) need no file.
- pyodide-lock.json: the stock file's header without its package list (the page installs no
  package; the full list is 119 kB that Pyodide fetches at every boot).
- bytecode for the cabo package (`cabo/x.pyc` beside each `cabo/x.py` in cabo.zip, which the
  page imports from with zipimport; the sources stay in the archive: tracebacks show the
  game's source lines), and for the `pyscript` package that PyScript's bundle writes into the
  working directory at every start (`pyscript/__pycache__/*.cpython-3XY.pyc` in
  pyscript-bytecode.zip, which the page unpacks there; checked against the written source, so
  a different PyScript falls back to compiling). Both save compiling Python in the page at
  boot.

Every .pyc is hash-based (PEP 552): nothing compares it with a modification time. The game's
are unchecked (the archive holds the sources they were compiled from). The results are cached in node_modules/.cache/cabo-runtime/, keyed by a
fingerprint of the installed Pyodide (so `npm ci` of another version rebuilds them), the
allowlist and the compiler script; an unchanged build starts no Node process.
"""

from __future__ import annotations

import base64
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NODE_MODULES = ROOT / "node_modules"
ALLOWLIST = ROOT / "tools" / "stdlib-allowlist.txt"
NODE_HELPER = ROOT / "tools" / "pyodide_node.mjs"
PYC_JOB = ROOT / "tools" / "pyc_job.py"
STDLIB_ZIP = "python_stdlib.zip"
LOCK_FILE = "pyodide-lock.json"
# Bytecode optimisation level: 0 keeps docstrings and asserts, as the stock stdlib behaves
# (-OO would save about 15 % of the zip but change what inspect and pydoc see).
OPTIMIZE = 0
NODE_TIMEOUT_S = 300


# PyScript writes its own Python package into the working directory at every start, from
# this object literal in its bundle (`pyscript: {"__init__.py": "...", ...}`), and imports it.
PYSCRIPT_MARKER = '{pyscript:{"__init__.py":'
_JS_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", "b": "\b", "f": "\f", "v": "\v", "0": "\0"}


class StdlibError(Exception):
    """A set-up problem the user can fix; its message says how."""


def pyodide_dir() -> Path:
    return NODE_MODULES / "pyodide"


def cache_root() -> Path:
    return NODE_MODULES / ".cache" / "cabo-runtime"


def read_allowlist(path: Path = ALLOWLIST) -> list[str]:
    """The module names of the allowlist: one a line, `#` starts a comment."""
    if not path.is_file():
        raise StdlibError(f"{path} is missing: run `python -m tools.stdlib_record`.")
    names = set()
    for line in path.read_text(encoding="utf-8").splitlines():
        name = line.split("#", 1)[0].strip()
        if name:
            names.add(name)
    return sorted(names)


def _sha256(*parts: bytes) -> str:
    digest = hashlib.sha256()
    for part in parts:
        digest.update(len(part).to_bytes(8, "little"))
        digest.update(part)
    return digest.hexdigest()


def lock_info(pyodide: Path | None = None) -> dict:
    """The "info" header of the installed pyodide-lock.json (versions and ABI)."""
    pyodide = pyodide or pyodide_dir()
    try:
        return json.loads((pyodide / LOCK_FILE).read_text(encoding="utf-8"))["info"]
    except (OSError, ValueError, KeyError) as error:
        raise StdlibError(f"cannot read {pyodide / LOCK_FILE} ({error}): run `npm ci`.") from None


def cache_tag(pyodide: Path | None = None) -> str:
    """sys.implementation.cache_tag of the installed Pyodide, e.g. cpython-314."""
    major, minor = lock_info(pyodide)["python"].split(".")[:2]
    return f"cpython-{major}{minor}"


def fingerprint(pyodide: Path | None = None) -> str:
    """Identifies the interpreter build and the compiler: bytecode is valid for it only."""
    pyodide = pyodide or pyodide_dir()
    parts = [(pyodide / "package.json").read_bytes(), PYC_JOB.read_bytes(), bytes([OPTIMIZE])]
    for name in ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", STDLIB_ZIP):
        path = pyodide / name
        if not path.is_file():
            raise StdlibError(f"node_modules/pyodide/{name} is missing: run `npm ci`.")
        parts.append(path.read_bytes())
    return _sha256(*parts)


def trimmed_lock(pyodide: Path | None = None) -> bytes:
    """pyodide-lock.json without packages: Pyodide fetches it at boot and checks its ABI."""
    return (json.dumps({"info": lock_info(pyodide), "packages": {}}, sort_keys=True) + "\n").encode()


def _js_string(text: str, i: int) -> tuple[str, int]:
    """The JavaScript string literal starting at text[i], decoded; and the index after it."""
    quote, i, out = text[i], i + 1, []
    while text[i] != quote:
        char = text[i]
        if char != "\\":
            out.append(char)
            i += 1
            continue
        escape = text[i + 1]
        if escape == "u" and text[i + 2] == "{":
            end = text.index("}", i)
            out.append(chr(int(text[i + 3:end], 16)))
            i = end + 1
        elif escape == "u":
            out.append(chr(int(text[i + 2:i + 6], 16)))
            i += 6
        elif escape == "x":
            out.append(chr(int(text[i + 2:i + 4], 16)))
            i += 4
        elif escape == "\n":  # a line continuation
            i += 2
        else:
            out.append(_JS_ESCAPES.get(escape, escape))
            i += 2
    return "".join(out).encode("utf-16", "surrogatepass").decode("utf-16"), i + 1


def _js_object(text: str, i: int) -> tuple[dict, int]:
    """The object literal of strings and objects starting at text[i]; and the index after."""
    out, i = {}, i + 1
    while True:
        while text[i] in " \n\t,":
            i += 1
        if text[i] == "}":
            return out, i + 1
        if text[i] in "\"'":
            key, i = _js_string(text, i)
        else:
            end = i
            while text[end].isalnum() or text[end] in "_$":
                end += 1
            key, i = text[i:end], end
        if text[i] != ":":
            raise ValueError(f"unexpected {text[i:i + 20]!r}")
        i += 1
        if text[i] == "{":
            out[key], i = _js_object(text, i)
        elif text[i] in "\"'":
            out[key], i = _js_string(text, i)
        else:
            raise ValueError(f"unexpected {text[i:i + 20]!r}")


def pyscript_python(dist: Path | None = None) -> dict[str, bytes]:
    """PyScript's own Python modules as its bundle writes them at start: {path: source}.

    Empty if the bundle holds them differently (then they are simply not precompiled).
    """
    dist = dist or NODE_MODULES / "@pyscript" / "core" / "dist"
    for js in sorted(dist.glob("core-*.js")):
        text = js.read_text(encoding="utf-8")
        start = text.find(PYSCRIPT_MARKER)
        if start < 0:
            continue
        try:
            tree, _ = _js_object(text, start)
        except (ValueError, IndexError):
            return {}
        files = {}

        def walk(prefix: str, node: dict) -> None:
            for name, value in node.items():
                if isinstance(value, dict):
                    walk(f"{prefix}{name}/", value)
                elif name.endswith(".py"):
                    files[prefix + name] = value.encode("utf-8")

        walk("", tree)
        return files
    return {}


def host_to_pyodide(path: Path) -> str:
    """The path under which tools/pyodide_node.mjs shows a host file to Python."""
    return "/host" + str(Path(path).resolve())


def run_in_pyodide(script: Path, *args: str, stdlib: Path | None = None,
                   timeout: float = NODE_TIMEOUT_S) -> subprocess.CompletedProcess:
    """Run a Python script in the pinned Pyodide under Node (absolute paths as arguments)."""
    node = shutil.which("node")
    if node is None:
        raise StdlibError("node is not on PATH: the stdlib is compiled by Pyodide under Node "
                          "(install Node.js 18 or later).")
    command = [node, str(NODE_HELPER)]
    if stdlib is not None:
        command += ["--stdlib", str(stdlib)]
    command += [str(script), *args]
    try:
        result = subprocess.run(command, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        raise StdlibError(f"Pyodide under Node took over {timeout:.0f} s: {' '.join(command)}")
    if result.returncode != 0:
        raise StdlibError(f"Pyodide under Node failed ({' '.join(command)}):\n"
                          f"{result.stdout}{result.stderr}".rstrip())
    return result


@dataclass
class Runtime:
    """What tools/build.py ships besides the copied npm files."""

    files: dict[str, Path]  # static/vendor/pyodide/ name -> cached file to copy
    bytecode: dict[str, bytes]  # archive name (cabo/x.pyc, beside cabo/x.py) -> pyc
    pyscript_bytecode: dict[str, bytes]  # pyscript/__pycache__/x.cpython-314.pyc -> pyc
    modules: int  # modules in the trimmed stdlib
    compiled: list[str] = field(default_factory=list)  # what this run compiled

    def summary(self) -> str:
        size = self.files[STDLIB_ZIP].stat().st_size
        done = f"compiled {', '.join(self.compiled)}" if self.compiled else "cached"
        return (f"{STDLIB_ZIP}: {self.modules} stdlib modules as .pyc, {size / 1e3:.0f} kB; "
                f"{len(self.bytecode) + len(self.pyscript_bytecode)} modules of the game and "
                f"PyScript as .pyc ({done})")


def zip_pyc_name(archive_name: str) -> str:
    """cabo/web/main.py -> cabo/web/main.pyc: where zipimport looks for the bytecode."""
    return archive_name.removesuffix(".py") + ".pyc"


def pyc_name(archive_name: str, tag: str) -> str:
    """pyscript/web.py -> pyscript/__pycache__/web.cpython-314.pyc: where the path finder
    looks for the bytecode of a source file."""
    folder, _, file = archive_name.rpartition("/")
    stem = file.removesuffix(".py")
    return f"{folder}/__pycache__/{stem}.{tag}.pyc" if folder else f"__pycache__/{stem}.{tag}.pyc"


def prepare(sources: Iterable[tuple[str, Path]] = (), allowlist: Path = ALLOWLIST) -> Runtime:
    """The trimmed stdlib, the lock file and the bytecode of `sources` ((archive name, file)
    pairs; only .py files are compiled), from the cache or compiled now in one Node run."""
    sources = list(sources)
    pyodide = pyodide_dir()
    modules = read_allowlist(allowlist)
    print_ = fingerprint(pyodide)
    cache = cache_root() / print_[:16]
    if cache_root().is_dir():
        for stale in cache_root().iterdir():  # other Pyodide builds
            if stale != cache:
                shutil.rmtree(stale, ignore_errors=True)
    (cache / "pyc").mkdir(parents=True, exist_ok=True)
    tag = cache_tag(pyodide)

    lock = cache / LOCK_FILE
    if not lock.is_file() or lock.read_bytes() != trimmed_lock(pyodide):
        lock.write_bytes(trimmed_lock(pyodide))
    stdlib = cache / f"stdlib-{_sha256(print_.encode(), json.dumps(modules).encode())[:16]}.zip"

    partial = stdlib.with_name(f"{stdlib.stem}.{os.getpid()}.tmp")
    job = {"stdlib": None, "sources": [], "optimize": OPTIMIZE}
    compiled = []
    if not stdlib.is_file():
        job["stdlib"] = {"source": host_to_pyodide(pyodide / STDLIB_ZIP),
                         "dest": host_to_pyodide(partial), "modules": modules}
        compiled.append(f"the stdlib ({len(modules)} modules)")
    # The game's modules, and PyScript's (checked against their source when imported: the
    # page writes that source itself, so a mismatch must fall back to compiling it).
    entries = [(name, path.read_bytes(), False) for name, path in sources if name.endswith(".py")]
    entries += [(name, data, True) for name, data in sorted(pyscript_python().items())]
    wanted, game = {}, set()
    for name, data, checked in entries:
        cached = cache / "pyc" / f"{_sha256(name.encode(), data, bytes([checked]))[:32]}.pyc"
        archive_name = pyc_name(name, tag) if checked else zip_pyc_name(name)
        wanted[archive_name] = cached
        if not checked:
            game.add(archive_name)
        if not cached.is_file():
            job["sources"].append({"source": base64.b64encode(data).decode(), "filename": name,
                                   "checked": checked, "dest": host_to_pyodide(cached)})
    if job["sources"]:
        compiled.append(f"{len(job['sources'])} modules of the game and PyScript")
    if compiled:
        with tempfile.TemporaryDirectory(prefix="cabo-pyc-") as tmp:
            job_file = Path(tmp) / "job.json"
            job_file.write_text(json.dumps(job), encoding="utf-8")
            run_in_pyodide(PYC_JOB, str(job_file))
        if job["stdlib"]:
            partial.chmod(0o644)
            partial.replace(stdlib)
    for stale in cache.glob("stdlib-*.zip"):  # built from an older allowlist
        if stale != stdlib:
            stale.unlink(missing_ok=True)
    if sources:  # the bytecode of earlier versions of the sources
        for stale in (cache / "pyc").iterdir():
            if stale not in wanted.values():
                stale.unlink(missing_ok=True)
    return Runtime(
        files={STDLIB_ZIP: stdlib, LOCK_FILE: lock},
        bytecode={name: path.read_bytes() for name, path in sorted(wanted.items())
                  if name in game},
        pyscript_bytecode={name: path.read_bytes() for name, path in sorted(wanted.items())
                           if name not in game},
        modules=len(modules),
        compiled=compiled,
    )


def main(argv: list[str] | None = None) -> int:
    try:
        print(prepare().summary())
    except StdlibError as error:
        print(f"tools/stdlib.py: error: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
