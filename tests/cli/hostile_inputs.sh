#!/usr/bin/env bash
# Documents and arguments built to crash or mislead gpuaudit: each is refused with exit 2 and one
# line naming the file (and field), or made harmless, never a crash or "internal error"; no raw
# control character reaches the terminal; JUnit stays well-formed XML.
set -u
bin=$1
src=$2
golden=$src/tests/data/compare/golden-synthetic.json
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT
fail=0
bad() { echo "FAIL: $*"; fail=1; }

python3 - "$golden" "$t" <<'PY'
import json, sys
golden, t = sys.argv[1], sys.argv[2]
g = json.load(open(golden))
def write(name, doc):
    with open(f"{t}/{name}", "w") as f:
        f.write(doc if isinstance(doc, str) else json.dumps(doc))
write("deep.json", "[" * 90000 + "]" * 90000)
write("overflow.json", json.dumps(g).replace('"index": 0', '"index": 1e400', 1))
d = json.loads(json.dumps(g)); d["gpus"][0]["index"] = 1e300; write("e300.json", d)
d = json.loads(json.dumps(g)); d["benchmarks"][0]["summary"] = [1, 2]; write("summary-array.json", d)
d = json.loads(json.dumps(g)); d["schema"] = "gpuaudit.result/1garbage"; write("garbage-schema.json", d)
d = json.loads(json.dumps(g)); del d["benchmarks"]; write("no-benchmarks.json", d)
d = json.loads(json.dumps(g))
d["tags"]["provider"] = "\u001b]0;owned\u0007\u001b[2J\u0000evil\u009b31m"
d["host"]["hostname"] = "host\u001b[31m\r"
d["software"]["driver_version"] = "570\ufffe\uffff"
write("escapes.json", d)
PY

refused() {  # refused <name> <expected text> <command...>
  local name=$1 want=$2
  shift 2
  local rc=0
  "$@" >"$t/$name.out" 2>"$t/$name.err" || rc=$?
  [ "$rc" = 2 ] || { bad "$name: exit $rc, expected 2"; cat "$t/$name.err"; return; }
  [ "$(wc -l <"$t/$name.err")" = 1 ] || { bad "$name: not one line"; cat "$t/$name.err"; }
  grep -qF -- "$want" "$t/$name.err" || { bad "$name: '$want' not in:"; cat "$t/$name.err"; }
  if grep -q "internal error" "$t/$name.err"; then bad "$name: internal error"; fi
}
refused deep "deep.json: nested deeper than 64 levels" "$bin" score "$t/deep.json"
refused overflow "overflow.json: not valid JSON (number overflow parsing '1e400' at line" "$bin" score "$t/overflow.json"
refused e300 "e300.json: malformed result document: gpus[0].index: 1e+300 is out of range" "$bin" compare "$golden" "$t/e300.json"
refused summary "summary-array.json: malformed result document: benchmarks[0].summary: expected an object" \
  "$bin" compare "$t/summary-array.json" "$golden"
refused schema 'garbage-schema.json: unreadable schema version "gpuaudit.result/1garbage"' "$bin" report "$t/garbage-schema.json"
refused missing "no-benchmarks.json: malformed result document: benchmarks: missing" "$bin" score "$t/no-benchmarks.json"
truncate -s 70M "$t/big.json"
refused big "big.json: 70.0 MiB, over the 64 MiB" "$bin" score "$t/big.json"

# A symlink loop in a report folder: named (exit 2), or skipped with --skip-invalid.
mkdir "$t/fleet"
cp "$golden" "$t/fleet/a.json"
ln -s "$t/fleet/loop.json" "$t/fleet/loop.json"
refused loop "loop.json: cannot open" "$bin" report "$t/fleet"
"$bin" report "$t/fleet" --skip-invalid >"$t/skip.out" 2>"$t/skip.err" || { bad "report --skip-invalid over a loop: exit $?"; cat "$t/skip.err"; }

# Escapes in tags, hostname and driver: nothing raw on the terminal, JUnit well-formed.
"$bin" report "$t/escapes.json" --group-by provider >"$t/esc.out" 2>&1
"$bin" compare "$golden" "$t/escapes.json" --junit "$t/esc.xml" >>"$t/esc.out" 2>&1
"$bin" score "$t/escapes.json" >>"$t/esc.out" 2>&1
if LC_ALL=C grep -q $'[\x01-\x08\x0b-\x1f\x7f]' "$t/esc.out" || LC_ALL=C grep -qP '\x00|\xc2\x9b' "$t/esc.out"; then
  bad "a raw control character reached the terminal:"; LC_ALL=C grep -naP '[\x00-\x08\x0b-\x1f\x7f]|\xc2\x9b' "$t/esc.out" | cat -v | head -5
fi
grep -qF '\x1B' "$t/esc.out" || bad "the escape is not shown as \\x1B"
if command -v xmllint >/dev/null; then
  xmllint --noout "$t/esc.xml" 2>"$t/xml.err" || { bad "JUnit XML with U+FFFE/U+FFFF is ill-formed"; cat "$t/xml.err"; }
fi
LC_ALL=C grep -qP '\xef\xbf[\xbe\xbf]' "$t/esc.xml" && bad "U+FFFE/U+FFFF in the JUnit XML"

# Invalid UTF-8 in --tag: the run writes its document, with U+FFFD in the tag.
rc=0
"$bin" run --only host/steal --tag $'site=M\xfcnchen' -o "$t/tag.json" >"$t/tag.out" 2>"$t/tag.err" || rc=$?
{ [ "$rc" = 0 ] || [ "$rc" = 1 ]; } || { bad "run --tag with invalid UTF-8: exit $rc"; cat "$t/tag.err"; }
python3 -c 'import json,sys; d=json.load(open(sys.argv[1], encoding="utf-8")); assert d["tags"]["site"] == "M\ufffdnchen", d["tags"]' "$t/tag.json" ||
  bad "the tag is not stored as valid UTF-8 with U+FFFD"
exit $fail
