#!/usr/bin/env bash
# `gpuaudit drift` over documents imported from real `nvidia-smi -q` outputs (tests/data/real-world):
# three 8x H100 nodes, one of them power-capped; the odd node named, exit 1; --json; --golden; a node
# alone in its group is not odd; a bad --golden and no document exit 2.
set -uo pipefail
bin=$1
src=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; [ -f "$tmp/out" ] && cat "$tmp/out"; [ -f "$tmp/err" ] && cat "$tmp/err"; exit 1; }
rw=$src/tests/data/real-world
# Three copies of one idle node under three names; the third's GPUs capped at 350 W (synthetic edit).
for n in a b c; do
  "$bin" import "$rw/h100-sxm-x8-idle-gen5/nvidia-smi-q.txt" --tag node=node-$n -o "$tmp/$n.json" >/dev/null 2>&1 ||
    fail "import"
done
python3 - "$tmp/c.json" <<'PY' || fail "edit"
import json, sys
d = json.load(open(sys.argv[1]))
for g in d["gpus"]:
    g["power"]["limit_w"] = 350.0
d["synthetic"] = True
d["synthetic_source"] = "tests/cli/drift.sh: a real idle 8x H100 with its power limit edited to 350 W"
json.dump(d, open(sys.argv[1], "w"))
PY
"$bin" drift --no-security "$tmp/a.json" "$tmp/b.json" "$tmp/c.json" >"$tmp/out" 2>"$tmp/err"
rc=$?
[ "$rc" = 1 ] || fail "expected exit 1, got $rc"
grep -q "1 odd value on 1 node$" "$tmp/out" || fail "summary"
grep -Eq "node-c +power_limit_w +350 +700 +2 of 3 nodes +performance" "$tmp/out" || fail "odd row"
"$bin" drift --json "$tmp" >"$tmp/out" 2>"$tmp/err"
python3 -c "import json,sys; j=json.load(open(sys.argv[1])); assert j['fails'] and j['odd'][0]['node']=='node-c', j" "$tmp/out" ||
  fail "json"
# Without the odd node: every node alike; their driver (565.57.01) is on a branch NVIDIA's newest
# bulletin no longer fixes: exit 1 for that alone, named once with both nodes; --no-security: exit 0.
COLUMNS=200 "$bin" drift "$tmp/a.json" "$tmp/b.json" >"$tmp/out" 2>&1
[ "$?" = 1 ] || fail "alike nodes below the security floor: expected 1"
grep -q "every node is like the others; 2 nodes below the driver's security floor" "$tmp/out" || fail "security summary"
grep -q "security: driver 565.57.01 on 2 nodes (node-a, node-b)" "$tmp/out" || fail "security line"
"$bin" drift --no-security "$tmp/a.json" "$tmp/b.json" >"$tmp/out" 2>&1 || fail "two alike nodes, --no-security: exit $?"
grep -q "every node is like the others$" "$tmp/out" || fail "alike summary"
# A golden minimum the capped node misses, and one every node keeps.
echo '{"power_limit_w": {"min": 700}}' >"$tmp/golden.json"
"$bin" drift --golden "$tmp/golden.json" "$tmp/c.json" >"$tmp/out" 2>&1
[ "$?" = 1 ] || fail "golden min: expected 1"
grep -q ">= 700" "$tmp/out" || fail "golden words"
# Grouped by node, each is alone: nothing to compare.
"$bin" drift --no-security --group-by node "$tmp/a.json" "$tmp/c.json" >"$tmp/out" 2>&1 || fail "one node per group: exit $?"
# --markdown FILE beside the text; --markdown - takes stdout and the text goes to stderr.
"$bin" drift --no-security --markdown "$tmp/d.md" "$tmp/a.json" "$tmp/b.json" "$tmp/c.json" >"$tmp/out" 2>"$tmp/err"
[ "$?" = 1 ] || fail "--markdown: expected 1"
grep -q "^### gpuaudit drift: FAIL$" "$tmp/d.md" || fail "markdown head"
grep -qF "| power\\_limit\\_w | 350 | 700 | 2 of 3 nodes | performance |" "$tmp/d.md" || fail "markdown row"
grep -q "1 odd value on 1 node" "$tmp/out" || fail "text beside --markdown"
"$bin" drift --no-security --markdown - "$tmp/a.json" "$tmp/b.json" "$tmp/c.json" >"$tmp/out" 2>"$tmp/err"
grep -q "^### gpuaudit drift" "$tmp/out" || fail "--markdown - on stdout"
grep -q "1 odd value on 1 node" "$tmp/err" || fail "the text on stderr with --markdown -"
# --html FILE: one page with the odd node's row; --html - with --json is refused.
"$bin" drift --no-security --html "$tmp/d.html" "$tmp/a.json" "$tmp/b.json" "$tmp/c.json" >"$tmp/out" 2>"$tmp/err"
[ "$?" = 1 ] || fail "--html: expected 1"
grep -q "^<!DOCTYPE html>" "$tmp/d.html" || fail "html head"
grep -qF '350<span class="exp">expected 700 (2 of 3 nodes)</span>' "$tmp/d.html" || fail "html cell"
"$bin" drift --html - --json "$tmp/a.json" >/dev/null 2>"$tmp/err"
[ "$?" = 2 ] || fail "--html - with --json: expected 2"
# Bad input.
echo '{"power_limit_w": [1]}' >"$tmp/bad.json"
"$bin" drift --golden "$tmp/bad.json" "$tmp/a.json" >/dev/null 2>"$tmp/err"
[ "$?" = 2 ] || fail "bad golden: expected 2"
"$bin" drift "$tmp/none" >/dev/null 2>&1
[ "$?" = 2 ] || fail "missing path: expected 2"
exit 0
