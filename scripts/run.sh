#!/usr/bin/env bash
# The main job: set up, build, and measure this machine's GPUs.
#   scripts/run.sh                    -> gpuaudit run (quick), result in gpuaudit-<host>-<time>.json
#   scripts/run.sh --full -o r.json   -> arguments go to `gpuaudit run`
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
scripts/build.sh -DGPUAUDIT_TESTS=OFF
exec build/gpuaudit run "$@"
