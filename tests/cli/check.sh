#!/usr/bin/env bash
# gpuaudit check: one NHC-style line and its exit code. Here (no driver, or a host-only build) the
# line is FAIL with the reason and exit 1; with a GPU it is OK/WARN/FAIL. --help names the levels.
# $1: the gpuaudit binary, $2: the source folder.
set -u
bin=$1
src=$2
[ -f "$src/baselines/VERSION" ] || { echo "no baselines in $src/baselines: skip"; exit 77; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() {
  echo "FAIL: $*" >&2
  exit 1
}
"$bin" check --state-only -o "$tmp/doc.json" --prometheus "$tmp/check.prom" >"$tmp/out" 2>"$tmp/err"
rc=$?
cat "$tmp/out"
[ "$(wc -l <"$tmp/out")" -eq 1 ] || fail "want exactly one line on stdout"
grep -Eq '^gpuaudit check: (OK|WARN|FAIL) ' "$tmp/out" || fail "not an NHC-style line"
case $(cut -d' ' -f3 "$tmp/out") in
  OK | WARN) [ "$rc" -eq 0 ] || fail "OK/WARN must exit 0, got $rc" ;;
  FAIL) [ "$rc" -eq 1 ] || fail "FAIL must exit 1, got $rc" ;;
esac
[ -s "$tmp/doc.json" ] || fail "-o wrote no document"
grep -q '"schema": "gpuaudit.result/1"' "$tmp/doc.json" || fail "-o: not a result document"
[ -s "$tmp/check.prom" ] || fail "--prometheus wrote nothing"
if ! nvidia-smi >/dev/null 2>&1; then
  grep -q "FAIL no usable GPU" "$tmp/out" || fail "without a driver the line must say no usable GPU"
fi
if command -v promtool >/dev/null; then promtool check metrics <"$tmp/check.prom" || fail "promtool"; fi
"$bin" check --help >"$tmp/help" || fail "check --help"
grep -q "WARN" "$tmp/help" || fail "--help does not say what WARN is"
"$bin" check --no-such-flag >/dev/null 2>&1
[ $? -eq 2 ] || fail "an unknown flag: want exit 2"
"$bin" check --baselines "$tmp/nowhere" >/dev/null 2>&1
[ $? -eq 2 ] || fail "missing baselines: want exit 2"
echo "check: all checks passed"
