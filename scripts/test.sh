#!/usr/bin/env bash
# Sets up, builds and runs every test: the full build (CUDA when a toolkit is found; GPU tests
# skip without a device), the package and the container image, the release artifacts (the CUDA
# 12.9 binary for glibc 2.31, as tarball and wheel, tried in a fresh Debian 11 root), then one clang
# build for the host tests again under AddressSanitizer + UBSan and a short libFuzzer run of every
# parser (scripts/test/fuzz.sh: 500 inputs each from a fixed seed, deterministic).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/build/setup.sh --test --dist
export PYTHONPATH="$PWD/.deps/pytest${PYTHONPATH:+:$PYTHONPATH}"
JOBS=${JOBS:-$(nproc)}

# Every option that decides which tests exist is given here, not taken from build/'s cache: an
# earlier configuration (an older scripts/run.sh cached GPUAUDIT_TESTS=OFF, a hand-made
# -DGPUAUDIT_CUDA=OFF) must not make this script test less than it says. --no-tests=error on every
# ctest call: a configuration that built no test fails here instead of passing with nothing run.
echo "== build (build/)"
BUILD_DIR=build scripts/build/build.sh -DGPUAUDIT_TESTS=ON -DGPUAUDIT_CUDA=AUTO -DGPUAUDIT_SANITIZE=OFF -DGPUAUDIT_WERROR=ON
python3 scripts/build/list-device-code.py build/gpuaudit
echo "== tests"
ctest --test-dir build --no-tests=error --output-on-failure -j "$JOBS"

# The package build takes build/'s warning flags: the same host objects then come from ccache
# instead of a second compile (only -Werror differed, and it cost ten minutes on a cold machine).
echo "== package: the host-only .deb and .tar.gz installed into a fresh prefix (build-package/)"
scripts/deploy/package-test.sh -DGPUAUDIT_WERROR=ON
echo "== container: docker/Dockerfile.cuda13 and .cuda12 built with podman on a Debian base, that .deb inside, run unprivileged"
scripts/deploy/container-test.sh

# The CUDA 12.9 build (old cards and drivers 525+) is the release's: the same clang-19, toolkit and
# architectures as scripts/build/build-cuda12.sh, against the Debian 11 root (build-dist/).
echo "== release artifacts: tarball and wheel (build-dist/), tried in a fresh Debian 11 root without network"
scripts/deploy/dist-test.sh

# One clang build (build-san/) for both: the host code with ASan+UBSan and libFuzzer's coverage
# instrumentation, so the tests and the fuzz targets link the same objects (cmake/Fuzz.cmake).
CLANG_CC=$(command -v clang-14 || command -v clang)
CLANG_CXX=$(command -v clang++-14 || command -v clang++)
echo "== sanitizer build of the host code, tests and fuzz targets ($(basename "$CLANG_CXX"), build-san/)"
SAN_FLAGS=(-DCMAKE_C_COMPILER="$CLANG_CC" -DCMAKE_CXX_COMPILER="$CLANG_CXX" -DGPUAUDIT_CUDA=OFF -DGPUAUDIT_SANITIZE=ON -DGPUAUDIT_FUZZ=ON)
BUILD_DIR=build-san BUILD_TYPE=Debug scripts/build/build.sh -DGPUAUDIT_TESTS=ON -DGPUAUDIT_WERROR=ON "${SAN_FLAGS[@]}"
echo "== tests under ASan+UBSan"
ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
  ctest --test-dir build-san --no-tests=error --output-on-failure -j "$JOBS" -LE gpu

echo "== fuzzing the parsers (build-san/, ${FUZZ_RUNS:-500} inputs per target from seed 1)"
FUZZ_BUILD_DIR=build-san FUZZ_REUSE_BUILD=1 scripts/test/fuzz.sh
