#!/usr/bin/env bash
# Copies the build dependencies the device machine lacks (Google Benchmark, GoogleTest, nlohmann
# json, CLI11 and nvml.h) from this machine's Debian packages into .deps/device/, keeping the
# install layout so their CMake config files work from there (they locate themselves relative to
# their own folder). .deps/ is git-ignored: name .deps/device in the device tool's `carry`.
#
#   scripts/build/prepare-device-deps.sh            (then: DEPS=.deps/device scripts/device-check.sh)
#
# Google Benchmark comes as a shared library (Debian ships no static one); device-check.sh's build
# finds it through the build tree's RPATH. It needs glibc >= 2.32 and GLIBCXX_3.4.30 (GCC 12).
set -euo pipefail
cd "$(dirname "$0")/../.."
DEST=${DEST:-.deps/device}
ARCH_DIR=lib/x86_64-linux-gnu

need() { [ -e "$1" ] || { echo "prepare-device-deps: $1 is missing (run scripts/build/setup.sh)" >&2; exit 2; }; }
for f in /usr/include/benchmark/benchmark.h /usr/$ARCH_DIR/libbenchmark.so.1.7.1 /usr/include/gtest/gtest.h \
         /usr/$ARCH_DIR/libgtest.a /usr/$ARCH_DIR/libgmock.a /usr/include/nlohmann/json.hpp /usr/include/CLI/CLI.hpp; do
  need "$f"
done

rm -rf "$DEST"
mkdir -p "$DEST/include" "$DEST/$ARCH_DIR/cmake" "$DEST/share/cmake"
cp -a /usr/include/benchmark /usr/include/gtest /usr/include/gmock /usr/include/nlohmann /usr/include/CLI "$DEST/include/"
cp -a /usr/$ARCH_DIR/libbenchmark.so* /usr/$ARCH_DIR/libbenchmark_main.a \
      /usr/$ARCH_DIR/libgtest.a /usr/$ARCH_DIR/libgtest_main.a /usr/$ARCH_DIR/libgmock.a /usr/$ARCH_DIR/libgmock_main.a \
      "$DEST/$ARCH_DIR/"
cp -a /usr/$ARCH_DIR/cmake/benchmark /usr/$ARCH_DIR/cmake/GTest "$DEST/$ARCH_DIR/cmake/"
cp -a /usr/share/cmake/nlohmann_json /usr/share/cmake/CLI11 "$DEST/share/cmake/"
# benchmarkConfig.cmake pins its prefix to /usr when loaded from /usr/lib/...; from here it
# computes it relative to itself, which is what we want.

# nvml.h: the toolkit has it; otherwise the PyPI header scripts/build/setup.sh installed.
nvml=""
for c in /usr/local/cuda/include/nvml.h .deps/py/nvidia/nvml_dev/include/nvml.h .deps/py/nvidia/cu13/include/nvml.h; do
  [ -e "$c" ] && { nvml=$c; break; }
done
[ -n "$nvml" ] || { echo "prepare-device-deps: no nvml.h found (run scripts/build/setup.sh)" >&2; exit 2; }
mkdir -p "$DEST/nvml/include"
cp "$nvml" "$DEST/nvml/include/nvml.h"

du -sh "$DEST" | awk '{print "prepare-device-deps: " $1 " in '"$DEST"' (carry it: .deps/device)"}'
