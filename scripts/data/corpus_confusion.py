#!/usr/bin/env python3
"""Score every case of the real-world corpus with a gpuaudit binary and print a markdown confusion
table (expected verdict x verdict got) and the accuracy, for docs/scoring.md.

    scripts/data/corpus_confusion.py BUILD/gpuaudit [--corpus tests/data/real-world] [--details]

A case counts as right when tests/unit/real_world_corpus_test.cpp would pass it: its verdict (or one
it also allows) is among the findings for its GPU, no must_not finding is there, and a healthy case
has nothing but healthy. The "got" column is the case's verdict when it was found, the allowed
verdict that was found instead (still right, off the diagonal), else the most telling
finding for that GPU (the first that is not healthy), "healthy" when only healthy was found,
"(none)" when nothing was found and "(error)" when import or score failed.

The binary is asked `gpuaudit score --json FILES...` first (score importing other tools' outputs
itself); where that is refused as bad input, `gpuaudit import FILES... -o DOC` and then
`gpuaudit score --json DOC`.
"""
import argparse
import collections
import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
SCORED = (0, 1, 6)
DEFAULT_CORPUS = os.path.normpath(os.path.join(HERE, "..", "..", "tests", "data", "real-world"))


def run(cmd):
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    return p.returncode, p.stdout, p.stderr


def assessment_of(binary, files):
    """The assessment JSON for these files, or raise RuntimeError with the tool's message."""
    # exit 0 healthy, 1 finding, 6 inconclusive: each prints the assessment (src/core/exit_codes.hpp)
    rc, out, err = run([binary, "score", "--json"] + files)
    if rc in SCORED:
        return json.loads(out)
    with tempfile.TemporaryDirectory() as tmp:
        doc = os.path.join(tmp, "imported.json")
        rc2, _, err2 = run([binary, "import"] + files + ["-o", doc])
        if rc2 != 0:
            raise RuntimeError((err2 or err).strip().splitlines()[-1] if (err2 or err).strip() else f"exit {rc2}")
        rc3, out3, err3 = run([binary, "score", "--json", doc])
        if rc3 not in SCORED:
            raise RuntimeError(err3.strip() or f"score exit {rc3}")
        return json.loads(out3)


def concerns(finding, gpu):
    return gpu is None or finding.get("gpu") is None or finding.get("gpu") == gpu


def judge(case, assessment):
    """(right, got) for one case, by the rules of real_world_corpus_test.cpp."""
    exp = case["expected"]
    verdict, gpu = exp["verdict"], exp.get("gpu")
    accepted = {verdict, *exp.get("also_allowed", [])}
    must_not = set(exp.get("must_not", []))
    mine = [f for f in assessment.get("findings", []) if concerns(f, gpu)]
    ids = [f["id"] for f in mine]
    right = any(i in accepted for i in ids) and not any(i in must_not for i in ids)
    if verdict == "healthy":
        right = right and all(i == "healthy" or i in accepted for i in ids)
    if right:
        # The finding that made it right: an allowed one (unknown-gpu, inconclusive) shows as itself,
        # so the table never counts a case as the expected verdict when gpuaudit said something else.
        return True, verdict if verdict in ids else next(i for i in ids if i in accepted)
    telling = [i for i in ids if i != "healthy"]
    return False, telling[0] if telling else ("healthy" if ids else "(none)")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("binary")
    ap.add_argument("--corpus", default=DEFAULT_CORPUS)
    ap.add_argument("--details", action="store_true", help="also list every wrong case and what it got")
    a = ap.parse_args()

    cases = sorted(d for d in os.listdir(a.corpus) if os.path.isfile(os.path.join(a.corpus, d, "case.json")))
    table = collections.defaultdict(collections.Counter)
    wrong = []
    for cid in cases:
        cdir = os.path.join(a.corpus, cid)
        with open(os.path.join(cdir, "case.json")) as f:
            case = json.load(f)
        files = [os.path.join(cdir, x["file"]) for x in case["files"]]
        try:
            right, got = judge(case, assessment_of(a.binary, files))
        except (RuntimeError, json.JSONDecodeError) as e:
            right, got = False, "(error)"
            wrong.append((cid, case["expected"]["verdict"], got, str(e)))
        else:
            if not right:
                wrong.append((cid, case["expected"]["verdict"], got, ""))
        table[case["expected"]["verdict"]][got] += 1

    cols = sorted({g for row in table.values() for g in row}, key=lambda s: (s.startswith("("), s))
    print("| expected \\ got | " + " | ".join(cols) + " | cases |")
    print("|---|" + "---|" * (len(cols) + 1))
    for exp in sorted(table):
        row = table[exp]
        print(f"| {exp} | " + " | ".join(str(row[c]) if row[c] else "" for c in cols) + f" | {sum(row.values())} |")
    n = len(cases)
    right_n = n - len(wrong)
    print(f"\nAccuracy: {right_n} of {n} cases right ({100.0 * right_n / n:.0f}%)." if n else "\nNo cases.")
    if a.details and wrong:
        print("\n| case | expected | got | error |\n|---|---|---|---|")
        for cid, exp, got, err in wrong:
            print(f"| {cid} | {exp} | {got} | {err.replace('|', '/')} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
