#!/usr/bin/env bash
# The HTML report as a person sees it, measured in Debian's chromium (headless): the report is
# loaded in a frame of a measuring page (the report itself runs no script, and its CSP forbids
# one), which reads the laid-out boxes: every chart is as wide as the page's content, no text of a
# chart runs outside it, bar labels do not overlap, the MIG profile of a group is on screen in full
# (not cut to "NVIDIA H100 80..."), every bar of a known model carries the healthy-card mark, and
# the soak charts' y axes start at zero. Screenshots are kept under the build tree
# (test-output/report_html_layout/) to look at. Exit 77 when chromium is not installed.
set -u
bin=$1
src=$2
data=$src/tests/data/report
browser=$(command -v chromium || command -v chromium-browser || command -v google-chrome || true)
[[ -n $browser ]] || { echo "chromium not installed: skipped"; exit 77; }
keep=$(cd "$(dirname "$bin")" && pwd)/test-output/report_html_layout
mkdir -p "$keep"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0

chrome() {  # chrome <log> <args...>: headless, no profile left behind, bounded in time
  local log=$1
  shift
  timeout 120 "$browser" --headless --no-sandbox --disable-gpu --disable-dev-shm-usage --no-first-run \
    --user-data-dir="$tmp/profile" "$@" 2>"$log"
}

# Two layouts: the default groups, and one more key so that labels need two lines.
"$bin" report "$data/fleet-synthetic" --baselines "$src/baselines" --html "$keep/default.html" -q ||
  { echo "FAIL: report --html"; exit 1; }
"$bin" report "$data/fleet-synthetic" --baselines "$src/baselines" --group-by provider,region,instance,gpu \
  --html "$keep/long-labels.html" -q || { echo "FAIL: report --html (long labels)"; exit 1; }

# default and long-labels at a desktop's 1280 px; narrow: the default page at a phone's 400 px.
cp "$keep/default.html" "$keep/narrow.html"
for page in default long-labels narrow; do
  width=1280
  [[ $page == narrow ]] && width=400
  cat >"$tmp/measure-$page.html" <<EOF
<!DOCTYPE html><html><body style="margin:0">
<iframe id="f" src="file://$keep/$page.html" style="width:${width}px;height:3000px;border:0"></iframe>
<pre id="out">not measured</pre>
<script>
document.getElementById('f').addEventListener('load', () => {
  const d = document.getElementById('f').contentDocument;
  const out = [];
  const main = d.querySelector('main').getBoundingClientRect();
  out.push('main ' + main.width.toFixed(0));
  for (const svg of d.querySelectorAll('svg')) {
    const r = svg.getBoundingClientRect();
    out.push('svg ' + r.width.toFixed(0));
    for (const t of svg.querySelectorAll('text')) {
      const b = t.getBoundingClientRect();
      if (b.width > 0 && (b.left < r.left - 0.5 || b.right > r.right + 0.5))
        out.push('clipped: ' + t.textContent);
    }
    // Bar labels (right-aligned, outside the axis group) must not overlap one another.
    const labels = [...svg.querySelectorAll(':scope > g > text[text-anchor=end]')].map(t => t.getBoundingClientRect()).sort((a, b) => a.top - b.top);
    for (let i = 1; i < labels.length; ++i)
      if (labels[i].top < labels[i - 1].top + 0.8 * labels[i - 1].height)
        out.push('overlap: bar label ' + i + ' ' + labels[i].top.toFixed(1) + ' ' + labels[i - 1].top.toFixed(1) + '+' + labels[i - 1].height.toFixed(1));
  }
  for (const t of d.querySelectorAll('svg tspan')) out.push('label: ' + t.textContent);
  for (const svg of d.querySelectorAll('#soak svg')) {
    const ys = [...svg.querySelectorAll('g.axis > text[text-anchor=end]')].map(t => Number(t.textContent));
    out.push('soak y from ' + Math.min(...ys));
  }
  out.push('references ' + d.querySelectorAll('svg path.reference').length);
  // Nothing wider than the frame (tables wrap, charts shrink), and no text drawn too small to read.
  out.push('scroll ' + d.documentElement.scrollWidth);
  let smallest = 1e9;
  for (const t of d.querySelectorAll('svg text, td, th, p, li')) {
    const b = t.getBoundingClientRect();
    if (b.height > 0 && t.textContent.trim()) smallest = Math.min(smallest, parseFloat(getComputedStyle(t).fontSize) * (t.closest('svg') ? t.closest('svg').getBoundingClientRect().width / (t.closest('svg').viewBox.baseVal.width || t.closest('svg').getBoundingClientRect().width) : 1));
  }
  out.push('smallest text ' + smallest.toFixed(1));
  out.push('done');
  document.getElementById('out').textContent = out.join('\n');
});
</script>
</body></html>
EOF
  chrome "$tmp/measure-$page.log" --allow-file-access-from-files --virtual-time-budget=15000 --dump-dom \
    "file://$tmp/measure-$page.html" >"$tmp/measured-$page.html" ||
    { echo "FAIL: chromium could not measure $page"; cat "$tmp/measure-$page.log"; fail=1; continue; }
  m=$tmp/measured-$page.html
  cp "$m" "$keep/measured-$page.txt"
  grep -q "^done" "$m" || { echo "FAIL: $page was not measured (the frame did not load)"; fail=1; continue; }
  main=$(awk '/^main /{print $2}' "$m")
  awk -v main="$main" '/^svg /{ if ($2 < 0.97 * main) bad++ } END { exit bad > 0 }' "$m" ||
    { echo "FAIL: $page: a chart narrower than the page ($main px):"; grep "^svg " "$m" | sort | uniq -c; fail=1; }
  grep "^clipped: \|^overlap: " "$m" && { echo "FAIL: $page: chart text outside its chart or overlapping"; fail=1; }
  # The slice's profile is on screen whole, on the label's own line.
  grep -qx "label: NVIDIA H100 80GB HBM3 MIG 3g.40gb" "$m" ||
    { echo "FAIL: $page: the MIG profile is not shown in full:"; grep "^label: .*3g" "$m" | head -3; fail=1; }
  grep -q "^label: .*…" "$m" && { echo "FAIL: $page: a label cut that had room:"; grep "^label: .*…" "$m"; fail=1; }
  refs=$(awk '/^references /{print $2}' "$m")
  [[ ${refs:-0} -ge 20 ]] || { echo "FAIL: $page: only ${refs:-0} healthy-card marks"; fail=1; }
  if grep "^soak y from " "$m" | grep -vqx "soak y from 0"; then
    echo "FAIL: $page: a soak chart's y axis does not start at zero:"
    grep "^soak y from " "$m" | sort | uniq -c
    fail=1
  fi
  grep -q "^soak y from 0" "$m" || { echo "FAIL: $page: no soak chart measured"; fail=1; }
  scroll=$(awk '/^scroll /{print $2}' "$m")
  [[ ${scroll:-99999} -le $width ]] || { echo "FAIL: $page: the page is ${scroll} px wide in a ${width} px window"; fail=1; }
  small=$(awk '/^smallest text /{print $3}' "$m")
  awk -v s="${small:-0}" 'BEGIN { exit !(s >= 9) }' || { echo "FAIL: $page: text drawn at ${small} px"; fail=1; }
  [[ $page == narrow ]] && continue  # the screenshots are of the desktop layouts

  chrome "$tmp/shot-$page.log" --screenshot="$keep/$page.png" --window-size=1280,2400 "file://$keep/$page.html" \
    >/dev/null || { echo "FAIL: chromium could not screenshot $page"; fail=1; continue; }
  # The screenshot: the size asked for, and not blank (a blank PNG of this size is a few kB).
  read -r w h < <(python3 -c 'import struct,sys; d=open(sys.argv[1],"rb").read(24); print(*struct.unpack(">II", d[16:24]))' \
    "$keep/$page.png" 2>/dev/null || echo "0 0")
  [[ $w -eq 1280 && $h -eq 2400 ]] || { echo "FAIL: $page.png is ${w}x${h}, not 1280x2400"; fail=1; }
  [[ $(stat -c %s "$keep/$page.png") -gt 60000 ]] || { echo "FAIL: $page.png looks blank"; fail=1; }
done

echo "screenshots: $keep/default.png $keep/long-labels.png"
exit $fail
