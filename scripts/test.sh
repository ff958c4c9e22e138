#!/usr/bin/env bash
# Sets up, builds and runs every test: the full build (CUDA when a toolkit is found; GPU tests
# skip without a device), then the host tests again under AddressSanitizer + UBSan.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh --test --cuda12
export PYTHONPATH="$PWD/.deps/pytest${PYTHONPATH:+:$PYTHONPATH}"
JOBS=${JOBS:-$(nproc)}

echo "== build (build/)"
BUILD_DIR=build scripts/build.sh -DGPUAUDIT_WERROR=ON
python3 scripts/list-device-code.py build/gpuaudit
echo "== tests"
ctest --test-dir build --output-on-failure -j "$JOBS"

echo "== package: the host-only .deb and .tar.gz installed into a fresh prefix (build-package/)"
scripts/package-test.sh

echo "== CUDA 12.9 build (old cards and drivers: build-cuda12/, the gpuaudit binary only)"
scripts/build-cuda12.sh -DGPUAUDIT_WERROR=ON

echo "== sanitizer build of the host code (build-asan/)"
BUILD_DIR=build-asan BUILD_TYPE=Debug scripts/build.sh -DGPUAUDIT_CUDA=OFF -DGPUAUDIT_SANITIZE=ON -DGPUAUDIT_WERROR=ON
echo "== tests under ASan+UBSan"
ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
  ctest --test-dir build-asan --output-on-failure -j "$JOBS" -LE gpu
