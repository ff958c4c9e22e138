#!/usr/bin/env bash
# gpuaudit info: host part always, one clear line and exit 3 without a GPU; --json valid against
# the schema. On a machine with a GPU the same checks run with exit 0.
set -u
bin=$1 src=$2
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

"$bin" info --steal-window 0 >"$out/info.txt" 2>"$out/info.err"
code=$?
grep -q '^Host' "$out/info.txt" || { echo "FAIL: no host part"; cat "$out/info.txt"; exit 1; }
grep -q '  CPU ' "$out/info.txt" || { echo "FAIL: no CPU line"; exit 1; }
if [ "$code" = 3 ]; then
  n=$(grep -c '^No usable GPU: ' "$out/info.txt")
  [ "$n" = 1 ] || { echo "FAIL: expected one 'No usable GPU' line, got $n"; cat "$out/info.txt"; exit 1; }
  grep -Eq '\[(no-driver|driver-not-loaded|no-device|driver-too-old|no-kernel-image|nvml-error|cuda-error)\]$' "$out/info.txt" \
    || { echo "FAIL: reason state missing"; exit 1; }
elif [ "$code" != 0 ]; then
  echo "FAIL: info exited $code"; cat "$out/info.err"; exit 1
fi

"$bin" info --json --steal-window 0 >"$out/info.json" 2>"$out/json.err"
jcode=$?
[ "$jcode" = "$code" ] || { echo "FAIL: --json exit $jcode differs from text exit $code"; exit 1; }
if [ "$jcode" = 3 ]; then
  [ "$(wc -l <"$out/json.err")" = 1 ] || { echo "FAIL: expected one stderr line"; cat "$out/json.err"; exit 1; }
fi
PYTHONPATH="$src/.deps/pytest${PYTHONPATH:+:$PYTHONPATH}" python3 "$src/scripts/test/validate_json.py" \
  "$src/schema/gpuaudit.result.schema.json" "$out/info.json"
rc=$?
[ $rc = 0 ] || exit $rc

# Usage errors exit 2 with one line.
"$bin" info --no-such-flag >/dev/null 2>"$out/usage.err"
[ $? = 2 ] || { echo "FAIL: bad flag should exit 2"; exit 1; }
"$bin" --version | grep -q '^gpuaudit [0-9]' || { echo "FAIL: --version"; exit 1; }
echo "info: ok (exit $code)"
