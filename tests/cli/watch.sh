#!/usr/bin/env bash
# `gpuaudit watch -- CMD`: the job's exit code and signal passed back, its output passed through and
# its metric read, a SIGTERM to gpuaudit passed on to the job, a program that cannot start (127), no
# command (2), an unknown watch option (2), and a document that `score` and `report` read.
set -uo pipefail
bin=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; for f in "$tmp"/out "$tmp"/err; do [ -f "$f" ] && { echo "--- $f"; cat "$f"; }; done; exit 1; }

# Exit code, output passed through, metric and price.
"$bin" watch -o "$tmp/a.json" --metric '([0-9.]+) tokens/s' --price-per-hour 3.6 -- \
  sh -c 'for i in 1 2 3 4; do echo "step $i 1000 tokens/s"; sleep 0.2; done; echo to-stderr >&2; exit 7' \
  >"$tmp/out" 2>"$tmp/err"
rc=$?
[ "$rc" = 7 ] || fail "exit: expected 7, got $rc"
[ "$(grep -c 'tokens/s' "$tmp/out")" = 4 ] || fail "the job's stdout did not come through"
grep -q to-stderr "$tmp/err" || fail "the job's stderr did not come through"
grep -q "exit 7" "$tmp/err" || fail "summary without the exit"
grep -q "metric '(\[0-9.\]+) tokens/s': 4 readings" "$tmp/err" || fail "metric readings"
grep -q "1.00 USD per 1M tokens" "$tmp/err" || fail "cost line"
python3 - "$tmp/a.json" <<'PY' || fail "document"
import json, sys
d = json.load(open(sys.argv[1]))
w = d["watch"]
assert d["mode"] == "watch", d["mode"]
assert w["finished"] and w["exit_code"] == 7, w
assert w["command"][:2] == ["sh", "-c"], w["command"]
assert len(w["metric"]) == 4 and w["metric"][0]["value"] == 1000, w["metric"]
assert len(w["host"]) >= 1 and "cpu_busy_pct" in w["host"][0], w["host"]
assert any(x["id"] == "host" for x in w["diagnoses"]), w["diagnoses"]
assert abs(w["cost"]["per_million_units"] - 1.0) < 1e-9, w["cost"]
PY
"$bin" score "$tmp/a.json" >/dev/null 2>&1
rc=$?
[ "$rc" = 0 ] || [ "$rc" = 1 ] || [ "$rc" = 6 ] || fail "score of a watch document: exit $rc"
"$bin" report "$tmp/a.json" >/dev/null 2>"$tmp/err" || fail "report of a watch document: exit $?"

# Two runs of the same job, the second slower: compare names the job's own rate (watch/metric).
for rate in 1000 1010 990 1005 995 1000; do echo "$rate tokens/s"; done >"$tmp/fast.txt"
for rate in 600 610 590 605 595 600; do echo "$rate tokens/s"; done >"$tmp/slow.txt"
"$bin" watch -o "$tmp/fast.json" --metric '([0-9.]+) tokens/s' -- cat "$tmp/fast.txt" >/dev/null 2>&1 || fail "fast run"
"$bin" watch -o "$tmp/slow.json" --metric '([0-9.]+) tokens/s' -- cat "$tmp/slow.txt" >/dev/null 2>&1 || fail "slow run"
"$bin" compare "$tmp/fast.json" "$tmp/slow.json" >"$tmp/out" 2>"$tmp/err"
rc=$?
[ "$rc" = 1 ] || fail "compare of a slower job: expected exit 1, got $rc"
grep -q "watch/metric.*REGRESSED" "$tmp/out" || fail "compare does not name watch/metric"

# A signal that ends the job: 128+N, and the document says which.
"$bin" watch -o "$tmp/b.json" -- sh -c 'kill -KILL $$' >"$tmp/out" 2>"$tmp/err"
rc=$?
[ "$rc" = 137 ] || fail "killed job: expected 137, got $rc"
grep -q "ended by SIGKILL" "$tmp/err" || fail "no SIGKILL said"

# SIGTERM to gpuaudit reaches the job; gpuaudit stays to write the document.
"$bin" watch -o "$tmp/c.json" -- sleep 30 >"$tmp/out" 2>"$tmp/err" &
pid=$!
sleep 1
kill -TERM "$pid"
wait "$pid"
rc=$?
[ "$rc" = 143 ] || fail "SIGTERM: expected 143, got $rc"
python3 -c "import json,sys; w=json.load(open(sys.argv[1]))['watch']; assert w['finished'] and w['signal']=='SIGTERM', w" \
  "$tmp/c.json" || fail "SIGTERM document"

# --verdict-exit: the verdict, not the job's code (no GPU here: only the host line, so 0).
"$bin" watch -o "$tmp/d.json" --verdict-exit -- sh -c 'exit 3' >/dev/null 2>&1
rc=$?
[ "$rc" = 0 ] || [ "$rc" = 1 ] || fail "--verdict-exit: got $rc"

# Cannot start: 127 and one line; no command, a bad option, a bad regex: 2.
"$bin" watch -o "$tmp/e.json" -- /nonexistent/program >"$tmp/out" 2>"$tmp/err"
rc=$?
[ "$rc" = 127 ] || fail "missing program: expected 127, got $rc"
grep -q "cannot run '/nonexistent/program': No such file or directory" "$tmp/err" || fail "missing program message"
"$bin" watch >/dev/null 2>"$tmp/err"
[ "$?" = 2 ] || fail "no command: expected 2"
grep -q "watch needs a command" "$tmp/err" || fail "no-command message"
"$bin" watch --metrik x -- true >/dev/null 2>"$tmp/err"
[ "$?" = 2 ] || fail "unknown option: expected 2"
grep -q "unknown option '--metrik'.*--metric" "$tmp/err" || fail "no suggestion for --metrik"
"$bin" watch --metric '([0-9' -- true >/dev/null 2>"$tmp/err"
[ "$?" = 2 ] || fail "bad regex: expected 2"
grep -q "is not a regular expression" "$tmp/err" || fail "bad regex message"
"$bin" watch -o - -- true >/dev/null 2>"$tmp/err"
[ "$?" = 2 ] || fail "-o -: expected 2"

# --pid: a process already running is watched; SIGTERM to gpuaudit stops the watching, never the process.
sleep 30 &
sp=$!
"$bin" watch --pid "$sp" -o "$tmp/g.json" >/dev/null 2>"$tmp/err" &
wp=$!
sleep 1.5
kill -TERM "$wp"
wait "$wp"
rc=$?
[ "$rc" = 0 ] || fail "--pid stopped: expected 0, got $rc"
kill -0 "$sp" 2>/dev/null || fail "--pid: the watched process did not survive"
kill "$sp"
python3 -c "import json,sys; w=json.load(open(sys.argv[1]))['watch']; assert w['attached_pid']==int(sys.argv[2]) and w['still_running'] and w['command'][0]=='sleep' and w.get('exit_code') is None, w" \
  "$tmp/g.json" "$sp" || fail "--pid document"
"$bin" watch --pid 999999999 >/dev/null 2>"$tmp/err"
[ "$?" = 2 ] || fail "--pid of no process: expected 2"
"$bin" watch --pid 1 -- true >/dev/null 2>"$tmp/err"
[ "$?" = 2 ] || fail "--pid and a command: expected 2"

# Several --pid (repeated or comma-separated) are one job, watched until every one has ended.
sleep 0.8 &
s1=$!
sleep 1.6 &
s2=$!
"$bin" watch --pid "$s1,$s2" -o "$tmp/h.json" >/dev/null 2>"$tmp/err"
[ "$?" = 0 ] || fail "two --pid: expected 0"
python3 -c "import json,sys; w=json.load(open(sys.argv[1]))['watch']; assert w['attached_pids']==[int(sys.argv[2]),int(sys.argv[3])] and not w['still_running'] and w['elapsed_s']>=1.3, w" \
  "$tmp/h.json" "$s1" "$s2" || fail "two --pid document"
"$bin" watch --pid 1 --pid 999999999 >/dev/null 2>"$tmp/err"
[ "$?" = 2 ] || fail "--pid of one process that is not there: expected 2"
# --all-gpu-processes needs the GPUs read (none here: exit 2, saying why); never with --pid.
if ! "$bin" info >/dev/null 2>&1; then
  "$bin" watch --all-gpu-processes >/dev/null 2>"$tmp/err"
  [ "$?" = 2 ] && grep -q "all-gpu-processes: the GPUs cannot be read" "$tmp/err" || fail "--all-gpu-processes without a GPU"
fi
"$bin" watch --all-gpu-processes --pid 1 >/dev/null 2>"$tmp/err"
[ "$?" = 2 ] || fail "--all-gpu-processes with --pid: expected 2"

# The job's own options after its name are its own, with or without --.
"$bin" watch -o "$tmp/f.json" sh -c 'exit 5' >/dev/null 2>&1
[ "$?" = 5 ] || fail "without --: the job's -c was not its own"
exit 0
