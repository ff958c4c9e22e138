#!/usr/bin/env bash
# The H200 device check of issue 3, as one prepared script for the device machine (<= 6 minutes):
#   0. the card's own tools as a renter would paste them (nvidia-smi, -q, -q -x, topo -m): real
#      fixtures for the importers, in smi.tar.gz
#   1. take the binaries prebuilt here (.deps/device/prebuilt, scripts/build/prepare-device-deps.sh
#      --prebuilt build-device) when they start there; else build for sm_90 with the carried deps
#   2. the GPU tests (tests/gpu: every kernel family small, the timing machinery, registrations)
#   3. gpuaudit run --quick -o $OUT/result.json, and gpuaudit-gbench on four registrations, three repetitions each
#   4. scripts/test/torch_reference.py: PyTorch copy, bf16 matmul and pinned upload on the same GPU
#   5. gpuaudit soak --minutes 1 (issue 7), when the first steps left the time for it
#   6. scripts/test/device_ratios.py: the ratio table (ours / torch, ours / targets), printed last
#   (after 3: which tensor path tensor/mma_bf16 took -- wgmma on CC 9.0 -- and its ratio to gemm/bf16)
# The device tool returns 8 files at most, so everything lands in 7: check.log (every step's log),
# smi.tar.gz, result.json, gbench.json, torch.json, soak.json, ratios.md.
#
#   device tool:  bash scripts/device-check.sh        with carry [".deps/device"], timeout_s 420
#   here:         DRY_RUN=1 scripts/device-check.sh   every step that needs no GPU (the GPU steps
#                 then skip or exit 3; the ratio table runs on the synthetic fixture)
# Knobs: OUT, DEPS (.deps/device), PREBUILT ($DEPS/prebuilt; "none" to build), BUILD_DIR
# (build-device), CUDA_ARCHS (90-real), JOBS.
set -uo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
DRY=${DRY_RUN:-0}
OUT=${OUT:-$ROOT/out/device-check}
DEPS=${DEPS:-$ROOT/.deps/device}
PREBUILT=${PREBUILT:-$DEPS/prebuilt}
BUILD=${BUILD_DIR:-build-device}
ARCHS=${CUDA_ARCHS:-90-real}
JOBS=${JOBS:-$(nproc)}
mkdir -p "$OUT"
LOG=$OUT/check.log
: >"$LOG"
t0=$(date +%s)
step() { echo "== [$(( $(date +%s) - t0 ))s] $*" | tee -a "$LOG"; }
# The baselines from this checkout, wherever the binary came from.
export GPUAUDIT_BASELINES=$ROOT/baselines

step "environment"
smi=$(mktemp -d)
{
  date -u +%Y-%m-%dT%H:%M:%SZ
  uname -a
  head -2 /etc/os-release 2>/dev/null
  ldd --version 2>&1 | head -1
  nvidia-smi --query-gpu=name,pci.bus_id,driver_version,clocks.sm,clocks.max.sm,power.limit,temperature.gpu --format=csv 2>&1 || echo "no nvidia-smi"
  nvcc --version 2>&1 | tail -1 || echo "no nvcc"
  cmake --version | head -1
  python3 -c 'import sys, torch; print("torch", torch.__version__, "cuda", torch.version.cuda, "prefix", sys.prefix)' 2>&1 | tail -1
  echo "cuBLASLt / NCCL on the loader's path or in the toolkit:"
  ldconfig -p 2>/dev/null | grep -E 'libcublasLt\.so|libnccl\.so' | head -4
  ls /usr/local/cuda/lib64/libcublasLt.so* /usr/local/cuda/lib64/libnccl.so* 2>/dev/null | head -4
  echo "CPU topology (host-bound's all-core ratio: are the vCPUs SMT siblings?):"
  lscpu 2>/dev/null | grep -E '^(Model name|Thread|Core|Socket|CPU\(s\)|NUMA node\(s\)|Hypervisor)' 
  echo "cpu0 thread siblings: $(cat /sys/devices/system/cpu/cpu0/topology/thread_siblings_list 2>/dev/null)"
  echo "DRY_RUN=$DRY ARCHS=$ARCHS JOBS=$JOBS PREBUILT=$PREBUILT"
} >"$smi/env.txt" 2>&1
cat "$smi/env.txt" | tee -a "$LOG"
# What a renter pastes: these are the importers' real fixtures (tests/data/real/..., with this run's date).
if command -v nvidia-smi >/dev/null; then
  nvidia-smi >"$smi/nvidia-smi.txt" 2>&1
  nvidia-smi -q >"$smi/nvidia-smi-q.txt" 2>&1
  nvidia-smi -q -x >"$smi/nvidia-smi-q.xml" 2>&1
  nvidia-smi topo -m >"$smi/nvidia-smi-topo-m.txt" 2>&1
  nvidia-smi -q -d CLOCK,POWER,PERFORMANCE >"$smi/nvidia-smi-q-d-clock-power-performance.txt" 2>&1
  nvidia-smi nvlink -s >"$smi/nvidia-smi-nvlink-s.txt" 2>&1
fi
tar -czf "$OUT/smi.tar.gz" -C "$smi" . && rm -rf "$smi"

# The libraries gpuaudit dlopen()s: the toolkit's, else the wheels beside PyTorch (an activated
# virtual environment is where gpuaudit looks for them: src/probe/library_search.hpp).
if ! ldconfig -p 2>/dev/null | grep -q 'libcublasLt\.so\.13' && [ ! -e /usr/local/cuda/lib64/libcublasLt.so.13 ]; then
  venv=$(python3 -c 'import sys; print(sys.prefix)' 2>/dev/null) && [ -n "$venv" ] && export VIRTUAL_ENV=$venv
  echo "no cuBLASLt 13 on the loader's path or in /usr/local/cuda: VIRTUAL_ENV=${VIRTUAL_ENV:-unset}" | tee -a "$LOG"
fi

step "binaries"
BIN=""
if [ "$PREBUILT" != none ] && [ ! -x "$PREBUILT/bin/gpuaudit" ] && [ -f "$DEPS/prebuilt.tar.xz" ]; then
  mkdir -p "$PREBUILT"
  tar -xJf "$DEPS/prebuilt.tar.xz" -C "$PREBUILT" 2>>"$LOG" ||
    python3 -c 'import sys, tarfile; tarfile.open(sys.argv[1]).extractall(sys.argv[2])' "$DEPS/prebuilt.tar.xz" "$PREBUILT"
fi
if [ "$PREBUILT" != none ] && [ -x "$PREBUILT/bin/gpuaudit" ]; then
  export LD_LIBRARY_PATH=$PREBUILT/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
  if "$PREBUILT/bin/gpuaudit" --version >>"$LOG" 2>&1; then
    BIN=$PREBUILT/bin
    echo "prebuilt binaries start here: $BIN" | tee -a "$LOG"
  else
    echo "prebuilt gpuaudit does not start here; building instead:" | tee -a "$LOG"
    ldd "$PREBUILT/bin/gpuaudit" 2>&1 | grep -E 'not found|version' | tee -a "$LOG"
  fi
fi
if [ -z "$BIN" ]; then
  step "configure + build ($ARCHS) into $BUILD"
  [ -d "$DEPS/include" ] || { echo "device-check: $DEPS is missing: run scripts/build/prepare-device-deps.sh and carry .deps/device"; exit 2; }
  arch_lib=$DEPS/lib/x86_64-linux-gnu
  gpu_tests=$(cd tests/gpu && ls *.cu *.cpp 2>/dev/null | sed 's/\.[^.]*$//; s/^/gpu_/' | tr '\n' ' ')
  export LD_LIBRARY_PATH=$arch_lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
  if ! cmake -S . -B "$BUILD" -G Ninja -DCMAKE_BUILD_TYPE=Release -DGPUAUDIT_CUDA=ON -DGPUAUDIT_TESTS=ON \
         -DCMAKE_CUDA_ARCHITECTURES="$ARCHS" -DCMAKE_PREFIX_PATH="$DEPS" \
         -Dbenchmark_DIR="$arch_lib/cmake/benchmark" -DGTest_DIR="$arch_lib/cmake/GTest" \
         -Dfmt_DIR="$arch_lib/cmake/fmt" -Dsimdjson_DIR="$arch_lib/cmake/simdjson" -Dpugixml_DIR="$arch_lib/cmake/pugixml" \
         -Dnlohmann_json_DIR="$DEPS/share/cmake/nlohmann_json" -DCLI11_DIR="$DEPS/share/cmake/CLI11" \
         -DJPEG_INCLUDE_DIR="$DEPS/include" -DJPEG_LIBRARY="$arch_lib/libjpeg.so" \
         -DGPUAUDIT_NVML_INCLUDE_DIR="$DEPS/nvml/include" -DGPUAUDIT_MPI=OFF >>"$LOG" 2>&1; then
    tail -30 "$LOG"
    echo "device-check: configure failed (check.log)"
    exit 1
  fi
  # Keep going past a target that fails (work in progress elsewhere must not cost the GPU steps).
  cmake --build "$BUILD" --parallel "$JOBS" --target gpuaudit gpuaudit-gbench $gpu_tests -- -k 0 >>"$LOG" 2>&1
  build_rc=$?
  grep -E "gpuaudit: CUDA|error" "$LOG" | head -20
  echo "build exit $build_rc"
  mkdir -p "$BUILD/bin"
  for f in "$BUILD"/gpuaudit "$BUILD"/gpuaudit-gbench "$BUILD"/tests/gpu_*; do [ -x "$f" ] && ln -sf "$ROOT/$f" "$BUILD/bin/"; done
  BIN=$ROOT/$BUILD/bin
fi
[ -x "$BIN/gpuaudit" ] || echo "device-check: no gpuaudit binary (see check.log); continuing with what there is"

step "GPU tests (tests/gpu)"
# Each test binary alone under a cap: one hung test (e.g. NCCL init) must not eat the device budget.
for t in "$BIN"/gpu_*; do
  [ -x "$t" ] || continue
  timeout -k 5 90 "$t" >>"$LOG" 2>&1
  rc=$?
  case $rc in 0) v=passed ;; 77) v=skipped ;; 124) v="stopped after 90 s" ;; *) v="FAILED ($rc)" ;; esac
  echo "$(basename "$t"): $v" | tee -a "$LOG"
done
step "gpuaudit run --quick"
run_rc=0
# SIGINT after 150 s is Ctrl-C to gpuaudit: it stops starting measurements and keeps the file
# (saved after every figure), so a hang still leaves a result and time for the PyTorch step.
runlog=$(mktemp)
[ -x "$BIN/gpuaudit" ] && timeout -s INT -k 20 150 "$BIN/gpuaudit" run --quick -o "$OUT/result.json" \
  >"$runlog" 2>&1 || run_rc=$?
cat "$runlog" >>"$LOG"
tail -45 "$runlog"
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
[ -x "$BIN/gpuaudit-gbench" ] && timeout -k 5 90 "$BIN/gpuaudit-gbench" '--benchmark_filter=^(sm/census|hbm/copy|gemm/bf16|pcie/h2d_pinned)/gpu:0/' --benchmark_repetitions=3 \
  --benchmark_out="$OUT/gbench.json" --benchmark_out_format=json >>"$LOG" 2>&1 || gb_rc=$?
echo "gpuaudit-gbench exit $gb_rc"

step "PyTorch reference"
PYTHONUNBUFFERED=1 timeout -k 5 90 python3 scripts/test/torch_reference.py --result "$OUT/result.json" -o "$OUT/torch.json" >>"$LOG" 2>&1
echo "torch_reference exit $?"

# Issue 7's soak on a real card: one minute, a point every 10 s, only while the budget allows
# (the six-minute plan leaves room for one rerun of the whole script).
step "gpuaudit soak (1 min)"
soak_rc=skipped
if [ "$DRY" != 1 ] && [ -x "$BIN/gpuaudit" ] && [ $(( $(date +%s) - t0 )) -lt 270 ]; then
  soak_rc=0
  soaklog=$(mktemp)
  timeout -s INT -k 15 80 "$BIN/gpuaudit" soak --minutes 1 --interval 10 -o "$OUT/soak.json" \
    >"$soaklog" 2>&1 || soak_rc=$?
  cat "$soaklog" >>"$LOG"
  tail -12 "$soaklog"
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
echo "== score of the run (gpuaudit score)" >>"$LOG"
[ -s "$OUT/result.json" ] && [ -x "$BIN/gpuaudit" ] && timeout 30 "$BIN/gpuaudit" score "$OUT/result.json" >>"$LOG" 2>&1
echo "device-check: $(( $(date +%s) - t0 ))s; gpuaudit run exit $run_rc, gbench exit $gb_rc, soak exit $soak_rc, ratios exit $ratios_rc; files in $OUT"
ls "$OUT"
exit $ratios_rc
