#!/usr/bin/env python3
"""Checks what the compiler made of the benchmark kernels: disassembles every cubin of a built
binary (or object file) with cuobjdump and asserts, per real architecture, the facts each
benchmark's figure relies on (issue 16, item 8):

  sm/fp32, sm/fp64, sm/int32   the hot loop is dense FFMA / DFMA / IMAD (a multiple of
                               kFmaChains x kFmaUnroll = 256 per trip, so each trip is whole
                               rounds of the chains x 2 FLOP the figure counts; >= 90% of the
                               loop's instructions), no local memory (LDL/STL)
  tensor/mma_fp16, _bf16       HMMA in the hot loop (a multiple of kMmaChains = 8 per trip: whole
                               iterations of 8 chains x 2mnk FLOP)
  tensor/wgmma_bf16 (sm_90a)   HGMMA in the hot loop
  hbm/*                        every global load/store of the stream kernels is 128-bit, and each
                               innermost loop moves whole elements of the operation: loads and
                               stores in the ratio the bytes formula counts (read 1:0, write 0:1,
                               copy 1:1, triad 2:1, 16 bytes each), the main loop `unroll` of them
  l2/read                      every global load is 128-bit; the main loop issues 4 per trip,
                               the tail loop 1 (bytes = passes x working set)
  every kernel                 no local memory (cuobjdump --dump-resource-usage: LOCAL:0, which
                               is where register spills go)

A rule that matches no kernel of an architecture it applies to fails too: a renamed kernel must
not pass by being skipped. Exit 0 all held, 1 a fact did not hold (each named), 2 usage, 77 the
tool is missing (1 under CI=true, which installs it) (scripts/build/setup.sh --test installs the nvidia-cuda-cuobjdump wheel).

  scripts/test/sass_check.py --cuobjdump .deps/cudatools/nvidia/cu13/bin/cuobjdump build/gpuaudit
"""
import argparse
import os
import re
import shutil
import subprocess
import sys
from dataclasses import dataclass, field

SKIP = 77

# "        /*12f0*/                   FFMA R25, R5.reuse, R6, R0.reuse ;   /* 0x... */"
INSTR = re.compile(r"^\s*/\*([0-9a-f]{4,})\*/\s+(@!?U?P[0-7T]\s+)?([A-Z][A-Z0-9_.]*)\s*([^;]*);")
FUNCTION = re.compile(r"^\s*Function\s*:\s*(\S+)")
ARCH = re.compile(r"^\s*arch\s*=\s*(sm_[0-9]+[af]?)")
RESOURCE = re.compile(r"^\s*Function\s+([^:\s]+):\s*$")
BRANCH_TARGET = re.compile(r"(?:0x)?([0-9a-f]+)\s*$")


@dataclass
class Instr:
    addr: int
    opcode: str  # with modifiers, e.g. "LDG.E.128.CONSTANT"
    operands: str

    @property
    def base(self):
        return self.opcode.split(".")[0]


@dataclass
class Function:
    name: str
    arch: str
    code: list = field(default_factory=list)
    resources: dict = field(default_factory=dict)  # REG, STACK, SHARED, LOCAL, ...


def parse_sass(text):
    """cuobjdump -sass output -> [Function]: every function of every cubin, in order."""
    out, arch, fn = [], None, None
    for line in text.splitlines():
        m = ARCH.match(line)
        if m:
            arch, fn = m.group(1), None
            continue
        m = FUNCTION.match(line)
        if m:
            fn = Function(m.group(1), arch or "?")
            out.append(fn)
            continue
        m = INSTR.match(line)
        if m and fn is not None:
            fn.code.append(Instr(int(m.group(1), 16), m.group(3), m.group(4).strip()))
    return out


def parse_resources(text):
    """cuobjdump --dump-resource-usage -> {(arch, function): {"REG": 30, "LOCAL": 0, ...}}."""
    out, arch, name = {}, None, None
    for line in text.splitlines():
        m = ARCH.match(line)
        if m:
            arch, name = m.group(1), None
            continue
        m = RESOURCE.match(line)
        if m:
            name = m.group(1)
            continue
        if name and arch and "REG:" in line:
            out[(arch, name)] = {k: int(v) for k, v in re.findall(r"([A-Z_]+(?:\[\d+\])?):(\d+)", line)}
            name = None
    return out


def loops(fn):
    """Backward branches: (first, last) index ranges of the loop bodies, innermost first."""
    index = {ins.addr: i for i, ins in enumerate(fn.code)}
    found = []
    for i, ins in enumerate(fn.code):
        if ins.base != "BRA":
            continue
        m = BRANCH_TARGET.search(ins.operands)
        if not m:
            continue
        target = int(m.group(1), 16)
        if target < ins.addr and target in index:  # `BRA self` after EXIT is padding, not a loop
            found.append((index[target], i))
    return sorted(found, key=lambda r: r[1] - r[0])


def hot_loop(fn, wanted):
    """The loop body with the most instructions for which wanted(instr) holds: (count, length),
    the length without NOPs. ptxas pads a slow pipe's dependent instructions with NOPs (sm_120's
    FP64, 1/64 rate: 1019 NOPs among 256 DFMA): stall slots, not work competing with the pipe."""
    best = (0, 0)
    for first, last in loops(fn):
        body = [ins for ins in fn.code[first:last + 1] if ins.base != "NOP"]
        n = sum(1 for ins in body if wanted(ins))
        if n > best[0]:
            best = (n, len(body))
    return best


def arch_number(arch):
    return int(re.sub(r"[^0-9]", "", arch))


def is_local(ins):
    return ins.base in ("LDL", "STL")


def is_128(ins):
    return ".128" in ins.opcode


# ---- the facts, one rule per benchmark family -------------------------------------------------
@dataclass
class Rule:
    label: str                   # the benchmark(s) relying on it
    kernel: str                  # regex on the mangled name
    check: object                # fn(Function) -> (ok, figure text)
    min_arch: int = 75
    only_arch: str = ""          # e.g. "sm_90a": the rule applies to that cubin only
    required: bool = True        # a matching kernel must exist in every cubin the rule applies to


def dense_loop(opcode, per_iteration, share=0.9):
    """per_iteration: the instructions one round of the source loop issues; a trip of the compiled
    loop must be whole rounds (a multiple), or the figure's FLOP count is not what ran."""
    def check(fn):
        n, length = hot_loop(fn, lambda ins: ins.base == opcode)
        local = sum(1 for ins in fn.code if is_local(ins))
        ok = n >= per_iteration and n % per_iteration == 0 and length and n / length >= share and local == 0
        return ok, f"hot loop {n} {opcode} ({n // per_iteration} x {per_iteration}) of {length} instructions (NOPs aside), {local} LDL/STL"
    return check


def tensor_loop(prefix, per_iteration):
    def check(fn):
        n, length = hot_loop(fn, lambda ins: ins.opcode.startswith(prefix))
        local = sum(1 for ins in fn.code if is_local(ins))
        ok = n >= per_iteration and n % per_iteration == 0 and local == 0
        return ok, f"hot loop {n} {prefix}* ({n // per_iteration} x {per_iteration}) of {length} instructions (NOPs aside), {local} LDL/STL"
    return check


def innermost_loops(fn):
    """Loop bodies (first, last) that contain no other loop."""
    found = loops(fn)
    return [(a, b) for a, b in found if not any((c, d) != (a, b) and a <= c and d <= b for c, d in found)]


def memory_per_trip(fn):
    """[(LDG, STG)] of every innermost loop that touches global memory, in code order."""
    out = []
    for first, last in sorted(innermost_loops(fn)):
        body = fn.code[first:last + 1]
        ldg, stg = sum(1 for i in body if i.base == "LDG"), sum(1 for i in body if i.base == "STG")
        if ldg or stg:
            out.append((ldg, stg))
    return out


def unroll_of(name):
    m = re.search(r"ELi(\d+)EE", name)
    return int(m.group(1)) if m else 1


def element_trips(loads, stores):
    """Stream kernels: each innermost loop moves whole elements (loads:stores per element, as the
    bytes formula counts them), the main loop `unroll` elements per trip (or a multiple)."""
    per = loads + stores

    def check(fn):
        unroll = unroll_of(fn.name)
        trips = memory_per_trip(fn)
        whole = all(l * stores == s * loads and (l + s) % per == 0 for l, s in trips)
        main = max((l + s for l, s in trips), default=0)
        ok = bool(trips) and whole and main % (unroll * per) == 0
        text = ", ".join(f"{l} LDG + {s} STG" for l, s in trips)
        return ok, f"loops move {text} ({loads} load + {stores} store per 16-byte element, {unroll} per main trip)"
    return check


def l2_trips(fn):
    trips = [l for l, s in memory_per_trip(fn)]
    ok = bool(trips) and max(trips) % 4 == 0 and min(trips) == 1
    return ok, f"loads per trip of the innermost loops: {trips} (main loop 4 per trip, tail 1)"


def wide_memory(loads, stores):
    """Every LDG/STG is 128-bit; loads/stores: whether the kernel must have them."""
    def check(fn):
        ldg = [i for i in fn.code if i.base == "LDG"]
        stg = [i for i in fn.code if i.base == "STG"]
        narrow = [i.opcode for i in ldg + stg if not is_128(i)]
        ok = not narrow and bool(ldg) == loads and bool(stg) == stores
        spellings = " ".join(sorted({i.opcode for i in ldg + stg}))
        text = f"{len(ldg)} LDG, {len(stg)} STG, all 128-bit ({spellings})" if not narrow else f"narrow: {sorted(set(narrow))}"
        return ok, text
    return check


RULES = [
    Rule("sm/fp32", r"fma_kernelIfE", dense_loop("FFMA", 256)),
    Rule("sm/fp64", r"fma_kernelIdE", dense_loop("DFMA", 256)),
    Rule("sm/int32", r"fma_kernelIjE", dense_loop("IMAD", 256)),
    Rule("tensor/mma_fp16", r"mma_kernelILNS0_7MmaTypeE0EE", tensor_loop("HMMA.16816.F32", 8), min_arch=80),
    Rule("tensor/mma_fp16 (sm_75 m16n8k8)", r"mma_kernelILNS0_7MmaTypeE0EE", tensor_loop("HMMA.1688.F32", 8),
         min_arch=75),
    Rule("tensor/mma_bf16", r"mma_kernelILNS0_7MmaTypeE1EE", tensor_loop("HMMA.16816.F32.BF16", 8), min_arch=80),
    Rule("tensor/wgmma_bf16", r"wgmma_kernel", tensor_loop("HGMMA", 1), only_arch="sm_90a"),
    Rule("hbm/read", r"stream_kernelILNS0_8StreamOpE0ELi", wide_memory(True, False)),
    Rule("hbm/write", r"stream_kernelILNS0_8StreamOpE1ELi", wide_memory(False, True)),
    Rule("hbm/copy", r"stream_kernelILNS0_8StreamOpE2ELi", wide_memory(True, True)),
    Rule("hbm/triad", r"stream_kernelILNS0_8StreamOpE3ELi", wide_memory(True, True)),
    Rule("l2/read", r"l2_read_kernel", wide_memory(True, False)),
    # Bytes per launch (benchmarks/hbm.cpp bytes_per_launch): read and write 1 x the array,
    # copy 2 x, triad 3 x: the loads and stores per element below, 16 bytes each.
    Rule("hbm/read bytes", r"stream_kernelILNS0_8StreamOpE0ELi", element_trips(1, 0)),
    Rule("hbm/write bytes", r"stream_kernelILNS0_8StreamOpE1ELi", element_trips(0, 1)),
    Rule("hbm/copy bytes", r"stream_kernelILNS0_8StreamOpE2ELi", element_trips(1, 1)),
    Rule("hbm/triad bytes", r"stream_kernelILNS0_8StreamOpE3ELi", element_trips(2, 1)),
    Rule("l2/read bytes", r"l2_read_kernel", l2_trips),
]


def applies(rule, arch):
    if rule.only_arch:
        return arch == rule.only_arch
    if not arch[-1].isdigit():  # sm_90a, sm_100f: cubins of one file built for that target alone
        return False
    n = arch_number(arch)
    if rule.label.endswith("(sm_75 m16n8k8)"):
        return n == 75
    return n >= rule.min_arch


def check_functions(functions, resources, expect_archs=()):
    """Every rule on every architecture, then LOCAL:0 for every kernel. -> (failures, report lines).
    expect_archs: cubins the build must contain (e.g. sm_90a when CMake built the wgmma kernel)."""
    failures, report = [], []
    archs = sorted({f.arch for f in functions}, key=lambda a: (arch_number(a), a))
    for arch in expect_archs:
        if arch not in archs:
            failures.append(f"{arch}: no cubin for it, though the build was configured to make one")
    for arch in archs:
        fns = [f for f in functions if f.arch == arch]
        for rule in RULES:
            if not applies(rule, arch):
                continue
            matched = [f for f in fns if re.search(rule.kernel, f.name)]
            if not matched and rule.required:
                failures.append(f"{arch} {rule.label}: no kernel matches /{rule.kernel}/")
            for f in matched:
                ok, text = rule.check(f)
                line = f"{arch} {rule.label} {short(f.name)}: {text}"
                report.append(line)
                if not ok:
                    failures.append(line)
        for f in fns:
            res = resources.get((arch, f.name))
            if res is None:
                continue
            if res.get("LOCAL", 0) != 0:
                failures.append(f"{arch} {short(f.name)}: LOCAL:{res['LOCAL']} (spills or a local array), REG:{res.get('REG')}")
    if resources:
        worst = max(resources.items(), key=lambda kv: kv[1].get("REG", 0))
        report.append(f"{len(resources)} kernels x arch checked for LOCAL:0; most registers: "
                      f"{worst[0][0]} {short(worst[0][1])} REG:{worst[1].get('REG')}")
    return failures, report


def short(mangled):
    """A readable kernel name without running c++filt: the part after the anonymous namespace."""
    m = re.search(r"_GLOBAL__N__[0-9a-f]+_\d+_\w+?_cu_[0-9a-f]{8}(\d+)(\w+)", mangled)
    if m:
        n, rest = int(m.group(1)), m.group(2)
        return rest[:n] + ("<" + rest[n:] + ">" if len(rest) > n else "")
    return mangled


def cubin_archs(cuobjdump, path):
    out = subprocess.run([cuobjdump, "--list-elf", path], capture_output=True, text=True, check=True).stdout
    return sorted(set(re.findall(r"\.(sm_[0-9]+[af]?)\.cubin", out)), key=lambda a: (arch_number(a), a))


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--cuobjdump", default="", help="the cuobjdump program (default: from PATH)")
    ap.add_argument("--expect-arch", action="append", default=[], help="a cubin that must be there (e.g. sm_90a)")
    ap.add_argument("binaries", nargs="+", help="the gpuaudit binary or .cu.o files")
    a = ap.parse_args(argv)
    tool = a.cuobjdump or shutil.which("cuobjdump") or ""
    if not tool or not os.access(tool, os.X_OK):
        why = "no cuobjdump (scripts/build/setup.sh --test installs the nvidia-cuda-cuobjdump wheel into .deps/cudatools)"
        if os.environ.get("CI") == "true":  # CI installs it: there a missing tool is a failure, not a skip
            print(f"sass_check: FAIL: {why}")
            return 1
        print(f"sass_check: SKIP: {why}")
        return SKIP
    functions, resources = [], {}
    for path in a.binaries:
        archs = cubin_archs(tool, path)
        if not archs:
            print(f"sass_check: {path} has no cubin (built without CUDA?)")
            return 1
        for arch in archs:
            sass = subprocess.run([tool, "-sass", "-arch", arch, path], capture_output=True, text=True, check=True).stdout
            # cuobjdump -arch sm_90 also prints the sm_90a cubin; keep each function once, under its own cubin.
            for f in parse_sass(sass):
                if f.arch == arch:
                    functions.append(f)
        res = subprocess.run([tool, "--dump-resource-usage", path], capture_output=True, text=True, check=True).stdout
        resources.update(parse_resources(res))
    failures, report = check_functions(functions, resources, a.expect_arch)
    for line in report:
        print(line)
    if failures:
        print(f"sass_check: {len(failures)} fact(s) did not hold:")
        for line in failures:
            print("  FAIL " + line)
        return 1
    archs = sorted({f.arch for f in functions}, key=lambda x: (arch_number(x), x))
    print(f"sass_check: ok: {len(functions)} kernels in {len(archs)} cubins ({' '.join(archs)})")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
