#!/usr/bin/env bash
# Makes (or reuses) the Debian 11 "bullseye" root that the prebuilt gpuaudit is built against
# (scripts/deploy/dist.sh): glibc 2.31 and gcc 10's libstdc++/libgcc static archives, libjpeg-turbo's
# static archive, and gpuaudit's other libraries built as static archives from Debian 12's
# source packages, the same versions the Debian 12 build uses. Everything comes from Debian's
# archive (GPUAUDIT_DEBIAN_MIRROR, default deb.debian.org): nothing is downloaded from elsewhere.
#
# The root is a sysroot, not a place to run things in: the host's clang-19 compiles for it
# (--sysroot, cmake/toolchains/debian11-sysroot.cmake), because no compiler in bullseye knows
# CUDA 12.9 or sm_90a, and because one compiler for the host and device code is simpler than two.
# What the binary can ask of the machine is decided by what it links: glibc 2.31's symbols.
#
#   scripts/deploy/dist-root.sh [ROOT]   prints ROOT when it is ready
#     ROOT defaults to $GPUAUDIT_DIST_CACHE/bullseye-root ($GPUAUDIT_DIST_CACHE defaults to
#     ~/.cache/gpuaudit), outside the repository so every clone and CI run reuses it. A root made
#     from another recipe (package list, source versions) is made again; one that is complete is
#     reused as it is (about 400 MB; 2 min to make, 5-10 min to build the libraries on 2 cores).
#
# Needs root (mmdebstrap, chroot), mmdebstrap, cmake, ninja and clang-19 (scripts/build/setup.sh --dist).
set -euo pipefail
cd "$(dirname "$0")/../.."
src=$PWD
cache=${GPUAUDIT_DIST_CACHE:-${XDG_CACHE_HOME:-${HOME:-/tmp}/.cache}/gpuaudit}
root=$(realpath -m "${1:-$cache/bullseye-root}")
mirror=${GPUAUDIT_DEBIAN_MIRROR:-http://deb.debian.org/debian}
fail() {
  echo "FAIL: dist-root: $*" >&2
  exit 1
}
step() { echo "dist-root: $*" >&2; }

# The static libraries' Debian source packages: bookworm's, the versions scripts/build/setup.sh's
# -dev packages install on Debian 12, so both builds compile against the same library code.
sources=(cli11=2.1.2+ds-1 nlohmann-json3=3.11.2-2 fmtlib=9.1.0+ds1-2 simdjson=3.0.1-1 pugixml=1.13-0.2
         benchmark=1.7.1-1)
# From bullseye itself: the C library, gcc 10's runtime libraries, libjpeg-turbo (libjpeg.a), and
# dpkg-dev to unpack the source packages (dpkg-source applies Debian's patches).
packages=libc6-dev,libstdc++-10-dev,libjpeg62-turbo-dev,dpkg-dev
# (The last word: raise it when the way the libraries are built changes.)
recipe="bullseye $packages ${sources[*]} v1"

if [ -f "$root/.gpuaudit-root" ] && [ "$(cat "$root/.gpuaudit-root")" = "$recipe" ]; then
  echo "$root"
  exit 0
fi
[ "$(id -u)" -eq 0 ] || fail "needs root (mmdebstrap and chroot): run it with sudo"
for c in mmdebstrap cmake ninja clang++-19; do
  command -v "$c" >/dev/null || fail "$c is missing: scripts/build/setup.sh --dist installs it"
done

t0=$SECONDS
rm -rf "$root"
mkdir -p "$(dirname "$root")"
# A half-made root of the same recipe (a build step failed, the machine was stopped) goes on
# from the last finished step; any other is made anew.
if [ ! -f "$root.tmp/.gpuaudit-recipe" ] || [ "$(cat "$root.tmp/.gpuaudit-recipe")" != "$recipe" ]; then
  rm -rf "$root.tmp"
fi
if [ ! -f "$root.tmp/.gpuaudit-recipe" ]; then
step "mmdebstrap bullseye ($packages) + bookworm sources of ${sources[*]} -> $root"
# APT::Default-Release keeps every binary package on bullseye; the bookworm line is deb-src only.
mmdebstrap --quiet --variant=minbase --format=directory --dpkgopt=force-unsafe-io --aptopt='APT::Default-Release "bullseye"' \
  --include="$packages" \
  --customize-hook="chroot \"\$1\" sh -c 'mkdir -p /usr/src/gpuaudit-deps && cd /usr/src/gpuaudit-deps && apt-get source -qq ${sources[*]} >/dev/null'" \
  bullseye "$root.tmp" "deb $mirror bullseye main" "deb-src $mirror bookworm main" || fail "mmdebstrap"

# Absolute symbolic links (lib64/ld-linux-x86-64.so.2 -> /lib/...) would point into this machine's
# own /lib once the root is a sysroot: make every one relative inside the root.
python3 - "$root.tmp" <<'EOF'
import os, sys
root = sys.argv[1]
for top in ("lib", "lib64", "usr/lib", "usr/include"):
    for d, dirs, files in os.walk(os.path.join(root, top)):
        for name in dirs + files:
            p = os.path.join(d, name)
            if os.path.islink(p) and os.readlink(p).startswith("/"):
                target = root + os.readlink(p)
                os.remove(p)
                os.symlink(os.path.relpath(target, d), p)
EOF
echo "$recipe" >"$root.tmp/.gpuaudit-recipe"
fi

# The libraries, static and position-independent, into /opt/gpuaudit-deps of the root.
prefix=$root.tmp/opt/gpuaudit-deps
build_dep() {  # build_dep NAME CMAKE-OPTIONS...
  local name=$1 dir
  shift
  [ -f "$root.tmp/usr/src/built-$name" ] && return 0
  dir=$(find "$root.tmp/usr/src/gpuaudit-deps" -mindepth 1 -maxdepth 1 -type d -name "$name-*" | head -n 1)
  [ -n "$dir" ] || fail "no source folder for $name"
  step "  $name ($(basename "$dir")) +$((SECONDS - t0)) s"
  GPUAUDIT_SYSROOT=$root.tmp cmake -S "$dir" -B "$root.tmp/usr/src/build-$name" -G Ninja -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_TOOLCHAIN_FILE="$src/cmake/toolchains/debian11-sysroot.cmake" -DCMAKE_INSTALL_PREFIX="$prefix" \
    -DBUILD_SHARED_LIBS=OFF -DCMAKE_POSITION_INDEPENDENT_CODE=ON "$@" >"$root.tmp/usr/src/build-$name.log" 2>&1 &&
    cmake --build "$root.tmp/usr/src/build-$name" --parallel "${JOBS:-$(nproc)}" >>"$root.tmp/usr/src/build-$name.log" 2>&1 &&
    cmake --install "$root.tmp/usr/src/build-$name" >>"$root.tmp/usr/src/build-$name.log" 2>&1 ||
    { tail -n 30 "$root.tmp/usr/src/build-$name.log" >&2; fail "building $name"; }
  rm -rf "$root.tmp/usr/src/build-$name"
  touch "$root.tmp/usr/src/built-$name"
}
step "static libraries into /opt/gpuaudit-deps"
build_dep cli11 -DCLI11_BUILD_TESTS=OFF -DCLI11_BUILD_EXAMPLES=OFF -DCLI11_BUILD_DOCS=OFF -DCLI11_INSTALL=ON
build_dep nlohmann-json3 -DJSON_BuildTests=OFF -DJSON_Install=ON
build_dep fmtlib -DFMT_TEST=OFF -DFMT_DOC=OFF -DFMT_INSTALL=ON
build_dep pugixml -DPUGIXML_BUILD_TESTS=OFF
build_dep simdjson -DSIMDJSON_DEVELOPER_MODE=OFF -DSIMDJSON_ENABLE_THREADS=ON
# (GIT_VERSION: the version a git checkout would give, as debian/rules passes it)
build_dep benchmark -DGIT_VERSION=1.7.1 -DBENCHMARK_ENABLE_TESTING=OFF -DBENCHMARK_ENABLE_GTEST_TESTS=OFF -DBENCHMARK_ENABLE_WERROR=OFF \
  -DBENCHMARK_ENABLE_INSTALL=ON -DBENCHMARK_INSTALL_DOCS=OFF -DBENCHMARK_ENABLE_LTO=OFF

mv "$root.tmp/.gpuaudit-recipe" "$root.tmp/.gpuaudit-root"
mv "$root.tmp" "$root"
step "ready in $((SECONDS - t0)) s ($(du -sm "$root" | cut -f1) MB)"
echo "$root"
