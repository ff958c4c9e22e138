#!/usr/bin/env python3
"""Rewrites the per-verdict table of tests/data/real-world/README.md from the case files.

The table ("Cases per expected verdict (N in all):" and its rows) counts each case.json's
expected.verdict; a sweep adds cases and rows, then runs this (tests/unit/real_world_corpus_test.cpp
checks the table against the files).

  scripts/data/corpus_counts.py [--check]
"""
import collections
import glob
import json
import os
import sys

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "tests", "data", "real-world")


def table():
    counts = collections.Counter()
    for f in glob.glob(os.path.join(ROOT, "*", "case.json")):
        with open(f, encoding="utf-8") as fh:
            counts[json.load(fh)["expected"]["verdict"]] += 1
    lines = [f"Cases per expected verdict ({sum(counts.values())} in all):", "", "| verdict | cases |", "| --- | ---: |"]
    lines += [f"| {v} | {n} |" for v, n in sorted(counts.items())]
    return lines


def main():
    path = os.path.join(ROOT, "README.md")
    with open(path, encoding="utf-8") as fh:
        lines = fh.read().split("\n")
    start = next(i for i, l in enumerate(lines) if l.startswith("Cases per expected verdict ("))
    end = start + 4
    while end < len(lines) and lines[end].startswith("| "):
        end += 1
    new = lines[:start] + table() + lines[end:]
    if "--check" in sys.argv[1:]:
        sys.exit(0 if new == lines else "corpus_counts: README.md's table differs from the case files")
    with open(path, "w", encoding="utf-8") as fh:
        fh.write("\n".join(new))


if __name__ == "__main__":
    main()
