#!/usr/bin/env bash
# Every baselines/*.json validates against schema/gpuaudit.baseline.schema.json (draft 2020-12).
# $1: the gpuaudit binary (unused), $2: the source dir. Exit 77 (skip) without python3 + jsonschema.
set -euo pipefail
src=${2:?source dir}
command -v python3 >/dev/null || { echo "python3 not found: skipped"; exit 77; }
export PYTHONPATH="$src/.deps/pytest${PYTHONPATH:+:$PYTHONPATH}"
python3 -c 'import jsonschema' 2>/dev/null || { echo "jsonschema not installed (scripts/build/setup.sh --test): skipped"; exit 77; }
python3 - "$src" <<'PY'
import glob, json, os, sys
import jsonschema

src = sys.argv[1]
schema = json.load(open(os.path.join(src, "schema", "gpuaudit.baseline.schema.json")))
jsonschema.Draft202012Validator.check_schema(schema)
validator = jsonschema.Draft202012Validator(schema)
files = sorted(glob.glob(os.path.join(src, "baselines", "*.json")))
if len(files) < 70:
    sys.exit(f"only {len(files)} baseline files, expected at least 70")
bad = 0
for path in files:
    doc = json.load(open(path))
    for err in sorted(validator.iter_errors(doc), key=lambda e: list(e.absolute_path)):
        bad += 1
        where = "/".join(str(p) for p in err.absolute_path) or "(top)"
        print(f"{os.path.basename(path)}: {where}: {err.message}")
    if doc.get("id") != os.path.splitext(os.path.basename(path))[0]:
        bad += 1
        print(f"{os.path.basename(path)}: id {doc.get('id')!r} differs from the file name")
# The schema must also refuse what it is there to refuse.
probe = json.load(open(files[0]))
probe["tdp"] = 1  # a typo of tdp_w
if validator.is_valid(probe):
    bad += 1
    print("schema accepted an unknown top-level field")
# A video engine count is a whole number of engines, never below 0, and always sourced.
for wrong in ({"value": -1, "source": "x"}, {"value": 1.5, "source": "x"}, {"value": 1}):
    probe = json.load(open(files[0]))
    probe["video_engines"] = {"nvdec": wrong}
    if validator.is_valid(probe):
        bad += 1
        print(f"schema accepted the video engine count {wrong}")
print(f"{len(files)} baseline files checked, {bad} problem(s)")
sys.exit(1 if bad else 0)
PY
