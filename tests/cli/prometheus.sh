#!/usr/bin/env bash
# score --prometheus: a node_exporter textfile that promtool accepts (`promtool check metrics`,
# Debian's prometheus package: scripts/build/setup.sh --test), with base-unit names, the GPU labels,
# findings as gauges and the run's time; an unwritable path is exit 5 with nothing half-written.
# $1: the gpuaudit binary, $2: the source folder.
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
has() { grep -qF -- "$1" "$2" || { cat "$2" >&2; fail "\"$1\" not in $2"; }; }

promtool_ok=0
command -v promtool >/dev/null && promtool_ok=1
[ "$promtool_ok" = 1 ] || echo "NOTE: promtool not installed (Debian package prometheus): the lint step is skipped"

for doc in "$data"/*.json "$src"/tests/data/report/hostile-tags-synthetic.json; do
  name=$(basename "$doc" .json)
  "$bin" score --prometheus "$tmp/$name.prom" "$doc" >/dev/null 2>"$tmp/err"
  rc=$?
  # 0 healthy, 1 a finding, 6 inconclusive (an unknown model with no reference): all are verdicts
  [ "$rc" -le 1 ] || [ "$rc" = 6 ] || { cat "$tmp/err" >&2; fail "score --prometheus $doc -> exit $rc"; }
  [ -s "$tmp/$name.prom" ] || fail "$name: no textfile"
  if [ "$promtool_ok" = 1 ]; then
    promtool check metrics <"$tmp/$name.prom" >"$tmp/lint" 2>&1 || { cat "$tmp/lint" >&2; fail "$name: promtool check metrics"; }
  fi
done
ls -A "$tmp" | grep -q '\.tmp\.' && fail "a temporary file was left behind"

p=$tmp/h100-power-capped.synthetic.prom
has '# TYPE gpuaudit_hbm_copy_bytes_per_second gauge' "$p"
has 'gpuaudit_hbm_copy_bytes_per_second{host="synthetic-host",gpu="0",uuid="' "$p"
has 'model="NVIDIA H100 80GB HBM3"' "$p"
has 'gpuaudit_sm_launch_seconds{' "$p"
has 'gpuaudit_finding{id="power-capped",host="synthetic-host",gpu="0",' "$p"
has 'gpuaudit_run_timestamp_seconds{host="synthetic-host"} ' "$p"
has 'gpuaudit_delivered_ratio{host="synthetic-host"} 0.' "$p"
has 'gpuaudit_healthy{host="synthetic-host"} 0' "$p"
has 'gpuaudit_healthy{host="synthetic-host"} 1' "$tmp/h100-sxm-healthy.synthetic.prom"
grep -q 'GB/s\|TFLOP' <(grep -v '^#' "$p") && fail "a non-base unit in a series name or label"

# An unwritable path: exit 5, the earlier file untouched
mkdir "$tmp/ro" && cp "$p" "$tmp/ro/keep.prom" && chmod 500 "$tmp/ro"
if [ "$(id -u)" != 0 ]; then
  "$bin" score --prometheus "$tmp/ro/keep.prom" "$data/h100-sxm-healthy.synthetic.json" >/dev/null 2>"$tmp/err"
  [ $? -eq 5 ] || fail "unwritable --prometheus path: want exit 5"
  cmp -s "$p" "$tmp/ro/keep.prom" || fail "the earlier textfile was changed"
fi
"$bin" score --prometheus "$tmp/no/such/dir/x.prom" "$data/h100-sxm-healthy.synthetic.json" >/dev/null 2>"$tmp/err"
[ $? -eq 5 ] || { cat "$tmp/err" >&2; fail "--prometheus into a missing folder: want exit 5"; }
echo "prometheus: all checks passed"
