#!/usr/bin/env bash
# Builds gpuaudit with CUDA 12.9 into build-cuda12/ (or $BUILD_DIR): the binary for drivers older
# than R580 (CUDA 12.x drivers from R525.60.13 on, by minor-version compatibility) and for cards
# CUDA 13 dropped (Maxwell M60/M40 sm_52, Pascal P100/P4 sm_60/61, Volta V100 sm_70).
#
# The toolkit is the PyPI wheels in .deps/cuda12 (scripts/build/setup.sh --cuda12), laid out by
# scripts/build/cuda12-toolkit.sh. The wheels have no nvcc front end, so clang compiles the .cu files
# against the 12.9 headers and libdevice, ptxas 12.9 assembles them, and the binary links the 12.9
# static runtime and cuBLASLt 12.9. Only the gpuaudit binary is built (no tests): it proves the
# old-card device paths compile, and it is what you copy to such a machine.
#
#   scripts/build/build-cuda12.sh [cmake options]
#   CUDA12_ARCHS="60-real;70-real" scripts/build/build-cuda12.sh     # fewer architectures, faster
set -euo pipefail
cd "$(dirname "$0")/../.."
TK=$PWD/.deps/cuda12/toolkit
BUILD_DIR=${BUILD_DIR:-build-cuda12}
CLANG=${CUDA12_CLANG:-clang++-19}
# Plain "90" = sm_90 cubin + compute_90 PTX (for Blackwell and later, JIT-compiled by the driver).
# Clang 19 knows architectures up to sm_90; the CUDA 13 build covers sm_100 and sm_120 natively.
ARCHS=${CUDA12_ARCHS:-52-real;60-real;70-real;75-real;80-real;86-real;89-real;90}

[ -x "$TK/bin/nvcc" ] || { echo "build-cuda12: no CUDA 12.9 toolkit in ${TK#$PWD/}: run scripts/build/setup.sh --cuda12" >&2; exit 1; }
command -v "$CLANG" >/dev/null || { echo "build-cuda12: $CLANG not found: run scripts/build/setup.sh --cuda12" >&2; exit 1; }

start=$(date +%s)
cmake -S . -B "$BUILD_DIR" -G Ninja -DCMAKE_BUILD_TYPE=${BUILD_TYPE:-Release} -DGPUAUDIT_CUDA=ON -DGPUAUDIT_TESTS=OFF \
  -DCMAKE_CUDA_COMPILER="$CLANG" -DCUDAToolkit_ROOT="$TK" -DCMAKE_CUDA_ARCHITECTURES="$ARCHS" "$@" \
  | { grep '^-- gpuaudit:' || true; }
cmake --build "$BUILD_DIR" --target gpuaudit --parallel "${JOBS:-$(nproc)}"
python3 scripts/build/list-device-code.py "$BUILD_DIR/gpuaudit"
# The binary must report the 12.9 runtime: a CUDA 13 header picked up by mistake (some images link
# them into /usr/local/include) would pair 13.0 declarations with the 12.9 library.
built=$( { "$BUILD_DIR/gpuaudit" info --json --steal-window 0 2>/dev/null || true; } |
        python3 -c 'import json, sys; print(json.load(sys.stdin)["tool"]["cuda_runtime_built"])')
[ "$built" = 12090 ] || { echo "build-cuda12: the binary reports CUDA runtime $built, not 12090 (wrong headers?)" >&2; exit 1; }
echo "build-cuda12: $BUILD_DIR/gpuaudit (CUDA runtime $built) built in $(( $(date +%s) - start )) s"
