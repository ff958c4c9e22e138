#!/usr/bin/env bash
# The main job from a source checkout: set up, build, and measure this machine's GPUs.
#   scripts/run.sh                    -> gpuaudit run (quick), result in gpuaudit-<host>-<time>.json
#   scripts/run.sh --full -o r.json   -> arguments go to `gpuaudit run`
#   scripts/run.sh --which            -> only say which build it would take, and why
#
# It reads the driver first and takes the build that runs on it:
#   driver >= 580 and a CUDA 13 toolkit (nvcc 13 on PATH or in $CUDA_HOME, /usr/local/cuda): the default build (build/);
#   driver >= 525.60.13 otherwise: the CUDA 12.9 build from PyPI wheels and clang-19 (build-cuda12/),
#     which needs no toolkit on the machine;
#   no driver: the default build if a toolkit is there (host checks run, the GPU part says why not),
#     else it stops and says so.
# It never builds a gpuaudit without CUDA here: that one could not measure. The quickest way on a
# rented box is the prebuilt gpuaudit, no compiler needed: pip install gpuaudit && gpuaudit run.
set -euo pipefail
cd "$(dirname "$0")/.."

prebuilt="the prebuilt gpuaudit needs no compiler: pip install gpuaudit && gpuaudit run (or the release tarball, docs/install.md)"
# The driver's version: nvidia-smi, else the kernel module's own line (no nvidia-smi in some containers).
driver=""
if command -v nvidia-smi >/dev/null; then
  driver=$(nvidia-smi --query-gpu=driver_version --format=csv,noheader 2>/dev/null | head -n 1 | tr -d ' ') || driver=""
fi
if [ -z "$driver" ] && [ -r /proc/driver/nvidia/version ]; then
  driver=$(sed -n 's/.*Kernel Module[^0-9]*\([0-9][0-9.]*\).*/\1/p' /proc/driver/nvidia/version | head -n 1)
fi
# A CUDA 13 toolkit: nvcc on PATH or in $CUDA_HOME (default /usr/local/cuda), release 13 or newer.
nvcc=$(command -v nvcc || true)
[ -n "$nvcc" ] || [ ! -x "${CUDA_HOME:-/usr/local/cuda}/bin/nvcc" ] || nvcc=${CUDA_HOME:-/usr/local/cuda}/bin/nvcc
toolkit=""
[ -z "$nvcc" ] || toolkit=$("$nvcc" --version 2>/dev/null | sed -n 's/.*release \([0-9][0-9]*\)\..*/\1/p' | head -n 1)

version_ge() {  # version_ge A B: A >= B, dotted numbers
  [ "$(printf '%s\n%s\n' "$1" "$2" | sort -V | head -n 1)" = "$2" ]
}

route=""
if [ -n "$driver" ]; then
  if version_ge "$driver" 580 && [ "${toolkit:-0}" -ge 13 ]; then
    route=cuda13
  elif version_ge "$driver" 525.60.13; then
    route=cuda12
  else
    echo "run.sh: NVIDIA driver $driver is older than 525.60.13, the oldest any gpuaudit build (CUDA 12) runs on; upgrade the driver" >&2
    exit 3
  fi
  echo "run.sh: NVIDIA driver $driver, CUDA toolkit ${toolkit:-none}: the $route build" >&2
elif [ "${toolkit:-0}" -ge 12 ]; then
  route=cuda13
  echo "run.sh: no NVIDIA driver found (nvidia-smi, /proc/driver/nvidia/version): building with CUDA $toolkit anyway; the run measures the host and says why the GPU part cannot run" >&2
else
  echo "run.sh: no NVIDIA driver and no CUDA toolkit here: nothing to build that could measure a GPU. On a GPU machine, $prebuilt." >&2
  exit 3
fi

[ "${1:-}" != "--which" ] || { echo "$route"; exit 0; }
if [ "$route" = cuda13 ]; then
  scripts/build/setup.sh
  # Only the binary is built, and GPUAUDIT_CUDA=ON makes a missing toolkit an error instead of a
  # binary that cannot measure. (No other option is set: build/ is shared with scripts/test.sh.)
  BUILD_TARGETS=gpuaudit scripts/build/build.sh -DGPUAUDIT_CUDA=ON
  exec build/gpuaudit run "$@"
fi
scripts/build/setup.sh --cuda12 || { echo "run.sh: the CUDA 12.9 build cannot be set up here; $prebuilt" >&2; exit 1; }
scripts/build/build-cuda12.sh
exec build-cuda12/gpuaudit run "$@"
