#!/usr/bin/env bash
# Installs every build and test dependency on a fresh Debian/Ubuntu machine. Idempotent: a second
# run installs nothing. Distribution packages with apt-get, named for the distribution that
# /etc/os-release names (Debian 11/12, Ubuntu 20.04/22.04/24.04; the names differ, e.g. libjpeg-dev
# is the name both have for libjpeg-turbo); the NVML header (and, with --cuda12, a CUDA 12.9
# toolchain) from PyPI into the project-local folder .deps/.
#
# The source build needs CMake >= 3.25, simdjson >= 3, {fmt} >= 9, CLI11 >= 2.1 and nlohmann/json >=
# 3.10 from the distribution: Debian 12 and Ubuntu 24.04 (and newer) have them. Debian 11, Ubuntu
# 20.04 and 22.04 do not: there it stops before installing anything, names what is too old, and
# points at the prebuilt gpuaudit (pip install gpuaudit, or the release tarball), which runs there.
#
#   scripts/build/setup.sh            build dependencies
#   scripts/build/setup.sh --test     + what the tests need (schema validator, MPI, Chromium, fio, clang for libFuzzer,
#                               cuobjdump for the SASS check, CuTe's headers for the layout oracle,
#                               podman for the container test; Debian 12's names)
#   scripts/build/setup.sh --cuda12   + CUDA 12.9 nvcc/runtime/cuBLAS/NCCL wheels in .deps/cuda12
#   scripts/build/setup.sh --dist     + what scripts/deploy/dist.sh needs: --cuda12, mmdebstrap (the Debian 11 root),
#                               auditwheel (PyPI, .deps/dist-tools) to check the wheel
#   scripts/build/setup.sh --print-packages   only print the distribution and its package names
#   GPUAUDIT_OS_RELEASE=FILE    read FILE instead of /etc/os-release (tests)
set -euo pipefail
cd "$(dirname "$0")/../.."
ROOT=$PWD
want_test=0 want_cuda12=0 want_dist=0 print_only=0
for a in "$@"; do
  case "$a" in
    --test) want_test=1 ;;
    --cuda12) want_cuda12=1 ;;
    --dist) want_dist=1 want_cuda12=1 ;;
    --print-packages) print_only=1 ;;
    -h|--help) sed -n '2,21p' "$0"; exit 0 ;;
    *) echo "setup.sh: unknown option $a" >&2; exit 2 ;;
  esac
done

SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"

# The distribution, and what of gpuaudit's needs its packages are too old for.
os_release=${GPUAUDIT_OS_RELEASE:-/etc/os-release}
[ -r "$os_release" ] || { echo "setup.sh: no $os_release: not a Debian or Ubuntu machine?" >&2; exit 1; }
distro=$(. "$os_release" && echo "${ID:-unknown} ${VERSION_ID:-${VERSION_CODENAME:-testing}}")
# What each release's archive has (Debian 11: cmake 3.18.4, simdjson 0.7.1, fmt 7.1.3, no libcli11-dev,
# nlohmann-json 3.9.1; Ubuntu 20.04: cmake 3.16, 22.04: cmake 3.22, both with simdjson and fmt
# older than 3 and 9).
too_old=""
case "$distro" in
  "debian 11") too_old="cmake 3.18 (needs 3.25), simdjson 0.7 (needs 3), fmt 7.1 (needs 9), no CLI11, nlohmann-json 3.9 (needs 3.10)" ;;
  "ubuntu 20.04") too_old="cmake 3.16 (needs 3.25), and simdjson, fmt, CLI11, nlohmann-json older than gpuaudit needs" ;;
  "ubuntu 22.04") too_old="cmake 3.22 (needs 3.25), and simdjson and fmt older than gpuaudit needs (3, 9)" ;;
  debian\ *|ubuntu\ *) ;;  # Debian 12 and newer (testing has no VERSION_ID), Ubuntu 24.04 and newer
  *) echo "setup.sh: $distro is neither Debian nor Ubuntu; the package names below are Debian's" >&2 ;;
esac

# libjpeg-dev is libjpeg-turbo's development package on both (Debian: libjpeg62-turbo-dev, Ubuntu:
# libjpeg-turbo8-dev, each a dependency of libjpeg-dev).
pkgs=(build-essential cmake ninja-build ccache pkg-config python3 python3-pip python3-venv
      libgtest-dev libgmock-dev googletest libbenchmark-dev nlohmann-json3-dev libcli11-dev
      libjpeg-dev libpugixml-dev libfmt-dev libsimdjson-dev)
if [ "$want_test" = 1 ]; then
  chromium=chromium
  case "$distro" in ubuntu\ *) chromium=chromium-browser ;; esac  # Ubuntu's is a snap transition package
  pkgs+=(libopenmpi-dev openmpi-bin fio "$chromium" libxml2-utils
         clang-14 libclang-rt-14-dev)  # scripts/test/fuzz.sh: libFuzzer and its sanitizer runtimes
  # promtool (--prometheus), sqlite3 (export), YAML parser (k8s examples), man page, .deb checks
  pkgs+=(prometheus sqlite3 python3-yaml help2man dpkg-dev)
  # scripts/deploy/container-test.sh: rootful podman (runc: crun refuses this kind of cgroup host), a
  # Debian base made from Debian's packages (no registry needed)
  pkgs+=(podman runc mmdebstrap)
fi
if [ "$want_cuda12" = 1 ]; then
  pkgs+=(clang-19)  # the CUDA front end of the 12.9 build: the PyPI wheels have no nvcc (scripts/build/cuda12-toolkit.sh)
fi
if [ "$want_dist" = 1 ]; then
  pkgs+=(mmdebstrap binutils)  # the Debian 11 root of the prebuilt binary (scripts/deploy/dist-root.sh), objdump
fi
if [ "$print_only" = 1 ]; then
  echo "distribution: $distro"
  echo "packages: ${pkgs[*]}"
  [ -z "$too_old" ] || echo "too old for the source build: $too_old"
  exit 0
fi
if [ -n "$too_old" ] && [ "$want_dist" = 0 ]; then
  cat >&2 <<EOF
setup.sh: $distro's packages are too old to build gpuaudit from source: $too_old.
  The prebuilt gpuaudit runs here (glibc 2.31 or newer, NVIDIA driver 525.60.13 or newer), no compiler needed:
    pip install gpuaudit && gpuaudit run          (or: pipx run gpuaudit run, uvx gpuaudit run)
  or the release tarball (docs/install.md). To build from source, use Debian 12 / Ubuntu 24.04 or newer
  (a container of them will do).
EOF
  exit 1
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
  # cuobjdump/nvdisasm for the SASS check (ctest -L sass, scripts/test/sass_check.py): the CUDA 13
  # toolkit here ships neither. Their own folder: pip --target does not merge into another's nvidia/.
  pip_target "$ROOT/.deps/cudatools" nvidia/cu13/bin/cuobjdump \
    nvidia-cuda-cuobjdump==13.4.92 nvidia-cuda-nvdisasm==13.4.92
  # NVIDIA's CuTe headers as the oracle of the tensor-core layouts (ctest -L oracle, tests/oracle),
  # with the CCCL headers they include; headers only, so without the wheels' Python dependencies.
  pip_target "$ROOT/.deps/cutlass" nvidia/cuda_cccl/include/cuda/std/utility --no-deps \
    nvidia-cutlass==4.2.0.0 nvidia-cuda-cccl-cu12==12.9.27
fi
if [ "$want_dist" = 1 ]; then
  # auditwheel checks the wheel's manylinux tag against its ELF files (scripts/deploy/dist.sh).
  pip_target "$ROOT/.deps/dist-tools" auditwheel auditwheel==6.8.2
fi
if [ "$want_cuda12" = 1 ]; then
  # One pip call for all (pip --target does not merge a second call into nvidia/), --upgrade so
  # an older set is replaced whole. The marker is the newest member of the set.
  pip_target "$ROOT/.deps/cuda12" nvidia/nvfatbin/lib/libnvfatbin.so.12 --upgrade \
    nvidia-cuda-nvcc-cu12==12.9.86 nvidia-cuda-runtime-cu12==12.9.79 nvidia-cublas-cu12==12.9.1.4 \
    nvidia-nccl-cu12==2.27.3 nvidia-cuda-cccl-cu12==12.9.27 nvidia-nvml-dev-cu12==12.9.79 \
    nvidia-nvfatbin-cu12==12.9.82
  bash scripts/build/cuda12-toolkit.sh "$ROOT/.deps/cuda12"
fi
echo "setup: ok"
