#!/usr/bin/env python3
"""Which src/ files have a unit test named after them (issue #29's "tests named after the code").

src/<room>/<file>.cpp (or src/<room>/<subroom>/<file>.cpp) is covered by the test of the same path
under tests/unit/, tests/unit/<room>/<file>_test.cpp (or, while the flat folder is
dissolved, tests/unit/<room>_<file>_test.cpp) holding at least one TEST. Fuzz targets
(*_fuzz.cpp) are not counted: each is a test already. Prints the share and the files without one;
with --min PERCENT exits 1 below it (tests/CMakeLists.txt runs it as test names/coverage).
"""
import argparse
import pathlib
import re
import sys

TEST = re.compile(r"^\s*TEST(_F|_P)?\s*\(", re.M)


def covered(root: pathlib.Path, src: pathlib.Path) -> bool:
    rel = src.parent.relative_to(root / "src").as_posix()  # "import/formats" for a room inside a room
    room, stem = rel.replace("/", "_"), src.stem
    for t in (root / "tests/unit" / rel / f"{stem}_test.cpp", root / "tests/unit" / f"{room}_{stem}_test.cpp"):
        if t.is_file() and TEST.search(t.read_text(errors="replace")):
            return True
    return False


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--root", default=pathlib.Path(__file__).resolve().parents[2], type=pathlib.Path)
    ap.add_argument("--min", type=float, default=0.0, help="fail below this percentage")
    ap.add_argument("--quiet", action="store_true", help="print the share only")
    a = ap.parse_args()
    files = sorted(p for p in (a.root / "src").rglob("*.cpp") if not p.name.endswith("_fuzz.cpp"))
    if not files:
        print("test_names: no src/*.cpp under " + str(a.root), file=sys.stderr)
        return 1
    missing = [p for p in files if not covered(a.root, p)]
    share = 100.0 * (len(files) - len(missing)) / len(files)
    if not a.quiet:
        for p in missing:
            print("no test named after " + p.relative_to(a.root).as_posix())
    print(f"{len(files) - len(missing)} of {len(files)} src files ({share:.0f}%) have a unit test named after them")
    if share < a.min:
        print(f"test_names: below the floor of {a.min:.0f}%", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
