#!/usr/bin/env bash
# gpuaudit import / score intake, end to end (docs/import.md "Intake", "A paste of several outputs",
# "One machine per document"): a folder of good and unreadable files is judged on what was read, the
# unreadable named (exit by verdict; --strict: exit 2); a real paste of six outputs is split, from a
# file and from standard input; files of two machines are refused, or judged apart with
# --allow-mixed; a JSON that quotes kernel-log lines is refused with a hint. $1: gpuaudit, $2: source.
set -u
bin=$1
src=$2
data=$src/tests/data/imports
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

fail() {
  echo "FAIL: $*" >&2
  exit 1
}
run() {  # run WANT-RC CMD...: WANT-RC "verdict" accepts 0, 1 and 6
  local want=$1
  shift
  "$@" >"$tmp/out" 2>"$tmp/err"
  local rc=$?
  if [ "$want" = verdict ]; then
    case $rc in 0 | 1 | 6) return 0 ;; esac
  elif [ "$rc" -eq "$want" ]; then
    return 0
  fi
  cat "$tmp/out" "$tmp/err" >&2
  fail "$* -> exit $rc, want $want"
}
has() { grep -qF -- "$1" "$2" || { cat "$2" >&2; fail "\"$1\" not in $2"; }; }
lacks() { ! grep -qF -- "$1" "$2" || { cat "$2" >&2; fail "\"$1\" in $2"; }; }
field() { python3 -c "import json,sys; d=json.load(open(sys.argv[1])); print($2)" "$1"; }

# A folder of mixed good and unreadable files: judged on what was read, the rest named
mkdir "$tmp/outputs"
cp "$data/nvidia-smi-q/smi-h100-80gb-hbm3-x8-565.txt" "$tmp/outputs/1-smi.txt"
printf 'Eggs\nMilk\n' >"$tmp/outputs/2-notes.txt"
: >"$tmp/outputs/3-empty.txt"
run verdict "$bin" score "$tmp/outputs"
has "1-smi.txt: nvidia-smi-q" "$tmp/err"
has "not read: $tmp/outputs/2-notes.txt: not an output gpuaudit can import" "$tmp/err"
has "not read: $tmp/outputs/3-empty.txt: is empty" "$tmp/err"
has "NVIDIA H100 80GB HBM3" "$tmp/out"
run 2 "$bin" score --strict "$tmp/outputs"
[ "$(wc -l <"$tmp/err")" -eq 1 ] || fail "--strict: want one line"
has "2-notes.txt: not an output gpuaudit can import" "$tmp/err"
run 0 "$bin" import "$tmp/outputs/1-smi.txt" "$tmp/outputs/2-notes.txt" -o "$tmp/doc.json"
[ "$(field "$tmp/doc.json" 'len(d["import_skipped"])')" = 1 ] || fail "import_skipped"
[ "$(field "$tmp/doc.json" 'd["import_skipped"][0]["file"]')" = "$tmp/outputs/2-notes.txt" ] || fail "skipped file"
run 2 "$bin" import "$tmp/outputs/2-notes.txt" "$tmp/outputs/3-empty.txt"
[ "$(wc -l <"$tmp/err")" -eq 1 ] || fail "nothing read: want one line"
has "nothing could be read from the 2 inputs" "$tmp/err"

# A real paste of six outputs (HPE's DL380a notes: prose, prompts, indented blocks): split and judged
paste=$data/pastes/h100-pcie-pair-nvlink-dl380a-notes.md
run 0 "$bin" score "$paste"
has "5 outputs in one paste: lines 16-43 nvidia-smi-table, lines 45-61 nvidia-smi-topo" "$tmp/err"
has "$paste lines 167-215: p2pBandwidthLatencyTest" "$tmp/err"
has "healthy" "$tmp/out"
run 0 "$bin" score - <"$paste"
has "standard input: " "$tmp/err"
has "outputs in one paste" "$tmp/err"
run 0 "$bin" import "$paste" -o "$tmp/paste.json"
[ "$(field "$tmp/paste.json" 'sorted({r["format"] for r in d["import"]})')" = \
  "['nvidia-smi-nvlink', 'nvidia-smi-table', 'nvidia-smi-topo', 'p2pBandwidthLatencyTest']" ] || fail "paste formats"

# Files of two machines: refused in one line; --allow-mixed judges each
h100=$data/nvidia-smi-q/smi-h100-80gb-hbm3-x8-565.txt
h200=$data/nvidia-smi-q/exporter-capture-h200-mig-load.txt
run 2 "$bin" score "$h100" "$h200"
has "two machines in one import: " "$tmp/err"
has "--allow-mixed" "$tmp/err"
run verdict "$bin" score --allow-mixed "$h100" "$h200"
has "== machine 1 of 2: $h100" "$tmp/out"
has "== machine 2 of 2: $h200" "$tmp/out"
run verdict "$bin" score --allow-mixed --json "$h100" "$h200"
[ "$(python3 -c 'import json,sys; print(len(json.load(sys.stdin)))' <"$tmp/out")" = 2 ] || fail "--json: two assessments"
run 2 "$bin" import --allow-mixed "$h100" "$h200"
has "give -o DOC.json" "$tmp/err"
run 0 "$bin" import --allow-mixed "$h100" "$h200" -o "$tmp/mixed.json"
[ -s "$tmp/mixed.json" ] && [ -s "$tmp/mixed-2.json" ] || fail "one document per machine"
[ "$(field "$tmp/mixed-2.json" 'd["import_machine"]["machine"]')" = 2 ] || fail "import_machine"

# Two nodes pasted in one file: two machines, said, without --allow-mixed
{
  echo "node A:"
  echo '```'
  cat "$data/nvidia-smi-table/h100-80gb-hbm3-590-load.txt"
  echo '```'
  echo "node B:"
  echo '```'
  cat "$data/nvidia-smi-table/l40s-595-load.txt"
  echo '```'
} >"$tmp/two-nodes.md"
run verdict "$bin" score "$tmp/two-nodes.md"
has "machine 2 of 2: $tmp/two-nodes.md lines" "$tmp/err"
has "== machine 2 of 2" "$tmp/out"

# A JSON that quotes kernel-log lines is refused with a hint; its lines as text are a kernel log
cat >"$tmp/ticket.json" <<'JSON'
{"ticket": 4711, "body": "[ 8.1] NVRM: Xid (PCI:0000:18:00): 79, pid=1234, GPU has fallen off the bus."}
JSON
run 2 "$bin" score "$tmp/ticket.json"
has "ticket.json: a JSON document, not kernel-log output" "$tmp/err"
lacks "gpu-fault" "$tmp/out"
# score FILE accepts what import FILE accepts: the same refusal in the same words, and an output
# that holds nothing but a software-stack error is evidence for both
printf 'Eggs\nMilk\n' >"$tmp/shopping.txt"
run 2 "$bin" import "$tmp/shopping.txt"
cp "$tmp/err" "$tmp/import.err"
run 2 "$bin" score "$tmp/shopping.txt"
cmp -s "$tmp/err" "$tmp/import.err" || fail "score and import refuse a file in different words"
insufficient=$src/tests/data/real-world/nccl-tests-v100-driver-384-insufficient/all_reduce_perf.txt
run 0 "$bin" import "$insufficient"
run 1 "$bin" score "$insufficient"
has "software" "$tmp/out"
echo "ok"
