#!/usr/bin/env bash
# Every result document in the repository (real ones in results/, fixtures in tests/data/) is
# valid against schema/gpuaudit.result.schema.json.
set -u
src=$2
mapfile -t files < <(find "$src/results" "$src/tests/data" -name '*.json' 2>/dev/null | sort)
[ "${#files[@]}" -gt 0 ] || { echo "no documents yet"; exit 0; }
PYTHONPATH="$src/.deps/pytest${PYTHONPATH:+:$PYTHONPATH}" exec python3 "$src/scripts/validate_json.py" \
  --only-schema-prefix gpuaudit.result/ "$src/schema/gpuaudit.result.schema.json" "${files[@]}"
