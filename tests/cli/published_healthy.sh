#!/usr/bin/env bash
# tests/data/published-healthy (issue #27) is what scripts/data/published_healthy.py writes from its data and
# the installed baselines: the documents, the raw cases' case.json, the README and docs/baselines.md's
# calibration table are reproduced exactly (so nobody edits them by hand and a baseline change shows
# in the table), and `gpuaudit score` reads a published document and a raw case as a person would.
set -u
bin=$1
src=$2
command -v python3 >/dev/null || { echo "no python3"; exit 77; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
data=$src/tests/data/published-healthy

cp "$src/docs/baselines.md" "$tmp/baselines.md"
python3 "$src/scripts/data/published_healthy.py" --out "$tmp/out" --docs "$tmp/baselines.md" >/dev/null || { echo "FAIL: generator"; exit 1; }
for f in README.md $(cd "$data" && find documents raw -name '*.json' | sort); do
  cmp -s "$data/$f" "$tmp/out/$f" || { echo "FAIL: $f differs from what scripts/data/published_healthy.py writes"; diff "$data/$f" "$tmp/out/$f" | head -20; exit 1; }
done
n_committed=$(cd "$data" && find documents raw -name '*.json' | wc -l)
n_written=$(cd "$tmp/out" && find documents raw -name '*.json' | wc -l)
[ "$n_committed" -eq "$n_written" ] || { echo "FAIL: $n_committed committed files, the generator writes $n_written"; exit 1; }
cmp -s "$src/docs/baselines.md" "$tmp/baselines.md" || { echo "FAIL: docs/baselines.md calibration table is stale"; diff "$src/docs/baselines.md" "$tmp/baselines.md" | head -20; exit 1; }

out=$("$bin" score "$data/documents/azure-nd-h100-v5.published.json" 2>&1)
echo "$out" | grep -q "healthy" || { echo "FAIL: score of a published document"; echo "$out"; exit 1; }
out=$("$bin" score "$data/raw/nvbandwidth-8x-rtx4090-issue15/nvbandwidth.txt" 2>&1)
echo "$out" | grep -q "healthy" || { echo "FAIL: score of a raw published output"; echo "$out"; exit 1; }
echo "published-healthy reproduced: $n_written files"
