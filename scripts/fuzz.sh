#!/usr/bin/env bash
# Builds the libFuzzer targets (every src/*/*_fuzz.cpp: the import parsers and the detection path)
# with clang and ASan+UBSan in build-fuzz/, and runs each for FUZZ_SECONDS (default 15) from a seed
# corpus of the real outputs in tests/data/imports/. Any crash, sanitizer report, timeout or
# out-of-memory fails the script, and the input that caused it is kept and printed.
#
#   scripts/fuzz.sh                  every target, FUZZ_RUNS (500) inputs each from seed 1: the same
#                                    inputs on every run of one commit, so CI never fails by chance
#                                    (scripts/test.sh runs this)
#   FUZZ_SECONDS=600 scripts/fuzz.sh parse_nccl_tests    one target, by time, random: to hunt
#   build-fuzz/fuzz_parse_nccl_tests build-fuzz/artifacts/parse_nccl_tests-crash-...   replay a crash
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
BUILD=${FUZZ_BUILD_DIR:-build-fuzz}
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
[ -x "$CXX_BIN" ] || { echo "fuzz.sh: clang++ not found (scripts/setup.sh --test installs clang-14)" >&2; exit 2; }

# Seed corpus per target: the fixture folders (tests/data/imports/<format>/) of the formats its
# parser reads. A target not listed here is matched by name: parse_nvidia_smi_q -> nvidia-smi-q,
# parse_bandwidth_test -> bandwidthTest (letters and digits compared, case ignored). "*" = every format.
declare -A SEEDS=(
  [detect]="*"
  [paste_split]="*"
  [parse_gpuaudit]="gpuaudit"
  [parse_p2p]="p2pBandwidthLatencyTest"
  [parse_p2p_latency]="p2pBandwidthLatencyTest"
  [parse_p2p_bandwidth_latency]="p2pBandwidthLatencyTest"
  [parse_nvidia_smi]="nvidia-smi-q nvidia-smi-xml nvidia-smi-csv nvidia-smi-topo"
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

mapfile -t targets < <(find "$BUILD" -maxdepth 1 -type f -name 'fuzz_*' -perm -u+x -printf '%f\n' | sed 's/^fuzz_//' | sort)
if [ "$#" -gt 0 ]; then targets=("$@"); fi
[ "${#targets[@]}" -gt 0 ] || { echo "fuzz.sh: no fuzz targets built" >&2; exit 1; }

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$BUILD/artifacts"
formats=()
for d in tests/data/imports/*/; do [ -d "$d" ] && formats+=("$(basename "$d")"); done

failed=()
for t in "${targets[@]}"; do
  bin=$BUILD/fuzz_$t
  [ -x "$bin" ] || { echo "fuzz.sh: no target $bin" >&2; failed+=("$t"); continue; }
  wanted=${SEEDS[$t]:-}
  if [ -z "$wanted" ]; then
    for f in "${formats[@]}"; do [ "$(squash "parse_$f")" = "$(squash "$t")" ] && wanted=$f; done
  fi
  [ "$wanted" = "*" ] && wanted="${formats[*]}"
  corpus=$tmp/corpus_$t
  mkdir -p "$corpus"
  for f in $wanted; do
    dir=tests/data/imports/$f
    [ "$f" = gpuaudit ] && dir=tests/data/scenarios
    [ -d "$dir" ] || continue
    find "$dir" -type f ! -name '*.source.json' ! -name '*.md' -size -256k -exec cp -t "$corpus" {} +
  done
  # Inputs the fuzzers found before (every target), and a target's own seeds (tests/data/fuzz/<target>/).
  for d in tests/data/fuzz/import-regressions "tests/data/fuzz/$t"; do
    [ -d "$d" ] && find "$d" -type f ! -name '*.md' -size -256k -exec cp -t "$corpus" {} +
  done
  seeds=$(find "$corpus" -type f | wc -l)
  echo "== fuzz_$t: $what, $seeds seed files (${wanted:-no fixtures yet})"
  log=$tmp/$t.log
  if ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1} UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1} \
    "$bin" "${budget[@]}" -max_len=262144 -rss_limit_mb=2048 -timeout=20 -print_final_stats=1 \
      -artifact_prefix="$ROOT/$BUILD/artifacts/$t-" "$corpus" >"$log" 2>&1; then
    grep -E '^stat::number_of_executed_units|^stat::new_units_added' "$log" | tr '\n' ' ' || true
    echo
  else
    failed+=("$t")
    echo "!! fuzz_$t failed; the end of its log:" >&2
    tail -n 60 "$log" >&2
    for a in $(grep -oE "$ROOT/$BUILD/artifacts/$t-[a-z-]+[0-9a-f]*" "$log" | sort -u); do
      echo "!! reproducer: $a ($(wc -c <"$a") bytes); replay: $bin $a" >&2
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
