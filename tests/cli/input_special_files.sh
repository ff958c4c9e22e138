#!/usr/bin/env bash
# Inputs that could block (src/core/input_file.cpp): a FIFO nobody writes to is refused at once, exit
# 2 and one line, by every command that reads files; process substitution `<(...)` and a FIFO with a
# writer keep working; a device is refused saying what it is.
set -u
bin=$1
src=$2
doc=$src/tests/data/compare/golden-synthetic.json
t=$(mktemp -d)
trap 'kill $(jobs -p) 2>/dev/null; rm -rf "$t"' EXIT
fail=0
bad() { echo "FAIL: $*"; fail=1; }
mkfifo "$t/fifo"

refuses() {  # refuses WHAT ARGS...: exit 2 within 10 s, one line on stderr naming the FIFO
  local what=$1; shift
  local rc=0
  timeout 10 "$bin" "$@" >"$t/out" 2>"$t/err" || rc=$?
  [ "$rc" = 124 ] && { bad "$what: hung on the FIFO"; return; }
  [ "$rc" = 2 ] || bad "$what: exit $rc, expected 2: $(cat "$t/err")"
  grep -q "fifo: a FIFO (or pipe) that nothing is writing to" "$t/err" || bad "$what: says $(cat "$t/err")"
  [ "$(wc -l <"$t/err")" = 1 ] || bad "$what: more than one line: $(cat "$t/err")"
}
refuses score score "$t/fifo"
refuses import import "$t/fifo"
refuses "compare (BASE)" compare "$t/fifo" "$doc"
refuses "compare (NEW)" compare "$doc" "$t/fifo"
refuses report report "$t/fifo"
refuses export export "$t/fifo"

rc=0
timeout 10 "$bin" score /dev/zero >/dev/null 2>"$t/err" || rc=$?
[ "$rc" = 2 ] && grep -q "/dev/zero: is a character device" "$t/err" || bad "score /dev/zero: exit $rc: $(cat "$t/err")"

# What must keep working: process substitution, a FIFO whose writer comes first, a pipe as /dev/stdin.
rc=0
timeout 20 "$bin" score <(cat "$doc") >/dev/null 2>"$t/err" || rc=$?
[ "$rc" -le 1 ] || bad "score <(cat doc): exit $rc: $(cat "$t/err")"
rc=0
timeout 20 "$bin" compare <(cat "$doc") "$doc" >/dev/null 2>"$t/err" || rc=$?
[ "$rc" -le 1 ] || bad "compare <(cat doc) doc: exit $rc: $(cat "$t/err")"
cat "$doc" >"$t/fifo" &
sleep 0.2
rc=0
timeout 20 "$bin" score "$t/fifo" >/dev/null 2>"$t/err" || rc=$?
[ "$rc" -le 1 ] || bad "score FIFO with a writer: exit $rc: $(cat "$t/err")"
rc=0
cat "$doc" | timeout 20 "$bin" import /dev/stdin -o "$t/imported.json" >/dev/null 2>"$t/err" || rc=$?
[ "$rc" -le 1 ] || bad "import /dev/stdin from a pipe: exit $rc: $(cat "$t/err")"

[ "$fail" = 0 ] && echo ok
exit "$fail"
