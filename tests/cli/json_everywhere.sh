#!/usr/bin/env bash
# --json on every command that prints a result (run, score, compare, report, check, import, info,
# baselines): stdout is one JSON value and nothing else, whatever the exit code; --json beside an
# output that also takes stdout is refused. $1: the gpuaudit binary, $2: the source folder.
set -u
bin=$1
src=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
scen=$src/tests/data/scenarios

# json_only NAME CMD...: stdout parses as one JSON value; the exit code is the command's own.
json_only() {
  local name=$1
  shift
  local rc=0
  "$@" >"$tmp/$name.json" 2>"$tmp/$name.err" || rc=$?
  [ "$rc" -eq 2 ] && { cat "$tmp/$name.err" >&2; fail "$name: exit 2"; }
  python3 -c 'import json,sys; json.load(open(sys.argv[1]))' "$tmp/$name.json" ||
    { head -5 "$tmp/$name.json" >&2; fail "$name: stdout is not JSON alone"; }
}

json_only score "$bin" score --json "$scen/h100-power-capped.synthetic.json"
json_only compare "$bin" compare --json "$scen/h100-sxm-healthy.synthetic.json" "$scen/h100-power-capped.synthetic.json"
json_only report "$bin" report --json "$src/tests/data/report/fleet-synthetic"
python3 - "$tmp/report.json" <<'PY' || fail "report --json: no groups"
import json, sys
r = json.load(open(sys.argv[1]))
assert r["schema"] == "gpuaudit.report/1" and r["groups"] and r["groups"][0]["figures"], r
PY
json_only check "$bin" check --json --state-only
python3 - "$tmp/check.json" <<'PY' || fail "check --json: no level"
import json, sys
c = json.load(open(sys.argv[1]))
assert c["level"] in ("OK", "WARN", "FAIL") and c["line"].startswith("gpuaudit check: "), c
PY
json_only import "$bin" import --json "$src/tests/data/real-world/h100-sxm-x8-idle-gen5/nvidia-smi-q.txt"
json_only info "$bin" info --json
json_only baselines "$bin" baselines --json list
json_only run "$bin" run --json --only host/cpu

# --json and another output on stdout: refused, nothing half-written
for cmd in "report --json --csv - $src/tests/data/report/fleet-synthetic" "check --json --state-only -o -" \
           "import --json -o $tmp/x.json $src/tests/data/real-world/h100-sxm-x8-idle-gen5/nvidia-smi-q.txt" \
           "run --json -o $tmp/y.json --only host/cpu"; do
  rc=0
  # shellcheck disable=SC2086
  "$bin" $cmd >"$tmp/out" 2>"$tmp/err" || rc=$?
  [ "$rc" = 2 ] || fail "$cmd: exit $rc, want 2"
  grep -q -- "--json" "$tmp/err" || fail "$cmd: the error does not name --json: $(cat "$tmp/err")"
done
echo "json everywhere: ok"
