#!/usr/bin/env bash
# Without a GPU, `gpuaudit soak` says so in one line and exits 3; bad options exit 2.
set -uo pipefail
bin=$1
if command -v nvidia-smi >/dev/null && nvidia-smi -L 2>/dev/null | grep -q '^GPU'; then
  echo "a GPU is present: this test is for machines without one"; exit 77
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$bin" soak --minutes 1 -o "$tmp/soak.json" >"$tmp/out" 2>"$tmp/err"
rc=$?
[ "$rc" = 3 ] || { echo "expected exit 3, got $rc"; cat "$tmp/err"; exit 1; }
[ "$(wc -l <"$tmp/err")" = 1 ] || { echo "expected one line on stderr:"; cat "$tmp/err"; exit 1; }
grep -q "soak needs a GPU" "$tmp/err" || { cat "$tmp/err"; exit 1; }
"$bin" soak --interval 0 >/dev/null 2>&1
rc=$?
[ "$rc" = 2 ] || { echo "--interval 0: expected exit 2, got $rc"; exit 1; }
"$bin" soak --gpus x >/dev/null 2>&1
rc=$?
[ "$rc" = 2 ] || { echo "--gpus x: expected exit 2, got $rc"; exit 1; }
exit 0
