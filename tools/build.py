"""Set-up step: put the runtime and the cabo package where index.html loads them.

    python tools/build.py

1. Copies from node_modules/ (installed by `npm ci`, versions pinned in package.json) into
   static/vendor/ exactly the files the page fetches: Pyodide's loader, wasm, stdlib and
   lock file, and PyScript's core with the chunks it imports on this page. No source maps,
   no typings. tests/e2e/test_boot.py checks that every copied file is loaded.
2. Packs the cabo package (without __pycache__ and tests) into static/build/cabo.zip, so the
   package arrives in one request; the page imports it from the zip (pyscript.toml writes
   the file, index.html puts it on sys.path) instead of unpacking its files.
3. Ships a trimmed, precompiled stdlib instead of Pyodide's python_stdlib.zip, a lock file
   without the package list, bytecode for the cabo package inside cabo.zip (beside its
   sources) and for PyScript's own package in static/build/pyscript-bytecode.zip (unpacked
   next to the sources PyScript writes): tools/stdlib.py, which compiles with Pyodide under
   Node and caches the result.

Both outputs are git-ignored. Files are rewritten only when their content changed, so a
second run is quick and changes nothing.
"""

from __future__ import annotations

import hashlib
import io
import json
import re
import shutil
import sys
import zipfile
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if __package__ in (None, ""):  # python tools/build.py
    sys.path.insert(0, str(ROOT))

from tools import precache, stdlib  # noqa: E402

NODE_MODULES = ROOT / "node_modules"
VENDOR = ROOT / "static" / "vendor"
BUILD = ROOT / "static" / "build"
CABO = ROOT / "cabo"
CABO_ZIP = BUILD / "cabo.zip"
PYSCRIPT_BYTECODE_ZIP = BUILD / "pyscript-bytecode.zip"
# The key of the runtime snapshot a device keeps (static/js/boot-pyodide.mjs imports it).
SNAPSHOT_KEY = BUILD / "snapshot-key.mjs"
# The loader that takes and restores it, and the stored form it reads (boot-snapshot.mjs).
SNAPSHOT_LOADER = (ROOT / "static" / "js" / "boot-pyodide.mjs",
                   ROOT / "static" / "js" / "boot-snapshot.mjs")

# What loadPyodide() fetches from its indexURL when no packages are requested.
PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)

# PyScript: the entry points index.html links, plus the chunks that the core imports lazily
# (import()) at start-up, named without their content hash; everything these import
# statically is added too. Measured by recording the page's requests in Chromium. The core
# loads every plugin at start-up (the config key `plugins = ["!name"]` does not prevent it:
# the plugins are loaded a second time for MicroPython, which has no config). They are small
# and import nothing more until used (no editor, terminal, xterm or codemirror chunks).
PYSCRIPT_ENTRIES = ("core.js", "core.css")
PYSCRIPT_LAZY_CHUNKS = (
    "toml",
    "error",
    "deprecations-manager",
    "donkey",
    "py-editor",
    "py-game",
    "py-terminal",
)

# The QR code package (generation on every page; the decoder is imported only when a camera
# scan starts and the browser has no BarcodeDetector: LAZY_VENDOR, see tests/e2e/test_boot.py).
QR_FILES = ("index.js", "decode.js")
# The MQTT client of online rooms (static/js/room.js): one self-contained ES module, imported
# only when the person opens or joins an online room.
MQTT_FILES = ("mqtt.esm.js",)
LAZY_VENDOR = ("qr/decode.js", "mqtt/mqtt.esm.js")

# Parts of the cabo source tree that the page does not need.
EXCLUDED_DIRS = {"__pycache__", "tests"}
EXCLUDED_SUFFIXES = {".pyc", ".pyo"}

_STATIC_IMPORT = re.compile(r"""\bfrom\s*["'](\./[^"']+)["']""")
_DYNAMIC_IMPORT = re.compile(r"""\bimport\(\s*["'](\./[^"']+)["']""")
_HASHED_NAME = re.compile(r"^(?P<stem>.+)-[A-Za-z0-9_-]{8}\.js$")


class BuildError(Exception):
    """A set-up problem the user can fix; its message says how."""


def check_node_modules() -> None:
    """Fail clearly unless the npm packages are installed at the versions package.json pins."""
    if not NODE_MODULES.is_dir():
        raise BuildError(
            "node_modules/ is missing: run `npm ci` first (it installs the pinned Pyodide "
            "and PyScript from package-lock.json)."
        )
    pins = json.loads((ROOT / "package.json").read_text(encoding="utf-8"))["dependencies"]
    for name, pinned in pins.items():
        manifest = NODE_MODULES / name / "package.json"
        if not manifest.is_file():
            raise BuildError(f"node_modules/{name} is missing: run `npm ci`.")
        installed = json.loads(manifest.read_text(encoding="utf-8"))["version"]
        if installed != pinned:
            raise BuildError(
                f"node_modules/{name} is {installed} but package.json pins {pinned}: run `npm ci`."
            )


def _imports(js_file: Path) -> tuple[set[str], set[str]]:
    """The relative modules a bundled file imports: (static, dynamic) file names."""
    text = js_file.read_text(encoding="utf-8")
    static = {Path(m).name for m in _STATIC_IMPORT.findall(text)}
    dynamic = {Path(m).name for m in _DYNAMIC_IMPORT.findall(text)}
    return static, dynamic


def _static_closure(dist: Path, names) -> tuple[set[str], set[str]]:
    """Files reached from `names` by static imports, and what those import lazily."""
    reached: set[str] = set()
    lazy: set[str] = set()
    pending = list(names)
    while pending:
        name = pending.pop()
        if name in reached:
            continue
        if not (dist / name).is_file():
            raise BuildError(f"@pyscript/core has no dist/{name}: was its layout changed?")
        reached.add(name)
        if name.endswith(".js"):
            static, dynamic = _imports(dist / name)
            pending.extend(static)
            lazy |= dynamic
    return reached, lazy


def pyscript_files(dist: Path) -> list[str]:
    """The files of @pyscript/core/dist the page loads: entries, lazy chunks, their imports."""
    core, lazy_targets = _static_closure(dist, PYSCRIPT_ENTRIES)
    chosen = []
    for stem in PYSCRIPT_LAZY_CHUNKS:
        found = sorted(
            name for name in lazy_targets
            if (match := _HASHED_NAME.match(name)) and match["stem"] == stem
        )
        if len(found) != 1:
            raise BuildError(
                f"expected one chunk {stem}-<hash>.js imported by the PyScript core, found "
                f"{found}: measure the page's requests and update PYSCRIPT_LAZY_CHUNKS."
            )
        chosen += found
    lazy, _ = _static_closure(dist, chosen)
    return sorted(core | lazy)


def _write_if_changed(path: Path, data: bytes) -> bool:
    if path.is_file() and path.stat().st_size == len(data) and path.read_bytes() == data:
        return False
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_bytes(data)
    tmp.replace(path)
    return True


def sync_files(
    src_dir: Path,
    names: list[str] | tuple[str, ...],
    dest_dir: Path,
    replaced: Mapping[str, Path] | None = None,
) -> int:
    """Make dest_dir hold exactly `names` copied from src_dir (or from `replaced[name]`);
    return how many were written."""
    dest_dir.mkdir(parents=True, exist_ok=True)
    written = 0
    for name in names:
        src, dest = (replaced or {}).get(name, src_dir / name), dest_dir / name
        if not src.is_file():
            raise BuildError(f"{src.relative_to(ROOT)} is missing: run `npm ci`.")
        same = (
            dest.is_file()
            and dest.stat().st_size == src.stat().st_size
            and dest.stat().st_mtime_ns == src.stat().st_mtime_ns
        )
        if not same:
            shutil.copy2(src, dest)
            written += 1
    for stale in dest_dir.iterdir():
        if stale.name not in names:
            shutil.rmtree(stale) if stale.is_dir() else stale.unlink()
    return written


def cabo_sources(package: Path = CABO) -> list[Path]:
    """The package files shipped to the browser, in a stable order."""
    files = []
    for path in sorted(package.rglob("*")):
        rel = path.relative_to(package.parent)
        if path.is_dir() or path.suffix in EXCLUDED_SUFFIXES:
            continue
        if any(part in EXCLUDED_DIRS or part.startswith(".") for part in rel.parts):
            continue
        files.append(path)
    return files


def package_cabo(
    package: Path = CABO, dest: Path = CABO_ZIP, bytecode: Mapping[str, bytes] | None = None
) -> bool:
    """Write the package as a reproducible zip (paths start with cabo/); True if it changed.

    `bytecode` adds files by archive name (the .pyc files tools/stdlib.py compiled).
    """
    if not package.is_dir():
        raise BuildError(f"{package} is missing: nothing to package.")
    files = {path.relative_to(package.parent).as_posix(): path.read_bytes()
             for path in cabo_sources(package)}
    files.update(bytecode or {})
    return write_zip(files, dest)


def write_zip(files: Mapping[str, bytes], dest: Path) -> bool:
    """A reproducible zip of `files` (archive name -> bytes); True if it changed."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in sorted(files.items()):
            info = zipfile.ZipInfo(name, (1980, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            archive.writestr(info, data)
    return _write_if_changed(dest, buffer.getvalue())


def write_snapshot_key() -> bool:
    """static/build/snapshot-key.mjs: a hash of every file whose bytes shape the memory of the
    snapshot boot-pyodide.mjs takes (the runtime, the trimmed stdlib, cabo.zip, the loader and
    the stored form's module),
    so a device never restores the snapshot of another build."""
    digest = hashlib.sha256()
    for path in [VENDOR / "pyodide" / name for name in PYODIDE_FILES] + [CABO_ZIP,
                                                                         *SNAPSHOT_LOADER]:
        data = path.read_bytes()
        digest.update(f"{path.name}:{len(data)}:".encode() + data)
    text = ("// Written by tools/build.py: the key of the runtime snapshot of this build.\n"
            f'export const SNAPSHOT_KEY = "{digest.hexdigest()[:32]}";\n')
    return _write_if_changed(SNAPSHOT_KEY, text.encode())


@dataclass(frozen=True)
class BuildResult:
    vendor_files: tuple[str, ...]  # paths under static/vendor/, e.g. "pyodide/pyodide.mjs"
    copied: int  # vendor files this run wrote
    zip_changed: bool  # whether static/build/cabo.zip was rewritten
    runtime: str = ""  # what tools/stdlib.py shipped (trimmed stdlib, bytecode)

    def summary(self) -> list[str]:
        size = sum((VENDOR / name).stat().st_size for name in self.vendor_files)
        return [
            f"static/vendor/: {len(self.vendor_files)} files, {size / 1e6:.1f} MB "
            f"({self.copied} copied)",
            f"static/build/cabo.zip: {CABO_ZIP.stat().st_size / 1e3:.1f} kB "
            f"({'written' if self.zip_changed else 'unchanged'})",
        ] + ([self.runtime] if self.runtime else [])


def vendor_plan() -> dict[str, tuple[Path, list[str]]]:
    """For each folder of static/vendor/: the npm folder it comes from and its files."""
    dist = NODE_MODULES / "@pyscript" / "core" / "dist"
    return {
        "pyodide": (NODE_MODULES / "pyodide", list(PYODIDE_FILES)),
        "pyscript": (dist, pyscript_files(dist)),
        "qr": (NODE_MODULES / "qr", list(QR_FILES)),
        "mqtt": (NODE_MODULES / "mqtt" / "dist", list(MQTT_FILES)),
    }


def build() -> BuildResult:
    """Run the whole set-up step."""
    check_node_modules()
    sources = [(path.relative_to(CABO.parent).as_posix(), path) for path in cabo_sources()]
    try:
        runtime = stdlib.prepare(sources)
    except stdlib.StdlibError as error:
        raise BuildError(str(error)) from None
    plan = vendor_plan()
    copied = sum(
        sync_files(src, names, VENDOR / folder, runtime.files if folder == "pyodide" else None)
        for folder, (src, names) in plan.items()
    )
    for stale in VENDOR.iterdir():
        if stale.name not in plan:
            shutil.rmtree(stale) if stale.is_dir() else stale.unlink()
    files = tuple(f"{folder}/{name}" for folder, (_, names) in plan.items() for name in names)
    changed = package_cabo(bytecode=runtime.bytecode)
    write_zip(runtime.pyscript_bytecode, PYSCRIPT_BYTECODE_ZIP)
    write_snapshot_key()
    result = BuildResult(files, copied, changed, runtime.summary())
    precache.write()  # last: the service worker's list of every shipped file (sw.js)
    return result


def main() -> int:
    try:
        for line in build().summary():
            print(line)
    except BuildError as error:
        print(f"tools/build.py: error: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
