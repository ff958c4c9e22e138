#!/usr/bin/env bash
# Issue #28, first half: inputs that crashed gpuaudit or bought a wrong verdict, each generated here
# (small, synthetic). Every command ends without a signal and without "internal error"; a bad
# document is refused (exit 2) naming the file and the field; machine outputs carry no raw control
# character and never share standard output with the text.
#   long names     a 30 KB GPU name, MIG profile or compute capability (std::regex's recursion
#                  overflowed the stack: SIGSEGV) in a document, in tool outputs, in a baseline
#   cross-checks   a benchmark row of a GPU the document does not list, a flag that flips a
#                  figure's direction, a created_utc that is no date, an unknown status, impossible
#                  values
#   errors         a symlink loop (baselines folder, compare's NEW), numbers past int in a baseline,
#                  a broken topology baseline that `baselines check` passed and score refused
#   outputs        escapes in tags through export / report --csv - / score --prometheus -; --junit -,
#                  --markdown -, --html - with the text on stderr; two outputs on stdout refused
set -u
bin=$1
src=$2
golden=$src/tests/data/compare/golden-synthetic.json
degraded=$src/tests/data/scenarios/memory-degraded.synthetic.json
t=$(mktemp -d)
trap 'chmod -R u+rwx "$t" 2>/dev/null; rm -rf "$t"' EXIT
fail=0
bad() { echo "FAIL: $*"; fail=1; }

# ran NAME CMD...: runs it (stdout/stderr in $t/NAME.out/.err, exit code in $rc); no signal, no
# "internal error" of gpuaudit's (a quoted tool output may hold NCCL's own "internal error").
rc=0
ran() {
  local name=$1
  shift
  rc=0
  "$@" >"$t/$name.out" 2>"$t/$name.err" || rc=$?
  if [ "$rc" -ge 124 ]; then bad "$name: exit $rc (a signal or a timeout)"; head -c 300 "$t/$name.err"; fi
  if grep -q "^gpuaudit[^:]*: internal error" "$t/$name.err"; then bad "$name: internal error"; head -c 300 "$t/$name.err"; fi
  return 0
}
# refused NAME TEXT CMD...: exit 2, one line on stderr holding TEXT.
refused() {
  local name=$1 want=$2
  shift 2
  ran "$name" "$@"
  [ "$rc" = 2 ] || { bad "$name: exit $rc, expected 2"; head -c 500 "$t/$name.err"; return; }
  [ "$(wc -l <"$t/$name.err")" = 1 ] || { bad "$name: not one line"; head -c 500 "$t/$name.err"; }
  grep -qF -- "$want" "$t/$name.err" || { bad "$name: '$want' not in:"; head -c 500 "$t/$name.err"; }
}
# no_raw_controls NAME FILE: no control character but tab and line breaks (a CSV's CRLF) in FILE.
no_raw_controls() {
  python3 - "$2" <<'PY' || bad "$1: a raw control character reached the output"
import re, sys
data = open(sys.argv[1], "rb").read().replace(b"\r\n", b"\n")
m = re.search(rb"[\x00-\x08\x0b-\x1f\x7f]|\xc2[\x80-\x9f]", data)
if m:
    print("  at byte", m.start(), repr(data[max(0, m.start() - 20):m.start() + 20]))
    sys.exit(1)
PY
}

python3 - "$golden" "$degraded" "$t" <<'PY'
import copy, json, sys
golden, degraded, t = sys.argv[1], sys.argv[2], sys.argv[3]
g = json.load(open(golden))
def write(name, doc):
    with open(f"{t}/{name}", "w") as f:
        json.dump(doc, f)
def edit(base, f):
    d = copy.deepcopy(base)
    f(d)
    return d
LONG = "Z" * 30000
write("long-name.json", edit(g, lambda d: d["gpus"][0].update(name="NVIDIA " + LONG + " H100 80GB HBM3")))
write("long-vgpu.json", edit(g, lambda d: d["gpus"][0].update(name="NVIDIA " + LONG + "-24Q")))
def long_mig(d):
    d["gpus"][0]["mig"] = {"mode_enabled": True, "is_mig_device": True, "profile": "3g." + "4" * 30000 + "gb"}
    d["gpus"][0]["compute_capability"] = "9." + "0" * 30000
write("long-mig.json", edit(g, long_mig))
# Cross-checks: each of these once read as evidence.
dg = json.load(open(degraded))
def off_index(d):
    for b in d["benchmarks"]:
        if b["name"].startswith("hbm/"):
            b["gpu"] = 3
write("degraded-off-index.json", edit(dg, off_index))
write("degraded.json", dg)
write("not-a-date.json", edit(g, lambda d: d.update(created_utc="yesterday")))
write("status-unknown.json", edit(g, lambda d: d["benchmarks"][0].update(status="fine")))
def negative(d):
    b = d["benchmarks"][0]
    b["summary"]["median"] = -5.0
write("negative-bandwidth.json", edit(g, negative))
write("board-default-1e12.json", edit(g, lambda d: d["gpus"][0].setdefault("power", {}).update(default_limit_w=1e12)))
write("price-1e308.json", edit(g, lambda d: d.update(price_per_hour=1e308)))
write("hot-sensor.json", edit(g, lambda d: d["gpus"][0].update(temperature_c=1000000)))
def flipped(d):  # hbm/copy 20% lower, and a flag that says lower is better
    b = d["benchmarks"][0]
    b["higher_is_better"] = False
    for k in ("median", "min", "max", "mean"):
        b["summary"][k] *= 0.8
    b["samples"] = [v * 0.8 for v in b["samples"]]
write("flipped-direction.json", edit(g, flipped))
# Escapes in tags and names for the machine formats.
def escapes(d):
    d["tags"]["provider"] = "\u001b]0;owned\u0007\u001b[2J\u007fevil\u009b31m"
    d["gpus"][0]["name"] = "NVIDIA H100 80GB HBM3\u001b[8m"
write("escapes.json", edit(g, escapes))
PY

# ---- 30 KB names: no stack overflow ---------------------------------------------------------------
for f in long-name long-vgpu long-mig; do
  ran "score-$f" "$bin" score "$t/$f.json"
  ran "html-$f" "$bin" report "$t/$f.json" --html "$t/$f.html"
  ran "html-skip-$f" "$bin" report "$t/$f.json" --skip-invalid --html "$t/$f-skip.html"
done
# In the outputs of each import format that names a GPU: "NVIDIA <30 KB> ..." wherever the name is.
n=0
for dir in "$src"/tests/data/imports/*/; do
  f=$(grep -l "NVIDIA " "$dir"* 2>/dev/null | grep -v '\.source$\|README' | head -1)
  [ -n "$f" ] || continue
  out=$t/long-$(basename "$dir")-$(basename "$f")
  python3 -c 'import sys; s = open(sys.argv[1], encoding="utf-8", errors="surrogateescape").read(); open(sys.argv[2], "w", encoding="utf-8", errors="surrogateescape").write(s.replace("NVIDIA ", "NVIDIA " + "Z" * 30000 + " "))' "$f" "$out"
  ran "import-$(basename "$dir")" "$bin" score "$out"
  n=$((n + 1))
done
[ "$n" -ge 12 ] || bad "only $n import formats with a GPU name were tried"

# A baseline with a 30 KB compute capability and MIG profile, numbers past int and double: each is
# a problem of the set (exit 1), listed, never a crash.
mkdir "$t/baselines"
cp "$src"/baselines/*.json "$src"/baselines/VERSION "$t/baselines/"
cp -r "$src"/baselines/topologies "$t/baselines/"
python3 - "$t/baselines/h100-sxm5-80gb.json" "$t/baselines/a100-sxm4-80gb.json" <<'PY'
import json, sys
b = json.load(open(sys.argv[1]))
b["compute_capability"] = "9." + "0" * 30000 + "x"
b["mig_profiles"][0]["name"] = "1g." + "1" * 30000 + "gb"
json.dump(b, open(sys.argv[1], "w"))
a = json.load(open(sys.argv[2]))
a["mig_profiles"][0]["name"] = "1g." + "9" * 400 + "gb"
a["mig_profiles"][1]["name"] = "99999999999999999999g.10gb"
json.dump(a, open(sys.argv[2], "w"))
PY
ran baselines-long "$bin" baselines check --dir "$t/baselines"
[ "$rc" = 1 ] || bad "baselines check of long fields: exit $rc, expected 1"
grep -q "compute_capability must look like" "$t/baselines-long.out" || bad "the long compute capability is not listed"
grep -q 'MIG profile "1g.99999' "$t/baselines-long.out" || bad "the MIG profile past double is not listed"

# A broken topology baseline: baselines check lists it (score refuses it).
mkdir "$t/topo"
cp "$src"/baselines/*.json "$src"/baselines/VERSION "$t/topo/"
cp -r "$src"/baselines/topologies "$t/topo/"
python3 -c 'import json,sys; p=sys.argv[1]; d=json.load(open(p)); d["expected"]["tolerance"]=7; json.dump(d, open(p,"w"))' \
  "$t/topo/topologies/pcie-gen4-x16.json"
ran topo-check "$bin" baselines check --dir "$t/topo"
[ "$rc" = 1 ] || bad "baselines check of a broken topology baseline: exit $rc, expected 1"
grep -q "pcie-gen4-x16.json: expected.tolerance" "$t/topo-check.out" || bad "the broken topology baseline is not listed"
refused topo-score "pcie-gen4-x16.json: expected.tolerance" "$bin" score "$golden" --baselines "$t/topo"

# A symlink loop in a baselines folder: named (exit 2), not "internal error".
mkdir "$t/loop"
cp "$src"/baselines/*.json "$src"/baselines/VERSION "$t/loop/"
ln -s "$t/loop/zz-loop.json" "$t/loop/zz-loop.json"
refused baselines-loop "zz-loop.json: cannot open" "$bin" baselines check --dir "$t/loop"
refused score-loop "zz-loop.json: cannot open" "$bin" score "$golden" --baselines "$t/loop"
# compare's NEW as a loop: the reason, not "no such file".
ln -s "$t/new-loop.json" "$t/new-loop.json"
ran compare-loop "$bin" compare "$golden" "$t/new-loop.json"
[ "$rc" = 2 ] || bad "compare NEW loop: exit $rc"
grep -q "no such file" "$t/compare-loop.err" && bad "compare says 'no such file' for a symlink loop: $(cat "$t/compare-loop.err")"
grep -qi "symbolic links" "$t/compare-loop.err" || bad "compare does not say it is a symlink loop: $(cat "$t/compare-loop.err")"

# ---- a document checked as a whole ----------------------------------------------------------------
ran degraded "$bin" score "$t/degraded.json"
[ "$rc" = 1 ] || bad "the memory-degraded scenario: exit $rc, expected 1"
refused off-index "degraded-off-index.json: invalid result document: benchmarks[4].gpu: GPU 3 is not in gpus[]" \
  "$bin" score "$t/degraded-off-index.json"
refused not-a-date "not-a-date.json: invalid result document: created_utc" "$bin" compare "$golden" "$t/not-a-date.json"
refused status "status-unknown.json: invalid result document: benchmarks[0].status" "$bin" report "$t/status-unknown.json"
refused negative "negative-bandwidth.json: invalid result document: benchmarks[0].summary.median" \
  "$bin" score "$t/negative-bandwidth.json"
refused board-default "board-default-1e12.json: invalid result document: gpus[0].power.default_limit_w" \
  "$bin" score "$t/board-default-1e12.json"
refused price "price-1e308.json: invalid result document: price_per_hour" "$bin" report "$t/price-1e308.json"
refused flipped "flipped-direction.json: invalid result document: benchmarks[0].higher_is_better" \
  "$bin" compare "$golden" "$t/flipped-direction.json"
refused export-check "status-unknown.json: invalid result document" "$bin" export "$t/status-unknown.json"
# A sensor's impossible reading is read as unknown, with a note; the document is still judged.
ran hot "$bin" score "$t/hot-sensor.json"
{ [ "$rc" = 0 ] || [ "$rc" = 1 ]; } || bad "a misread sensor: exit $rc"
grep -q "gpus\[0\].temperature_c: 1e+06 C is outside -40..150 C" "$t/hot.err" || bad "no note on the misread sensor: $(cat "$t/hot.err")"

# ---- machine outputs: no raw control character, stdout for one output only ------------------------
ran export-csv "$bin" export "$t/escapes.json"
no_raw_controls export-csv "$t/export-csv.out"
grep -qF '\x1B]0;owned\x07' "$t/export-csv.out" || bad "export CSV does not show the escape as \\x1B"
ran export-ndjson "$bin" export --format ndjson "$t/escapes.json"
no_raw_controls export-ndjson "$t/export-ndjson.out"
python3 -c 'import json,sys; [json.loads(l) for l in open(sys.argv[1])]' "$t/export-ndjson.out" || bad "NDJSON does not parse"
ran report-csv "$bin" report "$t/escapes.json" --csv -
no_raw_controls report-csv "$t/report-csv.out"
ran score-prom "$bin" score "$t/escapes.json" --prometheus -
no_raw_controls score-prom "$t/score-prom.out"
grep -q '^gpuaudit_' "$t/score-prom.out" || bad "score --prometheus - wrote no metric to stdout"
grep -qv '^#\|^gpuaudit_\|^$' "$t/score-prom.out" && bad "score --prometheus - mixed other text into stdout"
[ -s "$t/score-prom.err" ] || bad "score --prometheus -: the assessment is not on stderr"
if command -v promtool >/dev/null; then
  promtool check metrics <"$t/score-prom.out" >/dev/null 2>&1 || bad "promtool refuses score --prometheus -"
fi
ran junit "$bin" compare "$golden" "$golden" --junit -
python3 -c 'import sys, xml.dom.minidom; xml.dom.minidom.parse(sys.argv[1])' "$t/junit.out" ||
  bad "compare --junit - is not XML alone on stdout"
grep -q "hbm/copy" "$t/junit.err" || bad "compare --junit -: the table is not on stderr"
ran markdown "$bin" compare "$golden" "$golden" --markdown -
head -1 "$t/markdown.out" | grep -q '^#\|^|\|^\*\*' || bad "compare --markdown -: stdout does not start with the Markdown"
ran html "$bin" report "$golden" --html -
head -c 15 "$t/html.out" | grep -qi '<!doctype html' || bad "report --html -: stdout does not start with the page"
tail -c 20 "$t/html.out" | grep -q '</html>' || bad "report --html -: stdout does not end with the page"
refused two-dashes "--markdown and --junit both write to standard output" \
  "$bin" compare "$golden" "$golden" --markdown - --junit -
refused json-and-junit "--json and --junit both write to standard output" "$bin" compare "$golden" "$golden" --json --junit -
refused html-and-csv "--html and --csv both write to standard output" "$bin" report "$golden" --html - --csv /dev/stdout
refused score-json-prom "--json and --prometheus both write to standard output" "$bin" score "$golden" --json --prometheus -
exit $fail
