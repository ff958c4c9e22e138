#!/usr/bin/env bash
# baselines/*.json are what scripts/data/baselines_from_csv.py writes from baselines/source/ (the CSVs, the
# per-model files and shared.json): regenerated into a scratch folder, every file is the same byte for
# byte, none is missing or extra, and each names its generator and the sources to edit.
# $1: the gpuaudit binary (unused), $2: the source dir.
set -u
src=${2:?source dir}
command -v python3 >/dev/null || { echo "no python3"; exit 77; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
python3 "$src/scripts/data/baselines_from_csv.py" --out "$tmp" 2>/dev/null || { echo "FAIL: generator"; exit 1; }
n=0
for f in "$src"/baselines/*.json; do
  name=$(basename "$f")
  cmp -s "$f" "$tmp/$name" || { echo "FAIL: baselines/$name differs from what the generator writes (edit baselines/source/, then regenerate)"; diff "$f" "$tmp/$name" | head -20; exit 1; }
  grep -q '"generated_by": "scripts/' "$f" || { echo "FAIL: baselines/$name has no generated_by"; exit 1; }
  grep -q "\"edit\": \"baselines/source/models/${name%.json}.json" "$f" || { echo "FAIL: baselines/$name does not name its model file"; exit 1; }
  n=$((n + 1))
done
written=$(ls "$tmp"/*.json | wc -l)
[ "$n" -eq "$written" ] || { echo "FAIL: $n committed baselines, the generator writes $written"; exit 1; }
echo "baselines reproduced from baselines/source: $n files"
