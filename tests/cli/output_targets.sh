#!/usr/bin/env bash
# Every output (-o, --junit, --markdown, --html, --csv) destroys nothing: "-" is stdout, a device
# or FIFO is written in place (never renamed over), a symlink stays a link and its target gets the
# bytes, an existing file keeps its mode, and a killed write's stale temp file is cleaned.
set -u
bin=$1
src=$2
data=$src/tests/data/compare
base=$data/golden-synthetic.json
next=$data/hbm-drop-20pct-synthetic.json
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT
fail=0
bad() { echo "FAIL: $*"; fail=1; }

# --junit /dev/null: /dev/null stays a character device (as root, rename() replaced it). Should a
# regression replace it or /dev/stdout, put them back at once: the machine is shared.
restore_dev() {
  [ "$(id -u)" = 0 ] || return 0
  [ -c /dev/null ] || { rm -f /dev/null && mknod -m 666 /dev/null c 1 3; }
  [ -L /dev/stdout ] || { rm -f /dev/stdout && ln -s /proc/self/fd/1 /dev/stdout; }
}
trap 'restore_dev; rm -rf "$t"' EXIT
rc=0
"$bin" compare "$base" "$next" --junit /dev/null >"$t/out" 2>"$t/err" || rc=$?
[ $rc = 1 ] || { bad "compare --junit /dev/null: exit $rc"; cat "$t/err"; }
[ -c /dev/null ] || bad "/dev/null is no longer a character device: $(ls -l /dev/null)"
restore_dev

# --markdown -: the Markdown goes to stdout (alone: the comparison table to stderr), and no file
# named "-" appears. With --json as well, two outputs would share stdout: refused.
(cd "$t" && "$bin" compare "$base" "$next" --markdown - >"$t/md.out" 2>"$t/err")
grep -q '^| ' "$t/md.out" || { bad "--markdown - printed no Markdown table"; cat "$t/md.out" "$t/err"; }
grep -q 'regressed' "$t/err" || bad "--markdown -: the comparison table is not on stderr"
[ ! -e "$t/-" ] || bad "--markdown - wrote a file named -"
rc=0
"$bin" compare "$base" "$next" --markdown - --json >"$t/md2.out" 2>"$t/err" || rc=$?
[ $rc = 2 ] || bad "--markdown - --json: exit $rc, expected 2 (two outputs on stdout)"

# --markdown /dev/stdout: written in place, so the text reaches the pipe.
"$bin" compare "$base" "$next" --markdown /dev/stdout >"$t/devstdout.out" 2>"$t/err"
grep -q '^| ' "$t/devstdout.out" || { bad "--markdown /dev/stdout printed no Markdown table"; cat "$t/err"; }
[ -L /dev/stdout ] || bad "/dev/stdout is no longer a symlink: $(ls -l /dev/stdout)"
restore_dev

# A FIFO gets the JUnit XML and stays a FIFO.
mkfifo "$t/fifo"
timeout 20 cat "$t/fifo" >"$t/fifo.got" &  # a regression never opens it: do not hang
reader=$!
"$bin" compare "$base" "$next" --junit "$t/fifo" >/dev/null 2>"$t/err"
wait "$reader"
grep -q '<testsuites' "$t/fifo.got" || { bad "the FIFO did not get the JUnit XML"; cat "$t/err"; }
[ -p "$t/fifo" ] || bad "the FIFO was replaced: $(ls -l "$t/fifo")"

# A symlink stays a link; its target is replaced; the target's 0600 is kept.
mkdir "$t/store"
echo old >"$t/store/report.csv"
chmod 600 "$t/store/report.csv"
ln -s store/report.csv "$t/latest.csv"
"$bin" report "$src/tests/data/report/fleet-synthetic" --csv "$t/latest.csv" -q 2>"$t/err" || { bad "report --csv: exit $?"; cat "$t/err"; }
[ -L "$t/latest.csv" ] || bad "the symlink was replaced by a file"
grep -q '^group' "$t/store/report.csv" || grep -q ',' "$t/store/report.csv" || bad "the symlink's target did not get the CSV"
[ "$(stat -c %a "$t/store/report.csv")" = 600 ] || bad "mode $(stat -c %a "$t/store/report.csv"), expected 600"

# --csv - : the CSV on stdout.
"$bin" report "$src/tests/data/report/fleet-synthetic" --csv - -q >"$t/csv.out" 2>"$t/err" || { bad "report --csv -: exit $?"; cat "$t/err"; }
[ "$(head -c 1 "$t/csv.out")" != "" ] && grep -q ',' "$t/csv.out" || bad "report --csv - printed no CSV"

# A temp file a killed write left two hours ago is cleaned by the next write of that name.
cp "$base" "$t/out.json"
touch -d '2 hours ago' "$t/.out.json.tmp.999999999.AbCdEf" "$t/.keep.json.tmp.999999999.AbCdEf"
"$bin" compare "$base" "$next" --junit "$t/out.json" >/dev/null 2>&1
[ ! -e "$t/.out.json.tmp.999999999.AbCdEf" ] || bad "a stale temp file was left"
[ -e "$t/.keep.json.tmp.999999999.AbCdEf" ] || bad "another file's temp was removed"

# run -o -: the document alone on stdout (the table goes to stderr), parseable JSON.
rc=0
(cd "$t" && "$bin" run --only host/steal -o - >"$t/run.out" 2>"$t/run.err") || rc=$?
{ [ $rc = 0 ] || [ $rc = 1 ]; } || { bad "run -o -: exit $rc"; cat "$t/run.err"; }
python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); assert d["schema"].startswith("gpuaudit.result/"), d["schema"]' "$t/run.out" ||
  { bad "run -o - did not print one JSON document"; head -c 600 "$t/run.out"; }
grep -q "result: -" "$t/run.err" || bad "run -o -: the result line is not on stderr"
[ ! -e "$t/-" ] || bad "run -o - wrote a file named -"
exit $fail
