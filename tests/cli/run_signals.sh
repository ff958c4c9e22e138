#!/usr/bin/env bash
# SIGINT and SIGTERM end `gpuaudit run` like Ctrl-C at any time: the document is written, the exit
# code is 130 (SIGINT) or 143 (SIGTERM), and a figure cut short is "interrupted", not "error".
# (A process the signal killed also gives 130/143 in the shell: the file and stderr tell them apart.)
set -u
bin=$1
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT
fail=0
bad() { echo "FAIL: $*"; fail=1; }

# Whether pid catches signal number sig (its SigCgt mask in /proc).
catches() {
  local mask
  mask=$(awk '/^SigCgt:/ {print $2}' "/proc/$1/status" 2>/dev/null) || return 1
  [ -n "$mask" ] && (( (16#$mask >> ($2 - 1)) & 1 ))
}

# 1. SIGINT at once: the handler is in place before the inventory (which takes over a second), so
#    a signal sent as soon as it is (within 0.5 s of the start) gets exit 130 and a document.
"$bin" run --only host/steal -o "$t/early.json" >"$t/early.out" 2>"$t/early.err" &
pid=$!
for _ in $(seq 50); do catches "$pid" 2 && break; sleep 0.01; done
kill -INT "$pid"
rc=0
wait "$pid" || rc=$?
[ "$rc" = 130 ] || bad "SIGINT at the start: exit $rc, expected 130"
grep -q "interrupted; what was measured is in .* (SIGINT)" "$t/early.err" || { bad "no interruption line after an early SIGINT"; cat "$t/early.err"; }
python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); assert d["schema"].startswith("gpuaudit.result/")' "$t/early.json" ||
  bad "no readable document after an early SIGINT"

# 2. SIGTERM during the disk check: exit 143; the disk figures say "interrupted"; none says "error";
#    the disk folder is left empty; compare does not call the interrupted figures a regression.
mkdir "$t/disk"
# (--progress: the step line says when the disk check starts; stderr is no terminal here)
"$bin" run --only host/disk --disk "$t/disk" --progress -o "$t/term.json" >"$t/term.out" 2>"$t/term.err" &
pid=$!
for _ in $(seq 300); do grep -q 'host/disk: sequential' "$t/term.err" 2>/dev/null && break; sleep 0.05; done
sleep 0.3
kill -TERM "$pid"
rc=0
wait "$pid" || rc=$?
[ "$rc" = 143 ] || bad "SIGTERM mid-run: exit $rc, expected 143"
grep -q "interrupted; what was measured is in .* (SIGTERM)" "$t/term.err" || { bad "no interruption line after SIGTERM"; cat "$t/term.err"; }
python3 - "$t/term.json" <<'PY' || fail=1
import json, sys
doc = json.load(open(sys.argv[1]))
got = {b["name"]: b for b in doc["benchmarks"]}
disk = [got[n] for n in ("host/disk_seq_read", "host/disk_rand_read") if n in got]
assert disk, f"no disk figure recorded: {sorted(got)}"
assert any(b["status"] == "interrupted" for b in disk), [(b["name"], b["status"], b["message"]) for b in disk]
errors = [(b["name"], b["message"]) for b in doc["benchmarks"] if b["status"] == "error"]
assert not errors, f"figures recorded as error after SIGTERM: {errors}"
PY
[ -z "$(ls -A "$t/disk")" ] || bad "left behind in the disk folder: $(ls -A "$t/disk")"
rc=0
"$bin" compare "$t/term.json" "$t/term.json" >"$t/cmp.out" 2>&1 || rc=$?
[ "$rc" = 0 ] || { bad "compare of an interrupted run with itself: exit $rc"; cat "$t/cmp.out"; }
exit $fail
