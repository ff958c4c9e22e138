#!/usr/bin/env bash
# host/disk on a path it cannot use: one-line error on stderr, status "error" in the document for
# both disk figures, the run itself still completes, and no file is left behind. Covers an
# unwritable folder (/proc refuses files even to root) and, where a user namespace can
# mount one, a 1 MiB tmpfs (not enough free space). A missing folder is refused up front (exit 2).
set -euo pipefail
bin=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

check() {  # check LABEL DISK_PATH: the run completes, with exit 7 (a measurement could not run)
  local rc=0
  "$bin" run --only host/disk --disk "$2" -o "$tmp/out.json" >"$tmp/stdout" 2>"$tmp/stderr" || rc=$?
  [ "$rc" = 7 ] || { echo "$1: run exited $rc, want 7"; cat "$tmp/stderr"; exit 1; }
  grep -q "^\[host\] disk: --disk $2" "$tmp/stderr" || { echo "$1: no one-line error on stderr"; cat "$tmp/stderr"; exit 1; }
  python3 - "$tmp/out.json" "$1" <<'PY'
import json, sys
doc = json.load(open(sys.argv[1]))
disk = [b for b in doc["benchmarks"] if b["name"].startswith("host/disk")]
assert sorted(b["name"] for b in disk) == ["host/disk_rand_read", "host/disk_seq_read"], disk
for b in disk:
    assert b["status"] == "error" and b["message"] and "\n" not in b["message"], (sys.argv[2], b)
    assert b["summary"] is None
PY
}

# A folder that does not exist is refused before anything runs: exit 2, one line, no document.
set +e
"$bin" run --only host/disk --disk "$tmp/does-not-exist" -o "$tmp/missing.json" >"$tmp/stdout" 2>"$tmp/stderr"
rc=$?
set -e
[ "$rc" = 2 ] || { echo "missing folder: exit $rc, want 2"; cat "$tmp/stderr"; exit 1; }
[ "$(wc -l <"$tmp/stderr")" = 1 ] && grep -q -- "--disk: no such folder" "$tmp/stderr" || { echo "missing folder: not one clear line"; cat "$tmp/stderr"; exit 1; }
[ ! -e "$tmp/missing.json" ] || { echo "missing folder: a document was written"; exit 1; }
check unwritable /proc
if [ "$(id -u)" != 0 ]; then
  mkdir "$tmp/ro" && chmod 555 "$tmp/ro"
  check read-only-folder "$tmp/ro"
  [ -z "$(ls -A "$tmp/ro")" ] || { echo "left behind in $tmp/ro"; exit 1; }
fi

# A tiny file system: the 256 MiB test file does not fit. Needs unprivileged user namespaces.
mkdir "$tmp/small"
if unshare -rm true 2>/dev/null; then
  unshare -rm bash -c "mount -t tmpfs -o size=1m tmpfs '$tmp/small' &&
    { '$bin' run --only host/disk --disk '$tmp/small' -o '$tmp/out.json' >'$tmp/stdout' 2>'$tmp/stderr'; [ \$? = 7 ]; } &&
    [ -z \"\$(ls -A '$tmp/small')\" ]" || { echo "tiny tmpfs: run failed or left files"; cat "$tmp/stderr"; exit 1; }
  grep -q "not enough free space" "$tmp/stderr" || { echo "tiny tmpfs: no free-space error"; cat "$tmp/stderr"; exit 1; }
else
  echo "note: no user namespaces here; the tiny-tmpfs case is covered by the unit tests (faked free space)"
fi
