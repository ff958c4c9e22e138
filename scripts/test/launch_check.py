#!/usr/bin/env python3
"""Static checks of every kernel launch (issue 27): for each kernel of a built binary and each
block size the benchmarks launch it with, the registers and shared memory cuobjdump reports
(--dump-resource-usage; scripts/test/sass_check.py parses it) against each architecture's limits, so an
over-size launch ("too many resources requested for launch") or a kernel that no longer fits as
many blocks per SM as its benchmark assumes is found without a card:

  every launch     threads <= 1024; registers/thread <= 255; registers x threads, allocated the way
                   the hardware does (256-register units per warp, 4 sub-partitions), <= 64K per
                   block; static shared memory <= 48 KiB; at least `min_blocks` blocks per SM
                   (occupancy, as cudaOccupancyMaxActiveBlocksPerMultiprocessor computes it);
                   no local memory (LOCAL:0, where spills go)
  every kernel     named by a launch below (a new kernel must say how it is launched)
  persistent grids the grid at MIG-sized and full SM counts (1, 7, 14, 16, 132 SMs) is printed

Limits: max resident blocks per SM, register allocation granularity, sub-partitions and max
registers per thread from the CUDA toolkit's cuda_occupancy.h (the occupancy API's own code);
threads and shared memory per SM and per block from the CUDA C++ Programming Guide, "Technical
Specifications per Compute Capability".

  scripts/test/launch_check.py --cuobjdump .deps/cudatools/nvidia/cu13/bin/cuobjdump build/gpuaudit
  nvcc ... -Xptxas -v kernels/wgmma.cu 2>&1 | scripts/test/launch_check.py --ptxas-log -

--ptxas-log: ptxas's verbose output for the wgmma kernel; "wgmma.mma_async instructions are
serialized" (ptxas's Potential Performance Loss warning: the tensor pipe would run at a fraction
of its rate) fails unless its reason is listed in EXPLAINED_SERIALISATION, and so do spills.
Exit 0 all held, 1 a limit was broken (each named), 2 usage, 77 no cuobjdump (1 under CI=true).
"""
import argparse
import os
import re
import shutil
import subprocess
import sys
from dataclasses import dataclass

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import sass_check  # noqa: E402

SKIP = 77


@dataclass(frozen=True)
class Arch:
    threads_per_sm: int
    blocks_per_sm: int      # cuda_occupancy.h cudaOccMaxBlocksPerMultiprocessor
    smem_per_sm: int        # bytes usable by blocks
    smem_reserved: int      # per block, taken by the system (sharedMemPerBlockReserved)


# Per compute capability; registers are 64K per SM and per block on all of them.
ARCHS = {
    75: Arch(1024, 16, 64 * 1024, 0),
    80: Arch(2048, 32, 164 * 1024, 1024),
    86: Arch(1536, 16, 100 * 1024, 1024),
    89: Arch(1536, 24, 100 * 1024, 1024),
    90: Arch(2048, 32, 228 * 1024, 1024),
    100: Arch(2048, 32, 228 * 1024, 1024),
    120: Arch(1536, 24, 100 * 1024, 1024),
}
REGS_PER_SM = REGS_PER_BLOCK = 65536
MAX_REGS_PER_THREAD = 255   # the ISA's; cuda_occupancy.h allocates up to 256
REG_GRANULARITY = 256       # registers per warp are rounded up to this
SUB_PARTITIONS = 4
STATIC_SMEM_LIMIT = 48 * 1024
MAX_THREADS_PER_BLOCK = 1024
SM_COUNTS = (1, 7, 14, 16, 132)  # 1g slices (H100 1g: 16, A100 1g: 14, 7 on some), full H100/H200


@dataclass(frozen=True)
class Launch:
    kernel: str             # regex on the mangled name
    threads: tuple          # every block size it is launched with
    where: str              # who launches it so
    min_blocks: int = 1     # blocks per SM its launcher relies on
    persistent: bool = False  # grid = SMs x blocks per SM


LAUNCHES = [
    Launch(r"_fill_cu_\w+fill_kernelILNS0_8FillKind", (256,), "kernels/fill.cu fill_random (grid_for: <= 8192 blocks)"),
    Launch(r"count_mismatch_kernel", (256,), "kernels/fill.cu count_word_mismatches"),
    # tests/gpu/kernels_test.cu requires 16-32 resident census blocks per SM; census_blocks() launches 4 waves.
    Launch(r"census_kernel", (32,), "benchmarks/sm_census.cpp (kCensusThreads)", min_blocks=16, persistent=True),
    Launch(r"fma_kernelI", (256, 64), "benchmarks/sm_fma.cpp (256), tests/gpu/kernels_test.cu (64)", persistent=True),
    Launch(r"tiny_kernel", (1,), "kernels/launch.cu launch_tiny"),
    Launch(r"stream_kernelILNS0_8StreamOpE\dELi4E", (256,), "benchmarks/hbm.cpp persistent-256x4, flat-256x4",
           persistent=True),
    Launch(r"stream_kernelILNS0_8StreamOpE\dELi2E", (512, 256), "benchmarks/hbm.cpp persistent-512x2; tests/gpu (256)",
           persistent=True),
    Launch(r"stream_kernelILNS0_8StreamOpE\dELi1E", (1024, 256), "benchmarks/hbm.cpp persistent-1024x1, flat-256x1",
           persistent=True),
    Launch(r"l2_read_kernel", (256,), "benchmarks/l2_read.cpp", persistent=True),
    Launch(r"contention_kernel", (32,), "kernels/contention.cu (one block per SM)"),
    Launch(r"mma_kernelI", (128,), "benchmarks/tensor_mma.cpp", persistent=True),
    Launch(r"wgmma_kernel", (128,), "benchmarks/tensor_wgmma.cpp (kWgmmaThreads)", persistent=True),
    Launch(r"_nccl_pattern_cu_\w+(fill|check)_kernel", (256,), "kernels/nccl_pattern.cu"),
    Launch(r"_soak_workload_cu_\w+fill_kernel", (256,), "kernels/soak_workload.cu (1024 blocks)"),
    Launch(r"_soak_workload_cu_\w+copy_kernel", (512,), "kernels/soak_workload.cu"),
    Launch(r"spin_until_released", (1,), "src/cuda/host_flag_blocker.cu"),
]

# ptxas serialisation reasons accepted, each with why (none so far).
EXPLAINED_SERIALISATION = {}


def round_up(x, y):
    return (x + y - 1) // y * y


def occupancy(arch, regs, threads, smem):
    """(blocks per SM, what limits it); 0 blocks: the launch fails. cuda_occupancy.h's algorithm
    with partitioned global caching off."""
    warps = (threads + 31) // 32
    regs_per_warp = round_up(max(regs, 1) * 32, REG_GRANULARITY)
    if (regs > MAX_REGS_PER_THREAD or regs_per_warp * warps > REGS_PER_BLOCK
            or regs_per_warp * round_up(warps, SUB_PARTITIONS) > REGS_PER_BLOCK):
        return 0, "registers per block"
    if threads > MAX_THREADS_PER_BLOCK or smem > STATIC_SMEM_LIMIT:
        return 0, "threads or shared memory per block"
    limits = {
        "blocks per SM": arch.blocks_per_sm,
        "threads per SM": arch.threads_per_sm // (warps * 32),
        "registers": (REGS_PER_SM // SUB_PARTITIONS // regs_per_warp) * SUB_PARTITIONS // warps,
    }
    if smem:
        limits["shared memory"] = arch.smem_per_sm // round_up(smem + arch.smem_reserved, 128)
    why = min(limits, key=limits.get)
    return limits[why], why


def arch_of(cubin):
    m = re.match(r"sm_(\d+)", cubin)
    return ARCHS.get(int(m.group(1))) if m else None


def check_launches(resources):
    """resources: {(cubin, mangled): {"REG": .., "SHARED": ..}} -> (failures, report lines)."""
    failures, report = [], []
    for (cubin, name), res in sorted(resources.items()):
        arch = arch_of(cubin)
        short = sass_check.short(name)
        launches = [l for l in LAUNCHES if re.search(l.kernel, name)]
        if not launches:
            failures.append(f"{cubin} {short}: no launch in scripts/test/launch_check.py LAUNCHES names it")
            continue
        if arch is None:
            failures.append(f"{cubin} {short}: no limits for this architecture in ARCHS")
            continue
        regs, smem = res.get("REG", 0), res.get("SHARED", 0)
        if res.get("LOCAL", 0):  # per-thread local memory: register spills or a local array
            failures.append(f"{cubin} {short}: LOCAL:{res['LOCAL']} bytes per thread (spills or a local array)")
        for launch in launches:
            for threads in launch.threads:
                blocks, why = occupancy(arch, regs, threads, smem)
                line = f"{cubin} {short} x{threads}: REG {regs}, SHARED {smem} -> {blocks} blocks/SM ({why})"
                if launch.persistent and blocks:
                    line += "; grid at " + "/".join(map(str, SM_COUNTS)) + " SMs: " + "/".join(str(s * blocks) for s in SM_COUNTS)
                report.append(line)
                if blocks < launch.min_blocks:
                    failures.append(f"{line}: {launch.where} needs at least {launch.min_blocks}")
    return failures, report


def check_ptxas_log(text):
    """ptxas -v output -> (failures, report lines)."""
    failures, report = [], []
    for line in text.splitlines():
        if "wgmma" in line and "serialized" in line:
            reason = next((r for r in EXPLAINED_SERIALISATION if r in line), None)
            if reason:
                report.append(f"explained ({EXPLAINED_SERIALISATION[reason]}): {line.strip()}")
            else:
                failures.append(f"wgmma serialised by ptxas: {line.strip()}")
        m = re.search(r"(\d+) bytes spill stores, (\d+) bytes spill loads", line)
        if m and (int(m.group(1)) or int(m.group(2))):
            failures.append(f"spills: {line.strip()}")
        if ("Used" in line and "registers" in line) or "(C7519)" in line:  # C7519: a warpgroup.arrive ptxas added
            report.append(line.strip())
    if not report and not failures:
        failures.append("no ptxas -v output (no 'Used N registers' line): was the kernel compiled?")
    return failures, report


def finish(failures, report, what):
    for line in report:
        print(line)
    if failures:
        print(f"launch_check: {len(failures)} limit(s) broken:")
        for line in failures:
            print("  FAIL " + line)
        return 1
    print(f"launch_check: ok: {what}")
    return 0


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--cuobjdump", default="", help="the cuobjdump program (default: from PATH)")
    ap.add_argument("--ptxas-log", default="", help="check ptxas -v output instead ('-': standard input)")
    ap.add_argument("binaries", nargs="*", help="the gpuaudit binary or .cu.o files")
    a = ap.parse_args(argv)
    if a.ptxas_log:
        text = sys.stdin.read() if a.ptxas_log == "-" else open(a.ptxas_log).read()
        return finish(*check_ptxas_log(text), "ptxas log")
    if not a.binaries:
        ap.error("name a binary, or --ptxas-log")
    tool = a.cuobjdump or shutil.which("cuobjdump") or ""
    if not tool or not os.access(tool, os.X_OK):
        why = "no cuobjdump (scripts/build/setup.sh --test installs the nvidia-cuda-cuobjdump wheel into .deps/cudatools)"
        print(f"launch_check: {'FAIL' if os.environ.get('CI') == 'true' else 'SKIP'}: {why}")
        return 1 if os.environ.get("CI") == "true" else SKIP
    resources = {}
    for path in a.binaries:
        out = subprocess.run([tool, "--dump-resource-usage", path], capture_output=True, text=True, check=True).stdout
        resources.update(sass_check.parse_resources(out))
    if not resources:
        print("launch_check: no kernel found (built without CUDA?)")
        return 1
    return finish(*check_launches(resources), f"{len(resources)} kernels x cubin, every launch within its limits")


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
