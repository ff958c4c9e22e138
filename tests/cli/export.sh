#!/usr/bin/env bash
# gpuaudit export: CSV and NDJSON rows, one per figure, with the stable column set of
# docs/export.md; the CSV loads into SQLite (Debian sqlite3: scripts/build/setup.sh --test) and answers a
# query (median hbm/copy per GPU model); bad input is exit 2 naming the file.
# $1: the gpuaudit binary, $2: the source folder.
set -u
bin=$1
src=$2
fleet=$src/tests/data/report/fleet-synthetic
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() {
  echo "FAIL: $*" >&2
  exit 1
}
has() { grep -qF -- "$1" "$2" || { cat "$2" >&2; fail "\"$1\" not in $2"; }; }

"$bin" export "$fleet" >"$tmp/fleet.csv" 2>"$tmp/err" || { cat "$tmp/err" >&2; fail "export csv"; }
header=$(head -1 "$tmp/fleet.csv")
want="schema_version,source,created_utc,host,provider,region,zone,instance,gpu_count,gpu_index,gpu_model,gpu_uuid,mig_profile,driver,cuda_driver,cuda_runtime,gpuaudit_version,mode,synthetic,verdict,gpu_verdict,delivered_fraction,figure,variant,label,unit,higher_is_better,status,n,median,min,max,cv,price_per_hour,currency"
[ "$header" = "$want" ] || fail "CSV header changed (docs/export.md is a stable schema): $header"
# One row per figure: as many rows as benchmarks in the documents
want_rows=$(python3 -c "import json,glob,sys; print(sum(len(json.load(open(f))['benchmarks']) for f in glob.glob(sys.argv[1]+'/*.json')))" "$fleet")
rows=$(($(wc -l <"$tmp/fleet.csv") - 1))
[ "$rows" = "$want_rows" ] || fail "$rows rows, want $want_rows (one per figure)"

"$bin" export --format ndjson "$fleet" >"$tmp/fleet.ndjson" || fail "export ndjson"
[ "$(wc -l <"$tmp/fleet.ndjson")" = "$want_rows" ] || fail "ndjson: want $want_rows lines"
python3 - "$tmp/fleet.ndjson" "$want" <<'PY' || fail "ndjson lines"
import json, sys
cols = sys.argv[2].split(",")
for line in open(sys.argv[1]):
    row = json.loads(line)
    assert list(row) == cols, list(row)
    assert row["schema_version"] == "gpuaudit.export/1"
    assert row["status"] != "ok" or isinstance(row["median"], float), row
PY

# -o FILE: the same rows, streamed into a temp file renamed over FILE at the end
"$bin" export -o "$tmp/out.csv" "$fleet" || fail "export -o"
cmp -s "$tmp/out.csv" "$tmp/fleet.csv" || fail "-o FILE differs from stdout"
echo old >"$tmp/out.ndjson"
chmod 0600 "$tmp/out.ndjson"
"$bin" export --format ndjson -o "$tmp/out.ndjson" "$fleet" 2>/dev/null || fail "export --format ndjson -o"
cmp -s "$tmp/out.ndjson" "$tmp/fleet.ndjson" || fail "-o FILE (NDJSON) differs from stdout"
[ "$(stat -c %a "$tmp/out.ndjson")" = 600 ] || fail "-o FILE lost its mode 0600"

if command -v sqlite3 >/dev/null; then
  # The fleet (one model) and the scenarios (several): median hbm/copy per model
  scen=$src/tests/data/scenarios
  "$bin" export "$fleet" "$scen" >"$tmp/all.csv" || fail "export fleet + scenarios"
  sqlite3 "$tmp/fleet.db" ".import --csv $tmp/all.csv runs" || fail "sqlite3 could not import the CSV"
  sqlite3 -separator '|' "$tmp/fleet.db" \
    "SELECT gpu_model, COUNT(*), ROUND(AVG(CAST(median AS REAL)), 0) FROM runs WHERE figure = 'hbm/copy' AND status = 'ok' GROUP BY gpu_model ORDER BY gpu_model" \
    >"$tmp/q" || fail "query"
  cat "$tmp/q"
  want_q=$(python3 - "$fleet" "$scen" <<'PY'
import json, glob, math, sys, collections
by = collections.defaultdict(list)
for f in glob.glob(sys.argv[1] + "/*.json") + glob.glob(sys.argv[2] + "/*.json"):
    d = json.load(open(f))
    names = {g["index"]: g["name"] for g in d["gpus"]}
    for b in d["benchmarks"]:
        if b["name"] == "hbm/copy" and b["status"] == "ok":
            by[names[b["gpu"]]].append(b["summary"]["median"])
for m in sorted(by):
    # SQLite's ROUND rounds half away from zero; Python's round() to even would differ on .5
    print(f"{m}|{len(by[m])}|{math.floor(sum(by[m]) / len(by[m]) + 0.5):.1f}")
PY
)
  [ "$(cat "$tmp/q")" = "$want_q" ] || fail "SQLite query: got $(cat "$tmp/q"), want $want_q"
  n=$(sqlite3 "$tmp/fleet.db" "SELECT COUNT(DISTINCT source) FROM runs WHERE verdict <> '' AND created_utc LIKE '20%'")
  [ "$n" -gt 0 ] || fail "no hosts with a time in SQLite"
else
  echo "NOTE: sqlite3 not installed (Debian package sqlite3): the SQLite step is skipped"
fi

# Bad input: exit 2 with the file named; --skip-invalid goes on
printf '{"schema": "gpuaudit.result/1", "gpus": [' >"$tmp/cut.json"
"$bin" export "$fleet" "$tmp/cut.json" >/dev/null 2>"$tmp/err"
[ $? -eq 2 ] || fail "a cut document: want exit 2"
has "cut.json" "$tmp/err"
"$bin" export --skip-invalid "$fleet" "$tmp/cut.json" >"$tmp/skip.csv" 2>"$tmp/err" || fail "--skip-invalid"
# A document that stops the export halfway leaves -o FILE as it was, and no temp file beside it
echo old >"$tmp/keep.csv"
"$bin" export -o "$tmp/keep.csv" "$fleet" "$tmp/cut.json" >/dev/null 2>&1
[ $? -eq 2 ] || fail "-o FILE with a cut document: want exit 2"
[ "$(cat "$tmp/keep.csv")" = old ] || fail "a failed export -o changed FILE"
! ls -A "$tmp" | grep -q '^\.keep\.csv\.tmp\.' || fail "a failed export -o left its temp file"
cmp -s "$tmp/skip.csv" "$tmp/fleet.csv" || fail "--skip-invalid changed the rows"
"$bin" export --format xml "$fleet" >/dev/null 2>&1
[ $? -eq 2 ] || fail "--format xml: want exit 2"
"$bin" export -o "$tmp/missing/dir/x.csv" "$fleet" >/dev/null 2>&1
[ $? -eq 5 ] || fail "unwritable -o: want exit 5"
echo "export: all checks passed"
