#!/usr/bin/env python3
"""Writes the synthetic old-card scenarios of tests/data/old-cards/ (deterministic; run from anywhere).

None of these came from a real card. Each document says in "synthetic_source" which published
figures (shared/reference/gpu_specs.csv, gpu_specs_notes.md, baselines/*.json) its numbers are built
from; samples are the median with a small seeded spread. expected.json says what scoring must conclude.
"""
import json
import os
import random

HERE = os.path.dirname(os.path.abspath(__file__))

# The CUDA 12.9 build (scripts/build/build-cuda12.sh): what such a machine runs.
TOOL = {"name": "gpuaudit", "version": "0.1.0", "cuda_runtime_built": 12090,
        "cuda_archs": ["sm_52", "sm_60", "sm_70", "sm_75", "sm_80", "sm_86", "sm_89", "sm_90", "compute_90"]}


def summary(samples):
    s = sorted(samples)
    n = len(s)
    med = s[n // 2] if n % 2 else 0.5 * (s[n // 2 - 1] + s[n // 2])
    mean = sum(s) / n
    sd = (sum((x - mean) ** 2 for x in s) / (n - 1)) ** 0.5
    return {"n": n, "median": round(med, 6), "min": s[0], "max": s[-1], "mean": round(mean, 6),
            "stddev": round(sd, 6), "cv": round(sd / mean, 6)}


def bench(rng, name, unit, median, cv=0.004, n=9, gpu=0, hib=True, derived=None, telemetry=None, params=None):
    samples = [round(median * (1 + rng.gauss(0, cv)), 4) for _ in range(n - 1)] + [median]
    return {"name": name, "gpu": gpu, "status": "ok", "message": "", "unit": unit, "higher_is_better": hib,
            "params": params or {}, "samples": samples, "summary": summary(samples),
            "derived": derived or {}, "telemetry": telemetry}


def not_applicable(name, unit, message, gpu=0):
    return {"name": name, "gpu": gpu, "status": "not-applicable", "message": message, "unit": unit,
            "higher_is_better": True, "params": {}, "samples": [], "summary": None, "derived": {}, "telemetry": None}


def telemetry(sm, power, temp, util, reasons, mem_mhz):
    rng3 = lambda lo, med, hi: {"min": lo, "median": med, "max": hi}
    return {"samples": 40, "sm_clock_mhz": rng3(*sm), "mem_clock_mhz": rng3(mem_mhz, mem_mhz, mem_mhz),
            "power_w": rng3(*power) if power else None, "temperature_c": rng3(*temp) if temp else None,
            "gpu_util_pct": rng3(*util), "clock_event_reasons": reasons,
            "pcie_gen_max_seen": 3, "pcie_width_max_seen": 16}


def na_message(name, need, arch_need, cc, arch):
    # The wording of src/probe/arch_features.cpp unavailable_reason().
    return (f"not available on this architecture: {name} needs compute capability {need} ({arch_need}) or newer; "
            f"this card is {cc} ({arch})")


def gpu(name, uuid, pci_id, cc, sms, mem, virt, power, clocks, ecc, temp, reasons):
    return {"index": 0, "name": name, "uuid": uuid, "pci_bus_id": "00000000:00:04.0", "pci_device_id": pci_id,
            "pci_subsystem_id": None, "compute_capability": cc, "sm_count": sms, "memory_total_bytes": mem,
            "memory_free_bytes": mem - 536870912, "l2_bytes": None,
            "mig": {"mode_enabled": None, "is_mig_device": False, "profile": None, "parent_uuid": None,
                    "gpu_instance_id": None},
            "virtualization_mode": virt, "power": power, "clocks": clocks, "clock_event_reasons": reasons,
            "pcie": {"gen_now": 3, "gen_max": 3, "gen_gpu_max": 3, "width_now": 16, "width_max": 16},
            "nvlink": {"links_up": 0, "links_queried": 0, "version": None}, "ecc": ecc, "temperature_c": temp,
            "persistence_mode": True, "compute_mode": "default", "numa_node": 0}


def host(cpu, vcpus, mem_gib, vendor, product, provider):
    return {"hostname": "old-card-synthetic", "cpu_model": cpu, "vcpus": vcpus, "memory_bytes": mem_gib << 30,
            "numa_nodes": 1, "kernel": "6.1.0-27-cloud-amd64", "os": "Debian GNU/Linux 12 (bookworm)",
            "sys_vendor": vendor, "product_name": product, "provider_guess": provider,
            "provider_evidence": f"DMI sys_vendor '{vendor}'", "hypervisor": "KVM", "container": None,
            "steal_pct": 0.1, "steal_window_s": 1.0}


def document(source, tags, host_info, software, gpus, benchmarks):
    return {"schema": "gpuaudit.result/1", "tool": TOOL, "created_utc": "2026-11-30T12:00:00Z",
            "synthetic": True, "synthetic_source": source, "tags": tags, "price_per_hour": None, "currency": None,
            "mode": "quick", "host": host_info, "software": software,
            "gpu_status": {"state": "ok", "message": ""}, "gpus": gpus, "benchmarks": benchmarks, "assessment": None}


def t4():
    rng = random.Random(75)
    # sm/fp32 5.4 TFLOP/s: DCGM's T4 SGEMM reference ~5500 GFLOPS (baselines/tesla-t4.json sm/fp32 5.5);
    # 40 SMs x 64 FFMA lanes x 2 -> 5.4e12 / 5120 = 1055 MHz effective, well below the 1590 MHz boost:
    # the 70 W limit (= default) holds it there, sw-power-cap active. That is the card's design point.
    fp32, eff = 5.4, round(5.4e12 / (2 * 64 * 40) / 1e6, 1)
    tel_heavy = telemetry((990, 1050, 1590), (66.0, 69.8, 70.4), (55, 63, 66), (100, 100, 100), ["sw-power-cap"], 5000)
    b = [
        bench(rng, "sm/census", "count", 40, cv=0),
        bench(rng, "sm/fp32", "TFLOP/s", fp32, derived={"effective_sm_clock_mhz": eff}, telemetry=tel_heavy),
        # FP64 at 1/32 of FP32 lanes (2 per SM per clock on sm_75) at the same clock.
        bench(rng, "sm/fp64", "TFLOP/s", round(2 * 2 * 40 * eff * 1e6 / 1e12, 4), telemetry=tel_heavy),
        # FP16 GEMM 42 TFLOP/s: torch matmul 41.9-42.7 on Colab/Kaggle T4s, ~65% of the 65 TFLOP/s spec.
        bench(rng, "gemm/fp16", "TFLOP/s", 42.0, cv=0.01, params={"m": 4096, "n": 4096, "k": 4096},
              telemetry=telemetry((1005, 1140, 1590), (67.0, 70.0, 70.6), (58, 65, 68), (100, 100, 100),
                                  ["sw-power-cap"], 5000)),
        not_applicable("gemm/bf16", "TFLOP/s", na_message("gemm/bf16", "8.0", "Ampere", "7.5", "Turing")),
        not_applicable("gemm/tf32", "TFLOP/s", na_message("gemm/tf32", "8.0", "Ampere", "7.5", "Turing")),
        not_applicable("gemm/fp8", "TFLOP/s", na_message("gemm/fp8", "8.9", "Ada Lovelace", "7.5", "Turing")),
        not_applicable("tensor/mma_bf16", "TFLOP/s", na_message("tensor/mma_bf16", "8.0", "Ampere", "7.5", "Turing")),
        # GDDR6 copy ~240 GB/s: bandwidthTest D2D 239.6, DCGM 'experimentally ~244000' (75% of 320).
        bench(rng, "hbm/copy", "GB/s", 240.0, cv=0.003),
        bench(rng, "hbm/triad", "GB/s", 238.0, cv=0.003),
        # PCIe Gen3 x16 pinned H2D: 9.6-12.4 GB/s typical (gpu_specs_notes.md section 5).
        bench(rng, "pcie/h2d_pinned", "GB/s", 11.8, cv=0.01, params={"bytes": 268435456}),
        bench(rng, "pcie/d2h_pinned", "GB/s", 12.2, cv=0.01, params={"bytes": 268435456}),
        bench(rng, "mem/allocatable", "GiB", 14.3, cv=0, derived={"fraction_of_reported": 0.953}),
        bench(rng, "host/steal", "%", 0.1, cv=0, gpu=None, hib=False),
    ]
    return document(
        "Tesla T4 at its 70 W design point, built from published figures: DCGM SGEMM ~5500 GFLOPS "
        "(NVIDIA/DCGM diag-skus), torch FP16 matmul 41.9-42.7 TFLOP/s (zzc0721/torch-performance-test-data), "
        "bandwidthTest D2D 239.6 GB/s (router-gao/cuda-demo), PCIe Gen3 x16 pinned 9.6-12.4 GB/s "
        "(gpu_specs_notes.md section 5); 40 SMs, 1590 MHz boost, 70 W (gpu_specs.csv). Not measured on any card.",
        {"provider": "example-cloud", "instance": "n1-standard-8 + 1x T4 (synthetic)"},
        host("Intel(R) Xeon(R) CPU @ 2.30GHz", 8, 30, "Google", "Google Compute Engine", "gcp"),
        {"driver_version": "535.183.01", "cuda_driver_version": 12020, "cuda_runtime_version": 12090,
         "nvml_version": "12.535.183.01", "cublas_version": "12.9.1", "nccl_version": "2.27.3",
         "warnings": ["the CUDA runtime in this binary (12.9) is newer than the driver supports (12.2)"]},
        [gpu("Tesla T4", "GPU-7a1c0de5-0000-4000-8000-000000000075", "10de:1eb8", "7.5", 40, 16106127360,
             "passthrough",
             {"limit_w": 70.0, "default_limit_w": 70.0, "min_limit_w": 60.0, "max_limit_w": 70.0,
              "enforced_limit_w": 70.0, "usage_w": 27.5},
             {"sm_max_mhz": 1590, "mem_max_mhz": 5001, "sm_now_mhz": 585, "mem_now_mhz": 5000},
             {"enabled": True, "volatile_corrected": 0, "volatile_uncorrected": 0, "aggregate_uncorrected": 0,
              "retired_pages": 0, "remapped_rows_correctable": None, "remapped_rows_uncorrectable": None,
              "remap_pending": None, "remap_failure": None},
             38, ["gpu-idle"])],
        b)


def m60_vgpu():
    rng = random.Random(52)
    # One GM204 of an M60 board behind the GRID vGPU manager, profile M60-8Q (the whole 8 GB
    # framebuffer: one vGPU per physical GPU, time-sliced by the vGPU scheduler). NVML in a vGPU
    # guest reports the virtualization mode "vgpu" and no power or temperature.
    # sm/fp32 4.2 TFLOP/s: 16 SMs x 128 FFMA lanes x 2 -> 1025 MHz effective of the 1178 MHz boost
    # (datasheet 4.8 TFLOP/s; baselines/tesla-m60.json expects 4.32 = 0.9 x datasheet).
    fp32, eff = 4.2, round(4.2e12 / (2 * 128 * 16) / 1e6, 1)
    tel = telemetry((1025, 1025, 1178), None, None, (100, 100, 100), [], 2505)
    b = [
        bench(rng, "sm/census", "count", 16, cv=0),
        bench(rng, "sm/fp32", "TFLOP/s", fp32, cv=0.01, derived={"effective_sm_clock_mhz": eff}, telemetry=tel),
        not_applicable("gemm/fp16", "TFLOP/s", na_message("gemm/fp16", "6.0", "Pascal", "5.2", "Maxwell")),
        not_applicable("gemm/bf16", "TFLOP/s", na_message("gemm/bf16", "8.0", "Ampere", "5.2", "Maxwell")),
        not_applicable("tensor/mma_fp16", "TFLOP/s", na_message("tensor/mma_fp16", "7.0", "Volta", "5.2", "Maxwell")),
        # GDDR5 160 GB/s per GPU; ~85% for a STREAM-like copy (between T4's ~75% and A40's 95%).
        bench(rng, "hbm/copy", "GB/s", 136.0, cv=0.006),
        bench(rng, "hbm/triad", "GB/s", 135.0, cv=0.006),
        bench(rng, "pcie/h2d_pinned", "GB/s", 10.4, cv=0.02, params={"bytes": 268435456}),
        # Time slices of the vGPU scheduler show as short gaps even without a co-tenant.
        bench(rng, "sm/contention", "us", 310.0, cv=0.05, hib=False, derived={"gaps_over_1ms": 0}),
        bench(rng, "mem/allocatable", "GiB", 7.4, cv=0, derived={"fraction_of_reported": 0.925}),
        bench(rng, "host/steal", "%", 0.4, cv=0, gpu=None, hib=False),
    ]
    return document(
        "Tesla M60 exposed as a GRID vGPU profile M60-8Q, built from published figures: one GM204 per "
        "nvidia-smi device, 16 SMs, 1178 MHz boost, 4.8 TFLOP/s FP32, 160 GB/s GDDR5, PCIe 3.0 x16 "
        "(gpu_specs.csv; GRID names from gpu_specs_notes.md section 4); FP32 at 87% of datasheet and copy "
        "at 85% of 160 GB/s are estimates (no public measurement of an M60 exists). Not measured on any card.",
        {"provider": "example-cloud", "instance": "vdi-m60-8q (synthetic)"},
        host("Intel(R) Xeon(R) CPU E5-2690 v4 @ 2.60GHz", 6, 56, "Microsoft Corporation", "Virtual Machine",
             "azure"),
        {"driver_version": "535.247.01", "cuda_driver_version": 12020, "cuda_runtime_version": 12090,
         "nvml_version": "12.535.247.01", "cublas_version": "12.9.1", "nccl_version": "2.27.3",
         "warnings": ["the CUDA runtime in this binary (12.9) is newer than the driver supports (12.2)"]},
        [gpu("GRID M60-8Q", "GPU-7a1c0de5-0000-4000-8000-000000000052", "10de:13f2", "5.2", 16, 8589934592,
             "vgpu",
             {"limit_w": None, "default_limit_w": None, "min_limit_w": None, "max_limit_w": None,
              "enforced_limit_w": None, "usage_w": None},
             {"sm_max_mhz": 1178, "mem_max_mhz": 2505, "sm_now_mhz": 1178, "mem_now_mhz": 2505},
             {"enabled": False, "volatile_corrected": None, "volatile_uncorrected": None,
              "aggregate_uncorrected": None, "retired_pages": None, "remapped_rows_correctable": None,
              "remapped_rows_uncorrectable": None, "remap_pending": None, "remap_failure": None},
             None, [])],
        b)


EXPECTED = {
    "_comment": "What scoring must conclude for each scenario (wire as a test once src/score lands). "
                "findings_exactly: the set of finding ids for GPU 0; must_not: ids that would be wrong.",
    "t4-70w-healthy.synthetic.json": {
        "baseline": "tesla-t4",
        "findings_exactly": ["healthy"],
        "must_not": ["power-capped", "clock-limited", "thermal-throttled", "unknown-gpu", "sliced"],
        "exit_code": 0,
        "why": "limit 70 W == default 70 W: sw-power-cap at the design point is not a cap; 1055 MHz effective "
               "matches the baseline's 70 W figures; gemm/bf16, gemm/tf32, gemm/fp8, tensor/mma_bf16 are "
               "not-applicable on Turing and neither count against the card nor lower delivered_fraction",
    },
    "m60-grid-vgpu-8q.synthetic.json": {
        "baseline": "tesla-m60",
        "findings_include": ["sliced"],
        "evidence_contains": "vgpu",
        "headline_contains": "M60-8Q",
        "must_not": ["unknown-gpu", "power-capped", "thermal-throttled"],
        "exit_code": 1,
        "why": "name 'GRID M60-8Q' is not an nvidia-smi name of the baseline, but PCI id 10de:13f2 is: match it; "
               "virtualization_mode vgpu means the card is time-sliced by the vGPU manager: say so; null power "
               "and temperature (NVML hides them in vGPU guests) are unknown, not zero",
    },
}


def main():
    for name, doc in (("t4-70w-healthy.synthetic.json", t4()), ("m60-grid-vgpu-8q.synthetic.json", m60_vgpu())):
        with open(os.path.join(HERE, name), "w") as f:
            json.dump(doc, f, indent=1)
            f.write("\n")
    with open(os.path.join(HERE, "expected.json"), "w") as f:
        json.dump(EXPECTED, f, indent=1)
        f.write("\n")


if __name__ == "__main__":
    main()
