#!/usr/bin/env bash
# Configures and builds into build/ (or $BUILD_DIR). Extra arguments go to cmake.
# BUILD_TARGETS="gpuaudit": build only those targets (default: everything the configuration holds).
set -euo pipefail
cd "$(dirname "$0")/../.."
BUILD_DIR=${BUILD_DIR:-build}
# Quiet, but for gpuaudit's own lines (CUDA version and architectures built).
cmake -S . -B "$BUILD_DIR" -G Ninja -DCMAKE_BUILD_TYPE=${BUILD_TYPE:-Release} "$@" | { grep '^-- gpuaudit:' || true; }
cmake --build "$BUILD_DIR" --parallel "${JOBS:-$(nproc)}" ${BUILD_TARGETS:+--target $BUILD_TARGETS}
