#!/usr/bin/env bash
# Every child gpuaudit spawns has a deadline: an fio that hangs (here a fake on $PATH that answers
# --version and then sleeps, as fio does on a dead network mount) is killed, recorded as an error
# row that says so, never retried on the built-in engine, and `run` finishes.
set -euo pipefail
bin=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir "$tmp/bin" "$tmp/disk"
cat >"$tmp/bin/fio" <<SH
#!/bin/sh
case "\$1" in --version) echo fio-3.33; exit 0 ;; esac
echo \$\$ >>"$tmp/fio.pids"
exec sleep 600
SH
chmod +x "$tmp/bin/fio"
start=$(date +%s)
rc=0
PATH="$tmp/bin:$PATH" timeout 120 "$bin" run --only host/disk --disk "$tmp/disk" -o "$tmp/out.json" >"$tmp/stdout" 2>"$tmp/stderr" || rc=$?
took=$(( $(date +%s) - start ))
[ "$rc" != 124 ] || { echo "run hung on the fake fio"; exit 1; }
[ "$rc" = 7 ] || { echo "run exited $rc, want 7 (a measurement could not run)"; cat "$tmp/stderr"; exit 1; }
[ "$took" -lt 60 ] || { echo "run took $took s"; exit 1; }
[ "$(wc -l <"$tmp/fio.pids")" = 1 ] || { echo "fio was started again after it hung"; cat "$tmp/fio.pids"; exit 1; }
while read -r p; do
  ! kill -0 "$p" 2>/dev/null || { echo "the hung fio ($p) is still running"; exit 1; }
done <"$tmp/fio.pids"
[ -z "$(ls -A "$tmp/disk")" ] || { echo "left behind in the disk folder"; exit 1; }
python3 - "$tmp/out.json" <<'PY'
import json, sys
rows = {b["name"]: b for b in json.load(open(sys.argv[1]))["benchmarks"]}
seq, rand = rows["host/disk_seq_read"], rows["host/disk_rand_read"]
assert seq["status"] == "error" and "fio timed out after" in seq["message"] and "killed" in seq["message"], seq
assert rand["status"] == "error" and "an earlier fio read hung" in rand["message"], rand
assert seq["params"]["engine"] == "fio-3.33", seq["params"]
PY
grep -q "fio timed out" "$tmp/stdout" || { echo "the table does not say why host/disk has no figure"; cat "$tmp/stdout"; exit 1; }
