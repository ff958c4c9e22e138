#!/usr/bin/env bash
# The HTML report in a real browser: Debian's chromium loads it headless, with no console error,
# the SVG charts in the DOM, hostile tags shown as text (never as elements), and a screenshot kept
# under the build tree (test-output/report_html/), and a PDF printed from it (print CSS). Exit 77
# when chromium is not installed.
set -u
bin=$1
src=$2
data=$src/tests/data/report
browser=$(command -v chromium || command -v chromium-browser || command -v google-chrome || true)
[[ -n $browser ]] || { echo "chromium not installed: skipped"; exit 77; }
keep=$(cd "$(dirname "$bin")" && pwd)/test-output/report_html
mkdir -p "$keep"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0

"$bin" report "$data/fleet-synthetic" "$data/hostile-tags-synthetic.json" --html "$keep/report.html" -q ||
  { echo "FAIL: report --html"; exit 1; }
"$bin" report "$data/fleet-synthetic" --html "$keep/report-example.html" -q || { echo "FAIL: example"; exit 1; }

chrome() {  # chrome <log> <args...>: headless, no profile left behind, bounded in time
  local log=$1
  shift
  timeout 120 "$browser" --headless --no-sandbox --disable-gpu --disable-dev-shm-usage --no-first-run \
    --user-data-dir="$tmp/profile" --enable-logging=stderr --v=0 "$@" 2>"$log"
}

chrome "$tmp/shot.log" --screenshot="$keep/report.png" --window-size=1280,2000 "file://$keep/report.html" >/dev/null ||
  { echo "FAIL: chromium could not render the page"; cat "$tmp/shot.log"; fail=1; }
chrome "$tmp/example.log" --screenshot="$keep/report-example.png" --window-size=1280,2000 \
  "file://$keep/report-example.html" >/dev/null || { echo "FAIL: chromium (example)"; fail=1; }
# Print: the @media print rules apply; a PDF must come out.
chrome "$tmp/print.log" --no-pdf-header-footer --print-to-pdf="$keep/report.pdf" "file://$keep/report-example.html" \
  >/dev/null || { echo "FAIL: chromium --print-to-pdf"; cat "$tmp/print.log"; fail=1; }
[[ $(head -c 4 "$keep/report.pdf" 2>/dev/null) == "%PDF" ]] || { echo "FAIL: no PDF printed"; fail=1; }
chrome "$tmp/dom.log" --dump-dom "file://$keep/report.html" >"$keep/report.dom.html" ||
  { echo "FAIL: chromium --dump-dom"; cat "$tmp/dom.log"; fail=1; }

# No console error, no blocked resource (the page loads nothing), no script ran.
for log in "$tmp/shot.log" "$tmp/example.log" "$tmp/print.log" "$tmp/dom.log"; do
  if grep -E "Uncaught|ERROR:CONSOLE|CONSOLE\(|Refused to|net::ERR_" "$log"; then
    echo "FAIL: console errors in $(basename "$log")"
    fail=1
  fi
done
for png in "$keep/report.png" "$keep/report-example.png"; do
  [[ -s $png && $(stat -c %s "$png") -gt 20000 ]] || { echo "FAIL: no screenshot $png"; fail=1; }
done

dom=$keep/report.dom.html
svgs=$(grep -o "<svg " "$dom" | wc -l)
[[ $svgs -ge 10 ]] || { echo "FAIL: only $svgs SVG charts in the DOM"; fail=1; }
[[ $(grep -o 'role="img"' "$dom" | wc -l) -ge $svgs ]] || { echo "FAIL: an SVG without role=img"; fail=1; }
# The hostile tags must be text: no script or img element anywhere, the text escaped.
if grep -qiE "<script|<img" "$dom"; then
  echo "FAIL: a tag became an element:"
  grep -oiE ".{40}<(script|img).{40}" "$dom" | head
  fail=1
fi
grep -qF '&lt;script&gt;alert("provider")&lt;/script&gt;' "$dom" || { echo "FAIL: escaped provider tag not shown"; fail=1; }
grep -qF "<title>gpuaudit report: 12 runs" "$dom" || { echo "FAIL: page title"; fail=1; }
grep -qF "Soak timelines" "$dom" || { echo "FAIL: no soak timeline"; fail=1; }

echo "screenshots: $keep/report.png $keep/report-example.png"
exit $fail
