#!/usr/bin/env bash
# How `gpuaudit report`, `export`, `compare` and `drift` scale with the number of documents: time and peak
# resident memory (GNU time's "Maximum resident set size") for N documents. Not a CI test (100,000
# documents take minutes): run it by hand and compare with docs/report.md and docs/export.md.
#
#   scripts/test/fleet_scale.sh BUILD/gpuaudit [N...]        # default N: 1000 10000 100000
#   FLEET_SCALE_ONLY='NDJSON|compare' scripts/test/fleet_scale.sh BUILD/gpuaudit 20000   # some lines only
#   FLEET_SCALE_DIR=/tmp/fleet ...   # keep the documents there for the next run
#
# The documents: 1,000 distinct synthetic ones from tests/data/report/make_fleet.py (8 GPUs, 6
# figures, 10 samples and telemetry each, about 40 kB), hard-linked as many times as needed, so
# 100,000 documents cost 40 MB of disk, not 4 GB. Every link is a separate path and is parsed in full.
set -euo pipefail
bin=$(realpath "$1")
shift
sizes=("$@")
[ ${#sizes[@]} -gt 0 ] || sizes=(1000 10000 100000)
src=$(cd "$(dirname "$0")/../.." && pwd)
[ -x /usr/bin/time ] || { echo "needs GNU time (Debian package time)" >&2; exit 2; }
work=${FLEET_SCALE_DIR:-$(mktemp -d)}
mkdir -p "$work"
if [ ! -d "$work/base" ]; then
  python3 "$src/tests/data/report/make_fleet.py" --count 1000 "$work/base.tmp" >/dev/null
  mv "$work/base.tmp" "$work/base"
fi
base=("$work"/base/*.json)

measure() {  # measure LABEL CMD...: prints wall seconds, CPU seconds (user + system) and peak RSS in MB
  local label=$1 rc=0
  shift
  [[ -z ${FLEET_SCALE_ONLY:-} || $label =~ $FLEET_SCALE_ONLY ]] || return 0
  /usr/bin/time -f "%e %U %S %M" -o "$work/time" "$@" >/dev/null 2>"$work/err" || rc=$?
  # compare exits 1 on a regression, drift on an odd node: verdicts, not failures of the command
  [ $rc -eq 0 ] || { [ $rc -eq 1 ] && [[ $2 == compare || $2 == drift ]]; } || { cat "$work/err" >&2; return 1; }
  read -r secs user sys kb <"$work/time"
  printf '%-34s %8s s %8s s %8d MB\n' "$label" "$secs" "$(awk -v u="$user" -v s="$sys" 'BEGIN { printf "%.2f", u + s }')" $((kb / 1024))
}

# On a shared machine the wall time depends on what else runs; the CPU time much less.
printf '%-34s %10s %10s %11s\n' "what" "wall" "CPU" "peak RSS"
for n in "${sizes[@]}"; do
  dir=$work/n$n
  if [ ! -d "$dir" ]; then
    mkdir -p "$dir.tmp"
    for ((i = 0; i < n; ++i)); do
      ln "${base[i % ${#base[@]}]}" "$dir.tmp/run-$i.json"
    done
    mv "$dir.tmp" "$dir"
  fi
  measure "report $n docs (text)" "$bin" report "$dir"
  measure "report $n docs (text+CSV+HTML)" "$bin" report "$dir" --csv "$work/r.csv" --html "$work/r.html"
  measure "export $n docs (CSV to stdout)" "$bin" export "$dir"
  # -o FILE streams into a temp file renamed at the end: its peak should be stdout's, not the rows'
  measure "export $n docs (NDJSON to stdout)" "$bin" export --format ndjson "$dir"
  measure "export $n docs (NDJSON -o FILE)" "$bin" export --format ndjson -o "$work/e.ndjson" "$dir"
  rm -f "$work/e.ndjson"
  # drift keeps each node's fields (a few dozen short strings), not the document
  measure "drift $n docs (text)" "$bin" drift --no-security "$dir"
  # A folder base: every document's created_utc is read, only the last 5 are parsed in full
  measure "compare $n docs (folder base)" "$bin" compare --allow-different-hardware "$dir" "${base[0]}"
done
[ -n "${FLEET_SCALE_DIR:-}" ] || rm -rf "$work"
