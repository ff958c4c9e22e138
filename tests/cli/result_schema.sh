#!/usr/bin/env bash
# Every result document in the repository (real ones in results/, fixtures in tests/data/) is
# valid against schema/gpuaudit.result.schema.json, and so is what `gpuaudit import` makes of every
# imported fixture (tests/data/imports/) and of a gpuaudit document passed through with a tag.
set -u
bin=$1
src=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
n=0
for s in $(find "$src/tests/data/imports" -name '*.source.json' 2>/dev/null | sort); do
  f=${s%.source.json}
  [ -f "$f" ] || continue
  grep -q '"expect_error"' "$s" && continue  # a paste too broken to import: the fixture test checks its error
  n=$((n + 1))
  if ! "$bin" import "$f" -o "$tmp/imported-$n.json" 2>"$tmp/err"; then
    cat "$tmp/err" >&2
    echo "FAIL: gpuaudit import $f" >&2
    exit 1
  fi
done
"$bin" import --tag schema=check "$src/tests/data/scenarios/h100-sxm-healthy.synthetic.json" -o "$tmp/passed-through.json" 2>/dev/null \
  || { echo "FAIL: gpuaudit import of a gpuaudit document" >&2; exit 1; }
echo "$n imported fixtures"
mapfile -t files < <( (find "$src/results" "$src/tests/data" -name '*.json' 2>/dev/null; find "$tmp" -name '*.json') | sort)
[ "${#files[@]}" -gt 0 ] || { echo "no documents yet"; exit 0; }
PYTHONPATH="$src/.deps/pytest${PYTHONPATH:+:$PYTHONPATH}" python3 "$src/scripts/test/validate_json.py" \
  --only-schema-prefix gpuaudit.result/ "$src/schema/gpuaudit.result.schema.json" "${files[@]}"
