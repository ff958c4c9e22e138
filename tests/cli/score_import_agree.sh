#!/usr/bin/env bash
# `score FILE` accepts exactly what `import FILE` accepts (docs/import.md, issue #34): over every file
# of tests/data/imports/ and every case of tests/data/real-world/, either both refuse with the same
# one-line reason, or `score` of the files gives the same assessment as `score` of the document
# `import` wrote (the time it was scored aside). $1: the gpuaudit binary, $2: the source folder.
set -u
bin=$1
src=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failures=0
checked=0

strip() {  # the assessment without the time it was made, or the error as is
  python3 -c '
import json, sys
try:
    d = json.load(open(sys.argv[1]))
except Exception:
    print(open(sys.argv[1]).read().strip()); sys.exit()
for a in (d if isinstance(d, list) else [d]):
    a.pop("scored_utc", None)
print(json.dumps(d, sort_keys=True))' "$1"
}

check() {  # check NAME FILE...
  local name=$1
  shift
  checked=$((checked + 1))
  "$bin" import "$@" -o "$tmp/doc.json" >/dev/null 2>"$tmp/import.err"
  local irc=$?
  "$bin" score --json "$@" >"$tmp/direct.out" 2>"$tmp/direct.err"
  local src_rc=$?
  if [ "$irc" -ne 0 ]; then
    if [ "$src_rc" -ne 2 ] || ! cmp -s "$tmp/import.err" "$tmp/direct.err"; then
      echo "DISAGREE $name: import exit $irc, score exit $src_rc"
      cat "$tmp/import.err" "$tmp/direct.err"
      failures=$((failures + 1))
    fi
    return
  fi
  "$bin" score --json "$tmp/doc.json" >"$tmp/via.out" 2>/dev/null
  local via_rc=$?
  if [ "$via_rc" -ne "$src_rc" ] || [ "$(strip "$tmp/via.out")" != "$(strip "$tmp/direct.out")" ]; then
    echo "DISAGREE $name: score of the files exit $src_rc, of the imported document exit $via_rc"
    diff <(strip "$tmp/direct.out") <(strip "$tmp/via.out") | head -5
    failures=$((failures + 1))
  fi
}

while IFS= read -r f; do
  check "${f#"$src"/}" "$f"
done < <(find "$src/tests/data/imports" -type f ! -name '*.source.json' ! -name '*.source' ! -name 'README.md' | sort)
for dir in "$src"/tests/data/real-world/*/; do
  [ -f "$dir/case.json" ] || continue
  mapfile -t files < <(python3 -c 'import json,sys; [print(sys.argv[1] + f["file"]) for f in json.load(open(sys.argv[1] + "case.json"))["files"]]' "$dir")
  check "real-world/$(basename "$dir")" "${files[@]}"
done
echo "$checked inputs, $failures disagreements"
[ "$checked" -gt 100 ] || { echo "FAIL: too few inputs found"; exit 1; }
[ "$failures" -eq 0 ] || exit 1
echo "ok"
