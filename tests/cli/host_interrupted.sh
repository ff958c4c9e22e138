#!/usr/bin/env bash
# Ctrl-C during `gpuaudit run --only host`: exit 130, and the document still holds what was
# measured plus host/steal and host/iowait over the part of the run that happened.
set -euo pipefail
bin=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$bin" run --only host -o "$tmp/out.json" >"$tmp/stdout" 2>"$tmp/stderr" &
pid=$!
sleep 2
kill -INT "$pid"
rc=0
wait "$pid" || rc=$?
[ "$rc" = 130 ] || { echo "exit $rc after SIGINT, expected 130"; cat "$tmp/stderr"; exit 1; }
grep -q "interrupted; what was measured is in" "$tmp/stderr" || { echo "no interruption line"; cat "$tmp/stderr"; exit 1; }
python3 - "$tmp/out.json" <<'PY'
import json, sys
doc = json.load(open(sys.argv[1]))
names = [b["name"] for b in doc["benchmarks"]]
for want in ("host/steal", "host/iowait"):
    assert want in names, f"{want} missing after Ctrl-C: {names}"
steal = next(b for b in doc["benchmarks"] if b["name"] == "host/steal")
assert "whole_run_pct" in steal["derived"], steal
PY
