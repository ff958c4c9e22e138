#!/usr/bin/env bash
# Builds the libFuzzer targets (every src/*/*_fuzz.cpp: the import parsers and the detection path)
# with clang and ASan+UBSan in build-fuzz/, and runs each for FUZZ_SECONDS (default 15) from a seed
# corpus of the real outputs in tests/data/imports/. Any crash, sanitizer report, timeout or
# out-of-memory fails the script, and the input that caused it is kept and printed.
#
# The parsers share one binary, fuzz_format (src/import/format_fuzz.cpp), which fuzzes the format
# GPUAUDIT_FUZZ_FORMAT names: every format the registry lists (the binary prints them) is a target
# parse_<format>, seeded from tests/data/imports/<format>/, so a new format is fuzzed as it is
# registered. The other binaries (fuzz_detect, fuzz_paste_split, ...) are a target each.
#
#   scripts/test/fuzz.sh                  every target, FUZZ_RUNS (500) inputs each from seed 1: the same
#                                    inputs on every run of one commit, so CI never fails by chance
#                                    (scripts/test.sh runs this)
#   FUZZ_SECONDS=600 scripts/test/fuzz.sh parse_nccl-tests    one target, by time, random: to hunt
#                                    (a format may be named as it is, nccl-tests, or as parse_nccl_tests)
#   GPUAUDIT_FUZZ_FORMAT=nccl-tests build-fuzz/fuzz_format build-fuzz/artifacts/parse_nccl-tests-crash-...
#                                    replay a crash (fuzz.sh prints this line for each one it finds)
set -euo pipefail
cd "$(dirname "$0")/../.."
BUILD=$(realpath -m "${FUZZ_BUILD_DIR:-build-fuzz}")  # relative to the repository root, or absolute
SECONDS_EACH=${FUZZ_SECONDS:-}
RUNS_EACH=${FUZZ_RUNS:-500}
if [ -n "$SECONDS_EACH" ]; then
  budget=(-max_total_time="$SECONDS_EACH")
  what="${SECONDS_EACH}s"
else
  budget=(-runs="$RUNS_EACH" -seed=1 -max_total_time=120)
  what="$RUNS_EACH inputs from seed 1"
fi
JOBS=${JOBS:-$(nproc)}
CC_BIN=${FUZZ_CC:-$(command -v clang-14 || command -v clang)}
CXX_BIN=${FUZZ_CXX:-$(command -v clang++-14 || command -v clang++)}
[ -x "$CXX_BIN" ] || { echo "fuzz.sh: clang++ not found (scripts/build/setup.sh --test installs clang-14)" >&2; exit 2; }

# Seed corpus of the targets that read every format's fixtures ("*": tests/data/imports/*/). A
# parser's target parse_<format> is seeded with tests/data/imports/<format>/.
declare -A SEEDS=(
  [detect]="*"
  [paste_split]="*"
)
squash() { tr -cd '[:alnum:]' <<<"$1" | tr '[:upper:]' '[:lower:]'; }

# FUZZ_REUSE_BUILD=1: $BUILD is already configured with -DGPUAUDIT_FUZZ=ON (scripts/test.sh's one
# clang build for the sanitizer tests and the fuzzers); only its fuzz targets are built here.
if [ -n "${FUZZ_REUSE_BUILD:-}" ]; then
  grep -q '^GPUAUDIT_FUZZ:BOOL=ON' "$BUILD/CMakeCache.txt" 2>/dev/null ||
    { echo "fuzz.sh: FUZZ_REUSE_BUILD: $BUILD is not configured with -DGPUAUDIT_FUZZ=ON" >&2; exit 2; }
  echo "== fuzz build ($BUILD/, reused)"
else
  echo "== fuzz build ($BUILD/, $(basename "$CXX_BIN"))"
  cmake -S . -B "$BUILD" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_C_COMPILER="$CC_BIN" \
    -DCMAKE_CXX_COMPILER="$CXX_BIN" -DGPUAUDIT_FUZZ=ON -DGPUAUDIT_CUDA=OFF -DGPUAUDIT_TESTS=OFF >/dev/null
fi
cmake --build "$BUILD" --target gpuaudit_fuzz_all -j "$JOBS"

# The targets: each binary but fuzz_format, then parse_<format> for every registered format.
[ -x "$BUILD/fuzz_format" ] || { echo "fuzz.sh: $BUILD/fuzz_format was not built" >&2; exit 1; }
mapfile -t registered < <(GPUAUDIT_FUZZ_LIST_FORMATS=1 ASAN_OPTIONS=detect_leaks=0 "$BUILD/fuzz_format" | grep -E '^[A-Za-z0-9._-]+$')
[ "${#registered[@]}" -gt 0 ] || { echo "fuzz.sh: $BUILD/fuzz_format lists no format" >&2; exit 1; }
declare -A FORMAT_OF=()  # target -> the format fuzz_format reads
mapfile -t targets < <(find "$BUILD" -maxdepth 1 -type f -name 'fuzz_*' -perm -u+x -printf '%f\n' | sed 's/^fuzz_//' |
  grep -vx format | sort)
for f in "${registered[@]}"; do
  FORMAT_OF[parse_$f]=$f
  targets+=("parse_$f")
done
if [ "$#" -gt 0 ]; then
  # A format named as it is (nccl-tests), as its target (parse_nccl-tests) or as its old stub was
  # (parse_nccl_tests): letters and digits compared, case ignored.
  targets=()
  for a in "$@"; do
    t=$a
    for f in "${registered[@]}"; do
      if [ "$(squash "$f")" = "$(squash "$a")" ] || [ "$(squash "parse_$f")" = "$(squash "$a")" ]; then t=parse_$f; fi
    done
    targets+=("$t")
  done
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$BUILD/artifacts"
formats=()
for d in tests/data/imports/*/; do [ -d "$d" ] && formats+=("$(basename "$d")"); done

failed=()
for t in "${targets[@]}"; do
  format=${FORMAT_OF[$t]:-}
  bin=$BUILD/fuzz_$t
  [ -n "$format" ] && bin=$BUILD/fuzz_format
  [ -x "$bin" ] || { echo "fuzz.sh: no target $bin" >&2; failed+=("$t"); continue; }
  wanted=${SEEDS[$t]:-$format}
  [ "$wanted" = "*" ] && wanted="${formats[*]}"
  corpus=$tmp/corpus_$t
  mkdir -p "$corpus"
  from=()
  for f in $wanted; do
    dir=tests/data/imports/$f
    [ "$f" = gpuaudit ] && dir=tests/data/scenarios
    [ -d "$dir" ] || continue
    from+=("$f")
    find "$dir" -type f ! -name '*.source.json' ! -name '*.md' -size -256k -exec cp -t "$corpus" {} +
  done
  # Inputs the fuzzers found before (every target), and a target's own seeds (tests/data/fuzz/<target>/).
  for d in tests/data/fuzz/import-regressions "tests/data/fuzz/$t"; do
    [ -d "$d" ] && find "$d" -type f ! -name '*.md' -size -256k -exec cp -t "$corpus" {} +
  done
  seeds=$(find "$corpus" -type f | wc -l)
  label=fuzz_$t
  [ -n "$format" ] && label="fuzz_format $format"
  echo "== $label: $what, $seeds seed files (${from[*]:-no fixtures yet})"
  log=$tmp/$t.log
  if GPUAUDIT_FUZZ_FORMAT=$format ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1} \
    UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1} "$bin" "${budget[@]}" -max_len=262144 -rss_limit_mb=2048 -timeout=20 -print_final_stats=1 \
      -artifact_prefix="$BUILD/artifacts/$t-" "$corpus" >"$log" 2>&1; then
    grep -E '^stat::number_of_executed_units|^stat::new_units_added' "$log" | tr '\n' ' ' || true
    echo
  else
    failed+=("$t")
    echo "!! $label failed; the end of its log:" >&2
    tail -n 60 "$log" >&2
    for a in $(grep -oE "$BUILD/artifacts/$t-[a-z-]+[0-9a-f]*" "$log" | sort -u); do
      echo "!! reproducer: $a ($(wc -c <"$a") bytes); replay: ${format:+GPUAUDIT_FUZZ_FORMAT=$format }$bin $a" >&2
      echo "!! its first 1000 bytes (cat -v):" >&2
      head -c 1000 "$a" | cat -v >&2
      echo >&2
    done
  fi
done

if [ "${#failed[@]}" -gt 0 ]; then
  echo "fuzz.sh: ${#failed[@]} target(s) failed: ${failed[*]}" >&2
  exit 1
fi
echo "fuzz.sh: ${#targets[@]} targets, no crash"
