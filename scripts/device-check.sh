#!/usr/bin/env bash
# The H200 device check of issue 3, as one prepared script for the device machine (<= 6 minutes):
#   1. build for sm_90 only, with the dependencies carried in .deps/device (scripts/build/prepare-device-deps.sh)
#   2. ctest -L gpu (every kernel family small, the timing machinery, a few registrations end to end)
#   3. gpuaudit run --quick -o $OUT/result.json, and gpuaudit-gbench on three registrations
#   4. scripts/test/torch_reference.py: PyTorch copy, bf16 matmul and pinned upload on the same GPU
#   5. gpuaudit soak --minutes 1 (issue 7), when the first steps left the time for it
#   6. scripts/test/device_ratios.py: the ratio table (ours / torch, ours / targets), printed last
#   (after 3: which tensor path tensor/mma_bf16 took -- wgmma on CC 9.0 -- and its ratio to gemm/bf16)
# Everything lands in $OUT (10 files at most): env.txt build.log ctest.log run.log result.json
# gbench.json torch.json soak.log soak.json ratios.md.
#
#   device tool:  bash scripts/device-check.sh        with carry [".deps/device"], timeout_s 420
#   here:         DRY_RUN=1 scripts/device-check.sh   every step that needs no GPU (the GPU steps
#                 then skip or exit 3; the ratio table runs on the synthetic fixture)
# Knobs: OUT, DEPS (.deps/device), BUILD_DIR (build-device), CUDA_ARCHS (90-real), JOBS.
set -uo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
DRY=${DRY_RUN:-0}
OUT=${OUT:-$ROOT/out/device-check}
DEPS=${DEPS:-$ROOT/.deps/device}
BUILD=${BUILD_DIR:-build-device}
ARCHS=${CUDA_ARCHS:-90-real}
JOBS=${JOBS:-$(nproc)}
mkdir -p "$OUT"
t0=$(date +%s)
step() { echo "== [$(( $(date +%s) - t0 ))s] $*"; }

step "environment"
{
  date -u +%Y-%m-%dT%H:%M:%SZ
  uname -a
  nvidia-smi --query-gpu=name,pci.bus_id,driver_version,clocks.sm,clocks.max.sm,power.limit,temperature.gpu --format=csv 2>&1 || echo "no nvidia-smi"
  nvcc --version 2>&1 | tail -1 || echo "no nvcc"
  cmake --version | head -1
  python3 -c 'import torch; print("torch", torch.__version__, "cuda", torch.version.cuda)' 2>&1 | tail -1
  echo "DRY_RUN=$DRY ARCHS=$ARCHS JOBS=$JOBS"
} >"$OUT/env.txt" 2>&1
cat "$OUT/env.txt"

step "configure + build ($ARCHS) into $BUILD"
[ -d "$DEPS" ] || { echo "device-check: $DEPS is missing: run scripts/build/prepare-device-deps.sh and carry .deps/device"; exit 2; }
arch_lib=$DEPS/lib/x86_64-linux-gnu
gpu_tests=$(cd tests/gpu && ls *.cu *.cpp 2>/dev/null | sed 's/\.[^.]*$//; s/^/gpu_/' | tr '\n' ' ')
if ! cmake -S . -B "$BUILD" -G Ninja -DCMAKE_BUILD_TYPE=Release -DGPUAUDIT_CUDA=ON -DGPUAUDIT_TESTS=ON \
       -DCMAKE_CUDA_ARCHITECTURES="$ARCHS" -DCMAKE_PREFIX_PATH="$DEPS" \
       -Dbenchmark_DIR="$arch_lib/cmake/benchmark" -DGTest_DIR="$arch_lib/cmake/GTest" \
       -Dnlohmann_json_DIR="$DEPS/share/cmake/nlohmann_json" -DCLI11_DIR="$DEPS/share/cmake/CLI11" \
       -DGPUAUDIT_NVML_INCLUDE_DIR="$DEPS/nvml/include" -DGPUAUDIT_MPI=OFF >"$OUT/build.log" 2>&1; then
  tail -30 "$OUT/build.log"
  echo "device-check: configure failed (build.log)"
  exit 1
fi
# Keep going past a target that fails (work in progress elsewhere must not cost the GPU steps).
cmake --build "$BUILD" --parallel "$JOBS" --target gpuaudit gpuaudit-gbench $gpu_tests -- -k 0 >>"$OUT/build.log" 2>&1
build_rc=$?
grep -E "gpuaudit: CUDA|error|warning" "$OUT/build.log" | head -20
echo "build exit $build_rc"
[ -x "$BUILD/gpuaudit" ] || echo "device-check: gpuaudit did not build (see build.log); continuing with what did"

step "ctest -L gpu"
# ctest's --timeout does not override the TIMEOUT 300 property tests/CMakeLists.txt sets on each
# GPU test, so one hung test (e.g. NCCL init) would eat the whole device budget: cap the step.
timeout -k 5 180 ctest --test-dir "$BUILD" -L gpu --no-tests=error --output-on-failure >"$OUT/ctest.log" 2>&1
echo "ctest exit $? (124: stopped after 180 s)"
grep -E "tests passed|Passed|Failed|Skipped|Not Run|\*\*\*" "$OUT/ctest.log" | tail -12

step "gpuaudit run --quick"
run_rc=0
# SIGINT after 150 s is Ctrl-C to gpuaudit: it stops starting measurements and keeps the file
# (saved after every figure), so a hang still leaves a result and time for the PyTorch step.
[ -x "$BUILD/gpuaudit" ] && timeout -s INT -k 20 150 "$BUILD/gpuaudit" run --quick -o "$OUT/result.json" \
  >"$OUT/run.log" 2>&1 || run_rc=$?
tail -45 "$OUT/run.log"
echo "gpuaudit run exit $run_rc (130: stopped after 150 s, partial result kept)"
# Issue 16 on the card: how each row was measured, the GEMM's burst vs sustained rate and output checks.
[ -f "$OUT/result.json" ] && python3 - "$OUT/result.json" <<'PY' || true
import collections, json, sys
doc = json.load(open(sys.argv[1]))
rows = doc.get("benchmarks", [])
print("concurrency:", dict(collections.Counter(str(r.get("params", {}).get("concurrency")) for r in rows)))
for r in rows:
    p = r.get("params", {})
    if not r["name"].startswith("gemm/"):
        continue
    oc = p.get("output_check", {})
    line = f'{r["name"]} gpu {r.get("gpu")} {r["status"]}: checked {oc.get("elements_checked")} mismatches {oc.get("mismatches")}'
    if "after_soak" in oc:
        line += f', after soak {oc["after_soak"].get("mismatches")} of {oc["after_soak"].get("elements_compared")}'
    if "burst" in p and "sustained" in p:
        line += f'; burst {p["burst"]["tflops"]:.0f} sustained {p["sustained"]["tflops"]:.0f} TFLOP/s ({p.get("sustained_ratio", 0):.3f})'
    print(line)
for f in (doc.get("assessment") or {}).get("findings", []):
    if f["id"] in ("wrong-results", "sustained-drop", "straggler"):
        print("finding", f["id"], f.get("gpu"), f["summary"])
PY

# Issue 16 item 5: which path tensor/mma_bf16 took (wgmma on CC 9.0 with the sm_90a kernel), its
# check, and how close it comes to cuBLASLt's gemm/bf16 (the aim: >= 90%).
step "tensor path (wgmma vs cuBLASLt)"
[ -s "$OUT/result.json" ] && python3 - "$OUT/result.json" <<'PY' || echo "tensor path: no result.json"
import json, sys
rows = {b["name"]: b for b in json.load(open(sys.argv[1])).get("benchmarks", [])}
def fig(name):
    b = rows.get(name)
    if not b:
        return None, "absent"
    med = (b.get("summary") or {}).get("median")
    return med, f'{b["status"]} {med} {b.get("unit", "")} {b.get("params", {}).get("instruction", "")} {b.get("message", "")}'.strip()
t, tt = fig("tensor/mma_bf16")
g, gt = fig("gemm/bf16")
print("tensor/mma_bf16:", tt)
print("gemm/bf16:      ", gt)
if t and g:
    print(f"tensor/mma_bf16 / gemm/bf16 = {t / g:.3f} (aim on H100/H200 with wgmma: >= 0.90)")
PY

step "gpuaudit-gbench (plain Google Benchmark flags)"
gb_rc=0
[ -x "$BUILD/gpuaudit-gbench" ] && "$BUILD/gpuaudit-gbench" '--benchmark_filter=^(sm/census|hbm/copy|gemm/bf16)/gpu:0/' \
  --benchmark_out="$OUT/gbench.json" --benchmark_out_format=json >>"$OUT/run.log" 2>&1 || gb_rc=$?
echo "gpuaudit-gbench exit $gb_rc"

step "PyTorch reference"
PYTHONUNBUFFERED=1 python3 scripts/test/torch_reference.py --result "$OUT/result.json" -o "$OUT/torch.json" >>"$OUT/run.log" 2>&1
echo "torch_reference exit $?"

# Issue 7's soak on a real card: one minute, a point every 10 s, only while the budget allows
# (the six-minute plan leaves room for one rerun of the whole script).
step "gpuaudit soak (1 min)"
soak_rc=skipped
if [ "$DRY" != 1 ] && [ -x "$BUILD/gpuaudit" ] && [ $(( $(date +%s) - t0 )) -lt 270 ]; then
  soak_rc=0
  timeout -s INT -k 15 80 "$BUILD/gpuaudit" soak --minutes 1 --interval 10 -o "$OUT/soak.json" \
    >"$OUT/soak.log" 2>&1 || soak_rc=$?
  tail -12 "$OUT/soak.log"
fi
echo "gpuaudit soak exit $soak_rc"

step "ratio table"
result=$OUT/result.json torch=$OUT/torch.json
if [ "$DRY" = 1 ]; then
  echo "(DRY_RUN: the table below is built from the synthetic fixture, not from this machine)"
  result=tests/data/device-check/result-h200-synthetic.json torch=tests/data/device-check/torch-h200-synthetic.json
fi
python3 scripts/test/device_ratios.py "$result" "$torch" -o "$OUT/ratios.md"
ratios_rc=$?
echo "device-check: $(( $(date +%s) - t0 ))s; gpuaudit run exit $run_rc, gbench exit $gb_rc, soak exit $soak_rc, ratios exit $ratios_rc; files in $OUT"
ls "$OUT"
exit $ratios_rc
