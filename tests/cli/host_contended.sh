#!/usr/bin/env bash
# Busy CPUs are not a host-bound machine (issue #14): `gpuaudit run --only host/cpu` with one busy
# loop per CPU running beside it must measure the other processes' share of the CPUs, show it in
# the host table, and not call the machine host-bound on the all-core ratio; a ratio below the
# threshold is a "contended by other processes" note instead.
set -euo pipefail
bin=$1
tmp=$(mktemp -d)
loops=()
cleanup() {
  for p in "${loops[@]}"; do kill "$p" 2>/dev/null || true; done
  rm -rf "$tmp"
}
trap cleanup EXIT
n=$(nproc)
for _ in $(seq "$n"); do
  bash -c 'while :; do :; done' &
  loops+=($!)
done
sleep 1  # let the loops reach the run queue before the check starts
rc=0
"$bin" run --only host/cpu -o "$tmp/out.json" >"$tmp/stdout" 2>"$tmp/stderr" || rc=$?
[ "$rc" = 0 ] || [ "$rc" = 1 ] || { echo "run --only host/cpu exited $rc"; cat "$tmp/stderr"; exit 1; }
python3 - "$tmp/out.json" "$tmp/stdout" <<'PY'
import json, re, sys
doc = json.load(open(sys.argv[1]))
table = open(sys.argv[2]).read()
rows = {b["name"]: b for b in doc["benchmarks"]}
cpu_all = rows["host/cpu_all"]
assert cpu_all["status"] == "ok", cpu_all
foreign = cpu_all["derived"].get("foreign_cpu_pct")
ratio = cpu_all["derived"]["all_core_ratio"]
print(f"busy loops beside the check: all-core ratio {ratio:.2f}, other processes {foreign:.0f}% of the CPUs")
a = doc["assessment"]
assert foreign is not None and foreign > 10, f"the busy loops were not measured: {foreign}"
for f in a["findings"]:
    assert not (f["id"] == "host-bound" and "all_core_ratio" in f["figures"]), f"host-bound on the ratio under load: {f}"
m = re.search(r"^host/cpu_all .*others (\d+)% of CPUs", table, re.M)
assert m and int(m.group(1)) > 10, "the host table does not say how busy the CPUs were:\n" + table
if ratio < 0.6:
    notes = a.get("notes", [])
    assert any("host/cpu_all: contended by other processes (" in n for n in notes), notes
PY
grep -q "all-core ratio" "$tmp/stdout" || { echo "the host table does not show the all-core ratio"; cat "$tmp/stdout"; exit 1; }
