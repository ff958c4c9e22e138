#!/usr/bin/env bash
# gpuaudit baselines list|show|check: output and exit codes. $1: binary, $2: source dir.
set -uo pipefail
bin=${1:?binary}
src=${2:?source dir}
fail() { echo "FAIL: $*"; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

out=$("$bin" baselines list --dir "$src/baselines") || fail "list exited $?"
grep -q "h100-sxm5-80gb" <<<"$out" || fail "list lacks h100-sxm5-80gb"
grep -q "H200 SXM 141GB" <<<"$out" || fail "list lacks the H200 model name"

"$bin" baselines list --json --dir "$src/baselines" >"$tmp/list.json" || fail "list --json exited $?"
python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); assert len(d["models"]) >= 70, d["version"]' "$tmp/list.json" \
  || fail "list --json is not the expected JSON"

out=$(GPUAUDIT_BASELINES="$src/baselines" "$bin" baselines show h200-sxm-141gb) || fail "show exited $?"
grep -q "4800" <<<"$out" || fail "show lacks the H200 bandwidth"
grep -q "source:" <<<"$out" || fail "show lacks sources"
# Captured first: `| grep -q` would close the pipe at the match, and a show longer than stdio's
# 4 KiB buffer (the H100 PCIe's, with its video engines) would die of SIGPIPE under pipefail.
out=$("$bin" baselines show "NVIDIA H100 PCIe" --dir "$src/baselines") || fail "show by nvidia-smi name exited $?"
grep -q "3g.40gb" <<<"$out" || fail "show by nvidia-smi name"
"$bin" baselines show no-such-card --dir "$src/baselines" 2>"$tmp/err"
[ $? -eq 2 ] || fail "show of an unknown model must exit 2"
grep -q "no baseline" "$tmp/err" || fail "show of an unknown model must say so"

"$bin" baselines check --dir "$src/baselines" >"$tmp/check" || fail "check of the shipped set exited $? ($(cat "$tmp/check"))"
"$bin" baselines check --json --dir "$src/baselines" | python3 -c 'import json,sys; assert json.load(sys.stdin)["problems"] == []' \
  || fail "check --json"

# A set with a problem exits 1; a broken file exits 2 and names it.
mkdir "$tmp/set"
cp "$src/baselines/nvidia-l4.json" "$tmp/set/"
python3 - "$tmp/set/nvidia-l4.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1])); d["fp32_tflops"]["source"] = ""
json.dump(d, open(sys.argv[1], "w"))
PY
"$bin" baselines check --dir "$tmp/set" >"$tmp/out"
[ $? -eq 1 ] || fail "check of a bad set must exit 1"
grep -q "fp32_tflops has no source" "$tmp/out" || fail "check must name the problem"
echo '{"schema": "gpuaudit.baseline/1",' >"$tmp/set/broken.json"
"$bin" baselines list --dir "$tmp/set" 2>"$tmp/err" >/dev/null
[ $? -eq 2 ] || fail "a broken file must exit 2"
grep -q "broken.json" "$tmp/err" || fail "the error must name the broken file"
"$bin" baselines 2>/dev/null
[ $? -eq 2 ] || fail "baselines without a subcommand is a usage error"
echo "ok"
