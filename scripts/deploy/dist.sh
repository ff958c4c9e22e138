#!/usr/bin/env bash
# Makes the release artifacts from a clean checkout into OUTDIR (docs/install.md, "Releasing"):
#   gpuaudit-VERSION-linux-x86_64.tar.gz             bin/gpuaudit, share/gpuaudit/{baselines,schema},
#                                                    share/doc/gpuaudit (docs, licences), share/man/man1
#   gpuaudit-VERSION-py3-none-manylinux_2_31_x86_64.whl   the same binary behind a `gpuaudit` command
#   and a .sha256 beside each (`sha256sum -c FILE.sha256`).
#
# One binary for every x86-64 Linux from 2020 on (Debian 11, Ubuntu 20.04, RHEL 9 ...) and every
# NVIDIA driver from 525.60.13 on: CUDA 12.9's runtime linked statically (minor-version
# compatibility), compiled by this machine's clang-19 against a Debian 11 root (glibc 2.31, gcc 10's
# libstdc++ linked statically, scripts/deploy/dist-root.sh), device code sm_52 ... sm_90a plus compute_90
# PTX (Blackwell runs it through the driver's JIT). cuBLASLt and NCCL are opened when a measurement
# needs them (system CUDA, pip wheels, a bundled copy: src/probe/library_search.hpp). The binary is
# checked before it is packed: no glibc symbol newer than 2.31, no library beyond the C runtime
# (scripts/deploy/elf_portable.py), the CUDA 12.9 runtime; the wheel's tag by auditwheel.
#
#   scripts/deploy/dist.sh OUTDIR
#   DIST_ARCHS="75-real;90" scripts/deploy/dist.sh OUTDIR    fewer architectures (a quicker, smaller test build)
#   BUILD_DIR=build-dist JOBS=2                       (defaults)
# Needs root the first time (scripts/build/setup.sh --dist installs packages; the Debian 11 root is made
# with mmdebstrap and kept in $GPUAUDIT_DIST_CACHE, default ~/.cache/gpuaudit).
set -euo pipefail
cd "$(dirname "$0")/../.."
src=$PWD
[ $# -eq 1 ] || { echo "usage: scripts/deploy/dist.sh OUTDIR" >&2; exit 2; }
out=$(realpath -m "$1")
build=$(realpath -m "${BUILD_DIR:-build-dist}")
jobs=${JOBS:-$(nproc)}
archs=${DIST_ARCHS:-52-real;60-real;70-real;75-real;80-real;86-real;89-real;90}
t0=$SECONDS
fail() {
  echo "FAIL: dist: $*" >&2
  exit 1
}
step() { echo "dist: $* (+$((SECONDS - t0)) s)"; }

step "dependencies (scripts/build/setup.sh --dist)"
scripts/build/setup.sh --dist
root=$(scripts/deploy/dist-root.sh)
version=$(sed -n 's/^project(gpuaudit VERSION \([0-9.]*\).*/\1/p' CMakeLists.txt)
[ -n "$version" ] || fail "no version in CMakeLists.txt"
name=gpuaudit-$version-linux-x86_64
export SOURCE_DATE_EPOCH=${SOURCE_DATE_EPOCH:-$(git log -1 --format=%ct 2>/dev/null || date +%s)}

step "build $name against $root (CUDA 12.9, architectures $archs) in ${build#$src/}"
GPUAUDIT_SYSROOT=$root cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_TOOLCHAIN_FILE="$src/cmake/toolchains/debian11-sysroot.cmake" \
  -DGPUAUDIT_CUDA=ON -DCMAKE_CUDA_COMPILER=clang++-19 -DCUDAToolkit_ROOT="$src/.deps/cuda12/toolkit" \
  -DCMAKE_CUDA_ARCHITECTURES="$archs" -DGPUAUDIT_TESTS=OFF -DGPUAUDIT_MPI=OFF -DGPUAUDIT_BUNDLE_CUDA_LIBS=OFF \
  -DGPUAUDIT_SOURCE_TREE_PATHS=OFF -DGPUAUDIT_WERROR=ON | { grep '^-- gpuaudit:' || true; }
GPUAUDIT_SYSROOT=$root cmake --build "$build" --target gpuaudit gpuaudit_manpage --parallel "$jobs"
bin=$build/gpuaudit
python3 scripts/deploy/elf_portable.py --glibc 2.31 "$bin" || fail "$bin would not run on glibc 2.31 with only the C runtime"
built=$( { "$bin" info --json --steal-window 0 2>/dev/null || true; } |
        python3 -c 'import json, sys; print(json.load(sys.stdin)["tool"]["cuda_runtime_built"])')
[ "$built" = 12090 ] || fail "the binary reports CUDA runtime $built, not 12090 (wrong headers?)"
"$bin" --version
# (GPUAUDIT_SOURCE_TREE_PATHS=OFF: no fallback to this checkout's baselines or wheels. An assert's
# __FILE__ may still name a source file; -ffile-prefix-map would drop that too.)
! strings "$bin" | grep -q -x -F "$src" || fail "the binary falls back to this checkout ($src)"

step "stage $name"
stage=$build/stage/$name
rm -rf "$build/stage"
mkdir -p "$stage/bin" "$stage/share/gpuaudit" "$stage/share/doc/gpuaudit/licenses" "$stage/share/man/man1"
cp "$bin" "$stage/bin/gpuaudit"
strip --strip-unneeded "$stage/bin/gpuaudit"
cp -r baselines "$stage/share/gpuaudit/baselines"
rm -rf "$stage/share/gpuaudit/baselines/source"  # the generator's inputs, not read by the binary
cp -r schema "$stage/share/gpuaudit/schema"
cp README.md LICENSE docs/*.md "$stage/share/doc/gpuaudit/"
cp "$build/gpuaudit.1" "$stage/share/man/man1/gpuaudit.1"
# The licences of what is linked into the binary, from the packages they came from.
licence() {  # licence NAME FILE
  [ -f "$2" ] || fail "no licence file $2"
  cp "$2" "$stage/share/doc/gpuaudit/licenses/$1"
}
for pkg in cli11 nlohmann-json3 fmtlib simdjson pugixml benchmark; do
  licence "$pkg.copyright" "$(ls -d "$root"/usr/src/gpuaudit-deps/"$pkg"-*/ | head -n 1)debian/copyright"
done
licence libjpeg-turbo.copyright "$root/usr/share/doc/libjpeg62-turbo/copyright"
licence libstdc++-and-libgcc.copyright "$root/usr/share/doc/libstdc++-10-dev/copyright"
licence glibc.copyright "$root/usr/share/doc/libc6/copyright"
licence cuda-runtime.License.txt "$(ls "$src"/.deps/cuda12/nvidia_cuda_runtime_cu12-*.dist-info/License.txt "$src"/.deps/cuda12/nvidia_cuda_runtime_cu12-*.dist-info/licenses/License.txt 2>/dev/null | head -n 1)"
cat >"$stage/share/doc/gpuaudit/licenses/README" <<EOF
gpuaudit itself: Apache-2.0 (../LICENSE). The binary bin/gpuaudit also holds, linked statically:
CLI11, nlohmann/json, {fmt}, simdjson, pugixml, Google Benchmark (Debian 12 source packages, the
*.copyright files here are theirs), libjpeg-turbo and gcc 10's libstdc++/libgcc (Debian 11; the
GCC Runtime Library Exception applies), and NVIDIA's CUDA 12.9 runtime (cudart_static, distributed
under the CUDA EULA's redistribution terms: cuda-runtime.License.txt). glibc is not in it: the
binary uses the machine's (glibc.copyright says under what terms Debian ships it).
EOF

step "pack"
mkdir -p "$out"
rm -f "$out/$name.tar.gz" "$out/$name.tar.gz.sha256" "$out"/gpuaudit-"$version"-py3-none-*.whl*
tar --sort=name --owner=0 --group=0 --numeric-owner --mtime="@$SOURCE_DATE_EPOCH" -C "$build/stage" -cf - "$name" |
  gzip -9n >"$out/$name.tar.gz"
wheel=$(python3 scripts/deploy/make_wheel.py --stage "$stage" --version "$version" --out "$out")
(cd "$out" && for f in "$name.tar.gz" "$(basename "$wheel")"; do sha256sum "$f" >"$f.sha256"; done)
# auditwheel (PyPI, scripts/build/setup.sh --dist) reads the wheel's ELF files and names the most
# compatible manylinux tag they are consistent with: it must be manylinux_2_31 or an older one.
PYTHONPATH=$src/.deps/dist-tools python3 -m auditwheel show "$wheel" >"$build/auditwheel.txt" 2>&1 ||
  { cat "$build/auditwheel.txt" >&2; fail "auditwheel show"; }
python3 - "$build/auditwheel.txt" <<'EOF' || { cat "$build/auditwheel.txt" >&2; fail "auditwheel: the wheel is not manylinux_2_31"; }
import re, sys
text = " ".join(open(sys.argv[1]).read().split())
m = re.search(r'consistent with the following platform tag: "manylinux_(\d+)_(\d+)_x86_64"', text)
print("dist: auditwheel: consistent with manylinux_%s_%s_x86_64" % m.groups() if m else "dist: auditwheel: no manylinux tag")
sys.exit(0 if m and (int(m.group(1)), int(m.group(2))) <= (2, 31) else 1)
EOF
step "done"
for f in "$out/$name.tar.gz" "$wheel"; do
  echo "  $(basename "$f")  $(du -k "$f" | cut -f1) KiB  sha256 $(cut -d' ' -f1 "$f.sha256")"
done
