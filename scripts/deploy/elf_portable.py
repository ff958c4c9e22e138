#!/usr/bin/env python3
"""Checks that an ELF binary runs on any x86-64 Linux with glibc >= 2.31 (Debian 11, Ubuntu 20.04)
and nothing but the C runtime: no versioned glibc symbol newer than --glibc in `objdump -T`, no
libstdc++ symbol (GLIBCXX_/CXXABI_: libstdc++ must be linked statically), and no NEEDED library in
`objdump -p` beyond the C runtime's. Prints what it found; exit 1 on any violation.

    scripts/deploy/elf_portable.py BIN [--glibc 2.31]
"""
import argparse
import re
import subprocess
import sys

# The C runtime of every glibc system: libc and its split-out parts (libm, libdl, libpthread and
# librt, separate libraries before glibc 2.34), the unwinder libgcc_s, and the dynamic loader.
ALLOWED_NEEDED = {"libc.so.6", "libm.so.6", "libdl.so.2", "libpthread.so.0", "librt.so.1", "libgcc_s.so.1",
                  "ld-linux-x86-64.so.2"}


def version_key(v):
    return tuple(int(x) for x in v.split("."))


def check(path, max_glibc):
    dyn = subprocess.run(["objdump", "-T", path], check=True, capture_output=True, text=True).stdout
    head = subprocess.run(["objdump", "-p", path], check=True, capture_output=True, text=True).stdout
    glibc = sorted(set(re.findall(r"\bGLIBC_([0-9]+(?:\.[0-9]+)+)\b", dyn)), key=version_key)
    cxx = sorted(set(re.findall(r"\b(GLIBCXX_[0-9.]+|CXXABI_[0-9.]+)\b", dyn)))
    needed = re.findall(r"^\s*NEEDED\s+(\S+)", head, re.M)
    problems = []
    newest = glibc[-1] if glibc else "none"
    if glibc and version_key(newest) > version_key(max_glibc):
        newer = [v for v in glibc if version_key(v) > version_key(max_glibc)]
        syms = [line.split()[-1] for line in dyn.splitlines() if any("GLIBC_" + v + " " in line + " " for v in newer)]
        problems.append("needs glibc %s (> %s) for %s" % (newest, max_glibc, ", ".join(sorted(set(syms))[:10])))
    if cxx:
        problems.append("links libstdc++ dynamically (%s)" % ", ".join(cxx[:5]))
    extra = [n for n in needed if n not in ALLOWED_NEEDED]
    if extra:
        problems.append("needs libraries beyond the C runtime: " + ", ".join(extra))
    print("%s: newest glibc symbol version %s; NEEDED %s" % (path, newest, " ".join(needed)))
    for p in problems:
        print("FAIL: %s: %s" % (path, p), file=sys.stderr)
    return not problems


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("binary", nargs="+")
    ap.add_argument("--glibc", default="2.31", help="the newest glibc symbol version allowed (default 2.31)")
    a = ap.parse_args()
    ok = all([check(b, a.glibc) for b in a.binary])
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
