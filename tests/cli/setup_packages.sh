#!/usr/bin/env bash
# scripts/build/setup.sh names packages per distribution (/etc/os-release; GPUAUDIT_OS_RELEASE here):
# libjpeg-dev (both have it; libjpeg62-turbo-dev is Debian's only), Ubuntu's chromium-browser, and
# it refuses the source build, before installing anything, where the archive's packages are too
# old (Debian 11, Ubuntu 20.04/22.04), naming them and the prebuilt route. Nothing is installed.
set -euo pipefail
src=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() {
  echo "FAIL: $*" >&2
  exit 1
}
for rel in debian:11 debian:12 ubuntu:20.04 ubuntu:22.04 ubuntu:24.04; do
  printf 'ID=%s\nVERSION_ID="%s"\n' "${rel%%:*}" "${rel##*:}" >"$tmp/os-release"
  out=$(GPUAUDIT_OS_RELEASE=$tmp/os-release bash "$src/scripts/build/setup.sh" --print-packages --test)
  grep -q " libjpeg-dev " <<<"$out" || fail "$rel: no libjpeg-dev: $out"
  ! grep -q "libjpeg62-turbo-dev" <<<"$out" || fail "$rel: the Debian-only libjpeg62-turbo-dev"
  case $rel in
    ubuntu:*) grep -q " chromium-browser " <<<"$out" || fail "$rel: Ubuntu's chromium package" ;;
    *) grep -q " chromium " <<<"$out" || fail "$rel: Debian's chromium package" ;;
  esac
  case $rel in
    debian:11|ubuntu:20.04|ubuntu:22.04)
      grep -q "^too old for the source build: cmake" <<<"$out" || fail "$rel: not said to be too old: $out"
      # The real run stops before apt-get, with the prebuilt route (no root needed to see it).
      rc=0
      GPUAUDIT_OS_RELEASE=$tmp/os-release bash "$src/scripts/build/setup.sh" >"$tmp/out" 2>&1 || rc=$?
      [ "$rc" = 1 ] && grep -q "pip install gpuaudit" "$tmp/out" || { cat "$tmp/out" >&2; fail "$rel: setup.sh exit $rc without the prebuilt route"; }
      ;;
    *) ! grep -q "too old" <<<"$out" || fail "$rel: said too old: $out" ;;
  esac
  echo "ok: $rel"
done
