#!/usr/bin/env bash
# What a person reads: run's plan before it measures (on stderr; stdout a pure document with -o -),
# the no-GPU reason said once on a machine without a driver, every output's path, the help pages'
# exit-code tables (only what each command can return), and the multi-GPU tables of imported
# nccl-tests / p2pBandwidthLatencyTest / nvidia-smi topo -m outputs. $1: binary, $2: source dir.
set -euo pipefail
bin=$1
src=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

# -- the plan, and where the document went
rc=0
"$bin" run --only host/cpu -o "$tmp/r.json" >"$tmp/out" 2>"$tmp/err" || rc=$?
[ "$rc" = 0 ] || [ "$rc" = 1 ] || { cat "$tmp/err"; fail "run --only host/cpu exited $rc"; }
head -1 "$tmp/err" | grep -qx "gpuaudit run (quick+only)" || { cat "$tmp/err"; fail "no plan first on stderr"; }
grep -q "^  suites   host$" "$tmp/err" || fail "plan does not name the suites"
grep -qF "  writing  $tmp/r.json" "$tmp/err" || fail "plan does not say where the document goes"
grep -qF "result: $tmp/r.json" "$tmp/out" || fail "run does not say where the document went"
grep -q "^gpuaudit run" "$tmp/out" && fail "the plan reached stdout"

# -- step lines with the time left: only on a terminal or with --progress (stderr here is a file)
grep -q "^\[1/" "$tmp/err" && fail "step lines without a terminal or --progress"
"$bin" run --only host/cpu,host/membw --progress -o "$tmp/p.json" >/dev/null 2>"$tmp/errp" || true
grep -qE "^\[1/2\] host/cpu: single core and [0-9]+ cores \.\.\. [0-9]+ s left$" "$tmp/errp" || { cat "$tmp/errp"; fail "--progress: no step line"; }
grep -qE "^\[2/2\] host/membw " "$tmp/errp" || { cat "$tmp/errp"; fail "--progress: no second step"; }

# -- -o -: stdout is the document only, the plan stays on stderr
"$bin" run --only host/cpu -o - >"$tmp/doc.json" 2>"$tmp/err2" || true
python3 -c 'import json,sys; json.load(open(sys.argv[1]))' "$tmp/doc.json" || fail "-o -: stdout is not one JSON document"
grep -q "writing  the document to stdout" "$tmp/err2" || fail "-o -: the plan does not say where the document goes"

# -- no driver here: its reason is said once over stdout and stderr together
if "$bin" info --json 2>/dev/null | python3 -c 'import json,sys; sys.exit(0 if json.load(sys.stdin)["gpu_status"]["state"]=="no-driver" else 1)'; then
  msg=$("$bin" info --json 2>/dev/null | python3 -c 'import json,sys; print(json.load(sys.stdin)["gpu_status"]["message"])')
  "$bin" run -o "$tmp/all.json" >"$tmp/out3" 2>"$tmp/err3" || true
  n=$(cat "$tmp/out3" "$tmp/err3" | grep -cF -- "$msg" || true)
  [ "$n" = 1 ] || { cat "$tmp/err3" "$tmp/out3"; fail "the no-driver reason is said $n times, not once"; }
  grep -q "^  GPUs     none (no-driver)$" "$tmp/err3" || fail "the plan does not say why there is no GPU"
fi

# -- report says where its files went (on stderr: stdout is the summary)
"$bin" report "$src/tests/data/report/fleet-synthetic" --html "$tmp/r.html" --csv "$tmp/r.csv" -q 2>"$tmp/err4" >/dev/null
grep -qxF "gpuaudit: wrote $tmp/r.html" "$tmp/err4" || fail "report does not say where the HTML went"
grep -qxF "gpuaudit: wrote $tmp/r.csv" "$tmp/err4" || fail "report does not say where the CSV went"

# -- help pages: exactly the codes each command can return
codes() { "$bin" "$1" --help | sed -n '/^Exit codes:/,$p' | sed -n 's/^  \([0-9][0-9]*\)  .*/\1/p' | tr '\n' ' '; }
expect() {
  local got
  got=$(codes "$1")
  [ "$got" = "$2" ] || fail "$1 --help lists exit codes '$got', expected '$2'"
}
expect run "0 1 2 3 4 5 6 7 130 143 "
expect score "0 1 2 5 6 "
expect compare "0 1 2 5 "
expect check "0 1 2 5 "
expect report "0 2 5 "
expect export "0 2 5 "
expect import "0 2 5 "
expect info "0 2 3 "
expect soak "0 1 2 3 5 "
expect baselines "0 1 2 "
[ "$(codes run | wc -w)" -gt 0 ]
"$bin" --help | grep -q "^  143  " || fail "gpuaudit --help does not list every code"
[ "$("$bin" report --help | grep -c '^Exit codes:')" = 1 ] || fail "report --help has more than one exit-code table"

# -- matrices people know, from real imported outputs
d=$src/tests/data/imports
"$bin" import "$d/p2pBandwidthLatencyTest/bench-no-p2p-2x2080ti-autodl.txt" "$d/nvidia-smi-topo/autodl-2080ti-x2-pix-with-p2p-status.txt" \
  -o "$tmp/p2p.json" 2>/dev/null
"$bin" score "$tmp/p2p.json" >"$tmp/p2p.txt" || true
grep -q "^p2p/matrix, peer access" "$tmp/p2p.txt" || { cat "$tmp/p2p.txt"; fail "score prints no p2p matrix"; }
grep -qE "^  GPU0 +[0-9.]+ +[0-9.]+ +\| +GPU0 +X +PIX$" "$tmp/p2p.txt" || { cat "$tmp/p2p.txt"; fail "p2p matrix row with links"; }
"$bin" import "$d/nccl-tests/autodl-2080ti-x2-allreduce.txt" -o "$tmp/nccl.json" 2>/dev/null
"$bin" score "$tmp/nccl.json" >"$tmp/nccl.txt" || true
grep -q "^nccl/allreduce on 2 GPUs (as nccl-tests prints it)$" "$tmp/nccl.txt" || { cat "$tmp/nccl.txt"; fail "no nccl-tests table"; }
grep -qE "^ +1073741824 +268435456 +float +sum( +[0-9.]+){3} +0( +[0-9.]+){3} +0$" "$tmp/nccl.txt" \
  || { cat "$tmp/nccl.txt"; fail "no 1 GiB row in and out of place"; }
"$bin" score --json "$tmp/nccl.json" >"$tmp/nccl-score.json" || true
python3 -c 'import json,sys; json.load(open(sys.argv[1]))' "$tmp/nccl-score.json" || fail "score --json is not JSON alone"
echo "cli text: ok"
