#!/usr/bin/env bash
# scripts/run.sh takes the build the machine's driver runs (scripts/run.sh --which): CUDA 13 on a
# driver >= 580 with a CUDA 13 toolkit, the CUDA 12.9 build from wheels on 525.60.13 ... 5xx or
# without a toolkit, a refusal (exit 3) below 525.60.13, and without driver and toolkit a message
# pointing at the prebuilt gpuaudit instead of a gpuaudit that cannot measure. Fake nvidia-smi and
# nvcc on PATH; nothing is built.
set -euo pipefail
src=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() {
  echo "FAIL: $*" >&2
  exit 1
}
fake() {  # fake DIR DRIVER NVCC-RELEASE ("" = none)
  mkdir -p "$tmp/$1"
  [ -z "$2" ] || printf '#!/bin/sh\necho %s\n' "$2" >"$tmp/$1/nvidia-smi"
  [ -z "$3" ] || printf '#!/bin/sh\necho "Cuda compilation tools, release %s, V%s.0"\n' "$3" "$3" >"$tmp/$1/nvcc"
  chmod +x "$tmp/$1"/* 2>/dev/null || true
}
route() {  # route DIR -> prints the route, exit code in $rc
  rc=0
  CUDA_HOME=/nonexistent PATH="$tmp/$1:/usr/bin:/bin" bash "$src/scripts/run.sh" --which >"$tmp/out" 2>"$tmp/err" || rc=$?
}
expect() {  # expect DIR RC ROUTE MESSAGE-PATTERN
  route "$1"
  [ "$rc" = "$2" ] || { cat "$tmp/err" >&2; fail "$1: exit $rc, want $2"; }
  [ "$(cat "$tmp/out")" = "$3" ] || fail "$1: route '$(cat "$tmp/out")', want '$3'"
  grep -q -- "$4" "$tmp/err" || { cat "$tmp/err" >&2; fail "$1: no '$4' in the message"; }
  echo "ok: $1 -> ${3:-exit $2}"
}
fake r535 535.183.01 ""
fake r570-tk12 570.124.06 12.8
fake r580-tk13 580.65.06 13.0
fake r580-no-tk 580.65.06 ""
fake r470 470.256.02 ""
fake nothing "" ""
fake tk-only "" 13.0
expect r535 0 cuda12 "driver 535.183.01"
expect r570-tk12 0 cuda12 "the cuda12 build"
expect r580-tk13 0 cuda13 "the cuda13 build"
expect r580-no-tk 0 cuda12 "CUDA toolkit none"
expect r470 3 "" "older than 525.60.13"
expect nothing 3 "" "pip install gpuaudit"
expect tk-only 0 cuda13 "no NVIDIA driver found"
echo "run_route: ok"
