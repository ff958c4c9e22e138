#!/usr/bin/env bash
# score --write on a committed document changes its assessment and nothing else: every line
# outside the "assessment" member is byte for byte what it was (no 700 -> 700.0, no re-indent),
# the file is still a readable document with the new findings, and it is replaced as every output
# is (core/output_file.hpp): its mode kept, a symlink still a link, no temp file left behind.
set -u
bin=$1
src=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0

# outside FILE: the file with the value of its top-level "assessment" member replaced by "X"
# (Python's own JSON decoder finds where it begins and ends, whatever the formatting).
outside() {
  python3 - "$1" <<'EOF'
import json, sys
t = open(sys.argv[1], encoding="utf-8").read()
dec = json.JSONDecoder()
def ws(i):
    while t[i] in " \t\r\n":
        i += 1
    return i
i = ws(t.index("{") + 1)
while t[i] != "}":
    key, j = dec.raw_decode(t, i)
    v0 = ws(ws(j) + 1)
    _, v1 = dec.raw_decode(t, v0)
    if key == "assessment":
        t = t[:v0] + "X" + t[v1:]
        v1 = v0 + 1
    i = ws(v1)
    if t[i] == ",":
        i = ws(i + 1)
sys.stdout.write(t)
EOF
}

command -v python3 >/dev/null || { echo "python3 not installed: skipped"; exit 77; }
for doc in "$src/tests/data/scenarios/h100-mig-3g40gb.synthetic.json" \
           "$src/tests/data/report/fleet-synthetic/09-gamma-compute-ap-south-synthetic.json"; do
  name=$(basename "$doc")
  cp "$doc" "$tmp/$name"
  chmod 600 "$tmp/$name"
  ln -s "$name" "$tmp/link-$name"
  "$bin" score --baselines "$src/baselines" "$tmp/link-$name" --write >/dev/null 2>"$tmp/err"
  rc=$?
  [[ $rc -le 1 ]] || { echo "FAIL: $name: score --write exited $rc"; cat "$tmp/err"; fail=1; continue; }
  if ! cmp -s <(outside "$doc") <(outside "$tmp/$name"); then
    echo "FAIL: $name: score --write changed lines outside the assessment:"
    diff <(outside "$doc") <(outside "$tmp/$name") | head -20
    fail=1
  fi
  changed=$(diff "$doc" "$tmp/$name" | grep -c '^[<>]')
  cmp -s "$doc" "$tmp/$name" && { echo "FAIL: $name: no assessment written"; fail=1; }
  grep -q '"assessment": *{' "$tmp/$name" || { echo "FAIL: $name: the assessment is not an object"; fail=1; }
  "$bin" score --baselines "$src/baselines" "$tmp/$name" --json >/dev/null 2>&1
  [[ $? -le 1 ]] || { echo "FAIL: $name: the written document does not read back"; fail=1; }
  [[ -L $tmp/link-$name ]] || { echo "FAIL: $name: the symlink was replaced by a file"; fail=1; }
  [[ $(stat -c %a "$tmp/$name") == 600 ]] || { echo "FAIL: $name: mode $(stat -c %a "$tmp/$name"), not 600"; fail=1; }
  # Scoring again changes nothing but the time it was scored at.
  cp "$tmp/$name" "$tmp/first.json"
  "$bin" score --baselines "$src/baselines" "$tmp/$name" --write >/dev/null 2>&1
  again=$(diff "$tmp/first.json" "$tmp/$name" | grep '^[<>]' | grep -vc '"scored_utc"')
  [[ $again -eq 0 ]] || { echo "FAIL: $name: a second score --write changed more than scored_utc"; diff "$tmp/first.json" "$tmp/$name" | head; fail=1; }
  echo "$name: $changed lines changed, all in the assessment"
done
leftover=$(find "$tmp" -name '.*.tmp.*' | wc -l)
[[ $leftover -eq 0 ]] || { echo "FAIL: $leftover temp files left"; fail=1; }
exit $fail
