#!/usr/bin/env bash
# How long `gpuaudit report` takes on 1,000 documents (8 GPUs, 6 figures, 10 samples and telemetry
# each, about 40 kB). Prints the time; fails only past a generous 30 s, because a timing target
# does not belong in a test that runs on any machine. Exit 77 without python3 (the generator).
set -u
bin=$1
src=$2
command -v python3 >/dev/null || { echo "python3 not installed: skipped"; exit 77; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
python3 "$src/tests/data/report/make_fleet.py" --count 1000 "$tmp/runs" || exit 1
n=$(ls "$tmp/runs" | wc -l)
mb=$(du -sm "$tmp/runs" | cut -f1)
start=$(date +%s.%N)
"$bin" report "$tmp/runs" --html "$tmp/report.html" --csv "$tmp/report.csv" >"$tmp/text" || { echo "FAIL: report"; exit 1; }
end=$(date +%s.%N)
secs=$(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.2f", b - a }')
echo "gpuaudit report: $n documents ($mb MB) -> text + HTML + CSV in $secs s"
head -1 "$tmp/text"
if awk -v s="$secs" 'BEGIN { exit !(s > 30) }'; then
  echo "FAIL: slower than 30 s"
  exit 1
fi
