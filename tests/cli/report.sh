#!/usr/bin/env bash
# gpuaudit report on the synthetic fleet of tests/data/report: groups, costs, CSV, exit codes.
set -u
bin=$1
src=$2
data=$src/tests/data/report
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
fail=0
expect_in() {
  if ! grep -qF -- "$2" "$1"; then
    echo "FAIL: '$2' not in $1:"
    cat "$1"
    fail=1
  fi
}

"$bin" report "$data/fleet-synthetic" --csv "$out/fleet.csv" >"$out/text" 2>"$out/err"
rc=$?
[[ $rc == 0 ]] || { echo "FAIL: report exit $rc"; cat "$out/err"; fail=1; }
expect_in "$out/text" "gpuaudit report: 11 runs in 4 groups (by provider, region, gpu)"
expect_in "$out/text" "== gamma-compute / ap-south / NVIDIA H100 80GB HBM3 MIG 3g.40gb - 2 runs, 4 GPUs"
expect_in "$out/text" "findings (2 scored): sliced 2"
expect_in "$out/text" "cheapest dense BF16 first"
expect_in "$out/text" "straggler: 06-beta-gpu-us-central-synthetic.json: pcie/h2d_pinned 26.52 GB/s"
expect_in "$out/text" "note: 11 of them are synthetic"
# CSV: a header and one row per group, every row with the header's column count.
python3 - "$out/fleet.csv" <<'PY' || fail=1
import csv, sys
rows = list(csv.reader(open(sys.argv[1], newline="")))
assert len(rows) == 5, len(rows)
assert all(len(r) == len(rows[0]) for r in rows), [len(r) for r in rows]
h = rows[0]
assert h[:3] == ["provider", "region", "gpu"], h[:3]
assert "cost_per_bf16_pflop_hour" in h
row = {k: v for k, v in zip(h, rows[1])}
assert row["provider"] == "alpha-cloud" and row["region"] == "eu-west", row
assert float(row["cost_per_bf16_pflop_hour"]) > 0, row
PY

# Any tag groups; an empty --group-by makes one group.
"$bin" report "$data/fleet-synthetic" --group-by instance >"$out/inst" || fail=1
expect_in "$out/inst" "== a8.h100x2 - 5 runs"
"$bin" report "$data/fleet-synthetic" --group-by "" >"$out/one" || fail=1
expect_in "$out/one" "11 runs in 1 group"

# Bad input: exit 2 naming the file; --skip-invalid goes on.
"$bin" report "$data/fleet-synthetic" "$src/tests/data/compare/corrupt-synthetic.json" >/dev/null 2>"$out/bad"
[[ $? == 2 ]] || { echo "FAIL: corrupt input not exit 2"; fail=1; }
expect_in "$out/bad" "corrupt-synthetic.json"
"$bin" report "$data/fleet-synthetic" "$src/tests/data/compare/corrupt-synthetic.json" --skip-invalid >/dev/null 2>"$out/skip"
[[ $? == 0 ]] || { echo "FAIL: --skip-invalid did not go on"; fail=1; }
expect_in "$out/skip" "skipping"
"$bin" report /nonexistent/folder >/dev/null 2>"$out/none"
[[ $? == 2 ]] || { echo "FAIL: missing path not exit 2"; fail=1; }
"$bin" report "$data/fleet-synthetic" --html /nonexistent/dir/r.html -q 2>/dev/null
[[ $? == 5 ]] || { echo "FAIL: unwritable --html not exit 5"; fail=1; }
# An imported document has no assessment: report scores it, as gpuaudit score would.
mkdir -p "$out/imported"
"$bin" import "$src/tests/data/real-world/a100-sxm4-80gb-x4-row-remap-pending-gpu1/nvidia-smi-q.txt" \
  -o "$out/imported/a100.json" 2>/dev/null
"$bin" report "$out/imported" >"$out/imported.txt" 2>&1
grep -q "findings (1 scored): inconclusive 1, memory-degraded 1" "$out/imported.txt" ||
  { cat "$out/imported.txt"; echo "FAIL: report did not score an imported document"; fail=1; }

exit $fail
