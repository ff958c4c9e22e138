#!/usr/bin/env bash
# `gpuaudit run --only host --disk DIR` works without a GPU: exit 0 (or 1: a finding), every host figure in the
# result document with a sane value, and nothing left in the disk folder.
set -euo pipefail
bin=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir "$tmp/disk"
# Exit 0, or 1 when scoring finds the host too weak (a busy CI runner can be host-bound).
rc=0
"$bin" run --only host --disk "$tmp/disk" -o "$tmp/out.json" >"$tmp/stdout" 2>"$tmp/stderr" || rc=$?
[ "$rc" = 0 ] || [ "$rc" = 1 ] || { echo "gpuaudit run --only host failed ($rc)"; cat "$tmp/stderr"; exit 1; }
leftover=$(ls -A "$tmp/disk")
[ -z "$leftover" ] || { echo "left behind in the disk folder: $leftover"; exit 1; }
python3 - "$tmp/out.json" <<'PY'
import json, sys
doc = json.load(open(sys.argv[1]))
got = {b["name"]: b for b in doc["benchmarks"]}
bounds = {  # name: (unit, low, high)
    "host/cpu_single": ("Mops/s", 10, 1e6), "host/cpu_all": ("Mops/s", 10, 1e8),
    "host/membw": ("GB/s", 0.1, 5000), "host/decode_single": ("images/s", 10, 1e5),
    "host/decode_all": ("images/s", 10, 1e7), "host/disk_seq_read": ("MB/s", 1, 1e5),
    "host/disk_rand_read": ("IOPS", 10, 1e8), "host/steal": ("%", 0, 100), "host/iowait": ("%", 0, 100),
}
bad = []
for name, (unit, lo, hi) in bounds.items():
    b = got.get(name)
    if b is None: bad.append(f"{name}: missing"); continue
    if b["status"] != "ok": bad.append(f"{name}: status {b['status']} ({b['message']})"); continue
    v = b["summary"]["median"]
    if b["unit"] != unit or not (lo <= v <= hi): bad.append(f"{name}: {v} {b['unit']} outside [{lo}, {hi}] {unit}")
    if b["gpu"] is not None or len(b["samples"]) < 1: bad.append(f"{name}: gpu/samples wrong")
for key, name in (("all_core_ratio", "host/cpu_all"), ("feeds_images_per_s", "host/decode_all"), ("whole_run_pct", "host/steal")):
    if key not in got.get(name, {}).get("derived", {}): bad.append(f"{name}: no derived {key}")
if [n for n in got if not n.startswith("host/")]: bad.append("non-host figures under --only host")
if bad: print("\n".join(bad)); sys.exit(1)
PY

# A typo in --only is a usage error (exit 2) with one line, before anything is measured or written.
rc=0
"$bin" run --only hmb -o "$tmp/typo.json" >"$tmp/stdout" 2>"$tmp/stderr" || rc=$?
[ "$rc" = 2 ] || { echo "--only hmb: exit $rc, expected 2"; exit 1; }
[ "$(wc -l <"$tmp/stderr")" = 1 ] && grep -q '"hmb" names no measurement' "$tmp/stderr" || { cat "$tmp/stderr"; exit 1; }
[ ! -e "$tmp/typo.json" ] || { echo "--only hmb wrote a result file"; exit 1; }

# --list names every figure --only accepts, host ones always, and exits 0 without measuring.
"$bin" run --list >"$tmp/list" 2>"$tmp/stderr" || { echo "run --list failed"; cat "$tmp/stderr"; exit 1; }
grep -qx "  host/steal" "$tmp/list" && grep -qx "host:" "$tmp/list" || { echo "run --list lacks host/steal"; cat "$tmp/list"; exit 1; }
