#!/usr/bin/env bash
# The main job: set up, build, and measure this machine's GPUs.
#   scripts/run.sh                    -> gpuaudit run (quick), result in gpuaudit-<host>-<time>.json
#   scripts/run.sh --full -o r.json   -> arguments go to `gpuaudit run`
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
# Only the binary is built, and no option is cached: a -DGPUAUDIT_TESTS=OFF here would stay in
# build/'s cache and leave a later scripts/test.sh with no test to run.
BUILD_TARGETS=gpuaudit scripts/build.sh
exec build/gpuaudit run "$@"
