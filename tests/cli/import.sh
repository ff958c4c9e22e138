#!/usr/bin/env bash
# gpuaudit import: the document to stdout or -o, --tag, --format, --list-formats, one-line errors with
# exit 2 for bad inputs, exit 5 for an unwritable output, and score / compare / report on imported
# documents (score FILE FILE imports in memory). $1: the gpuaudit binary, $2: the source folder.
# The parts that need a parser use the real fixtures of tests/data/imports/ when there are any.
set -u
bin=$1
src=$2
doc=$src/tests/data/scenarios/h100-sxm-healthy.synthetic.json
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

fail() {
  echo "FAIL: $*" >&2
  exit 1
}
expect_rc() {
  local want=$1
  shift
  "$@" >"$tmp/out" 2>"$tmp/err"
  local rc=$?
  if [ "$rc" -ne "$want" ]; then
    cat "$tmp/out" "$tmp/err" >&2
    fail "$* -> exit $rc, want $want"
  fi
}
has() { grep -qF -- "$1" "$2" || { cat "$2" >&2; fail "\"$1\" not in $2"; }; }
one_line_naming() {  # one_line_naming TEXT: stderr is one line and names TEXT
  [ "$(wc -l <"$tmp/err")" -eq 1 ] || { cat "$tmp/err" >&2; fail "want one line on stderr"; }
  has "$1" "$tmp/err"
  [ -s "$tmp/out" ] && fail "an error printed something on stdout"
  return 0
}
field() {  # field FILE PYTHON-EXPR-ON-d
  python3 -c "import json,sys; d=json.load(open(sys.argv[1])); print($2)" "$1"
}

# --list-formats: every format, the gpuaudit document among them
expect_rc 0 "$bin" import --list-formats
has "gpuaudit" "$tmp/out"

# A gpuaudit document passes through: to stdout by default and with -o -, to a file with -o
expect_rc 0 "$bin" import "$doc"
cp "$tmp/out" "$tmp/stdout.json"
[ "$(field "$tmp/stdout.json" 'len(d["benchmarks"])')" = "$(field "$doc" 'len(d["benchmarks"])')" ] || fail "pass-through lost figures"
[ "$(field "$tmp/stdout.json" 'd["mode"]')" = "$(field "$doc" 'd["mode"]')" ] || fail "pass-through changed the mode"
expect_rc 0 "$bin" import -o - "$doc"
cmp -s "$tmp/out" "$tmp/stdout.json" || fail "-o - differs from the default"
expect_rc 0 "$bin" import "$doc" -o "$tmp/doc.json" --tag provider=example --format gpuaudit
[ -s "$tmp/out" ] && fail "-o: printed the document on stdout too"
has "wrote $tmp/doc.json" "$tmp/err"
[ "$(field "$tmp/doc.json" 'd["tags"]["provider"]')" = "example" ] || fail "--tag not stored"
expect_rc 0 "$bin" score "$tmp/doc.json"

# Bad input: exit 2, one line naming the file, when nothing else could be read
: >"$tmp/empty.txt"
expect_rc 2 "$bin" import "$tmp/empty.txt"
one_line_naming "empty.txt: is empty"
printf 'Eggs\nMilk\nA nice cup of tea\n' >"$tmp/shopping.txt"
expect_rc 2 "$bin" import "$tmp/shopping.txt"
one_line_naming "shopping.txt: not an output gpuaudit can import (looked for: "
mkdir "$tmp/no-files"
expect_rc 2 "$bin" import "$tmp/no-files"
one_line_naming "no-files: is a folder with no file in it"
expect_rc 2 "$bin" import "$tmp/missing.txt"
one_line_naming "missing.txt: cannot open"
# One unreadable file among others is named, and the rest imported; --strict refuses it
expect_rc 0 "$bin" import "$doc" "$tmp/shopping.txt"
has "not read: $tmp/shopping.txt: not an output gpuaudit can import" "$tmp/err"
expect_rc 2 "$bin" import --strict "$doc" "$tmp/shopping.txt"
one_line_naming "shopping.txt"
printf '{"schema": "gpuaudit.result/1", "gpus": [' >"$tmp/cut.json"
expect_rc 2 "$bin" import "$tmp/cut.json"
one_line_naming "cut.json: not valid JSON"
expect_rc 2 "$bin" import --format no-such-format "$doc"
one_line_naming "no-such-format"
expect_rc 2 "$bin" import --tag oops "$doc"
one_line_naming "--tag"
expect_rc 2 "$bin" import
has "no file given" "$tmp/err"
expect_rc 2 "$bin" import "$doc" "$doc"
has "second gpuaudit document" "$tmp/err"

# Exit 5: the output cannot be written; nothing half-written is left
expect_rc 5 "$bin" import "$doc" -o "$tmp/no/such/folder/doc.json"
has "cannot write" "$tmp/err"

# score: several files import in memory; --write only with one gpuaudit document
expect_rc 2 "$bin" score "$tmp/shopping.txt"
has "shopping.txt" "$tmp/err"
expect_rc 2 "$bin" score --write "$doc" "$tmp/shopping.txt"
has "--write" "$tmp/err"

# With real fixtures (tests/data/imports/): an import of each of two formats, alone and together
mapfile -t fixtures < <(for s in $(find "$src/tests/data/imports" -name '*.source.json' 2>/dev/null | sort); do
  f=${s%.source.json}
  fmt=$(field "$s" 'd.get("format","")' 2>/dev/null)
  [ -f "$f" ] && [ "$fmt" != gpuaudit ] && echo "$fmt $f"
done | sort -u -k1,1 | head -2 | cut -d' ' -f2-)
if [ "${#fixtures[@]}" -eq 0 ]; then
  echo "no fixtures in tests/data/imports yet: the parser parts are skipped"
  exit 0
fi
expect_rc 0 "$bin" import "${fixtures[@]}" -o "$tmp/imported.json"
[ "$(field "$tmp/imported.json" 'd["mode"]')" = imported ] || fail "mode is not imported"
[ "$(field "$tmp/imported.json" 'len(d["import"])')" = "${#fixtures[@]}" ] \
  || fail "one import record per file"
"$bin" score "$tmp/imported.json" >"$tmp/out" 2>"$tmp/err"
rc=$?
[ "$rc" -le 1 ] || { cat "$tmp/err" >&2; fail "score of an imported document: exit $rc"; }
"$bin" score "${fixtures[@]}" >"$tmp/out" 2>"$tmp/err"
rc=$?
[ "$rc" -le 1 ] || { cat "$tmp/err" >&2; fail "score FILE FILE: exit $rc"; }
has "${fixtures[0]}: " "$tmp/err"
"$bin" compare "$tmp/imported.json" "$tmp/imported.json" >"$tmp/out" 2>"$tmp/err"
rc=$?
[ "$rc" -le 1 ] || { cat "$tmp/err" >&2; fail "compare of imported documents: exit $rc"; }
"$bin" report "$tmp/imported.json" >"$tmp/out" 2>"$tmp/err"
rc=$?
[ "$rc" -le 1 ] || { cat "$tmp/err" >&2; fail "report of an imported document: exit $rc"; }
echo "ok"
