"""Assemble the deployable static site (what GitHub Pages serves) into one folder.

    python tools/site.py [--out _site]

Run tools/build.py first. The site is the page shell, its config, `.nojekyll` and `static/`
(css, js, icons, the web app manifest, and the generated vendor/ and build/ folders, with
build/precache.js, the list that the service worker sw.js caches); the
Python sources travel inside static/build/cabo.zip, so cabo/ itself is not copied.
"""

from __future__ import annotations

import argparse
import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TOP_FILES = ("index.html", "pyscript.toml", ".nojekyll", "sw.js")
OPTIONAL_TOP_FILES = ()
REQUIRED = ("static/vendor", "static/build/cabo.zip", "static/build/pyscript-bytecode.zip",
            "static/build/precache.js")


def assemble(out: Path) -> list[str]:
    """Copy the site into `out` (replacing it); returns the copied paths, relative."""
    missing = [p for p in REQUIRED if not (ROOT / p).exists()]
    if missing:
        raise SystemExit(f"missing {', '.join(missing)}: run `python tools/build.py` first")
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)
    copied = []
    for name in TOP_FILES + OPTIONAL_TOP_FILES:
        if (ROOT / name).exists():
            shutil.copy2(ROOT / name, out / name)
            copied.append(name)
    for path in sorted((ROOT / "static").rglob("*")):
        if path.is_file() and "__pycache__" not in path.parts:
            rel = path.relative_to(ROOT)
            (out / rel).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(path, out / rel)
            copied.append(rel.as_posix())
    return copied


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=str(ROOT / "_site"), help="output folder")
    args = parser.parse_args(argv)
    files = assemble(Path(args.out))
    size = sum((Path(args.out) / f).stat().st_size for f in files)
    print(f"site: {len(files)} files, {size:,} bytes in {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
