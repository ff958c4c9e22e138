#!/usr/bin/env bash
# gpuaudit import + score on posted host CPU accounting (vmstat, top, mpstat, lscpu), end to end on
# real fixtures of tests/data/imports/: a VPS top with 17% steal is host-bound (medium: one frame),
# a busy but unstolen Azure VM is not (a note says why), an idle GPU node's top says nothing, and
# lscpu's facts land in the document's host. $1: the gpuaudit binary, $2: the source folder.
set -u
# score wraps prose to COLUMNS (else 100): one line per paragraph here, for grep
export COLUMNS=1000
bin=$1
src=$2
data=$src/tests/data/imports
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

fail() {
  echo "FAIL: $*" >&2
  exit 1
}
has() { grep -qF -- "$1" "$2" || { cat "$2" >&2; fail "\"$1\" not in $2"; }; }
lacks() { ! grep -qF -- "$1" "$2" || { cat "$2" >&2; fail "\"$1\" in $2"; }; }

# Steal: host-bound, exit 1, medium (a single top frame is a reading, not a run).
"$bin" import "$data/top/altherneum-notes-top-vps-17-steal.txt" -o "$tmp/steal.json" 2>"$tmp/err" || fail "import: $(cat "$tmp/err")"
"$bin" score "$tmp/steal.json" >"$tmp/out" 2>&1
rc=$?
[ "$rc" -eq 1 ] || { cat "$tmp/out"; fail "score of a 17% steal top -> exit $rc, want 1"; }
has "host-bound (host, medium)" "$tmp/out"
"$bin" score -v "$tmp/steal.json" >"$tmp/out" 2>&1 || true
has "host-bound (host), confidence medium" "$tmp/out"
has "host/steal from top" "$tmp/out"

# Busy, not stolen: no finding, exit 0, and the note says it is a busy host.
for f in vmstat/azure-support-alma9-stress-vmstat-w-1-5.txt mpstat/azure-support-alma9-stress-mpstat-P-ALL-1-2.txt; do
  "$bin" import "$data/$f" -o "$tmp/busy.json" 2>"$tmp/err" || fail "import $f: $(cat "$tmp/err")"
  "$bin" score "$tmp/busy.json" >"$tmp/out" 2>&1
  rc=$?
  [ "$rc" -eq 0 ] || { cat "$tmp/out"; fail "score of $f -> exit $rc, want 0"; }
  lacks "host-bound (host)" "$tmp/out"
  has "a busy host, not a starved one" "$tmp/out"
done

# Idle: neither a finding nor a note.
"$bin" import "$data/top/rivanna-gpu-node-top-per-cpu-idle.txt" -o "$tmp/idle.json" 2>"$tmp/err" || fail "import: $(cat "$tmp/err")"
"$bin" score "$tmp/idle.json" >"$tmp/out" 2>&1
rc=$?
[ "$rc" -eq 0 ] || { cat "$tmp/out"; fail "score of an idle top -> exit $rc, want 0"; }
lacks "host-bound (host)" "$tmp/out"
lacks "busy host" "$tmp/out"

# lscpu merges its host facts with another file of the same machine.
"$bin" import "$data/lscpu/trixicuda-aws-g4dn-12xlarge-lscpu.txt" "$data/vmstat/jc-ubuntu1804-vmstat-1-long.txt" -o "$tmp/m.json" 2>"$tmp/err" ||
  fail "import: $(cat "$tmp/err")"
python3 - "$tmp/m.json" <<'PY' || fail "merged host facts"
import json, sys
d = json.load(open(sys.argv[1]))
assert d["host"]["vcpus"] == 48 and d["host"]["hypervisor"] == "KVM", d["host"]
assert [b["name"] for b in d["benchmarks"]] == ["host/steal", "host/iowait"], d["benchmarks"]
PY
echo ok
