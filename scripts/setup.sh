#!/usr/bin/env bash
# Installs every build and test dependency on a fresh Debian/Ubuntu machine. Idempotent: a second
# run installs nothing. Debian packages with apt-get; the NVML header (and, with --cuda12, a CUDA
# 12.9 toolchain) from PyPI into the project-local folder .deps/.
#
#   scripts/setup.sh            build dependencies
#   scripts/setup.sh --test     + what the tests need (schema validator, MPI, Chromium, fio, clang for libFuzzer,
#                               cuobjdump for the SASS check, CuTe's headers for the layout oracle,
#                               podman for the container test)
#   scripts/setup.sh --cuda12   + CUDA 12.9 nvcc/runtime/cuBLAS/NCCL wheels in .deps/cuda12
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
want_test=0 want_cuda12=0
for a in "$@"; do
  case "$a" in
    --test) want_test=1 ;;
    --cuda12) want_cuda12=1 ;;
    -h|--help) sed -n '2,10p' "$0"; exit 0 ;;
    *) echo "setup.sh: unknown option $a" >&2; exit 2 ;;
  esac
done

SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"

pkgs=(build-essential cmake ninja-build ccache pkg-config python3 python3-pip
      libgtest-dev libgmock-dev googletest libbenchmark-dev nlohmann-json3-dev libcli11-dev
      libjpeg62-turbo-dev libpugixml-dev libfmt-dev libsimdjson-dev)
if [ "$want_test" = 1 ]; then
  pkgs+=(libopenmpi-dev openmpi-bin fio chromium libxml2-utils
         clang-14 libclang-rt-14-dev)  # scripts/fuzz.sh: libFuzzer and its sanitizer runtimes
  # promtool (--prometheus), sqlite3 (export), YAML parser (k8s examples), man page, .deb checks
  pkgs+=(prometheus sqlite3 python3-yaml help2man dpkg-dev)
  # scripts/container-test.sh: rootful podman (runc: crun refuses this kind of cgroup host), a
  # Debian base made from Debian's packages (no registry needed)
  pkgs+=(podman runc mmdebstrap)
fi
if [ "$want_cuda12" = 1 ]; then
  pkgs+=(clang-19)  # the CUDA front end of the 12.9 build: the PyPI wheels have no nvcc (scripts/cuda12-toolkit.sh)
fi
missing=()
for p in "${pkgs[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ "${#missing[@]}" -gt 0 ]; then
  echo "setup: installing ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get update -qq
  $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

export PIP_ROOT_USER_ACTION=ignore
PY=$ROOT/.deps/py
pip_target() {  # pip_target DIR MARKER PACKAGE...
  local dir=$1 marker=$2; shift 2
  [ -e "$dir/$marker" ] && return 0
  echo "setup: pip install $* -> ${dir#$ROOT/}"
  python3 -m pip install -q --disable-pip-version-check --no-warn-script-location --target "$dir" "$@"
}
# The NVML header only (the library comes with the driver and is dlopen()ed at run time).
pip_target "$PY" nvidia/nvml_dev/include/nvml.h nvidia-nvml-dev-cu12==12.9.79
if [ "$want_test" = 1 ]; then
  pip_target "$ROOT/.deps/pytest" jsonschema jsonschema==4.23.0
  # cuobjdump/nvdisasm for the SASS check (ctest -L sass, scripts/sass_check.py): the CUDA 13
  # toolkit here ships neither. Their own folder: pip --target does not merge into another's nvidia/.
  pip_target "$ROOT/.deps/cudatools" nvidia/cu13/bin/cuobjdump \
    nvidia-cuda-cuobjdump==13.4.92 nvidia-cuda-nvdisasm==13.4.92
  # NVIDIA's CuTe headers as the oracle of the tensor-core layouts (ctest -L oracle, tests/oracle),
  # with the CCCL headers they include; headers only, so without the wheels' Python dependencies.
  pip_target "$ROOT/.deps/cutlass" nvidia/cuda_cccl/include/cuda/std/utility --no-deps \
    nvidia-cutlass==4.2.0.0 nvidia-cuda-cccl-cu12==12.9.27
fi
if [ "$want_cuda12" = 1 ]; then
  # One pip call for all (pip --target does not merge a second call into nvidia/), --upgrade so
  # an older set is replaced whole. The marker is the newest member of the set.
  pip_target "$ROOT/.deps/cuda12" nvidia/nvfatbin/lib/libnvfatbin.so.12 --upgrade \
    nvidia-cuda-nvcc-cu12==12.9.86 nvidia-cuda-runtime-cu12==12.9.79 nvidia-cublas-cu12==12.9.1.4 \
    nvidia-nccl-cu12==2.27.3 nvidia-cuda-cccl-cu12==12.9.27 nvidia-nvml-dev-cu12==12.9.79 \
    nvidia-nvfatbin-cu12==12.9.82
  bash scripts/cuda12-toolkit.sh "$ROOT/.deps/cuda12"
fi
echo "setup: ok"
