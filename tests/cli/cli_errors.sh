#!/usr/bin/env bash
# A CLI that explains itself: typos get the nearest command or name, help and version work every
# way people type them, and refusals are one plain line (no CLI11 internals, no binary path).
set -euo pipefail
bin=$1
src=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; cat "$tmp/err" 2>/dev/null; exit 1; }

expect() {  # expect CODE PATTERN ARGS... : exit CODE, one stderr line matching PATTERN
  local code=$1 pattern=$2; shift 2
  set +e
  "$bin" "$@" >"$tmp/out" 2>"$tmp/err"
  local rc=$?
  set -e
  [ "$rc" = "$code" ] || fail "gpuaudit $*: exit $rc, want $code"
  [ "$(wc -l <"$tmp/err")" -le 1 ] || fail "gpuaudit $*: more than one line on stderr"
  grep -q -- "$pattern" "$tmp/err" || fail "gpuaudit $*: stderr does not say '$pattern'"
  if grep -q -F -e "$bin" -e "Run with --help" -e "1.797" -e "File is actually" "$tmp/err"; then
    fail "gpuaudit $*: CLI11 internals leak"
  fi
}

expect 2 "no command 'infoo'; did you mean 'info'?" infoo
expect 2 "did you mean 'compare'?" comapre a b
expect 2 "unknown option '--bogus'" --bogus
expect 2 "no command 'nope'" help nope
expect 2 "gpuaudit run: unknown option '--quik'; did you mean '--quick'?" run --quik
expect 2 "unknown option '--junt'; did you mean '--junit'?" compare --junt x.xml a b

"$bin" help >"$tmp/out" 2>"$tmp/err" || fail "help exited non-zero"
grep -q "Subcommands:\|SUBCOMMANDS" "$tmp/out" || fail "help lists no commands"
"$bin" help score >"$tmp/out" 2>"$tmp/err" || fail "help score exited non-zero"
grep -q -- "--write" "$tmp/out" || fail "help score does not show score's options"
for v in --version -V; do
  "$bin" $v >"$tmp/out" 2>"$tmp/err" || fail "$v exited non-zero"
  grep -q "^gpuaudit [0-9]" "$tmp/out" || fail "$v prints no version"
done

doc=$src/tests/data/compare/golden-synthetic.json
expect 2 "must be between 0.000001 and 0.5, not -1" compare "$doc" "$doc" --alpha -1
expect 2 "is a folder, not a file" compare "$doc" "$tmp"
expect 2 "no such file" compare "$doc" "$tmp/none.json"
expect 2 "\"hbmx\" is no figure family; did you mean 'hbm'?" compare "$doc" "$doc" --max-regression hbmx=3%
expect 2 "\"bogus\" is neither a built-in key nor a tag" report "$doc" --group-by provider,bogus
expect 2 "did you mean 'region'" report "$doc" --group-by regoin
expect 2 "not a three-letter currency code" run --only host/steal --currency euro -o "$tmp/x.json"
[ ! -e "$tmp/x.json" ] || fail "a refused run wrote a document"
echo "ok"
