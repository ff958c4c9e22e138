#!/usr/bin/env bash
# gpuaudit compare on the synthetic fixtures of tests/data/compare: exit codes, the refusal of
# different hardware, corrupt input named, and JUnit/Markdown/JSON outputs (JUnit checked as XML).
set -u
bin=$1
src=$2
data=$src/tests/data/compare
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
fail=0
check() {  # check <name> <expected exit> <command...>
  local name=$1 want=$2
  shift 2
  "$@" >"$out/$name.out" 2>"$out/$name.err"
  local rc=$?
  if [[ $rc != "$want" ]]; then
    echo "FAIL $name: exit $rc, expected $want"
    cat "$out/$name.out" "$out/$name.err"
    fail=1
  fi
}
expect_in() {  # expect_in <file> <fixed string>
  if ! grep -qF -- "$2" "$1"; then
    echo "FAIL: '$2' not in $1:"
    cat "$1"
    fail=1
  fi
}

# 20% HBM drop with small noise: regressed, exit 1; the driver change is listed first.
check drop 1 "$bin" compare "$data/golden-synthetic.json" "$data/hbm-drop-20pct-synthetic.json" \
  --junit "$out/drop.xml" --markdown "$out/drop.md"
expect_in "$out/drop.out" "REGRESSED"
expect_in "$out/drop.out" "driver: 570.124.06 -> 575.51.03"
expect_in "$out/drop.out" "result: REGRESSION"
grep -q "hbm/copy (GPU 0).*REGRESSED" "$out/drop.out" || { echo "FAIL: hbm/copy not regressed"; fail=1; }

# JUnit: well-formed XML, one testcase per figure, one failure.
if command -v xmllint >/dev/null; then
  xmllint --noout "$out/drop.xml" || { echo "FAIL: JUnit is not well-formed XML"; fail=1; }
  [[ $(xmllint --xpath 'count(//testcase)' "$out/drop.xml") == 5 ]] || { echo "FAIL: testcase count"; fail=1; }
  [[ $(xmllint --xpath 'count(//testcase/failure)' "$out/drop.xml") == 1 ]] || { echo "FAIL: failure count"; fail=1; }
  [[ $(xmllint --xpath 'string(//testcase[failure]/@name)' "$out/drop.xml") == "hbm/copy (GPU 0)" ]] ||
    { echo "FAIL: failing testcase name"; fail=1; }
else
  echo "note: xmllint not installed; JUnit not validated"
fi
expect_in "$out/drop.md" "## gpuaudit compare: regression"
expect_in "$out/drop.md" "| hbm/copy (GPU 0) |"

# 1% drop within noise: same, exit 0.
check noise 0 "$bin" compare "$data/gemm-base-noisy-synthetic.json" "$data/gemm-drop-1pct-synthetic.json" --json
python3 - "$out/noise.out" <<'PY' || fail=1
import json, sys
j = json.load(open(sys.argv[1]))
assert j["regression"] is False, j["counts"]
g = [f for f in j["figures"] if f["name"] == "gemm/bf16"][0]
assert g["verdict"] == "same", g
assert -2 < g["change_pct"] < 0, g
PY

# A tighter tolerance for the family still does not call noise a regression; for hbm it does.
check tight 0 "$bin" compare "$data/gemm-base-noisy-synthetic.json" "$data/gemm-drop-1pct-synthetic.json" \
  --max-regression gemm=0.5%
check hbm-tol 1 "$bin" compare "$data/golden-synthetic.json" "$data/hbm-drop-20pct-synthetic.json" --max-regression hbm=3%,pcie=10%
expect_in "$out/hbm-tol.out" "tolerance 5% (hbm 3%, pcie 10%)"
check loose 0 "$bin" compare "$data/golden-synthetic.json" "$data/hbm-drop-20pct-synthetic.json" --max-regression hbm=25%

# Different hardware: refused with the reason, exit 2; allowed on request.
check a100 2 "$bin" compare "$data/golden-synthetic.json" "$data/a100-synthetic.json"
expect_in "$out/a100.err" "GPU model"
expect_in "$out/a100.err" "--allow-different-hardware"
check mig 2 "$bin" compare "$data/golden-synthetic.json" "$data/mig-3g40gb-synthetic.json"
expect_in "$out/mig.err" "MIG profile"
check count 2 "$bin" compare "$data/golden-synthetic.json" "$data/two-gpus-synthetic.json"
expect_in "$out/count.err" "GPU count"
check allowed 0 "$bin" compare "$data/golden-synthetic.json" "$data/a100-synthetic.json" --allow-different-hardware
expect_in "$out/allowed.out" "hardware DIFFERS"

# Corrupt input, either side: exit 2, one line naming the file.
check corrupt-new 2 "$bin" compare "$data/golden-synthetic.json" "$data/corrupt-synthetic.json"
expect_in "$out/corrupt-new.err" "corrupt-synthetic.json"
[[ $(wc -l <"$out/corrupt-new.err") == 1 ]] || { echo "FAIL: more than one error line"; fail=1; }
check corrupt-base 2 "$bin" compare "$data/corrupt-synthetic.json" "$data/golden-synthetic.json"
expect_in "$out/corrupt-base.err" "corrupt-synthetic.json"
check bad-tolerance 2 "$bin" compare "$data/golden-synthetic.json" "$data/golden-synthetic.json" --max-regression lots
check missing-arg 2 "$bin" compare "$data/golden-synthetic.json"

# A folder as BASE: median of the last K runs.
check history 0 "$bin" compare "$data/history-synthetic" "$data/golden-synthetic.json" --last 2
expect_in "$out/history.out" "median of the last 2 runs"

# An unwritable JUnit path: exit 5.
check unwritable 5 "$bin" compare "$data/golden-synthetic.json" "$data/golden-synthetic.json" --junit /nonexistent/dir/r.xml

# A power cap: the regressed figures come with the limit and the clock that explain them.
scen=$src/tests/data/scenarios
COLUMNS=1000 check power-cap 1 "$bin" compare "$scen/h100-sxm-healthy.synthetic.json" "$scen/h100-power-capped.synthetic.json"
expect_in "$out/power-cap.out" "gemm/bf16 (GPU 0), gemm/fp8 (GPU 0): power limit 700 -> 350 W; SM clock while it ran 1965 -> 1395 MHz"

exit $fail
