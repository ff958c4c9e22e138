#!/usr/bin/env bash
# The README's two commands in order (scripts/run.sh, then scripts/test.sh) must run every test:
#  - run.sh must not cache an option in build/ that takes tests away (it once cached
#    GPUAUDIT_TESTS=OFF, and test.sh then ran no test in build/ and passed);
#  - test.sh must state GPUAUDIT_TESTS=ON for each of its build folders, whatever their cache says;
#  - every ctest call in scripts/ must fail when it finds no test (--no-tests=error), and this
#    cmake must know that flag (an unknown one would make ctest fail differently).
set -euo pipefail
src=$2
fail() { echo "FAIL: $*"; exit 1; }

grep -v '^[[:space:]]*#' "$src/scripts/run.sh" | grep -n -- '-DGPUAUDIT_TESTS=OFF' && fail "scripts/run.sh caches GPUAUDIT_TESTS=OFF in build/"
grep -q 'BUILD_TARGETS=gpuaudit' "$src/scripts/run.sh" || fail "scripts/run.sh should build only the gpuaudit target"

for dir in build build-san; do
  line=$(grep -E "BUILD_DIR=$dir( |\$)" "$src/scripts/test.sh" | grep 'scripts/build/build.sh') || fail "test.sh: no build of $dir/"
  grep -q -- '-DGPUAUDIT_TESTS=ON' <<<"$line" || fail "test.sh: the $dir/ configure does not pass -DGPUAUDIT_TESTS=ON: $line"
done

while IFS= read -r hit; do
  grep -q -- '--no-tests=error' <<<"$hit" || fail "a ctest call without --no-tests=error: $hit"
done < <(grep -nE '(^|[[:space:];|&(])ctest --test-dir' "$src"/scripts/*.sh)

# The flag itself: an empty test folder must be an error, not "No tests were found!!!" and exit 0.
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
echo 'cmake_minimum_required(VERSION 3.25)
project(empty NONE)
enable_testing()' >"$tmp/CMakeLists.txt"
cmake -S "$tmp" -B "$tmp/b" >/dev/null
rc=0
ctest --test-dir "$tmp/b" --no-tests=error >"$tmp/log" 2>&1 || rc=$?
[ "$rc" != 0 ] || { cat "$tmp/log"; fail "ctest --no-tests=error exits 0 on a folder without tests"; }
echo ok
