#!/usr/bin/env bash
# Two runs never lose one's data (src/cli/run_plumbing.cpp RunOutput, src/core/output_claim.cpp):
# four runs started together in one folder each keep their own default-named document, and a second
# run given the -o of a run in progress refuses (exit 2, naming the holder) without touching it.
set -euo pipefail
bin=$1
tmp=$(mktemp -d)
trap 'kill $(jobs -p) 2>/dev/null || true; rm -rf "$tmp"' EXIT
cd "$tmp"

# --- four runs at once, default names --------------------------------------------------------
pids=()
for i in 1 2 3 4; do
  "$bin" run --only host/steal --tag n=$i >"out$i" 2>"err$i" &
  pids+=($!)
done
for p in "${pids[@]}"; do
  rc=0; wait "$p" || rc=$?
  [ "$rc" = 0 ] || [ "$rc" = 1 ] || { echo "a run failed ($rc)"; cat err*; exit 1; }
done
python3 - <<'PY'
import glob, json, sys
files = sorted(glob.glob("gpuaudit-*.json"))
tags = sorted(json.load(open(f))["tags"]["n"] for f in files)
if tags != ["1", "2", "3", "4"]:
    sys.exit(f"expected four documents tagged 1..4, got {files} with tags {tags}")
for i in "1234":
    err = open(f"err{i}").read()
    mine = [f for f in files if json.load(open(f))["tags"]["n"] == i][0]
    if mine not in err: sys.exit(f"run {i} did not name its own file {mine}:\n{err}")
PY
[ -z "$(ls -A | grep '\.lock$' || true)" ] || { echo "lock files left: $(ls -A)"; exit 1; }

# --- a second run on the same -o ------------------------------------------------------------
"$bin" run --only host/steal --tag who=first -o shared.json >/dev/null 2>first.err &
first=$!
for _ in $(seq 1 100); do [ -e .shared.json.lock ] && break; sleep 0.1; done
[ -e .shared.json.lock ] || { echo "the first run never locked shared.json"; cat first.err; exit 1; }
rc=0
"$bin" run --only host/steal --tag who=second -o shared.json >/dev/null 2>second.err || rc=$?
[ "$rc" = 2 ] || { echo "second run on a locked -o: exit $rc, expected 2"; cat second.err; exit 1; }
grep -q "shared.json is being written by another gpuaudit run (pid $first on " second.err ||
  { echo "the refusal does not name the holder:"; cat second.err; exit 1; }
[ "$(wc -l <second.err)" = 1 ] || { echo "more than one line:"; cat second.err; exit 1; }
rc=0; wait "$first" || rc=$?
[ "$rc" = 0 ] || [ "$rc" = 1 ] || { echo "the first run failed ($rc)"; cat first.err; exit 1; }
python3 -c 'import json,sys; d=json.load(open("shared.json")); sys.exit(0 if d["tags"]["who"]=="first" else 1)' ||
  { echo "shared.json is not the first run's document"; exit 1; }
[ ! -e .shared.json.lock ] || { echo "the lock file was left behind"; exit 1; }
echo ok
