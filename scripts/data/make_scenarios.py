#!/usr/bin/env python3
"""Writes the synthetic scoring scenarios in tests/data/scenarios/.

Each scenario is a gpuaudit.result/1 document built from PUBLISHED figures (the reference notes in
shared/reference/gpu_specs_notes.md, cited in each document's "synthetic_source"), shaped the way
`gpuaudit run` writes them, with one thing wrong (or, for the traps, something that looks wrong but
is not). The scoring tests (tests/unit/score/assess_test.cpp) assert the findings each one must give.

    python3 scripts/data/make_scenarios.py            # rewrite the folder
    python3 scripts/data/make_scenarios.py --check    # exit 1 if a committed file differs

The JSON is committed; this script only makes it reproducible. Figures are fixed numbers, no
randomness: every sample list is the figure x (0.99, 0.995, 1, 1.005, 1.01).
"""
import argparse
import json
import math
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "..", "..", "tests", "data", "scenarios")
MIB = 1024 * 1024
GIB = 1024 * MIB
CREATED = "2026-11-30T12:00:00Z"

# ---- building blocks ---------------------------------------------------------------------------


def summary(samples):
    n = len(samples)
    s = sorted(samples)
    median = s[n // 2] if n % 2 else (s[n // 2 - 1] + s[n // 2]) / 2
    mean = sum(samples) / n
    sd = math.sqrt(sum((x - mean) ** 2 for x in samples) / (n - 1)) if n > 1 else 0.0
    return {"n": n, "median": median, "min": s[0], "max": s[-1], "mean": mean, "stddev": sd,
            "cv": sd / mean if n > 1 and mean else 0.0}


def telemetry(sm_mhz=None, power_w=None, temp_c=None, reasons=(), pcie=None, mem_mhz=None):
    t = {"samples": 20}
    if sm_mhz is not None:
        t["sm_clock_mhz"] = {"min": sm_mhz * 0.98, "median": sm_mhz, "max": sm_mhz * 1.01}
    if mem_mhz is not None:
        t["mem_clock_mhz"] = {"min": mem_mhz, "median": mem_mhz, "max": mem_mhz}
    if power_w is not None:
        t["power_w"] = {"min": power_w * 0.9, "median": power_w * 0.97, "max": power_w}
    if temp_c is not None:
        t["temperature_c"] = {"min": temp_c - 6, "median": temp_c - 2, "max": temp_c}
    t["clock_event_reasons"] = list(reasons)
    t["pcie_gen_max_seen"] = pcie[0] if pcie else None
    t["pcie_width_max_seen"] = pcie[1] if pcie else None
    return t


def bench(name, value, unit, gpu=0, higher=True, derived=None, tel=None, params=None):
    samples = [round(value * f, 6) for f in (0.99, 0.995, 1.0, 1.005, 1.01)]
    if unit == "count":
        samples = [value] * 3
    return {"name": name, "gpu": gpu, "status": "ok", "message": "", "unit": unit,
            "higher_is_better": higher, "params": params or {}, "samples": samples,
            "summary": summary(samples), "derived": derived or {}, "telemetry": tel}


def host_bench(name, value, unit, derived=None, higher=True):
    b = bench(name, value, unit, gpu=None, derived=derived, higher=higher)
    b["telemetry"] = None
    return b


def gpu(index=0, name="NVIDIA H100 80GB HBM3", pci="10de:2330", cc="9.0", sms=132, mem_mib=81559,
        limit=700.0, default=700.0, sm_max=1980, mem_max=2619, pcie_now=(5, 16), pcie_max=(5, 16),
        gen_gpu_max=5, links=(18, 18), numa=0, virt="none", mig=None, ecc=None, reasons_now=()):
    g = {
        "index": index, "name": name, "uuid": "GPU-5ca1ab1e-0000-4000-8000-%012d" % index,
        "pci_bus_id": "00000000:%02X:00.0" % (0x18 + index * 0x10), "pci_device_id": pci,
        "pci_subsystem_id": None, "compute_capability": cc, "sm_count": sms,
        "memory_total_bytes": mem_mib * MIB, "memory_free_bytes": (mem_mib - 600) * MIB, "l2_bytes": None,
        "mig": mig or {"mode_enabled": False, "is_mig_device": False, "profile": None, "parent_uuid": None,
                       "gpu_instance_id": None},
        "virtualization_mode": virt,
        "power": {"limit_w": limit, "default_limit_w": default, "min_limit_w": None, "max_limit_w": default,
                  "enforced_limit_w": limit, "usage_w": 70.0},
        "clocks": {"sm_max_mhz": sm_max, "mem_max_mhz": mem_max, "sm_now_mhz": 345, "mem_now_mhz": mem_max},
        "clock_event_reasons": list(reasons_now) or ["gpu-idle"],
        "pcie": {"gen_now": pcie_now[0], "gen_max": pcie_max[0], "gen_gpu_max": gen_gpu_max,
                 "width_now": pcie_now[1], "width_max": pcie_max[1]},
        "nvlink": {"links_up": links[0], "links_queried": links[1], "version": 4 if links[1] else None},
        "ecc": ecc or {"enabled": True, "volatile_corrected": 0, "volatile_uncorrected": 0,
                       "aggregate_uncorrected": 0, "retired_pages": None, "remapped_rows_correctable": 0,
                       "remapped_rows_uncorrectable": 0, "remap_pending": False, "remap_failure": False},
        "temperature_c": 34, "persistence_mode": True, "compute_mode": "default", "numa_node": numa,
    }
    return g


def host(steal=0.2, hypervisor=None, vcpus=26, mem_gib=221, product="Standard_NC40ads_H100_v5"):
    return {"hostname": "synthetic-host", "cpu_model": "AMD EPYC 9V84 96-Core Processor", "vcpus": vcpus,
            "memory_bytes": mem_gib * GIB, "numa_nodes": 2, "kernel": "6.8.0-1015-azure",
            "os": "Ubuntu 24.04.1 LTS", "sys_vendor": "Microsoft Corporation", "product_name": "Virtual Machine",
            "provider_guess": "azure", "provider_evidence": "DMI sys_vendor Microsoft Corporation",
            "hypervisor": hypervisor, "container": None, "steal_pct": steal, "steal_window_s": 1.0}


def software(driver="570.124.06", cuda_driver=12080, runtime=12080, warnings=()):
    return {"driver_version": driver, "cuda_driver_version": cuda_driver, "cuda_runtime_version": runtime,
            "nvml_version": "12.570.124.06", "cublas_version": "12.8.4", "nccl_version": "2.25.1",
            "warnings": list(warnings)}


def host_checks(steal=0.2, all_core=0.93):
    return [host_bench("host/steal", steal, "%", higher=False),
            host_bench("host/cpu_single", 412.0, "Mops/s"),
            host_bench("host/cpu_all", 412.0 * 26 * all_core, "Mops/s", derived={"all_core_ratio": all_core})]


def document(source, gpus, benchmarks, hst=None, sw=None, price=None, tags=None, mode="quick"):
    return {
        "schema": "gpuaudit.result/1",
        "tool": {"name": "gpuaudit", "version": "0.1.0", "cuda_runtime_built": 12080, "cuda_archs": ["sm_90"]},
        "created_utc": CREATED, "synthetic": True, "synthetic_source": source,
        "tags": tags or {}, "price_per_hour": price, "currency": "USD" if price is not None else None,
        "mode": mode, "host": hst or host(), "software": sw or software(),
        "gpu_status": {"state": "ok", "message": ""}, "gpus": gpus, "benchmarks": benchmarks,
        "assessment": None,
    }


# ---- per-model healthy figures (with the published figure each is built from) -----------------

H100_SRC = ("H100 SXM5 80GB, published figures (shared/reference/gpu_specs_notes.md section 5): BF16 GEMM "
            "MAMF 794.5 / torch 784-798 TFLOP/s (stas00/ml-engineering, zzc0721); FP8 cuBLASLt 1382 (Azure ND "
            "H100 v5); BabelStream Copy 2900 / Triad 2970 GB/s (Azure ND H100 v5); nvbandwidth H2D 51 / D2H 52 "
            "GB/s (Azure); deviceQuery 132 SMs, 1980 MHz; nvidia-smi 81559 MiB, 700 W (thamada/nvidia-smi)")


def fp32_clock(tflops, sms):  # effective SM clock of an FMA loop: 128 FP32 lanes x 2 FLOP per SM per clock
    return round(tflops * 1e6 / (sms * 256), 1)


def h100_figures(g=0, gemm=781.0, fp8=1360.0, fp32=59.4, copy=2870.0, triad=2940.0, h2d=50.2, d2h=51.4,
                 sm_mhz=1965, power=690, temp=68, reasons=(), pcie=(5, 16), census=132, alloc=79.1,
                 gap_us=42.0, gaps=0, sms=132, mem_reasons=(), mem_power=520):
    heavy = telemetry(sm_mhz, power, temp, reasons)
    return [
        bench("sm/census", census, "count", g),
        bench("sm/fp32", fp32, "TFLOP/s", g, derived={"effective_sm_clock_mhz": fp32_clock(fp32, sms)}, tel=heavy),
        bench("gemm/bf16", gemm, "TFLOP/s", g, tel=heavy, params={"m": 8192, "n": 8192, "k": 8192}),
        bench("gemm/fp8", fp8, "TFLOP/s", g, tel=heavy, params={"m": 8192, "n": 8192, "k": 8192}),
        bench("hbm/copy", copy, "GB/s", g, tel=telemetry(sm_mhz, mem_power, temp - 8, mem_reasons)),
        bench("hbm/triad", triad, "GB/s", g, tel=telemetry(sm_mhz, mem_power, temp - 8, mem_reasons)),
        bench("pcie/h2d_pinned", h2d, "GB/s", g, tel=telemetry(sm_mhz, 120, 40, (), pcie)),
        bench("pcie/d2h_pinned", d2h, "GB/s", g, tel=telemetry(sm_mhz, 120, 40, (), pcie)),
        bench("sm/launch", 2.4, "us", g, higher=False),
        bench("sm/contention", gap_us, "us", g, higher=False, derived={"gaps_over_1ms": gaps}),
        bench("mem/allocatable", alloc, "GiB", g, derived={"fraction_of_reported": round(alloc / 79.65, 3)}),
    ]


# ---- the scenarios ------------------------------------------------------------------------------

def scenarios():
    s = {}

    s["h100-sxm-healthy"] = document(H100_SRC, [gpu()], h100_figures() + host_checks(), price=3.50,
                                     tags={"provider": "azure", "instance": "Standard_NC40ads_H100_v5"})

    h200_src = ("H200 SXM 141GB, published figures (gpu_specs_notes.md section 5): torch BF16 790.3 TFLOP/s "
                "(zzc0721); FP8 cuBLASLt 1366 (Azure ND H200 v5); BabelStream Copy 4010 / Triad 4150 GB/s "
                "(Azure ND H200 v5); nvbandwidth H2D 52-55.4 / D2H 55.06 GB/s; 132 SMs, 1980 MHz, 700 W")
    s["h200-healthy"] = document(
        h200_src, [gpu(name="NVIDIA H200", pci="10de:2335", mem_mib=143771, mem_max=3201)],
        [b for b in h100_figures(gemm=784.0, fp8=1350.0, copy=3955.0, triad=4090.0, h2d=52.8, d2h=54.6, alloc=139.6)
         ] + host_checks())

    a100_src = ("A100-SXM4-80GB MIG 1g.10gb, published figures (gpu_specs_notes.md sections 3 and 5): 1g.10gb = 14 "
                "of 108 SMs and 1 of 8 memory slices (real nvidia-smi mig -lgip, Azure NC A100 v4; go-nvml "
                "a100.go); full card MAMF BF16 271.2 / torch 264.5 TFLOP/s, BabelStream Triad 1700-1725 GB/s; "
                "slice figures = full-card figures x SM or memory share x 0.95-0.98")
    mig1 = {"mode_enabled": True, "is_mig_device": True, "profile": "1g.10gb",
            "parent_uuid": "GPU-5ca1ab1e-0000-4000-8000-000000000000", "gpu_instance_id": 9}
    s["a100-mig-1g10gb"] = document(
        a100_src,
        [gpu(name="NVIDIA A100-SXM4-80GB MIG 1g.10gb", pci="10de:20b2", cc="8.0", sms=14, mem_mib=9728, limit=400,
             default=400, sm_max=1410, mem_max=1593, pcie_now=(4, 16), pcie_max=(4, 16), gen_gpu_max=4,
             links=(0, 0), mig=mig1)],
        [bench("sm/census", 14, "count"),
         bench("sm/fp32", 2.23, "TFLOP/s", derived={"effective_sm_clock_mhz": fp32_clock(2.23, 14)}),
         bench("gemm/bf16", 33.3, "TFLOP/s"), bench("gemm/fp16", 32.4, "TFLOP/s"),
         bench("hbm/copy", 202.0, "GB/s"), bench("hbm/triad", 204.0, "GB/s"),
         bench("pcie/h2d_pinned", 25.6, "GB/s", tel=telemetry(pcie=(4, 16))),
         bench("sm/contention", 38.0, "us", higher=False, derived={"gaps_over_1ms": 0}),
         bench("mem/allocatable", 9.1, "GiB")] + host_checks(),
        price=0.55)

    mig3 = {"mode_enabled": True, "is_mig_device": True, "profile": "3g.40gb",
            "parent_uuid": "GPU-5ca1ab1e-0000-4000-8000-000000000000", "gpu_instance_id": 2}
    h100_mig_src = ("H100 SXM5 80GB MIG 3g.40gb, published figures (gpu_specs_notes.md sections 3 and 5): 3g.40gb "
                    "= 60 of 132 SMs and 4 of 8 memory slices (stackhpc/ansible-slurm-appliance docs/mig.md, real "
                    "lgip); full-card figures as in h100-sxm-healthy x SM share (60/132) or memory share (4/8) "
                    "x 0.97-0.98")
    s["h100-mig-3g40gb"] = document(
        h100_mig_src,
        [gpu(name="NVIDIA H100 80GB HBM3 MIG 3g.40gb", sms=60, mem_mib=40448, links=(0, 0), mig=mig3)],
        [bench("sm/census", 60, "count"),
         bench("sm/fp32", 26.8, "TFLOP/s", derived={"effective_sm_clock_mhz": fp32_clock(26.8, 60)}),
         bench("gemm/bf16", 351.9, "TFLOP/s"), bench("gemm/fp8", 612.0, "TFLOP/s"),
         bench("hbm/copy", 1406.5, "GB/s"), bench("hbm/triad", 1440.0, "GB/s"),
         bench("pcie/h2d_pinned", 50.4, "GB/s", tel=telemetry(pcie=(5, 16))),
         bench("sm/contention", 40.0, "us", higher=False, derived={"gaps_over_1ms": 0}),
         bench("mem/allocatable", 38.9, "GiB")] + host_checks(),
        price=2.10)

    vgpu_src = ("H100 SXM5 80GB as a time-sliced vGPU (NVIDIA vGPU type H100XM-40C, NVIDIA vGPU Types Reference "
                "via gpu_specs_notes.md section 4: a time-sliced vGPU shows the full SM count and a reduced "
                "framebuffer); throughput = h100-sxm-healthy figures x 0.45 (two co-tenants busy), 8.2 ms "
                "scheduler slices; in-guest NVML reports no clocks, power or links")
    vg = gpu(name="NVIDIA H100XM-40C", mem_mib=40960, limit=None, default=None, sm_max=None, links=(0, 0),
             virt="vgpu")
    vfig = [bench("sm/census", 132, "count"),
            bench("sm/fp32", 27.1, "TFLOP/s", derived={"effective_sm_clock_mhz": fp32_clock(27.1, 132)}),
            bench("gemm/bf16", 355.0, "TFLOP/s"), bench("gemm/fp8", 622.0, "TFLOP/s"),
            bench("hbm/copy", 1305.0, "GB/s"), bench("hbm/triad", 1336.0, "GB/s"),
            bench("pcie/h2d_pinned", 47.9, "GB/s"), bench("pcie/d2h_pinned", 49.0, "GB/s"),
            bench("sm/contention", 8200.0, "us", higher=False, derived={"gaps_over_1ms": 37}),
            bench("mem/allocatable", 39.2, "GiB")]
    s["vgpu-time-sliced"] = document(vgpu_src, [vg], vfig + host_checks(), hst=host(hypervisor="VMware"))

    s["h100-power-capped"] = document(
        H100_SRC + "; power limit lowered to 350 W (nvidia-smi -pl 350): tensor and FMA rates drop to the "
                   "350 W class (H100 PCIe at 350 W measures 496 TFLOP/s BF16 with 114 SMs), memory streams "
                   "stay at full bandwidth",
        [gpu(limit=350.0)],
        h100_figures(gemm=470.0, fp8=830.0, fp32=42.5, sm_mhz=1395, power=350, reasons=("sw-power-cap",),
                     mem_power=345, copy=2860.0, triad=2930.0) + host_checks())

    s["h100-thermal-throttled"] = document(
        H100_SRC + "; cooling fault: sw-thermal and hw-thermal slowdown at 91 C, tensor rate -23%, FMA rate -19%",
        [gpu()],
        h100_figures(gemm=610.0, fp8=1070.0, fp32=48.8, sm_mhz=1590, power=560, temp=91,
                     reasons=("sw-thermal", "hw-thermal"), copy=2850.0) + host_checks())

    s["h100-clock-limited"] = document(
        H100_SRC + "; application clocks locked at 1275 MHz (nvidia-smi -lgc 1275): FMA and tensor rates scale "
                   "with the clock (x 1275/1980), memory bandwidth unaffected",
        [gpu()],
        h100_figures(gemm=520.0, fp8=905.0, fp32=42.0, sm_mhz=1275, power=430, reasons=("applications-clocks",),
                     copy=2880.0) + host_checks())

    h100p_src = ("H100 PCIe 80GB, published figures (gpu_specs_notes.md section 5): torch BF16 495.9 TFLOP/s "
                 "(zzc0721), gpu-benches triad 1832 / read 1942 GB/s, 114 SMs, 1755 MHz, 350 W; PCIe 5.0 x16 "
                 "trained down to Gen3 x8 (raw 7.9 GB/s; pinned H2D Gen3 x16 measures 9.6-12.4 GB/s, so x8 "
                 "gives about half)")
    s["pcie-gen3-x8"] = document(
        h100p_src,
        [gpu(name="NVIDIA H100 PCIe", pci="10de:2331", sms=114, limit=350.0, default=350.0, sm_max=1755,
             mem_max=1593, pcie_now=(3, 8), pcie_max=(5, 16), links=(0, 12))],
        [bench("sm/census", 114, "count"),
         bench("sm/fp32", 37.9, "TFLOP/s", derived={"effective_sm_clock_mhz": fp32_clock(37.9, 114)},
               tel=telemetry(1650, 345, 71, ("sw-power-cap",))),
         bench("gemm/bf16", 489.0, "TFLOP/s", tel=telemetry(1530, 348, 74, ("sw-power-cap",))),
         bench("hbm/copy", 1818.0, "GB/s"), bench("hbm/triad", 1820.0, "GB/s"),
         bench("pcie/h2d_pinned", 6.6, "GB/s", tel=telemetry(1755, 90, 45, (), (3, 8))),
         bench("pcie/d2h_pinned", 6.9, "GB/s", tel=telemetry(1755, 90, 45, (), (3, 8)))] + host_checks())

    l40s_src = ("L40S, published figures (gpu_specs_notes.md section 5): torch BF16 269.2 TFLOP/s (zzc0721), "
                "DCGM DRAM ~700000 (raw) and GDDR6 STREAM efficiency 93-96% of 864 GB/s; pinned H2D Gen4 x16 "
                "24-26.4 GB/s; 142 SMs, 2520 MHz, 350 W (thamada/nvidia-smi). The link idles at Gen1 (ASPM/"
                "power saving) and runs Gen4 x16 under load")
    s["pcie-gen1-idle-healthy"] = document(
        l40s_src,
        [gpu(name="NVIDIA L40S", pci="10de:26b9", cc="8.9", sms=142, mem_mib=46068, limit=350.0, default=350.0,
             sm_max=2520, mem_max=9001, pcie_now=(1, 16), pcie_max=(4, 16), gen_gpu_max=4, links=(0, 0))],
        [bench("sm/census", 142, "count"),
         bench("sm/fp32", 80.9, "TFLOP/s", derived={"effective_sm_clock_mhz": fp32_clock(80.9, 142)},
               tel=telemetry(2235, 348, 70, ("sw-power-cap",))),
         bench("gemm/bf16", 262.0, "TFLOP/s", tel=telemetry(2010, 349, 72, ("sw-power-cap",))),
         bench("hbm/copy", 801.0, "GB/s"), bench("hbm/triad", 806.0, "GB/s"),
         bench("pcie/h2d_pinned", 24.6, "GB/s", tel=telemetry(2520, 110, 44, (), (4, 16))),
         bench("pcie/d2h_pinned", 25.3, "GB/s", tel=telemetry(2520, 110, 44, (), (4, 16)))] + host_checks())

    s["h100-passthrough-healthy"] = document(
        H100_SRC + "; full-GPU passthrough into a KVM guest (virtualization_mode passthrough): the whole card, "
                   "bare-metal figures",
        [gpu(virt="passthrough")], h100_figures(gemm=778.0, copy=2868.0) + host_checks(),
        hst=host(hypervisor="KVM"))

    h20_src = ("H20 96GB, published figures (gpu_specs_notes.md sections 2 and 5): torch BF16 142.3 TFLOP/s "
               "(zzc0721 issue #77) = 15% of H100's dense 989 TFLOP/s tensor rate (export-limited, fully "
               "reachable), TF32 71.8, FP32 32.0; DCGM DRAM ~2010000 (raw) for 10de:2329; 78 SMs; nvidia-smi "
               "97871 MiB, 500 W (NVIDIA/nvtrust issue #128)")
    s["h20-healthy"] = document(
        h20_src,
        [gpu(name="NVIDIA H20", pci="10de:2329", sms=78, mem_mib=97871, limit=500.0, default=500.0, sm_max=1755,
             mem_max=2619)],
        [bench("sm/census", 78, "count"),
         bench("sm/fp32", 31.2, "TFLOP/s", derived={"effective_sm_clock_mhz": fp32_clock(31.2, 78)},
               tel=telemetry(1755, 380, 62)),
         bench("gemm/bf16", 140.1, "TFLOP/s", tel=telemetry(1755, 410, 64)),
         bench("gemm/tf32", 70.9, "TFLOP/s", tel=telemetry(1755, 400, 64)),
         bench("hbm/copy", 2010.0, "GB/s"), bench("hbm/triad", 2040.0, "GB/s"),
         bench("pcie/h2d_pinned", 50.6, "GB/s", tel=telemetry(1755, 120, 40, (), (5, 16)))] + host_checks())

    l4_src = ("L4, published figures (gpu_specs_notes.md sections 2 and 5): BF16 GEMM 70.9 TFLOP/s peak at "
              "2048^3 = 59% of the 121 TFLOP/s datasheet (zzc0721 issue #120; the card is power-limited at 72 W "
              "and always at its power cap under GEMM), DCGM DRAM ~264610 (raw), 58 SMs, 2040 MHz; pinned H2D "
              "Gen4 x16 24-26.4 GB/s")
    s["l4-healthy"] = document(
        l4_src,
        [gpu(name="NVIDIA L4", pci="10de:27b8", cc="8.9", sms=58, mem_mib=23034, limit=72.0, default=72.0,
             sm_max=2040, mem_max=6251, pcie_now=(4, 16), pcie_max=(4, 16), gen_gpu_max=4, links=(0, 0))],
        [bench("sm/census", 58, "count"),
         bench("sm/fp32", 17.6, "TFLOP/s", derived={"effective_sm_clock_mhz": fp32_clock(17.6, 58)},
               tel=telemetry(1185, 72, 71, ("sw-power-cap",))),
         bench("gemm/bf16", 71.4, "TFLOP/s", tel=telemetry(1410, 72, 73, ("sw-power-cap",)),
               params={"m": 2048, "n": 2048, "k": 2048}),
         bench("hbm/copy", 251.0, "GB/s"), bench("hbm/triad", 254.0, "GB/s"),
         bench("pcie/h2d_pinned", 24.2, "GB/s", tel=telemetry(2040, 40, 45, (), (4, 16)))] + host_checks(),
        price=0.80)

    a100_full_src = ("A100-SXM4-80GB, published figures (gpu_specs_notes.md section 5): MAMF BF16 271.2 / torch "
                     "264.5 TFLOP/s, cuBLASLt FP16 256.5; BabelStream Triad 1700-1725 GB/s (Azure, Tursa); "
                     "nvbandwidth H2D 26.28 GB/s (Azure); 108 SMs, 1410 MHz, 400 W")
    a100_gpu = gpu(name="NVIDIA A100-SXM4-80GB", pci="10de:20b2", cc="8.0", sms=108, mem_mib=81920, limit=400.0,
                   default=400.0, sm_max=1410, mem_max=1593, pcie_now=(4, 16), pcie_max=(4, 16), gen_gpu_max=4,
                   links=(12, 12))
    a100_figs = [bench("sm/census", 108, "count"),
                 bench("sm/fp32", 17.3, "TFLOP/s", derived={"effective_sm_clock_mhz": fp32_clock(17.3, 108)},
                       tel=telemetry(1410, 390, 66)),
                 bench("gemm/bf16", 262.0, "TFLOP/s", tel=telemetry(1395, 398, 68)),
                 bench("gemm/fp16", 254.0, "TFLOP/s", tel=telemetry(1395, 398, 68)),
                 bench("hbm/copy", 1688.0, "GB/s"), bench("hbm/triad", 1702.0, "GB/s"),
                 bench("pcie/h2d_pinned", 25.9, "GB/s", tel=telemetry(1410, 90, 40, (), (4, 16)))]
    s["host-bound-steal"] = document(
        a100_full_src + "; host: 12% CPU steal on an oversubscribed hypervisor (host/steal)",
        [a100_gpu], a100_figs + host_checks(steal=12.0), hst=host(steal=11.8, hypervisor="KVM"))

    bad_ecc = {"enabled": True, "volatile_corrected": 1843, "volatile_uncorrected": 0, "aggregate_uncorrected": 7,
               "retired_pages": None, "remapped_rows_correctable": 2, "remapped_rows_uncorrectable": 5,
               "remap_pending": False, "remap_failure": False}
    s["memory-degraded"] = document(
        H100_SRC + "; failing HBM: 5 rows remapped after uncorrectable errors, copy bandwidth 60% of the "
                   "BabelStream reference while tensor and FMA rates stay at par",
        [gpu(ecc=bad_ecc)], h100_figures(copy=1740.0, triad=1785.0) + host_checks())

    s["software-driver-old"] = document(
        H100_SRC + "; driver 535.183.01 (CUDA 12.2) under a CUDA 12.9 runtime: minor-version compatibility",
        [gpu()], h100_figures() + host_checks(),
        sw=software(driver="535.183.01", cuda_driver=12020, runtime=12090,
                    warnings=["CUDA runtime 12.9 is newer than the driver supports (12.2): minor-version "
                              "compatibility, PTX JIT unavailable"]))

    s["unknown-gpu"] = document(
        "An integrated Jetson AGX Thor GPU (compute capability 11.0, 20 SMs / 2560 CUDA cores, 128 GB shared "
        "LPDDR5X, from NVIDIA's Jetson Thor product page): gpuaudit has no baseline, no reference model and no "
        "per-SM rates for 11.x, so nothing can be estimated; the name 'NVIDIA Thor' is assumed; figures "
        "illustrative, not compared",
        [gpu(name="NVIDIA Thor", pci=None, cc="11.0", sms=20, mem_mib=125772, limit=130.0, default=130.0,
             sm_max=1575, mem_max=4266, pcie_now=(None, None), pcie_max=(None, None), gen_gpu_max=None,
             links=(0, 0))],
        [bench("sm/census", 20, "count"),
         bench("sm/fp32", 7.5, "TFLOP/s", derived={"effective_sm_clock_mhz": fp32_clock(7.5, 20)}),
         bench("hbm/copy", 230.0, "GB/s")] + host_checks())

    s["unknown-gpu-hopper-fallback"] = document(
        "An H100 SXM5 64GB board (NVIDIA vGPU Types Reference board prefix H100XS, gpu_specs_notes.md section "
        "4) that has no baseline of its own: compute capability 9.0 falls back to the H100 SXM5 80GB per-SM "
        "reference; figures = h100-sxm-healthy compute figures",
        [gpu(name="NVIDIA H100 64GB HBM3", pci="10de:2339", mem_mib=65240)],
        [bench("sm/census", 132, "count"),
         bench("sm/fp32", 59.4, "TFLOP/s", derived={"effective_sm_clock_mhz": fp32_clock(59.4, 132)}),
         bench("gemm/bf16", 779.0, "TFLOP/s"), bench("hbm/copy", 2350.0, "GB/s")] + host_checks())

    numa_figs = h100_figures(h2d=31.5)
    numa_figs.append(bench("pcie/h2d_pinned_remote", 50.5, "GB/s", tel=telemetry(1980, 120, 40, (), (5, 16)),
                           params={"host_numa_node": 1}))
    s["numa-misplaced"] = document(
        H100_SRC + "; the GPU reports NUMA node 0 but hangs off socket 1: copies from node 0 cross the socket "
                   "link (31.5 GB/s) while node 1 gives the nvbandwidth figure (50.5 GB/s)",
        [gpu(numa=0)], numa_figs + host_checks())

    two = [gpu(0), gpu(1, links=(12, 18))]
    figs2 = h100_figures(0) + h100_figures(1, gemm=779.0, copy=2866.0)
    figs2.append({**bench("nccl/allreduce", 360.0, "GB/s", gpu=None), "telemetry": None})
    s["nvlink-degraded"] = document(
        H100_SRC + "; two GPUs of an HGX H100 board, GPU 1 with 6 of its 18 NVLink4 links down (nvidia-smi "
                   "nvlink -s shows them inactive)",
        two, figs2 + host_checks())

    s["no-nvlink"] = document(
        H100_SRC + "; two GPUs of an HGX H100 board with every NVLink link down (fabric manager not running): "
                   "0 of 18 links up on both",
        [gpu(0, links=(0, 18)), gpu(1, links=(0, 18))],
        h100_figures(0) + h100_figures(1, gemm=783.0) + host_checks())
    return s


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--check", action="store_true", help="compare with the committed files instead of writing")
    args = ap.parse_args()
    os.makedirs(OUT, exist_ok=True)
    differ = []
    for name, doc in sorted(scenarios().items()):
        path = os.path.join(OUT, name + ".synthetic.json")
        text = json.dumps(doc, indent=2) + "\n"
        if args.check:
            try:
                with open(path) as f:
                    if f.read() != text:
                        differ.append(path)
            except FileNotFoundError:
                differ.append(path)
        else:
            with open(path, "w") as f:
                f.write(text)
    if differ:
        print("out of date: " + ", ".join(differ), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
