#!/usr/bin/env bash
# gpuaudit score: exit codes 0 (healthy) / 1 (a finding as sure as --fail-on) / 2 (bad input) / 6 (inconclusive), --json, --thresholds,
# --write and re-scoring an old document. $1: the gpuaudit binary, $2: the source folder.
set -u
bin=$1
src=$2
data=$src/tests/data/scenarios
[ -f "$src/baselines/VERSION" ] || { echo "no baselines in $src/baselines: skip"; exit 77; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

fail() {
  echo "FAIL: $*" >&2
  exit 1
}
# expect_rc WANT CMD...: runs CMD, output in $tmp/out and $tmp/err, and checks its exit code.
expect_rc() {
  local want=$1
  shift
  "$@" >"$tmp/out" 2>"$tmp/err"
  local rc=$?
  if [ "$rc" -ne "$want" ]; then
    cat "$tmp/out" "$tmp/err" >&2
    fail "$* -> exit $rc, want $want"
  fi
}
has() { grep -qF -- "$1" "$2" || { cat "$2" >&2; fail "\"$1\" not in $2"; }; }

# 0: healthy; 1: a finding
expect_rc 0 "$bin" score "$data/h100-sxm-healthy.synthetic.json"
has "NVIDIA H100 80GB HBM3 — healthy; delivers 99% of a full card" "$tmp/out"
has "gemm/bf16" "$tmp/out"
expect_rc 1 "$bin" score "$data/h100-mig-3g40gb.synthetic.json"
has "sliced: MIG 3g.40gb, 60 of 132 SMs" "$tmp/out"
has "per effective dense-BF16 PFLOP-hour" "$tmp/out"
expect_rc 1 "$bin" score "$data/host-bound-steal.synthetic.json"
expect_rc 0 "$bin" score "$data/pcie-gen1-idle-healthy.synthetic.json"

# 6: inconclusive - an nvidia-smi -q-like state with no fault, no figure, no telemetry under load
cat >"$tmp/state-only.json" <<'JSON'
{"schema": "gpuaudit.result/1", "synthetic": true, "synthetic_source": "tests/cli/score.sh: state only",
 "tool": {"name": "gpuaudit", "version": "0.1.0"}, "created_utc": "2026-12-01T00:00:00Z", "mode": "info",
 "gpu_status": {"state": "ok", "message": ""}, "host": {}, "software": {},
 "gpus": [{"index": 0, "name": "NVIDIA H100 80GB HBM3", "pci_device_id": "10de:2330", "utilization_pct": 0,
           "power": {"limit_w": 700, "default_limit_w": 700}, "clocks": {"sm_max_mhz": 1980},
           "pcie": {"gen_now": 1, "gen_max": 5, "width_now": 16, "width_max": 16},
           "nvlink": {"links_up": 18, "links_queried": 18}}],
 "benchmarks": []}
JSON
expect_rc 6 "$bin" score "$tmp/state-only.json"
has "inconclusive" "$tmp/out"
has "gpuaudit run --quick" "$tmp/out"
# ... and the same state with the power limit halved is a finding from state alone, not silence: a
# low-confidence one (a heavier job will hit the limit), printed always, exit 1 only with --fail-on low
sed 's/"limit_w": 700,/"limit_w": 350,/' "$tmp/state-only.json" >"$tmp/capped.json"
expect_rc 0 "$bin" score "$tmp/capped.json"
has "power-capped (GPU 0, low)" "$tmp/out"
expect_rc 1 "$bin" score --fail-on low "$tmp/capped.json"
has "power-capped (GPU 0, low)" "$tmp/out"
expect_rc 1 "$bin" score --fail-on high "$data/h100-power-capped.synthetic.json"
expect_rc 2 "$bin" score --fail-on never "$data/h100-power-capped.synthetic.json"

# --json: the assessment as data; --price-per-hour adds the cost
expect_rc 1 "$bin" score --json --price-per-hour 4 "$data/h100-power-capped.synthetic.json"
has '"id": "power-capped"' "$tmp/out"
has '"cost_per_pflop_hour"' "$tmp/out"
has '"headline": "NVIDIA H100 80GB HBM3 — power-capped' "$tmp/out"

# 2: bad input, with one line on stderr naming the file
printf '{"schema": "gpuaudit.result/1", "gpus": [' >"$tmp/corrupt.json"
expect_rc 2 "$bin" score "$tmp/corrupt.json"
[ "$(wc -l <"$tmp/err")" -eq 1 ] || { cat "$tmp/err" >&2; fail "corrupt file: want one line on stderr"; }
has "corrupt.json" "$tmp/err"
[ -s "$tmp/out" ] && fail "corrupt file: printed something on stdout"
expect_rc 2 "$bin" score "$tmp/missing.json"
has "missing.json" "$tmp/err"
echo '{"hello": 1}' >"$tmp/other.json"
expect_rc 2 "$bin" score "$tmp/other.json"
has "other.json" "$tmp/err"
expect_rc 2 "$bin" score
echo '{"tolerances": {"hmb": 0.1}}' >"$tmp/bad-thresholds.json"
expect_rc 2 "$bin" score --thresholds "$tmp/bad-thresholds.json" "$data/h100-sxm-healthy.synthetic.json"
has "bad-thresholds.json" "$tmp/err"
expect_rc 2 "$bin" score --baselines "$tmp/nowhere" "$data/h100-sxm-healthy.synthetic.json"

# --thresholds: 12% steal passes a 15% threshold
echo '{"rules": {"steal_pct": 15}}' >"$tmp/thresholds.json"
expect_rc 0 "$bin" score --thresholds "$tmp/thresholds.json" "$data/host-bound-steal.synthetic.json"

# One screen at the terminal's width: an idle 8-GPU nvidia-smi -q in 30 lines at 80 columns, its hint
# once; -v adds each finding's evidence; colour only when asked (or on a terminal, never on a file)
idle=$src/tests/data/real-world/h100-sxm-x8-idle-gen5/nvidia-smi-q.txt
COLUMNS=80 expect_rc 6 "$bin" score "$idle"
[ "$(wc -l <"$tmp/out")" -le 30 ] || { cat "$tmp/out" >&2; fail "idle 8-GPU dump: $(wc -l <"$tmp/out") lines at 80 columns"; }
[ "$(grep -c 'gpuaudit run --quick' "$tmp/out")" = 1 ] || fail "the hint is not said exactly once"
has "inconclusive (GPUs 0-7, high)" "$tmp/out"
awk 'length($0) > 80 && !/`/ { bad = 1 } END { exit bad }' "$tmp/out" || fail "a line wider than COLUMNS=80"
grep -q $'\x1b' "$tmp/out" && fail "colour in a file"
COLUMNS=80 expect_rc 6 "$bin" score -v "$idle"
[ "$(grep -c 'judged from state alone' "$tmp/out")" = 8 ] || fail "-v: not every GPU's evidence"
expect_rc 1 "$bin" score --color always "$data/h100-power-capped.synthetic.json"
grep -q $'\x1b\[31mpower-capped' "$tmp/out" || fail "--color always: no colour"
NO_COLOR=1 expect_rc 1 "$bin" score --color never "$data/h100-power-capped.synthetic.json"
grep -q $'\x1b' "$tmp/out" && fail "--color never: colour"
expect_rc 2 "$bin" score --color sometimes "$data/h100-power-capped.synthetic.json"
has "--color" "$tmp/err"

# --ticket: the text a renter pastes to the provider (the machine, the finding with its evidence, the request)
remap=$src/tests/data/real-world/a100-sxm4-80gb-x4-row-remap-pending-gpu1/nvidia-smi-q.txt
expect_rc 1 "$bin" score --ticket "$remap"
head -1 "$tmp/out" | grep -q "^Subject: 4x NVIDIA A100-SXM4-80GB — memory-degraded" || fail "--ticket: no subject line"
has "Please provide:" "$tmp/out"
expect_rc 2 "$bin" score --ticket --json "$remap"

# --write stores the assessment; re-scoring an old document replaces its assessment
cp "$data/h100-sxm-healthy.synthetic.json" "$tmp/doc.json"
old='"assessment": {"scored_utc": "2020-01-01T00:00:00Z", "baselines_version": "2020.01.01", "headline": "old verdict", "delivered_fraction": 0.1, "findings": [{"id": "sliced", "gpu": 0, "confidence": "high", "summary": "old", "evidence": ["old"], "figures": {}}]}'
sed -i "s/\"assessment\": null/$old/" "$tmp/doc.json"
has "old verdict" "$tmp/doc.json"
expect_rc 0 "$bin" score --write "$tmp/doc.json"
grep -q "old verdict" "$tmp/doc.json" && fail "--write kept the old assessment"
grep -q '"baselines_version": "2020.01.01"' "$tmp/doc.json" && fail "--write kept the old baselines version"
has "\"baselines_version\": \"$(cat "$src/baselines/VERSION")\"" "$tmp/doc.json"
has '"id": "healthy"' "$tmp/doc.json"
ls -A "$tmp" | grep -q '\.tmp\.' && fail "--write left a temporary file"
# and the stored document still reads back and scores the same
expect_rc 0 "$bin" score "$tmp/doc.json"
echo "score: all checks passed"
