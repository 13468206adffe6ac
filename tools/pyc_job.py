"""Compile Python to bytecode inside Pyodide (run by tools/stdlib.py, not by hand).

    node tools/pyodide_node.mjs tools/pyc_job.py JOB.json

A .pyc is only valid for the interpreter build that wrote it, so this script runs in the
pinned Pyodide under Node (tools/pyodide_node.mjs), never in the host Python. JOB.json:

    {"stdlib": {"source": ZIP, "dest": ZIP, "modules": [NAME, ...]} or null,
     "sources": [{"src": PATH, "dest": PATH}, ...],
     "optimize": 0}

- stdlib: writes `dest`, a zip holding, for each module named (and its parent packages),
  the bytecode of its source from `source` (Pyodide's python_stdlib.zip) as NAME.pyc or
  NAME/__init__.pyc, with the file name the stock zip would give it
  (/lib/python314.zip/json/decoder.py), so tracebacks name the module as before.
- sources: writes the bytecode of each `src` file (or of `source`, base64) to `dest`, as a
  checked hash-based pyc if `checked` is true (the importer then compares the source's
  hash, and compiles the source instead if it differs).

Every .pyc is hash-based (PEP 552), unchecked unless asked: nothing compares it with a source
file's modification time, which is meaningless once a zip is unpacked in the page. Paths are the
/host/... paths that pyodide_node.mjs mounts.
"""

from __future__ import annotations

import base64
import importlib.util
import json
import os
import sys
import zipfile
from importlib._bootstrap_external import _code_to_hash_pyc

ZIP_DATE = (1980, 1, 1, 0, 0, 0)


def pyc(source: bytes, filename: str, optimize: int, checked: bool = False) -> bytes:
    code = compile(source, filename, "exec", dont_inherit=True, optimize=optimize)
    return bytes(_code_to_hash_pyc(code, importlib.util.source_hash(source), checked=checked))


def module_entries(stock: zipfile.ZipFile, modules: list[str]) -> dict[str, str]:
    """{zip path of the source: module name} for the modules and their parent packages."""
    names = set(stock.namelist())
    wanted = set()
    for module in modules:
        parts = module.split(".")
        wanted.update(".".join(parts[:i]) for i in range(1, len(parts) + 1))
    entries, missing = {}, []
    for module in sorted(wanted):
        base = module.replace(".", "/")
        for candidate in (f"{base}/__init__.py", f"{base}.py"):
            if candidate in names:
                entries[candidate] = module
                break
        else:
            missing.append(module)
    if missing:
        raise SystemExit(
            "modules in the allowlist that the stock stdlib does not hold: " + ", ".join(missing)
        )
    return entries


def build_stdlib(source: str, dest: str, modules: list[str], optimize: int) -> int:
    prefix = f"/lib/python{sys.version_info[0]}{sys.version_info[1]}.zip/"
    with zipfile.ZipFile(source) as stock:
        entries = module_entries(stock, modules)
        dirs = sorted({path.rsplit("/", 1)[0] + "/" for path in entries if "/" in path})
        with zipfile.ZipFile(dest, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as out:
            for name in dirs:
                info = zipfile.ZipInfo(name, ZIP_DATE)
                info.external_attr = 0o40755 << 16
                out.writestr(info, b"")
            for path in sorted(entries):
                info = zipfile.ZipInfo(path + "c", ZIP_DATE)
                info.compress_type = zipfile.ZIP_DEFLATED
                info.external_attr = 0o644 << 16
                out.writestr(info, pyc(stock.read(path), prefix + path, optimize), compresslevel=9)
    return len(entries)


def main(job_path: str) -> None:
    with open(job_path, encoding="utf-8") as file:
        job = json.load(file)
    optimize = job.get("optimize", 0)
    if job.get("stdlib"):
        stdlib = job["stdlib"]
        count = build_stdlib(stdlib["source"], stdlib["dest"], stdlib["modules"], optimize)
        print(f"stdlib: {count} modules compiled")
    for item in job.get("sources", []):
        if "source" in item:
            source = base64.b64decode(item["source"])
        else:
            with open(item["src"], "rb") as file:
                source = file.read()
        data = pyc(source, item["filename"], optimize, item.get("checked", False))
        partial = f"{item['dest']}.{os.urandom(6).hex()}.tmp"
        with open(partial, "wb") as file:
            file.write(data)
        os.replace(partial, item["dest"])  # another build may read the cache meanwhile
    if job.get("sources"):
        print(f"sources: {len(job['sources'])} files compiled")


if __name__ == "__main__":
    main(sys.argv[1])
