#!/usr/bin/env bash
# Copies the build dependencies the device machine lacks (Google Benchmark, GoogleTest, nlohmann
# json, CLI11, {fmt}, simdjson, pugixml, libjpeg and nvml.h) from this machine's Debian packages
# into .deps/device/, keeping the install layout so their CMake config files work from there (they
# locate themselves relative to their own folder). .deps/ is git-ignored: name .deps/device in the
# device tool's `carry`.
#
#   scripts/build/prepare-device-deps.sh                        (then: scripts/device-check.sh)
#   scripts/build/prepare-device-deps.sh --prebuilt build-device
#       also the binaries of that build tree (gpuaudit, gpuaudit-gbench, the tests/gpu tests) and
#       the shared libraries they need beyond glibc and libstdc++, packed as .deps/device/prebuilt.tar.xz
#       ({bin,lib}/):
#       device-check.sh runs them when they start there and builds only when they do not (saves
#       the device machine minutes of compiling). Configure that tree with
#       -DCMAKE_CUDA_ARCHITECTURES=90-real -DGPUAUDIT_TESTS=ON -DGPUAUDIT_MPI=OFF.
#
# Google Benchmark comes as a shared library (Debian ships no static one); device-check.sh's build
# finds it through the build tree's RPATH. It needs glibc >= 2.32 and GLIBCXX_3.4.30 (GCC 12).
set -euo pipefail
cd "$(dirname "$0")/../.."
DEST=${DEST:-.deps/device}
ARCH_DIR=lib/x86_64-linux-gnu
prebuilt=""
case "${1:-}" in
  --prebuilt) prebuilt=${2:?--prebuilt needs a build folder} ;;
  "") ;;
  *) echo "prepare-device-deps: unknown option $1" >&2; exit 2 ;;
esac

need() { [ -e "$1" ] || { echo "prepare-device-deps: $1 is missing (run scripts/build/setup.sh)" >&2; exit 2; }; }
for f in /usr/include/benchmark/benchmark.h /usr/$ARCH_DIR/libbenchmark.so.1.7.1 /usr/include/gtest/gtest.h \
         /usr/$ARCH_DIR/libgtest.a /usr/$ARCH_DIR/libgmock.a /usr/include/nlohmann/json.hpp /usr/include/CLI/CLI.hpp \
         /usr/include/fmt/format.h /usr/include/simdjson.h /usr/include/pugixml.hpp /usr/include/jpeglib.h; do
  need "$f"
done

rm -rf "$DEST"
mkdir -p "$DEST/include" "$DEST/$ARCH_DIR/cmake" "$DEST/share/cmake"
cp -a /usr/include/benchmark /usr/include/gtest /usr/include/gmock /usr/include/nlohmann /usr/include/CLI \
      /usr/include/fmt /usr/include/simdjson.h /usr/include/pugixml.hpp /usr/include/pugiconfig.hpp \
      /usr/include/jpeglib.h /usr/include/jerror.h /usr/include/jmorecfg.h "$DEST/include/"
# jconfig.h lives in the multiarch folder, which the compiler searches only under /usr/include.
cp /usr/include/$(basename $ARCH_DIR)/jconfig.h "$DEST/include/"
cp -a /usr/$ARCH_DIR/libbenchmark.so* /usr/$ARCH_DIR/libbenchmark_main.a \
      /usr/$ARCH_DIR/libgtest.a /usr/$ARCH_DIR/libgtest_main.a /usr/$ARCH_DIR/libgmock.a /usr/$ARCH_DIR/libgmock_main.a \
      /usr/$ARCH_DIR/libfmt.so* /usr/$ARCH_DIR/libsimdjson.so* /usr/$ARCH_DIR/libpugixml.so* /usr/$ARCH_DIR/libpugixml.a /usr/$ARCH_DIR/libjpeg.so* \
      "$DEST/$ARCH_DIR/"
cp -a /usr/$ARCH_DIR/cmake/benchmark /usr/$ARCH_DIR/cmake/GTest /usr/$ARCH_DIR/cmake/fmt \
      /usr/$ARCH_DIR/cmake/simdjson /usr/$ARCH_DIR/cmake/pugixml "$DEST/$ARCH_DIR/cmake/"
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

if [ -n "$prebuilt" ]; then
  mkdir -p "$DEST/prebuilt/bin" "$DEST/prebuilt/lib"
  for f in "$prebuilt"/gpuaudit "$prebuilt"/gpuaudit-gbench "$prebuilt"/tests/gpu_*; do
    [ -x "$f" ] && [ -f "$f" ] && cp "$f" "$DEST/prebuilt/bin/"
  done
  [ -x "$DEST/prebuilt/bin/gpuaudit" ] || { echo "prepare-device-deps: no gpuaudit in $prebuilt" >&2; exit 2; }
  # Every shared library the binaries load but glibc's own, libstdc++ and libgcc (the device image
  # has newer ones of those; a Debian copy of the rest need not be there at all).
  for f in "$DEST"/prebuilt/bin/*; do ldd "$f"; done | awk '$3 ~ /^\// {print $3}' | sort -u |
    grep -vE '/(libc|libm|libdl|librt|libpthread|ld-linux-x86-64|libstdc\+\+|libgcc_s)\.so' |
    while read -r lib; do cp -L "$lib" "$DEST/prebuilt/lib/"; done
  strip --strip-unneeded "$DEST"/prebuilt/bin/* 2>/dev/null || true
  echo "prepare-device-deps: prebuilt $(ls "$DEST/prebuilt/bin" | tr '\n' ' ')+ $(ls "$DEST/prebuilt/lib" | tr '\n' ' ')"
  # One xz stream: the binaries share most of their code, so they pack to a quarter of their size
  # (the device tool carries 64 MiB at most, the working tree included).
  tar -cJf "$DEST/prebuilt.tar.xz" -C "$DEST/prebuilt" . && rm -rf "$DEST/prebuilt"
fi

du -sh "$DEST" | awk '{print "prepare-device-deps: " $1 " in '"$DEST"' (carry it: .deps/device)"}'
