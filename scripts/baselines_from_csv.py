#!/usr/bin/env python3
"""Generate baselines/*.json from the reference CSV plus the hand-curated overlay below.

    scripts/baselines_from_csv.py [--csv PATH] [--out baselines/]

The CSV (gpu_specs.csv, with gpu_specs_notes.md beside it) holds the datasheet figures and the
public measurements, one row per model. It is free text in places ("300 per board (...)"), so
every judgement a number needs -- which boards a row covers, the per-GPU TDP of a two-GPU board,
the MIG tables of notes section 3, and every *expected achievable* figure with why -- lives in
MODELS below, not in hand edits to the JSON. Re-running the script reproduces the files exactly;
review the diff after any change.

Rules the overlay follows (docs/baselines.md):
* Datasheet values take their source from the CSV row's spec sources; a '?' in the cell marks the
  value uncertain.
* An expected figure is a public measurement (named), or "datasheet x fraction" with the reason;
  estimates are marked uncertain.
"""
from __future__ import annotations

import argparse
import csv
import json
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEFAULT_CSV = os.path.join(ROOT, "..", "shared", "reference", "gpu_specs.csv")
# Rows for the models the shared reference does not hold (workstation, GeForce, the rest of the
# data-centre line), same columns and conventions, kept beside this script.
EXTRA_CSV = os.path.join(ROOT, "scripts", "gpu_specs_extra.csv")
NOTES = "gpu_specs_notes.md"
SCHEMA = "gpuaudit.baseline/1"

# ---- how a CSV source is used --------------------------------------------------------------------
# Row sources are split by what they support, so a datasheet value does not cite a torch benchmark.
MEASUREMENT_HINTS = ("torch-performance", "gpu-benches", "gpu-stream", "BabelStream", "nvbandwidth",
                     "AI-benchmarking", "della-gpu", "cuda_examples", "PowerCapping", "ALCFBeginners",
                     "02-cuda-bandwidth", "benchmark-BabelStream")
MIG_HINTS = ("mig-user-guide", "mig-parted", "go-nvml", "gpu-operator", "lgip", "mig.md", "Scaleway")


def split_sources(cell: str) -> list[str]:
    return [s.strip() for s in cell.split(" | ") if s.strip()]


def spec_sources(sources: list[str]) -> str:
    keep = [s for s in sources
            if not any(h in s for h in MEASUREMENT_HINTS) and not any(h in s for h in MIG_HINTS)]
    return " | ".join(keep or sources)


def mig_sources(sources: list[str]) -> str:
    keep = [s for s in sources if any(h in s for h in MIG_HINTS)]
    return " | ".join(keep) + f" | {NOTES} section 3"


# ---- parsing CSV cells ---------------------------------------------------------------------------
NUMBER = re.compile(r"[0-9]+(?:\.[0-9]+)?")


def first_number(cell: str):
    """The leading figure of a cell ("~1965-1980? (...)" -> 1965), None for n/a, none, ?."""
    c = cell.strip()
    if not c or c.lower().startswith(("n/a", "none", "?")):
        return None
    m = NUMBER.search(c)
    return float(m.group()) if m else None


def sourced(row, column, source, scale=1.0):
    v = first_number(row[column])
    if v is None:
        return None
    return {"value": round(v * scale, 3), "source": source, "uncertain": "?" in row[column]}


def pcie_link(cell: str):
    m = re.match(r"PCIe ([0-9])\.0 x([0-9]+)", cell.strip())
    return (int(m.group(1)), int(m.group(2))) if m else (None, None)


# ---- expected figures ------------------------------------------------------------------------------
def meas(value, source, uncertain=False, note="", tolerance=None):
    """A public measurement."""
    return {"kind": "meas", "value": value, "source": source, "uncertain": uncertain, "note": note,
            "tolerance": tolerance}


def frac(peak_field, fraction, why, note="", tolerance=None):
    """datasheet x fraction, always uncertain: no public measurement of this card."""
    return {"kind": "frac", "peak": peak_field, "fraction": fraction, "why": why, "note": note,
            "tolerance": tolerance}


# Efficiency classes, from gpu_specs_notes.md section 5 ("Derived typical efficiencies").
HBM = (0.86, "HBM STREAM-like copy/triad reaches 83-89% of peak on A100/H100/H200 (notes section 5)")
GDDR = (0.90, "GDDR STREAM-like reaches 93-96% on A40/L40, ~75% on T4 (notes section 5)")
GEMM_HBM = (0.80, "BF16/FP16 GEMM on SXM/HBM parts reaches 77-87% of dense peak (notes section 5)")
GEMM_CAPPED = (0.60, "power-capped PCIe parts reach 50-67% of dense peak (L4, T4, H100 PCIe; notes section 2)")
GEMM_RATE_CAPPED = (0.97, "capped-rate parts (A10G, L20, H20, GeForce) reach 95-107% (notes section 5)")
FMA_FULL = (0.90, "an FMA loop runs at ~97% of the peak at its clock; under full load data-center cards hold "
                  "~90-95% of max boost [inference]")
FMA_CAPPED = (0.70, "power cap: clocks fall well below boost under a full-chip FMA load [inference]")
FMA_GEFORCE = (1.0, "GeForce cards boost at or above the rated clock (notes section 2.3)")


def pcie_typical(gen, uncertain=True, extra=""):
    table = {
        3: (12.0, "PCIe Gen3 x16 pinned H2D is 9.6-12.4 GB/s (V100 PCIe 12.35 with >=256 MB copies, "
                  "te42kyfo/gpu-benches cuda-memcpy; quick-mode bandwidthTest understates)"),
        4: (25.0, "PCIe Gen4 x16 pinned H2D is 24-26.4 GB/s (A100 SXM4 25.13 nvbandwidth #42, A100 PCIe 26.2 "
                  "bandwidthTest, RTX 4090 24-26.4 nvbandwidth #15)"),
        5: (52.0, "PCIe Gen5 x16 pinned H2D is 51-55.4 GB/s (H100 SXM 51 and H200 52 Azure nvbandwidth, "
                  "H200 55.43 nvbandwidth CE)"),
    }
    v, why = table[gen]
    return meas(v, "typical for the link: " + why + (f"; {extra}" if extra else ""), uncertain)


# ---- MIG profile tables (notes section 3): (name, SMs, max instances, memory slices of 8, GiB) ----
def mig(table, source, uncertain_from=None):
    """uncertain_from: profile names whose SM count is inferred, not seen in a real lgip."""
    out = []
    for name, sms, count, slices, gib in table:
        out.append({"name": name, "sm_count": sms, "max_instances": count, "memory_slices": slices,
                    "memory_gib": gib, "source": source,
                    "uncertain": bool(uncertain_from) and name in uncertain_from})
    return out


A100_40 = [("1g.5gb", 14, 7, 1, 4.75), ("1g.5gb+me", 14, 1, 1, None), ("1g.10gb", 14, 4, 2, None),
           ("2g.10gb", 28, 3, 2, 9.75), ("3g.20gb", 42, 2, 4, 19.62), ("4g.20gb", 56, 1, 4, None),
           ("7g.40gb", 98, 1, 8, 39.5)]
A100_80 = [("1g.10gb", 14, 7, 1, 9.5), ("1g.10gb+me", 14, 1, 1, None), ("1g.20gb", 14, 4, 2, None),
           ("2g.20gb", 28, 3, 2, 19.5), ("3g.40gb", 42, 2, 4, 39.25), ("4g.40gb", 56, 1, 4, None),
           ("7g.80gb", 98, 1, 8, 79.0)]
A30 = [("1g.6gb", 14, 4, 2, None), ("1g.6gb+me", 14, 1, 2, None), ("2g.12gb", 28, 2, 4, None),
       ("2g.12gb+me", 28, 1, 4, None), ("4g.24gb", 56, 1, 8, None)]
H100_SXM = [("1g.10gb", 16, 7, 1, 9.75), ("1g.10gb+me", 16, 1, 1, None), ("1g.20gb", 26, 4, 2, 19.62),
            ("2g.20gb", 32, 3, 2, 19.62), ("3g.40gb", 60, 2, 4, 39.5), ("4g.40gb", 64, 1, 4, None),
            ("7g.80gb", 132, 1, 8, 79.25)]
H100_PCIE = [("1g.10gb", 14, 7, 1, 9.75), ("1g.10gb+me", 14, 1, 1, None), ("1g.20gb", 14, 4, 2, 19.62),
             ("2g.20gb", 30, 3, 2, None), ("3g.40gb", 46, 2, 4, 39.5), ("4g.40gb", 62, 1, 4, None),
             ("7g.80gb", 114, 1, 8, 79.25)]
H100_NVL = [("1g.12gb", 16, 7, 1, 10.75), ("1g.12gb+me", 16, 1, 1, None), ("1g.24gb", 26, 4, 2, 21.62),
            ("2g.24gb", 32, 3, 2, 21.62), ("3g.47gb", 60, 2, 4, 46.38), ("4g.47gb", 64, 1, 4, None),
            ("7g.94gb", 132, 1, 8, None)]
H200 = [("1g.18gb", 16, 7, 1, 16.0), ("1g.18gb+me", 16, 1, 1, None), ("1g.35gb", 26, 4, 2, 32.25),
        ("2g.35gb", 32, 3, 2, None), ("3g.71gb", 60, 2, 4, 69.5), ("4g.71gb", 64, 1, 4, None),
        ("7g.141gb", 132, 1, 8, 139.75)]
HOPPER_96 = [("1g.12gb", 16, 7, 1, None), ("1g.12gb+me", 16, 1, 1, None), ("1g.24gb", 26, 4, 2, None),
             ("2g.24gb", 32, 3, 2, None), ("3g.48gb", 60, 2, 4, None), ("4g.48gb", 64, 1, 4, None),
             ("7g.96gb", 132, 1, 8, None)]
H20_96 = [(n, None, c, s, g) for (n, _, c, s, g) in HOPPER_96]
H20_141 = [(n, None, c, s, None) for (n, _, c, s, g) in H200]  # H200 profile names (notes section 3)
GH200_144 = [("1g.18gb", 16, 7, 1, 17.5), ("1g.18gb+me", 16, 1, 1, None), ("1g.36gb", 26, 4, 2, 35.25),
             ("2g.36gb", 32, 3, 2, 35.25), ("3g.72gb", 60, 2, 4, None), ("4g.72gb", 64, 1, 4, None),
             ("7g.144gb", 132, 1, 8, None)]
B200 = [("1g.23gb", 18, 7, 1, 22.0), ("1g.23gb+me", 18, 1, 1, None), ("1g.45gb", 30, 4, 2, 44.25),
        ("2g.45gb", 36, 3, 2, 44.25), ("3g.90gb", None, 2, 4, None), ("4g.90gb", None, 1, 4, None),
        ("7g.180gb", 148, 1, 8, None)]
ALL = lambda table: {n for n, *_ in table}  # noqa: E731

# ---- the overlay: one entry per board ----------------------------------------------------------------
# csv: the row's `model` cell. Keys other than those read by build() are errors (typo guard).
DCGM = "NVIDIA/DCGM:nvvs/diag-skus.yaml.in@72fa3fe"
ZZC = "zzc0721/torch-performance-test-data:database.md@9d82827"
STAS = "stas00/ml-engineering:compute/accelerator/README.md@744d01e"
# Calibration on published healthy cards (docs/baselines.md; tests/data/published-healthy): a torch sweep's
# best size is not a shape gpuaudit runs, so an expectation from zzc0721's torch rows takes the rows at
# gpuaudit's shapes (8192^3; 10240^3 is one of --full's), and MAMF's best-of-sweep reads a little above them.
ZZC_108 = "zzc0721/torch-performance-test-data issue #108"
ZZC_112 = "zzc0721/torch-performance-test-data issue #112"
BEST_SIZE_NOT_OURS = "the database's best size (a smaller n) is not a shape gpuaudit runs"
ZZC_PR15 = "zzc0721/torch-performance-test-data pull request #15"
ZZC_162 = "zzc0721/torch-performance-test-data issue #162"
CALIBRATION_SOURCES = (STAS, ZZC_108, ZZC_112, "zzc0721/torch-performance-test-data issue #107", ZZC_PR15, ZZC_162)
# Azure/AI-benchmarking-guide's NVBandwidth.py (2024-09) runs nvbandwidth's SM copies (host_to_device_memcpy_sm,
# device_to_host_memcpy_sm), not the copy-engine copy gpuaudit's pcie/*_pinned times (docs/import-benchmarks.md).
AZ_SM = ("an SM copy (NVBandwidth.py runs host_to_device_memcpy_sm / device_to_host_memcpy_sm), not the copy-engine copy "
         "gpuaudit times; a CE copy reads 0-7% higher (H200: SM 52, CE 55.43 on another 8x H200)")
MAMF_BIAS = "best shape of a sweep: gpuaudit's fixed large shapes read 0-3% lower, inside the tolerance"
DS_A16 = "NVIDIA A16 datasheet (gpu_specs_extra.csv)"
# The driver's own table of names and device ids (what nvidia-smi prints for each id/subsystem).
OGKM_REF = "NVIDIA/open-gpu-kernel-modules:README.md@df1c9a3, Compatible GPUs table"

MODELS = [
    dict(id="tesla-m60", csv="Tesla M60 (per GPU; board = 2x GM204)", model="Tesla M60 (one GPU of the board)",
         names=["Tesla M60"], reference=True,
         tdp={"value": 150, "uncertain": True,
              "source": "300 W per two-GPU board, half per GPU (225-300 W configurable; DCGM targets 161 W per GPU): "
                        "DCGM diag-skus and the CSV row's spec sources"},
         expected={"hbm/copy": frac("memory_bandwidth_gbs", *GDDR),
                   "hbm/triad": frac("memory_bandwidth_gbs", *GDDR),
                   "sm/fp32": frac("fp32_tflops", *FMA_FULL),
                   "pcie/h2d_pinned": pcie_typical(3, extra="the board's two GPUs share one link behind an "
                                                           "on-board switch")},
         notes="Every figure is per GPU; one board is two GM204 GPUs, each its own nvidia-smi device. Usually "
               "rented as GRID vGPU ('GRID M60-8Q'): then the name differs and compute depends on the profile. "
               "No public measurement found: all expectations are estimates."),
    dict(id="tesla-p4", csv="Tesla P4", names=["Tesla P4"], reference=True,
         expected={"hbm/copy": frac("memory_bandwidth_gbs", 0.80, "GDDR5 on a 50/75 W card [inference]"),
                   "hbm/triad": frac("memory_bandwidth_gbs", 0.80, "GDDR5 on a 50/75 W card [inference]"),
                   "sm/fp32": meas(4.96, "torch FP32 matmul 4.96 TFLOP/s (" + ZZC + "), an SGEMM standing in for the "
                                   "FMA rate", uncertain=True),
                   "pcie/h2d_pinned": pcie_typical(3)},
         notes="50/75 W low-profile inference card; clocks sit well below boost under load. No tensor cores; "
               "FP16 at 1/64 rate, so no GEMM expectation."),
    dict(id="tesla-p100-pcie-16gb", csv="Tesla P100 PCIe 16GB", names=["Tesla P100-PCIE-16GB"], reference=True,
         override={"fp16_tensor_tflops": None},
         expected={"hbm/copy": frac("memory_bandwidth_gbs", 0.75, "first-generation HBM2 reaches ~75% in STREAM-like "
                                    "tests [inference]"),
                   "hbm/triad": frac("memory_bandwidth_gbs", 0.75, "first-generation HBM2 reaches ~75% in STREAM-like "
                                     "tests [inference]"),
                   "gemm/fp16": meas(8.39, "torch FP16 matmul 8.39 TFLOP/s on Kaggle (" + ZZC + ")", uncertain=True,
                                     note="no tensor cores: FP16 runs as packed math on CUDA cores (18.7 TF peak with "
                                          "FP16 accumulate); with FP32 accumulate cuBLAS reaches about FP32 speed"),
                   "sm/fp32": meas(8.63, "torch FP32 matmul 8.63 TFLOP/s on Kaggle (" + ZZC + "), an SGEMM standing "
                                   "in for the FMA rate", uncertain=True),
                   "pcie/h2d_pinned": pcie_typical(3)},
         notes="No tensor cores: fp16_tensor_tflops is null; packed FP16 on CUDA cores peaks at 18.7 TF. "
               "P100 SXM2 16GB (10de:15f9) differs: 1480 MHz, 10.6 TF FP32, 300 W, NVLink. P100 PCIe 12GB "
               "(10de:15f7) has 549 GB/s."),
    dict(id="tesla-v100-sxm2-16gb", csv="Tesla V100 SXM2 16GB", names=["Tesla V100-SXM2-16GB"],
         pci=["10de:1db1", "10de:1df5"], reference=True,
         expected={"hbm/copy": meas(800, "gpu-benches 'v100' triad 788-814 GB/s (te42kyfo/gpu-benches:gpu-stream/"
                                    "v100.txt@1c36d50), variant probably PCIe; same HBM2 at 900 GB/s", uncertain=True),
                   "hbm/triad": meas(800, "gpu-benches 'v100' triad 788-814 GB/s (te42kyfo/gpu-benches:gpu-stream/"
                                     "v100.txt@1c36d50), variant probably PCIe", uncertain=True),
                   "hbm/write": meas(896, "gpu-benches 'v100' store-only 895-897 GB/s (variant probably PCIe)",
                                     uncertain=True),
                   "gemm/fp16": meas(94.8, "torch FP16 matmul 94.8 TFLOP/s (" + ZZC + ")"),
                   "gemm/bf16": meas(10.0, "measured ~10 TFLOP/s (CSV bf16 column, " + ZZC + ")", uncertain=True,
                                     note="Volta has no BF16 tensor cores: BF16 GEMM is emulated, far below FP16"),
                   "sm/fp32": frac("fp32_tflops", *FMA_FULL),
                   "pcie/h2d_pinned": pcie_typical(3, extra="bandwidthTest quick mode on V100 SXM2 gave 9.6 "
                                                           "(router-gao/cuda-demo), quick mode understates")},
         notes="pci.ids calls 1db1 'Tesla V100 SXM2 16GB' but DCGM labels it an SXM2-32GB SKU: memory size and "
               "the nvidia-smi name decide (notes section 2.8)."),
    dict(id="tesla-v100-sxm2-32gb", csv="Tesla V100 SXM2 32GB", names=["Tesla V100-SXM2-32GB"],
         expected={"hbm/copy": meas(800, "as V100 SXM2 16GB: gpu-benches 'v100' triad 788-814 GB/s (same HBM2 at "
                                    "900 GB/s)", uncertain=True),
                   "hbm/triad": meas(800, "as V100 SXM2 16GB: gpu-benches 'v100' triad 788-814 GB/s", uncertain=True),
                   "gemm/fp16": meas(94.8, "as V100 SXM2 16GB: torch FP16 matmul 94.8 TFLOP/s (" + ZZC + ")",
                                     uncertain=True),
                   "gemm/bf16": meas(10.0, "as V100 SXM2 16GB, ~10 TFLOP/s emulated", uncertain=True,
                                     note="Volta has no BF16 tensor cores: BF16 GEMM is emulated"),
                   "sm/fp32": frac("fp32_tflops", *FMA_FULL),
                   "pcie/h2d_pinned": pcie_typical(3)},
         notes="DCGM: V100 DGEMM reference ~7000 GFLOPS. SXM3 32GB (10de:1db8, DGX-2) is a 350 W part, not this one."),
    dict(id="tesla-v100-pcie-16gb", csv="Tesla V100 PCIe 16GB/32GB", model="Tesla V100 PCIe 16GB",
         names=["Tesla V100-PCIE-16GB"], pci=["10de:1db4"], memory_gib=16,
         expected={"hbm/copy": meas(800, "gpu-benches 'v100' triad 788-814 GB/s (te42kyfo/gpu-benches and "
                                    "RRZE-HPC/gpu-benches gpu-stream/v100.txt; variant unstated, likely this "
                                    "one); copy taken equal to triad", uncertain=True),
                   "hbm/triad": meas(800, "gpu-benches 'v100' triad 788-814 GB/s (te42kyfo/gpu-benches and "
                                     "RRZE-HPC/gpu-benches gpu-stream/v100.txt; variant unstated, likely this one)",
                                     uncertain=True),
                   "hbm/write": meas(896, "gpu-benches 'v100' store-only 895-897 GB/s (variant unstated)",
                                     uncertain=True),
                   "gemm/fp16": frac("fp16_tensor_tflops", 0.76, "V100 SXM2 measures 94.8 of 125 (76%) in torch "
                                     "FP16 matmul; same ratio assumed"),
                   "gemm/bf16": meas(9.0, "V100 SXM2 emulated BF16 ~10 TFLOP/s scaled to the PCIe clock", uncertain=True,
                                     note="Volta has no BF16 tensor cores: BF16 GEMM is emulated"),
                   "sm/fp32": frac("fp32_tflops", *FMA_FULL),
                   "pcie/h2d_pinned": meas(12.35, "pinned cudaMemcpy >=256 MB on V100 PCIe 16GB 12.35 GB/s "
                                           "(te42kyfo/gpu-benches README cuda-memcpy)")},
         notes="IGUANE uses 1370 MHz; NVIDIA/TechPowerUp 1380 MHz (14 TF). gpu-benches cuda-roofline shows "
               "1380 MHz sustained on 4x V100 PCIe."),
    dict(id="tesla-v100-pcie-32gb", csv="Tesla V100 PCIe 16GB/32GB", model="Tesla V100 PCIe 32GB",
         names=["Tesla V100-PCIE-32GB"], pci=["10de:1db6"], memory_gib=32,
         expected={"hbm/copy": meas(800, "as V100 PCIe 16GB: gpu-benches 'v100' triad 788-814 GB/s", uncertain=True),
                   "hbm/triad": meas(800, "as V100 PCIe 16GB: gpu-benches 'v100' triad 788-814 GB/s", uncertain=True),
                   "gemm/fp16": frac("fp16_tensor_tflops", 0.76, "V100 SXM2 measures 94.8 of 125 (76%) in torch "
                                     "FP16 matmul; same ratio assumed"),
                   "gemm/bf16": meas(9.0, "V100 SXM2 emulated BF16 ~10 TFLOP/s scaled to the PCIe clock", uncertain=True,
                                     note="Volta has no BF16 tensor cores: BF16 GEMM is emulated"),
                   "sm/fp32": frac("fp32_tflops", *FMA_FULL),
                   "pcie/h2d_pinned": meas(12.35, "as V100 PCIe 16GB: pinned cudaMemcpy >=256 MB 12.35 GB/s "
                                           "(te42kyfo/gpu-benches README)", uncertain=True)},
         notes="Same GV100 board as the 16GB version with twice the HBM2."),
    dict(id="tesla-t4", csv="Tesla T4", names=["Tesla T4"], reference=True,
         expected={"hbm/copy": meas(240, "bandwidthTest device-to-device 239.6 GB/s; DCGM notes 'experimentally "
                                    "~244000' (router-gao/cuda-demo; " + DCGM + ")"),
                   "hbm/triad": meas(240, "~240-244 GB/s measured (DCGM note 'experimentally ~244000', bandwidthTest D2D "
                                     "239.6); triad taken equal to copy",
                                     uncertain=True),
                   "gemm/fp16": meas(42.0, "torch FP16 matmul 41.9-42.7 TFLOP/s on Colab/Kaggle (" + ZZC + "); 70 W "
                                     "cap holds it at ~65% of spec"),
                   "gemm/bf16": meas(2.2, "measured 2.0-2.5 TFLOP/s (CSV bf16 column, " + ZZC + ")", uncertain=True,
                                     note="Turing has no BF16 tensor cores: BF16 GEMM is emulated"),
                   "sm/fp32": meas(5.5, "DCGM SGEMM reference ~5500 GFLOPS (" + DCGM + "), standing in for the FMA "
                                   "rate under the 70 W cap", uncertain=True),
                   "pcie/h2d_pinned": pcie_typical(3, extra="bandwidthTest quick mode gave 9.7 on Alibaba ECS "
                                                           "(router-gao/cuda-demo); DCGM accepts x8 links for T4")},
         notes="70 W cap: sustained clocks and tensor throughput ~65% of spec are normal, not throttling. AWS T4G "
               "(Graviton) is 10de:1eb4."),
    dict(id="nvidia-a10", csv="NVIDIA A10", names=["NVIDIA A10"], expected={"hbm/copy": frac("memory_bandwidth_gbs", *GDDR),
                   "hbm/triad": frac("memory_bandwidth_gbs", *GDDR),
                   "gemm/bf16": frac("bf16_tensor_tflops", *GEMM_CAPPED),
                   "gemm/fp16": frac("fp16_tensor_tflops", *GEMM_CAPPED),
                   "sm/fp32": frac("fp32_tflops", *FMA_CAPPED),
                   "pcie/h2d_pinned": pcie_typical(4, extra="a single-stream custom memcpy test gave ~19.7 "
                                                           "(drkennetz/cuda_examples PR #1)")},
         notes="Professional GA102 at 150 W: FP16/BF16 with FP32 accumulate at full rate (unlike GeForce and A10G), "
               "but power-capped. DCGM's dram figure 640700 exceeds the spec and is ignored. DCGM SKU 'A10c/noc - "
               "PG133 SKU215' (device+subsystem 22361482)."),
    dict(id="nvidia-a10g", csv="NVIDIA A10G (AWS)", names=["NVIDIA A10G"],
         expected={"hbm/copy": meas(480, "DCGM dram reference ~483600 (~480-500 GB/s) (" + DCGM + ")", uncertain=True),
                   "hbm/triad": meas(480, "DCGM dram reference ~483600 (~480-500 GB/s) (" + DCGM + ")", uncertain=True),
                   "gemm/bf16": meas(69.5, "torch BF16 matmul 10240^3 69.5 TFLOP/s (zzc0721/torch-performance-test-data "
                                     "issue #126)"),
                   "gemm/fp16": meas(69.5, "as gemm/bf16 (same tensor rate): torch 69.5 TFLOP/s (zzc0721 issue #126)",
                                     uncertain=True),
                   "gemm/tf32": meas(34.7, "torch TF32 matmul 34.7 TFLOP/s (zzc0721 issue #126)"),
                   "sm/fp32": frac("fp32_tflops", *FMA_FULL),
                   "pcie/h2d_pinned": pcie_typical(4, extra="DCGM accepts x8 links for A10G")},
         notes="AWS-only GA102: 80 SMs and more CUDA-core FP32 than the A10, but half-rate FP32-accumulate tensor "
               "math (~70 TF), which it reaches. torch SGEMM measured 23.4 TF. 1710 MHz, 35 TF FP32 and x16 "
               "are not confirmed by an NVIDIA document."),
    dict(id="nvidia-a30", csv="NVIDIA A30", names=["NVIDIA A30"], mig=A30,
         override={"tdp_w": {"value": 165, "uncertain": False}},
         expected={"hbm/copy": meas(780, "DCGM dram reference ~780000 (MiB/s-like unit: ~780-818 GB/s) (" + DCGM + ")",
                                    uncertain=True),
                   "hbm/triad": meas(780, "DCGM dram reference ~780000 (~780-818 GB/s) (" + DCGM + ")", uncertain=True),
                   "gemm/bf16": frac("bf16_tensor_tflops", 0.70, "GA100 at 165 W: between A100 PCIe (75-81%) and "
                                     "power-capped parts [inference]"),
                   "gemm/fp16": frac("fp16_tensor_tflops", 0.70, "GA100 at 165 W: between A100 PCIe (75-81%) and "
                                     "power-capped parts [inference]"),
                   "sm/fp32": meas(9.4, "DCGM SGEMM reference ~9400 GFLOPS (" + DCGM + "), standing in for the FMA rate",
                                   uncertain=True),
                   "pcie/h2d_pinned": pcie_typical(4)},
         notes="MIG: 4 compute and 4 memory slices (each memory slice is 2 of the 8 used here). DCGM targets 194 W "
               "for it; the datasheet says 165 W."),
    dict(id="nvidia-a40", csv="NVIDIA A40", names=["NVIDIA A40"], mib=46068, reference=True,
         expected={"hbm/copy": meas(665, "gpu-stream triad 663-671 GB/s (te42kyfo/gpu-benches and RRZE-HPC/gpu-benches "
                                    "gpu-stream/a40.txt); copy taken equal to triad on GDDR", uncertain=True),
                   "hbm/triad": meas(667, "gpu-stream triad 663-671 GB/s (te42kyfo/gpu-benches:gpu-stream/a40.txt@1c36d50, "
                                     "RRZE-HPC/gpu-benches:gpu-stream/a40.txt@1038c5d)"),
                   "hbm/write": meas(679, "gpu-stream store-only 679-680 GB/s (te42kyfo/gpu-benches and RRZE-HPC/gpu-benches "
                                     "gpu-stream/a40.txt)"),
                   "gemm/bf16": meas(122.3, "torch BF16 matmul 10240^3 122.3 TFLOP/s (zzc0721 issue #185)"),
                   "gemm/fp16": meas(119.2, "torch FP16 matmul 119.2 TFLOP/s (zzc0721 issue #185)"),
                   "sm/fp32": frac("fp32_tflops", *FMA_FULL),
                   "pcie/h2d_pinned": pcie_typical(4)},
         notes="nvidia-smi shows 46068 MiB, 300 W cap."),
    dict(id="a100-pcie-40gb", csv="NVIDIA A100 PCIe 40GB", names=["NVIDIA A100-PCIE-40GB"],
         pci=["10de:20f1", "10de:20b1"], mig=A100_40,
         expected={"hbm/copy": meas(1310, "BabelStream Triad (float) 1312 GB/s on A100-PCIE-40GB (public BabelStream "
                                    "output); copy taken equal", uncertain=True),
                   "hbm/triad": meas(1312, "BabelStream Triad (float) 1312 GB/s on A100-PCIE-40GB (public BabelStream output)"),
                   "gemm/bf16": meas(215, "torch BF16 matmul at gpuaudit's shapes: 215.26 at 8192^3, 211.72 at "
                                     "10240^3 (" + ZZC_108 + "); " + BEST_SIZE_NOT_OURS + ": its 234.14 at 4096^3 is 9% "
                                     "above them on this 250 W card"),
                   "gemm/fp16": meas(206, "torch FP16 matmul at gpuaudit's shapes: 205.66 at 10240^3, 197.51 at "
                                     "8192^3 (" + ZZC_108 + "); " + BEST_SIZE_NOT_OURS),
                   "sm/fp32": frac("fp32_tflops", 0.80, "250 W cap: clocks below 1410 MHz under full load [inference]"),
                   "pcie/h2d_pinned": meas(25.8, "bandwidthTest pinned host-to-device 25.8 GB/s at 1 GB, 24.1 at 100 MB "
                                           "(jdh4/della-gpu-A100:README.md@6bc648e; its 26.2 is the device-to-host "
                                           "row at 100 MB)"),
                   "pcie/d2h_pinned": meas(25.7, "bandwidthTest pinned device-to-host 25.7 GB/s at 1 GB, 26.2 at 100 MB "
                                           "(jdh4/della-gpu-A100:README.md@6bc648e)")},
         notes="250 W: GEMM efficiency lower than SXM."),
    dict(id="a100-pcie-80gb", csv="NVIDIA A100 PCIe 80GB", names=["NVIDIA A100 80GB PCIe"], mib=81920, mig=A100_80,
         expected={"hbm/copy": meas(1650, "between DCGM dram ~1495000 (~1570 GB/s) and gpu-benches 'a100_80' triad "
                                    "1759-1794 (form factor unstated); ~85% of 1935", uncertain=True),
                   "hbm/triad": meas(1650, "between DCGM dram ~1495000 (~1570 GB/s) and gpu-benches 'a100_80' triad "
                                     "1759-1794 (form factor unstated); ~85% of 1935", uncertain=True),
                   "gemm/bf16": meas(252.9, "MAMF 'A100 PCIe' 252.9 TFLOP/s, memory size unstated (" + STAS + ")",
                                     uncertain=True),
                   "gemm/fp16": meas(252.9, "as gemm/bf16 (same tensor rate): MAMF 'A100 PCIe' 252.9 TFLOP/s",
                                     uncertain=True),
                   "sm/fp32": frac("fp32_tflops", 0.85, "300 W cap: clocks a little below 1410 MHz under full load "
                                   "[inference]"),
                   "pcie/h2d_pinned": pcie_typical(4)},
         notes="Azure NC A100 v4 shows 'NVIDIA A100 80GB PCIe', 300 W, 81920 MiB; its MIG lgip (driver 515) lists "
               "1g.10gb 14 / 2g.20gb 28 / 3g.40gb 42 / 4g.40gb 56 / 7g.80gb 98 SMs."),
    dict(id="a100-sxm4-40gb", csv="NVIDIA A100 SXM4 40GB", names=["NVIDIA A100-SXM4-40GB"], mig=A100_40,
         expected={"hbm/copy": meas(1370, "BabelStream Triad 1377.5 GB/s (ALCF Polaris) and gpu-stream triad 1375 "
                                    "(gpu-benches a100_40); copy taken ~equal", uncertain=True),
                   "hbm/triad": meas(1375, "BabelStream Triad FP64 1377.5 GB/s (argonne-lcf/ALCFBeginnersGuide, Polaris); "
                                     "gpu-stream triad 1375 (te42kyfo/gpu-benches:gpu-stream/a100_40.txt@1c36d50)"),
                   "hbm/write": meas(1520, "gpu-stream store-only 1505-1539 GB/s (gpu-benches a100_40)"),
                   "gemm/bf16": meas(246, "torch 'A100 40GB' ~246 TFLOP/s, form factor unstated (" + ZZC + ")",
                                     uncertain=True),
                   "gemm/fp16": meas(246, "torch 'A100 40GB' ~246 TFLOP/s, form factor unstated (" + ZZC + ")",
                                     uncertain=True),
                   "sm/fp32": frac("fp32_tflops", *FMA_FULL),
                   "pcie/h2d_pinned": meas(25.13, "nvbandwidth host_to_device_memcpy_sm 25.13 GB/s (NVIDIA/nvbandwidth "
                                           "issue #42)")},
         notes="DCGM's dram figure for 20b0 (~1830000, above spec, looks copied from another SKU) is ignored."),
    dict(id="a100-sxm4-80gb", csv="NVIDIA A100 SXM4 80GB", names=["NVIDIA A100-SXM4-80GB"], mib=81920, mig=A100_80,
         reference=True,
         expected={"hbm/copy": meas(1700, "Azure ND A100 v4 BabelStream 1700 GB/s (Azure/AI-benchmarking-guide:"
                                    "Azure_Results/ND_A100_v4_results.md@8fd0c6e); copy taken equal to triad",
                                    uncertain=True),
                   "hbm/triad": meas(1710, "BabelStream Triad FP64 1725 GB/s (Tursa, ukri-bench/benchmark-BabelStream) "
                                     "and 1700 (Azure ND A100 v4)"),
                   "gemm/bf16": meas(264.5, "torch BF16 matmul 264.5 TFLOP/s (" + ZZC + "); MAMF best shape 271.2 (" +
                                     STAS + ")"),
                   "gemm/fp16": meas(256.5, "cuBLASLt FP16 16384^3 256.5 TFLOP/s (Azure ND A100 v4 results)"),
                   "sm/fp32": frac("fp32_tflops", *FMA_FULL),
                   "pcie/h2d_pinned": meas(26.28, "Azure nvbandwidth H2D 26.28 GB/s (Azure ND A100 v4 results); " + AZ_SM,
                                           uncertain=True)},
         notes="deviceQuery: 108 SMs, 1410 MHz, 5120-bit, L2 41943040 B; some HGX boards run a 500 W cap; 81920 MiB. "
               "Azure measured D2H 6.27 GB/s with nvbandwidth's SM copy (device_to_host_memcpy_sm), not the copy-engine "
               "copy gpuaudit times: a platform or SM-copy effect, not the GPU (notes section 5)."),
    dict(id="a800-sxm4-80gb", csv="NVIDIA A800 SXM4 80GB", names=["NVIDIA A800-SXM4-80GB"],
         mig=A100_80,
         expected={"hbm/copy": meas(1700, "as A100 SXM4 80GB (same memory; DCGM dram ~1566000 vs ~1564000 on the "
                                    "A100): Azure BabelStream 1700 GB/s", uncertain=True),
                   "hbm/triad": meas(1710, "as A100 SXM4 80GB: BabelStream Triad 1700-1725 GB/s", uncertain=True),
                   "gemm/bf16": meas(266.5, "torch BF16 matmul 266.5 TFLOP/s (" + ZZC + ")"),
                   "gemm/fp16": meas(266.0, "torch FP16 matmul 266.0 TFLOP/s (" + ZZC + ")"),
                   "sm/fp32": frac("fp32_tflops", *FMA_FULL),
                   "pcie/h2d_pinned": pcie_typical(4)},
         notes="China-market A100 with NVLink cut to 400 GB/s; compute identical to A100. MIG profiles in the same "
               "mig-parted device-filter group as A100-80GB. A800 SXM4 40GB is 10de:20bd (not covered; A800 PCIe 40GB is a800-pcie-40gb). The "
               "nvidia-smi name is the driver's (" + OGKM_REF + ")."),
    dict(id="a800-pcie-80gb", csv="NVIDIA A800 PCIe 80GB", names=["NVIDIA A800 80GB PCIe", "NVIDIA A800 80GB PCIe LC"],
         mig=A100_80,
         override={"nvlink_gbs": {"uncertain": True}},
         expected={"hbm/copy": meas(1500, "DCGM dram ~1295000 (~1360 GB/s; the A100 PCIe 80GB reads ~1495000 there and "
                                    "~1650 in STREAM) [inference]", uncertain=True, tolerance=0.2),
                   "hbm/triad": meas(1500, "DCGM dram ~1295000 (~1360 GB/s), scaled as for the A100 PCIe 80GB "
                                     "[inference]", uncertain=True, tolerance=0.2),
                   "gemm/bf16": meas(252.9, "as A100 PCIe: MAMF 'A100 PCIe' 252.9 TFLOP/s (" + STAS + ")", uncertain=True),
                   "gemm/fp16": meas(252.9, "as A100 PCIe: MAMF 'A100 PCIe' 252.9 TFLOP/s (" + STAS + ")", uncertain=True),
                   "sm/fp32": frac("fp32_tflops", 0.85, "300 W cap, as A100 PCIe 80GB [inference]"),
                   "pcie/h2d_pinned": pcie_typical(4)},
         notes="China-market A100 PCIe. A800 40GB PCIe is 10de:20f6 (a800-pcie-40gb). NVLink "
               "value by analogy with A800 SXM. The nvidia-smi names are the driver's (" + OGKM_REF + ")."),
    dict(id="a800-pcie-40gb", csv="NVIDIA A100 PCIe 40GB", model="A800 PCIe 40GB", names=["NVIDIA A800 40GB PCIe", "NVIDIA A800 40GB Active"],
         pci=["10de:20f6"], mig=A100_40,
         override={"nvlink_gbs": {"value": 400, "uncertain": True,
                                  "source": "A800 NVLink cut to 400 GB/s (gpu_specs.csv A800 rows and notes)"}},
         expected={"hbm/copy": meas(1310, "as A100 PCIe 40GB (same GA100 and HBM2): BabelStream Triad (float) 1312 "
                                    "GB/s on A100-PCIE-40GB; copy taken equal", uncertain=True),
                   "hbm/triad": meas(1312, "as A100 PCIe 40GB: BabelStream Triad (float) 1312 GB/s", uncertain=True),
                   "gemm/bf16": meas(215, "as A100 PCIe 40GB: torch BF16 matmul 215.26 at 8192^3 (" + ZZC_108 + ")",
                                     uncertain=True),
                   "gemm/fp16": meas(206, "as A100 PCIe 40GB: torch FP16 matmul 205.66 at 10240^3 (" + ZZC_108 + ")",
                                     uncertain=True),
                   "sm/fp32": frac("fp32_tflops", 0.80, "250 W cap as on the A100 PCIe 40GB [inference]"),
                   "pcie/h2d_pinned": pcie_typical(4)},
         notes="China-market A100 PCIe 40GB (10de:20f6, gpu_specs.csv A800 PCIe row note): an A100 PCIe 40GB with "
               "NVLink cut to 400 GB/s; every datasheet figure from the A100 PCIe 40GB row. The nvidia-smi names are "
               "the driver's (" + OGKM_REF + "; 'A800 40GB Active' for the actively cooled board)."),
    dict(id="nvidia-l4", csv="NVIDIA L4", names=["NVIDIA L4"], mib=23034,
         expected={"hbm/copy": meas(265, "DCGM dram reference ~264610 (~265-277 GB/s) (" + DCGM + ")", uncertain=True),
                   "hbm/triad": meas(265, "DCGM dram reference ~264610 (~265-277 GB/s) (" + DCGM + ")", uncertain=True),
                   "gemm/bf16": meas(57, "torch BF16 matmul sustained 55-59 TFLOP/s at 4096-10240 (peak 70.9 at 2048^3) "
                                     "(zzc0721/torch-performance-test-data issue #120)", tolerance=0.2),
                   "gemm/fp16": meas(57, "as gemm/bf16 (same tensor rate): torch 55-59 TFLOP/s sustained (zzc0721 "
                                     "issue #120)", uncertain=True, tolerance=0.2),
                   "sm/fp32": frac("fp32_tflops", 0.60, "72 W cap; DCGM SGEMM reference ~11600 GFLOPS is only 38% "
                                   "[inference]"),
                   "pcie/h2d_pinned": pcie_typical(4)},
         notes="72 W cap: tensor throughput ~45-60% of spec is normal on a healthy L4 (notes section 2.1)."),
    dict(id="nvidia-l20", csv="NVIDIA L20", names=["NVIDIA L20"], pci=["10de:26b7", "10de:26ba"],
         override={"tf32_tensor_tflops": {"uncertain": True}, "fp8_tensor_tflops": {"uncertain": True}},
         expected={"hbm/copy": meas(800, "by analogy with the L40 (same AD102 384-bit 864 GB/s GDDR6): triad 803-831; "
                                    "DCGM dram ~655000", uncertain=True, tolerance=0.2),
                   "hbm/triad": meas(800, "by analogy with the L40: triad 803-831; DCGM dram ~655000", uncertain=True,
                                     tolerance=0.2),
                   "gemm/bf16": meas(114.1, "torch BF16 matmul 114.1 TFLOP/s (" + ZZC + ")"),
                   "gemm/fp16": meas(109, "torch FP16 matmul at gpuaudit's shapes: 108.96 at 8192^3, 106.53 at "
                                     "10240^3 (zzc0721/torch-performance-test-data issue #107); " + BEST_SIZE_NOT_OURS),
                   "gemm/tf32": meas(58.2, "torch TF32 matmul 58.2 TFLOP/s (" + ZZC + ")"),
                   "sm/fp32": meas(36.0, "DCGM SGEMM reference ~36000 GFLOPS (" + DCGM + "), standing in for the FMA "
                                   "rate", uncertain=True),
                   "pcie/h2d_pinned": pcie_typical(4)},
         notes="China-market AD102 with export-capped tensor rate (119.5 TF): a healthy L20 reaches ~95% of that "
               "low spec. 26ba is an L20 variant ('L20A')."),
    dict(id="nvidia-l40", csv="NVIDIA L40", names=["NVIDIA L40"], pci=["10de:26b5", "10de:26f5"],
         expected={"hbm/copy": meas(815, "gpu-stream triad 803-831 GB/s (te42kyfo/gpu-benches:gpu-stream/l40.txt@1c36d50, "
                                    "RRZE-HPC/gpu-benches:gpu-stream/l40.txt@1038c5d); copy taken equal", uncertain=True),
                   "hbm/triad": meas(815, "gpu-stream triad 803-831 GB/s (te42kyfo/gpu-benches, RRZE-HPC/gpu-benches l40.txt)"),
                   "hbm/write": meas(846, "gpu-stream store-only 846-847 GB/s (te42kyfo/gpu-benches and RRZE-HPC/gpu-benches "
                                     "gpu-stream/l40.txt)"),
                   "gemm/bf16": frac("bf16_tensor_tflops", 0.90, "half-rate FP32-accumulate tensor math at 300 W; "
                                     "capped-rate parts reach 95-107% [inference]"),
                   "gemm/fp16": frac("fp16_tensor_tflops", 0.90, "half-rate FP32-accumulate tensor math at 300 W "
                                     "[inference]"),
                   "sm/fp32": frac("fp32_tflops", *FMA_FULL),
                   "pcie/h2d_pinned": pcie_typical(4)},
         notes="FP16/BF16 with FP32 accumulate at half rate (181 TF dense), unlike the L40S. 26f5 is the L40 CNX "
               "(DCGM target 349 W). DCGM's 26b5 dram figure (~65400) is a typo; SGEMM ~40200 GFLOPS."),
    dict(id="nvidia-l40s", csv="NVIDIA L40S", names=["NVIDIA L40S"], mib=46068, reference=True,
         expected={"hbm/copy": meas(815, "by analogy with the L40 (same memory system): triad 803-831; DCGM dram "
                                    "~700000", uncertain=True),
                   "hbm/triad": meas(815, "by analogy with the L40 (same memory system): triad 803-831", uncertain=True),
                   "gemm/bf16": meas(269.2, "torch BF16 matmul 269.2 TFLOP/s (" + ZZC + ")"),
                   "gemm/fp16": meas(264.0, "torch FP16 matmul 264.0 TFLOP/s (" + ZZC + ")"),
                   "sm/fp32": frac("fp32_tflops", *FMA_FULL),
                   "pcie/h2d_pinned": pcie_typical(4, extra="DCGM accepts x8 links for L40S")},
         notes="Datasheet internally inconsistent (362.05 dense vs 733/2 sparse) per IGUANE. deviceQuery: 142 SMs, "
               "2520 MHz, L2 100663296 B; nvidia-smi 46068 MiB, 350 W."),
    dict(id="h100-pcie-80gb", csv="NVIDIA H100 PCIe 80GB", names=["NVIDIA H100 PCIe"], mib=81559, mig=H100_PCIE,
         expected={"hbm/copy": meas(1830, "gpu-benches triad 1832 GB/s (CUDA 11.7, te42kyfo/gpu-benches README); copy "
                                    "taken equal", uncertain=True),
                   "hbm/triad": meas(1832, "gpu-benches triad 1832 GB/s (CUDA 11.7, te42kyfo/gpu-benches README)"),
                   "hbm/read": meas(1942, "gpu-benches read 1942 GB/s (CUDA 11.7, te42kyfo/gpu-benches README)"),
                   "hbm/write": meas(2018, "gpu-benches store-only 2018 GB/s (CUDA 11.7, te42kyfo/gpu-benches README)"),
                   "gemm/bf16": meas(495.9, "torch BF16 matmul 495.9 TFLOP/s, power-limited (" + ZZC + ")"),
                   "gemm/fp16": meas(458.0, "torch FP16 matmul 458.0 TFLOP/s, power-limited (" + ZZC + ")"),
                   "sm/fp32": frac("fp32_tflops", 0.75, "350 W cap on 114 SMs; DCGM SGEMM reference ~20500 GFLOPS "
                                   "[inference]"),
                   "pcie/h2d_pinned": pcie_typical(5)},
         notes="350 W: BF16 GEMM ~66% of spec is normal. Tensor peaks are computed at ~1620 MHz, not the 1755 MHz "
               "max (notes section 2.4). nvidia-smi 81559 MiB. MIG SM counts differ from the SXM part (Scaleway "
               "walkthrough, driver 570). DCGM SKU 'Nvidia P1010'."),
    dict(id="h100-sxm5-80gb", csv="NVIDIA H100 SXM5 80GB", names=["NVIDIA H100 80GB HBM3"], mib=81559, mig=H100_SXM,
         reference=True,
         expected={"hbm/copy": meas(2900, "Azure ND H100 v5 BabelStream Copy 2900 GB/s (Azure/AI-benchmarking-guide:"
                                    "Azure_Results/ND_H100_v5_results.md@8fd0c6e)"),
                   "hbm/triad": meas(2970, "Azure ND H100 v5 BabelStream Triad 2970 GB/s (Azure/AI-benchmarking-guide:"
                                     "Azure_Results/ND_H100_v5_results.md@8fd0c6e)"),
                   "gemm/bf16": meas(790, "MAMF BF16 794.5 TFLOP/s (" + STAS + "); torch 783.7-797.5 (" + ZZC + ")"),
                   "gemm/fp16": meas(790, "as gemm/bf16 (same tensor rate): MAMF/torch 784-797 TFLOP/s", uncertain=True),
                   "gemm/fp8": meas(1382, "cuBLASLt FP8 1382 TFLOP/s (Azure ND H100 v5 results); MAMF FP8 1402.6"),
                   "sm/fp32": frac("fp32_tflops", *FMA_FULL),
                   "pcie/h2d_pinned": meas(51, "Azure nvbandwidth H2D 51 GB/s (Azure ND H100 v5 results); " + AZ_SM,
                                           uncertain=True),
                   "pcie/d2h_pinned": meas(52, "Azure nvbandwidth D2H 52 GB/s (Azure ND H100 v5 results); " + AZ_SM,
                                           uncertain=True)},
         notes="deviceQuery: 132 SMs, 1980 MHz, mem clock 2619 MHz, 5120-bit, L2 52428800 B; nvidia-smi 81559 MiB, "
               "700 W. Tensor peaks are computed at ~1830 MHz (notes section 2.4). DCGM SGEMM ~39000 GFLOPS."),
    dict(id="h100-nvl-94gb", csv="NVIDIA H100 NVL", names=["NVIDIA H100 NVL"], mib=95830, mig=H100_NVL,
         mig_uncertain={"3g.47gb", "4g.47gb", "7g.94gb"},
         tdp={"value": 400, "uncertain": True,
              "source": "350-400 W configurable (nvidia-smi cap 310 W seen; DCGM target 399): CSV row sources"},
         expected={"hbm/copy": meas(3056, "BabelStream Copy 3056 GB/s (public BabelStream output, repository unnamed)",
                                    uncertain=True),
                   "hbm/triad": meas(3304, "BabelStream Triad FP64 3304 GB/s (public BabelStream output, repository "
                                     "unnamed)", uncertain=True),
                   "gemm/bf16": frac("bf16_tensor_tflops", 0.70, "350-400 W PCIe card: between H100 PCIe (66%) and SXM "
                                     "(80%) [inference]"),
                   "gemm/fp16": frac("fp16_tensor_tflops", 0.70, "350-400 W PCIe card: between H100 PCIe (66%) and SXM "
                                     "(80%) [inference]"),
                   "sm/fp32": frac("fp32_tflops", 0.80, "350-400 W cap [inference]"),
                   "pcie/h2d_pinned": pcie_typical(5)},
         notes="deviceQuery: 132 SMs, 1785 MHz, 6144-bit, L2 62914560 B, 95235 MB; nvidia-smi 95830 MiB. 233a is the "
               "H800 NVL ('H800L 94GB', not covered). MIG 3g/4g/7g SM counts not seen; 60/64/132 assumed as on the "
               "H100 SXM [inference]. DCGM SGEMM ~34100 GFLOPS."),
    dict(id="h800-pcie-80gb", csv="NVIDIA H100 PCIe 80GB", model="H800 PCIe 80GB", names=["NVIDIA H800 PCIe"],
         pci=["10de:2322"], mig=H100_PCIE, mig_uncertain=ALL(H100_PCIE),
         override={"sm_count_uncertain": True, "fp64_tflops": None,
                   "nvlink_gbs": {"value": 400, "uncertain": True,
                                  "source": "H800 NVLink cut to 400 GB/s (gpu_specs.csv H800 row; notes)"}},
         tdp={"value": 350, "uncertain": True,
              "source": "'350 W class; DCGM target 310' (gpu_specs.csv H800 row note; " + DCGM + ")"},
         expected={"hbm/copy": meas(1830, "as H100 PCIe: gpu-benches triad 1832 GB/s; DCGM dram ~1646000 on the H800 "
                                    "PCIe vs ~1639000 on the H100 PCIe (" + DCGM + ")", uncertain=True),
                   "hbm/triad": meas(1832, "as H100 PCIe: gpu-benches triad 1832 GB/s (DCGM dram ~1646000 vs ~1639000)",
                                     uncertain=True),
                   "gemm/bf16": meas(499.5, "torch BF16 matmul at gpuaudit's shapes on an H800 PCIe: 499.46 at "
                                     "8192^3 (" + ZZC_112 + "); " + BEST_SIZE_NOT_OURS),
                   "gemm/fp16": meas(470, "torch FP16 matmul at gpuaudit's shapes on an H800 PCIe: 470.26 at 8192^3 "
                                     "(" + ZZC_112 + ")"),
                   "sm/fp32": frac("fp32_tflops", 0.75, "350 W cap as on the H100 PCIe [inference]"),
                   "pcie/h2d_pinned": pcie_typical(5)},
         notes="China-market H100 PCIe (10de:2322, gpu_specs.csv H800 row note): NVLink bridge cut to 400 GB/s and "
               "FP64 export-limited (no figure, so none is expected); every other datasheet figure from the H100 "
               "PCIe row, SM count 114 by analogy [inference]. DCGM SGEMM ~32500 GFLOPS. The nvidia-smi name is the driver's (" + OGKM_REF + ")."),
    dict(id="h800-sxm5-80gb", csv="NVIDIA H800 (SXM5 80GB)", model="H800 SXM5 80GB", names=["NVIDIA H800"],
         mig=H100_SXM, mig_uncertain=ALL(H100_SXM),
         expected={"hbm/copy": meas(2900, "as H100 SXM (same memory): Azure BabelStream Copy 2900 GB/s; DCGM dram "
                                    "~2560000 vs ~2540000 on the H100", uncertain=True),
                   "hbm/triad": meas(2970, "as H100 SXM: Azure BabelStream Triad 2970 GB/s", uncertain=True),
                   "gemm/bf16": meas(790, "as H100 SXM (compute identical): MAMF BF16 794.5, torch 784-797 TFLOP/s",
                                     uncertain=True),
                   "gemm/fp16": meas(790, "as H100 SXM (compute identical): MAMF/torch 784-797 TFLOP/s", uncertain=True),
                   "sm/fp32": frac("fp32_tflops", *FMA_FULL),
                   "pcie/h2d_pinned": pcie_typical(5)},
         notes="China-market H100 SXM: FP64 ~1 TF and NVLink 400 GB/s, otherwise an H100 SXM. MIG profile names as "
               "H100 SXM; SMs per slice assumed equal [inference]. H800 PCIe is 10de:2322 (h800-pcie-80gb). The "
               "nvidia-smi name is the driver's (" + OGKM_REF + ")."),
    dict(id="h20-96gb", csv="NVIDIA H20 (96GB)", model="H20 96GB", names=["NVIDIA H20"], pci=["10de:2329", "10de:2328"],
         mib=97871, mig=H20_96,
         override={"sm_count_uncertain": True},
         tdp={"value": 400, "uncertain": True,
              "source": "articles say 400 W; nvidia-smi shows a 500 W cap (NVIDIA/nvtrust issue #128) and DCGM targets "
                        "500 W for 2329: CSV row sources"},
         expected={"hbm/copy": meas(2030, "nvbandwidth device_local_copy ~2.2 TB/s read+write on the H20-3e (141 GB, "
                                    "NVIDIA/nvbandwidth issue #48) scaled by DCGM's dram figures, ~2010000 here vs "
                                    "~2180000 there (" + DCGM + ")",
                                    uncertain=True, tolerance=0.25,
                                    note="78 SMs cannot saturate the 4 TB/s HBM3: about half the datasheet is normal"),
                   "hbm/triad": meas(2030, "as hbm/copy: the H20-3e's ~2.2 TB/s (NVIDIA/nvbandwidth issue #48) x "
                                     "DCGM dram 2010000/2180000; triad taken equal to copy", uncertain=True,
                                     tolerance=0.25),
                   "gemm/bf16": meas(142.3, "torch BF16 matmul 142.3 TFLOP/s (zzc0721/torch-performance-test-data "
                                     "issue #77)"),
                   "gemm/fp16": meas(142.1, "torch FP16 matmul 142.1 TFLOP/s (zzc0721 issue #77)"),
                   "gemm/tf32": meas(71.8, "torch TF32 matmul 71.8 TFLOP/s (zzc0721 issue #77)"),
                   "sm/fp32": meas(32.0, "torch FP32 matmul 32.0 TFLOP/s (zzc0721 issue #77), an SGEMM standing in for "
                                   "the FMA rate", uncertain=True),
                   "pcie/h2d_pinned": pcie_typical(5)},
         notes="China-market GH100: tensor rate capped to ~15% of H100 (148 TF BF16 dense) but HBM3 and 900 GB/s "
               "NVLink intact; a healthy H20 reaches ~96% of the low tensor spec. SM count 78 comes only from a "
               "Geekbench-based article; the 44 TF FP32 spec does not fit 78 SMs; boost clock unknown. MIG SMs per "
               "slice unknown. 2328 is the H20B (DCGM dram ~2490000, 400 W); 232c is the H20 141GB HBM3e "
               "(h20-141gb)."),
    dict(id="h20-141gb", csv="NVIDIA H20 (96GB)", model="H20 141GB HBM3e", names=["NVIDIA H20-3e"],
         pci=["10de:232c"], memory_gib=141, mig=H20_141,
         override={"sm_count_uncertain": True,
                   "memory_bandwidth_gbs": {"value": 4800, "uncertain": True,
                                            "source": "six HBM3e stacks as on the H200 141GB (4.8 TB/s) "
                                                      "[inference]; no datasheet figure found"}},
         tdp={"value": 500, "uncertain": True, "source": "DCGM target 500 W for 232c (" + DCGM + ")"},
         expected={"hbm/copy": meas(2200, "nvbandwidth device_local_copy ~1.1 TB/s one way (~2.2 TB/s read+write) on "
                                    "an H20-3e, this card (NVIDIA/nvbandwidth issue #48); DCGM dram ~2180000 (" +
                                    DCGM + ")", uncertain=True, tolerance=0.25,
                                    note="78 SMs cannot saturate the HBM3e: about half the datasheet is normal"),
                   "hbm/triad": meas(2200, "nvbandwidth device_local_copy ~2.2 TB/s read+write on an H20-3e "
                                     "(NVIDIA/nvbandwidth issue #48); triad taken equal to copy", uncertain=True,
                                     tolerance=0.25),
                   "gemm/bf16": meas(142.3, "as H20 96GB (same capped tensor rate): torch BF16 matmul 142.3 TFLOP/s "
                                     "(zzc0721/torch-performance-test-data issue #77)", uncertain=True),
                   "gemm/fp16": meas(142.1, "as H20 96GB: torch FP16 matmul 142.1 TFLOP/s (zzc0721 issue #77)",
                                     uncertain=True),
                   "sm/fp32": meas(32.0, "as H20 96GB: torch FP32 matmul 32.0 TFLOP/s (zzc0721 issue #77); DCGM "
                                   "SGEMM ~27416 GFLOPS on 232c", uncertain=True),
                   "pcie/h2d_pinned": pcie_typical(5)},
         notes="The H20 with 141 GB HBM3e ('H20-3e', 10de:232c; vGPU docs call it H20X): compute as the H20 96GB "
               "(78 SMs, tensor rate capped); memory figures from the nvbandwidth issue measured on this card. "
               "The driver names it 'NVIDIA H20-3e' (" + OGKM_REF + "); the PCI device id also tells it from the "
               "96 GB part. MIG profile names as the H200 (notes section 3); SMs per slice unknown."),
    dict(id="h200-sxm-141gb", csv="NVIDIA H200 SXM 141GB", model="H200 SXM 141GB", names=["NVIDIA H200"], mig=H200,
         expected={"hbm/copy": meas(4010, "Azure ND H200 v5 BabelStream Copy 4010 GB/s (Azure/AI-benchmarking-guide:"
                                    "Azure_Results/ND_H200_v5_results.md@8fd0c6e); gpu-benches store-only 3898"),
                   "hbm/triad": meas(4150, "Azure ND H200 v5 BabelStream Triad 4150 GB/s (Azure/AI-benchmarking-guide:"
                                     "Azure_Results/ND_H200_v5_results.md@8fd0c6e); gpu-benches triad "
                                     "3534 (te42kyfo/gpu-benches:gpu-stream/h200.txt)", tolerance=0.2),
                   "gemm/bf16": meas(790.3, "torch BF16 matmul 790.3 TFLOP/s (" + ZZC + "); MAMF ~794 as H100 (" +
                                     STAS + ")"),
                   "gemm/fp16": meas(790, "as gemm/bf16 (same tensor rate)", uncertain=True),
                   "gemm/fp8": meas(1366, "cuBLASLt FP8 1366 TFLOP/s (Azure ND H200 v5 results); MAMF FP8 1453.4"),
                   "sm/fp32": frac("fp32_tflops", *FMA_FULL),
                   "pcie/h2d_pinned": meas(55.43, "nvbandwidth CE H2D 55.43 GB/s on 8x H200, each GPU's own Gen5 x16 link "
                                           "(stas00/ml-engineering:network/README.md@744d01e); Azure's 52 is an SM "
                                           "copy (Azure/AI-benchmarking-guide NVBandwidth.py: host_to_device_memcpy_sm)"),
                   "pcie/d2h_pinned": meas(55.06, "nvbandwidth CE D2H 55.06 GB/s on 8x H200 "
                                           "(stas00/ml-engineering:network/README.md@744d01e)")},
         notes="Same GH100 compute as H100 SXM with six HBM3e stacks. Max clocks 1980 SM / 3201 MHz memory for 0x2335 "
               "(public config). L2 60 MB inferred from 6-stack parts, unverified. DCGM SGEMM ~50000 GFLOPS."),
    dict(id="h200-nvl-141gb", csv="NVIDIA H200 NVL", model="H200 NVL 141GB", names=["NVIDIA H200 NVL"],
         mig=H200, mig_uncertain=ALL(H200),
         override={"sm_count_uncertain": True},
         expected={"hbm/copy": meas(3900, "as H200 SXM (same memory; Azure Copy 4010), a few % lower as DCGM dram "
                                    "~2950000 suggests [inference]", uncertain=True),
                   "hbm/triad": meas(4000, "as H200 SXM (Azure Triad 4150), a few % lower [inference]", uncertain=True),
                   "gemm/bf16": frac("bf16_tensor_tflops", 0.75, "600 W PCIe card: between H100 PCIe (66%) and SXM "
                                     "(80%) [inference]"),
                   "gemm/fp16": frac("fp16_tensor_tflops", 0.75, "600 W PCIe card [inference]"),
                   "sm/fp32": frac("fp32_tflops", 0.85, "600 W cap [inference]"),
                   "pcie/h2d_pinned": pcie_typical(5)},
         notes="Cloud PCIe H200. Only power (600 W), memory and FP64 (30 TF) were seen in a source; other compute "
               "figures by analogy with H100 NVL. MIG: same profile set as H200 SXM (mig-parted groups 0x2335 and "
               "0x233B); SMs per slice assumed equal [inference]. DCGM SKU 'P1010 SKU 230 H200 NVL'."),
    dict(id="gh200-96gb", csv="NVIDIA GH200 (96GB HBM3)", model="GH200 96GB HBM3", names=["NVIDIA GH200 480GB", "NVIDIA GH200 120GB"],
         mib=97280, mig=HOPPER_96, mig_uncertain=ALL(HOPPER_96),
         tdp={"value": 900, "uncertain": True,
              "source": "450-1000 W for the whole module (CPU+GPU+memory), DCGM target 900: CSV row sources"},
         expected={"hbm/read": meas(3615, "OpenCL-Benchmark read 3615 GB/s (mredenti/PowerCapping:configuration/"
                                    "OpenCL_benchmark.md)"),
                   "hbm/write": meas(3705, "OpenCL-Benchmark write 3705 GB/s (mredenti/PowerCapping:configuration/"
                                     "OpenCL_benchmark.md)"),
                   "hbm/copy": meas(3650, "between OpenCL read 3615 and write 3705 GB/s [inference]", uncertain=True),
                   "hbm/triad": meas(3780, "gpu-stream 4-buffer triad 3783 GB/s (RRZE-HPC/gpu-benches:gpu-stream/"
                                     "gh200.txt@1038c5d), variant unstated", uncertain=True),
                   "gemm/bf16": frac("bf16_tensor_tflops", *GEMM_HBM),
                   "gemm/fp16": frac("fp16_tensor_tflops", *GEMM_HBM),
                   "sm/fp32": frac("fp32_tflops", *FMA_FULL),
                   "pcie/h2d_pinned": meas(346, "nvbandwidth CE H2D over NVLink-C2C 346 GB/s (NVIDIA/nvbandwidth issue "
                                           "#23)", note="host link is NVLink-C2C, not PCIe: far above any PCIe figure")},
         notes="Hopper on a Grace-Hopper module; host link is NVLink-C2C 900 GB/s, so host copies run ~340 GB/s "
               "(not an anomaly). OpenCL reports 132 CUs @1980 MHz, 97280 MB. MIG SMs per slice not seen; assumed "
               "as H100 SXM [inference]. DCGM SKU 'SkinnyJoe A02', SGEMM ~50000 GFLOPS."),
    dict(id="gh200-144gb", csv="NVIDIA GH200 (144GB HBM3e)", model="GH200 144GB HBM3e",
         names=["NVIDIA GH200 144G HBM3e"], mig=GH200_144,
         mig_uncertain={"3g.72gb", "4g.72gb", "7g.144gb"},
         tdp={"value": 900, "uncertain": True,
              "source": "up to ~900-1000 W for the module, DCGM target 900: CSV row sources"},
         expected={"hbm/copy": meas(4000, "GH200 96GB copy ~3650 scaled by DCGM dram 3120000/2840000 [inference]",
                                    uncertain=True),
                   "hbm/triad": meas(4100, "GH200 96GB triad ~3780 scaled by DCGM dram 3120000/2840000 [inference]",
                                     uncertain=True),
                   "gemm/bf16": meas(828.6, "MAMF BF16 828.6 TFLOP/s, '900W 141GiB HBM3e version' (" + STAS + ")"),
                   "gemm/fp16": meas(828.6, "as gemm/bf16 (same tensor rate)", uncertain=True),
                   "gemm/fp8": meas(1535, "MAMF FP8 1535 TFLOP/s (" + STAS + ")"),
                   "sm/fp32": frac("fp32_tflops", *FMA_FULL),
                   "pcie/h2d_pinned": meas(340, "as GH200 96GB: nvbandwidth CE H2D over NVLink-C2C 346 GB/s "
                                           "(NVIDIA/nvbandwidth issue #23)", uncertain=True,
                                           note="host link is NVLink-C2C, not PCIe")},
         notes="144 GB marketed, ~141 GiB usable. DCGM names 2348 'H100 144GB HBM3'; SGEMM ~50108 GFLOPS. MIG "
               "3g/4g/7g SMs not seen; 60/64/132 assumed as H200 [inference]. The nvidia-smi name is the driver's (" + OGKM_REF + ")."),
    dict(id="b200-180gb", csv="NVIDIA B200", model="B200 180GB", names=["NVIDIA B200"], pci=["10de:2901", "10de:2909"],
         mib=182631, mig=B200, mig_uncertain={"7g.180gb"}, reference=True,
         override={"memory_bandwidth_gbs": {"uncertain": True}, "fp32_tflops": {"uncertain": True},
                   "boost_clock_mhz": {"uncertain": True}},
         expected={"hbm/copy": meas(6300, "no public STREAM figure: DCGM dram ~5430000 (MiB/s-like, ~5.69 TB/s), which "
                                    "reads 0.78-0.96x of STREAM copy on A100/H100/H200 [inference]", uncertain=True,
                                    tolerance=0.2),
                   "hbm/triad": meas(6300, "as hbm/copy: DCGM dram ~5430000 (~5.69 TB/s) scaled as for A100/H100/H200 "
                                     "[inference]", uncertain=True, tolerance=0.2),
                   "gemm/bf16": meas(1700, "torch BF16 matmul 1696 TFLOP/s on GCP a4-highgpu-8g (" + ZZC + "); MAMF "
                                     "1745 (" + STAS + ")"),
                   "gemm/fp16": meas(1700, "as gemm/bf16 (same tensor rate)", uncertain=True),
                   "gemm/fp8": meas(3400, "MAMF FP8 3432.5 TFLOP/s (" + STAS + "), best shape", uncertain=True),
                   "sm/fp32": frac("fp32_tflops", *FMA_FULL),
                   "pcie/h2d_pinned": pcie_typical(5)},
         notes="Two-die Blackwell. Boost clock (1965-1980) and bandwidth (7.7 vs 8 TB/s) vary between sources; FP32 75 "
               "(HGX sheet) vs 80 TF. 2909 is 'HGX B200 168GB' (DCGM dram ~5870000). Device properties: 148 SMs, L2 "
               "129536 KiB, 182631 MiB. MIG 3g/4g SMs not seen; 7g presumably 148 [inference]. go-nvml's B200 mock "
               "(PCI id 0x2B00, 18/36/54/72/126 SMs) is synthetic and not used."),
    dict(id="geforce-rtx-3090", csv="GeForce RTX 3090", model="GeForce RTX 3090", names=["NVIDIA GeForce RTX 3090"],
         mib=24576,
         expected={"hbm/copy": frac("memory_bandwidth_gbs", *GDDR),
                   "hbm/triad": frac("memory_bandwidth_gbs", *GDDR),
                   "gemm/bf16": meas(76.5, "torch BF16 matmul 76.3-76.7 TFLOP/s (" + ZZC + ")",
                                     note="GeForce boosts above the rated 1695 MHz: above the 71 TF datasheet is normal"),
                   "gemm/fp16": meas(75.7, "torch FP16 matmul 75.5-75.9 TFLOP/s (" + ZZC + ")",
                                     note="GeForce boosts above the rated clock: above the 71 TF datasheet is normal"),
                   "sm/fp32": frac("fp32_tflops", *FMA_GEFORCE),
                   "pcie/h2d_pinned": pcie_typical(4)},
         notes="GeForce: FP16/BF16 with FP32 accumulate at half rate (142 TF with FP16 accumulate). nvidia-smi "
               "24576 MiB, 350 W."),
    dict(id="geforce-rtx-4090", csv="GeForce RTX 4090", model="GeForce RTX 4090", names=["NVIDIA GeForce RTX 4090"],
         mib=24564,
         expected={"hbm/copy": frac("memory_bandwidth_gbs", *GDDR),
                   "hbm/triad": frac("memory_bandwidth_gbs", *GDDR),
                   "gemm/bf16": meas(165, "torch BF16 matmul 160-173 TFLOP/s over many submissions (" + ZZC + ")",
                                     note="GeForce boosts above the rated clock: up to ~173, above the 165.2 datasheet, "
                                          "is normal"),
                   "gemm/fp16": meas(165, "torch FP16 matmul 159-172 TFLOP/s (" + ZZC + ")"),
                   "sm/fp32": frac("fp32_tflops", *FMA_GEFORCE),
                   "pcie/h2d_pinned": meas(25, "nvbandwidth CE H2D 24-26.4 GB/s (NVIDIA/nvbandwidth issue #15)"),
                   "pcie/d2h_pinned": meas(26.5, "nvbandwidth CE D2H 26-27 GB/s (NVIDIA/nvbandwidth issue #15)")},
         notes="GeForce: FP16/BF16 with FP32 accumulate at half rate (330 TF with FP16 accumulate). Dense TF32 is "
               "82.6 (IGUANE's 165 assumes FP16-accumulate rate). 48 GB modified boards exist in some Chinese "
               "clouds: their memory will not match. nvidia-smi 24564 MiB, 450 W."),
    dict(id="geforce-rtx-4090-d", csv="GeForce RTX 4090 D", model="GeForce RTX 4090 D",
         names=["NVIDIA GeForce RTX 4090 D"], expected={"hbm/copy": frac("memory_bandwidth_gbs", *GDDR),
                   "hbm/triad": frac("memory_bandwidth_gbs", *GDDR),
                   "gemm/bf16": meas(148.5, "torch BF16 matmul 145.8-151.1 TFLOP/s (" + ZZC + ")",
                                     note="GeForce boosts above the rated clock: above the 147.1 TF datasheet is normal"),
                   "gemm/fp16": meas(152, "torch FP16 matmul 149-155.5 TFLOP/s (" + ZZC + ")",
                                     note="GeForce boosts above the rated clock: above the 147.1 TF datasheet is normal"),
                   "sm/fp32": frac("fp32_tflops", *FMA_GEFORCE),
                   "pcie/h2d_pinned": pcie_typical(4)},
         notes="China-market cut-down RTX 4090 (114 of 144 SMs on AD102). 48 GB modified variants exist: their memory "
               "will not match."),
]


# ---- models from gpu_specs_extra.csv ---------------------------------------------------------------
# Every expectation here is an estimate from the datasheet peak by the card's class (no public
# measurement of these cards was found), so all are uncertain; the class says which fraction of
# notes section 5 applies and why.
GEMM_PRO = (0.75, "full-rate professional boards at 230-350 W reach 74-82% of dense peak (A40 122.3 of 149.7, "
                  "L40S 269 of 362; notes section 5) [inference]")
# Kepler (K80): ECC is on by default on the Tesla board and costs GDDR5 bandwidth; GPU Boost holds 875 MHz only with
# power and thermal headroom (two GPUs share one 300 W board), and the base clock is 560 MHz, 64% of it.
KEPLER_MEM = (0.75, "GDDR5 with ECC on (the Tesla default) gives up part of its bandwidth; taken as the T4's ~75% "
                    "(notes section 5) [inference]")
KEPLER_FMA = (0.75, "GPU Boost on a two-GPU 300 W board: clocks between the 560 MHz base and 875 MHz boost under a full "
                    "load [inference]")
# The dc-hbm class is Blackwell (B100, GB200, GB300, B300). Calibrated on published healthy cards
# (tests/data/published-healthy): MAMF BF16 reaches 77.6% of the dense peak on B200, 78.6% on B300 and
# 72.9% on GB200 (stas00/ml-engineering), below Hopper's 80-84%, so the Hopper-era 0.80 overstated them.
GEMM_BLACKWELL = (0.75, "Blackwell BF16 GEMM reaches 73-79% of dense peak (MAMF: B200 1745 of 2250, B300 1769 of 2250, "
                        "GB200 1822 of 2500; " + STAS + ")")
GEMM_TURING_BF16 = "Turing has no BF16 tensor path: cuBLAS runs BF16 on CUDA cores; T4 measured 2.2 of its 8.1 TF " \
                   "FP32 peak (~27%) [inference]"


def pcie_for(gen, width):
    """pcie_typical for the card's own link: an x8 card moves half of x16."""
    if gen is None:
        return None
    e = pcie_typical(min(gen, 5))
    if gen > 5:
        e["source"] += "; a Gen6 host link is taken at the Gen5 figure until a measurement exists"
    if width and width < 16:
        e["value"] = round(e["value"] * width / 16, 2)
        e["source"] = f"x{width} link: {width}/16 of the x16 figure; " + e["source"]
    return e


def class_expected(cls, gen, width, tensor=True, extra=None):
    """The expected figures of a card class, estimated from its datasheet peaks."""
    mem = HBM if cls in ("dc-hbm", "volta-hbm") else GDDR
    if cls == "pascal-hbm":
        mem = (0.75, "first-generation HBM2 reaches ~75% in STREAM-like tests, as assumed for the P100 PCIe [inference]")
    if cls in ("kepler", "kepler-base"):
        mem = KEPLER_MEM
    e = {"hbm/copy": frac("memory_bandwidth_gbs", *mem), "hbm/triad": frac("memory_bandwidth_gbs", *mem)}
    gemm = {"geforce": GEMM_RATE_CAPPED, "pro": GEMM_PRO, "pro-capped": GEMM_CAPPED, "dc-hbm": GEMM_BLACKWELL,
            "volta-hbm": (0.76, "V100 SXM2 measures 94.8 of 125 (76%) in torch FP16 matmul; same ratio assumed"),
            "turing-pro": GEMM_PRO, "turing-geforce": GEMM_RATE_CAPPED, "turing-capped": GEMM_CAPPED}.get(cls)
    fma = {"geforce": FMA_GEFORCE, "turing-geforce": FMA_GEFORCE, "pascal-geforce": FMA_GEFORCE, "maxwell-geforce": FMA_GEFORCE,
           "pro-capped": FMA_CAPPED, "turing-capped": FMA_CAPPED, "pascal-capped": FMA_CAPPED,
           "maxwell-capped": FMA_CAPPED, "kepler": KEPLER_FMA}.get(cls, FMA_FULL)
    if tensor and gemm:
        e["gemm/fp16"] = frac("fp16_tensor_tflops", *gemm)
        if cls.startswith("turing"):
            e["gemm/bf16"] = frac("fp32_tflops", 0.27, GEMM_TURING_BF16, tolerance=0.5,
                                  note="Turing has no BF16 tensor cores: BF16 GEMM is emulated, far below FP16")
        elif cls == "volta-hbm":
            e["gemm/bf16"] = frac("fp32_tflops", 0.64, "V100 SXM2 emulated BF16 ~10 TFLOP/s of its 15.7 TF FP32 "
                                  "(zzc0721 database) [inference]", tolerance=0.5,
                                  note="Volta has no BF16 tensor cores: BF16 GEMM is emulated")
        else:
            e["gemm/bf16"] = frac("bf16_tensor_tflops", *gemm)
    e["sm/fp32"] = frac("fp32_tflops", *fma)
    p = pcie_for(gen, width)
    if p:
        e["pcie/h2d_pinned"] = p
    e.update(extra or {})
    return e


# The same public database at a later commit (more submissions: RTX 2080, RTX 4070 SUPER).
ZZC_2 = "zzc0721/torch-performance-test-data:database.md@0785868"

C2C = meas(340, "as GH200: nvbandwidth CE H2D over NVLink-C2C 346 GB/s (NVIDIA/nvbandwidth issue #23)", uncertain=True,
           note="host link is NVLink-C2C to Grace, not PCIe")

NO_TENSOR_TU11X = "TU116/TU117 have no tensor cores (FP16 runs on CUDA cores): no GEMM expectation."
NO_TENSOR_P = "No tensor cores and FP16 at 1/64 rate: no GEMM expectation."
NO_TENSOR_M = "Maxwell has no tensor cores and no fast FP16: no GEMM expectation."
BOOST = "GeForce boost: FMA rate at or above the rated clock."
KEPLER_NOTE = ("No tensor cores: no GEMM expectation. Compute capability 3.5 is below what gpuaudit builds for (5.0): "
               "only imported outputs are scored, against this model's state and telemetry figures. No public "
               "measurement used: all expectations are estimates.")

# id, CSV model, nvidia-smi names, PCI ids, class, PCIe gen, width, extra keys for the overlay.
EXTRA = [
    ("geforce-gtx-1080-ti", "GeForce GTX 1080 Ti", ["NVIDIA GeForce GTX 1080 Ti"], ["10de:1b06"], "pascal-geforce", 3, 16,
     dict(tensor=False, notes="No tensor cores and FP16 at 1/64 rate: no GEMM expectation. GeForce boost: FMA rate "
                              "at or above the rated clock.")),
    ("geforce-gtx-titan-x", "GeForce GTX TITAN X", ["NVIDIA GeForce GTX TITAN X"], ["10de:17c2"], "maxwell-geforce", 3, 16,
     dict(tensor=False, notes="Maxwell has no tensor cores: no GEMM expectation. GeForce boost: FMA rate at or "
                              "above the rated clock.")),
    ("geforce-rtx-2080-ti", "GeForce RTX 2080 Ti", ["NVIDIA GeForce RTX 2080 Ti"], ["10de:1e04", "10de:1e07"],
     "turing-geforce", 3, 16, {}),
    ("geforce-rtx-3060", "GeForce RTX 3060", ["NVIDIA GeForce RTX 3060"], ["10de:2503", "10de:2504"], "geforce", 4, 16, {}),
    ("geforce-rtx-3070", "GeForce RTX 3070", ["NVIDIA GeForce RTX 3070"], ["10de:2484", "10de:2488"], "geforce", 4, 16, {}),
    ("geforce-rtx-3080", "GeForce RTX 3080", ["NVIDIA GeForce RTX 3080"], ["10de:2206", "10de:2216"], "geforce", 4, 16, {}),
    ("geforce-rtx-3080-ti", "GeForce RTX 3080 Ti", ["NVIDIA GeForce RTX 3080 Ti"], ["10de:2208"], "geforce", 4, 16, {}),
    ("geforce-rtx-3090-ti", "GeForce RTX 3090 Ti", ["NVIDIA GeForce RTX 3090 Ti"], ["10de:2203"], "geforce", 4, 16, {}),
    ("geforce-rtx-4060-ti-8gb", "GeForce RTX 4060 Ti 8GB", ["NVIDIA GeForce RTX 4060 Ti"], ["10de:2803", "10de:2788"],
     "geforce", 4, 8, {}),
    ("geforce-rtx-4060-ti-16gb", "GeForce RTX 4060 Ti 16GB", ["NVIDIA GeForce RTX 4060 Ti"], ["10de:2805"], "geforce",
     4, 8, {}),
    ("geforce-rtx-4070", "GeForce RTX 4070", ["NVIDIA GeForce RTX 4070"], ["10de:2786", "10de:2709"], "geforce", 4, 16, {}),
    ("geforce-rtx-4070-ti", "GeForce RTX 4070 Ti", ["NVIDIA GeForce RTX 4070 Ti"], ["10de:2782"], "geforce", 4, 16, {}),
    ("geforce-rtx-4080", "GeForce RTX 4080", ["NVIDIA GeForce RTX 4080"], ["10de:2704"], "geforce", 4, 16, {}),
    ("geforce-rtx-4080-super", "GeForce RTX 4080 SUPER", ["NVIDIA GeForce RTX 4080 SUPER"], ["10de:2702"], "geforce",
     4, 16, {}),
    ("geforce-rtx-5070", "GeForce RTX 5070", ["NVIDIA GeForce RTX 5070"], ["10de:2f04"], "geforce", 5, 16, {}),
    ("geforce-rtx-5070-ti", "GeForce RTX 5070 Ti", ["NVIDIA GeForce RTX 5070 Ti"], ["10de:2c05"], "geforce", 5, 16, {}),
    ("geforce-rtx-5080", "GeForce RTX 5080", ["NVIDIA GeForce RTX 5080"], ["10de:2c02"], "geforce", 5, 16, {}),
    ("geforce-rtx-5090", "GeForce RTX 5090", ["NVIDIA GeForce RTX 5090"], ["10de:2b85"], "geforce", 5, 16, dict(expected={
        "gemm/bf16": meas(236, "torch BF16 matmul at gpuaudit's shapes 236.03 at 8192^3, 235.27 at 10240^3 (" + ZZC_PR15 +
                          "); other submissions 221.65-242.18 (" + ZZC + ")",
                          note="GeForce boosts above the rated 2407 MHz: above the 209.5 TF computed peak is normal"),
        "gemm/fp16": meas(224, "torch FP16 matmul at gpuaudit's shapes 224.41 at 8192^3, 219.10 at 10240^3 (" + ZZC_PR15 + ")",
                          note="GeForce boosts above the rated 2407 MHz: above the 209.5 TF computed peak is normal")})),
    ("quadro-rtx-6000", "Quadro RTX 6000", ["Quadro RTX 6000"], ["10de:1e30", "10de:1e36", "10de:1e78"], "turing-pro",
     3, 16, {}),
    ("quadro-rtx-8000", "Quadro RTX 8000", ["Quadro RTX 8000"], ["10de:1e30", "10de:1e78"], "turing-pro", 3, 16, {}),
    ("rtx-a2000", "RTX A2000", ["NVIDIA RTX A2000"], ["10de:2531"], "pro-capped", 4, 16, {}),
    ("rtx-a2000-12gb", "RTX A2000 12GB", ["NVIDIA RTX A2000 12GB"], ["10de:2571"], "pro-capped", 4, 16, {}),
    ("rtx-a4000", "RTX A4000", ["NVIDIA RTX A4000"], ["10de:24b0"], "pro-capped", 4, 16, {}),
    ("rtx-a4500", "RTX A4500", ["NVIDIA RTX A4500"], ["10de:2232"], "pro-capped", 4, 16, {}),
    ("rtx-a5000", "RTX A5000", ["NVIDIA RTX A5000"], ["10de:2231"], "pro", 4, 16, {}),
    ("rtx-a6000", "RTX A6000", ["NVIDIA RTX A6000"], ["10de:2230"], "pro", 4, 16, {}),
    ("rtx-2000-ada", "RTX 2000 Ada Generation", ["NVIDIA RTX 2000 Ada Generation"], ["10de:28b0"], "pro-capped", 4, 8, {}),
    ("rtx-4000-sff-ada", "RTX 4000 SFF Ada Generation", ["NVIDIA RTX 4000 SFF Ada Generation"], ["10de:27b0"],
     "pro-capped", 4, 16, {}),
    ("rtx-4000-ada", "RTX 4000 Ada Generation", ["NVIDIA RTX 4000 Ada Generation"], ["10de:27b2"], "pro-capped", 4, 16,
     {}),
    ("rtx-4500-ada", "RTX 4500 Ada Generation", ["NVIDIA RTX 4500 Ada Generation"], ["10de:27b1"], "pro-capped", 4, 16,
     {}),
    ("rtx-5000-ada", "RTX 5000 Ada Generation", ["NVIDIA RTX 5000 Ada Generation"], ["10de:26b2"], "pro", 4, 16, {}),
    ("rtx-6000-ada", "RTX 6000 Ada Generation", ["NVIDIA RTX 6000 Ada Generation"], ["10de:26b1"], "pro", 4, 16, {}),
    ("rtx-pro-6000-blackwell", "RTX PRO 6000 Blackwell Workstation Edition",
     ["NVIDIA RTX PRO 6000 Blackwell Workstation Edition"], ["10de:2bb1"], "pro", 5, 16, dict(reference=True)),
    ("rtx-pro-6000-blackwell-server", "RTX PRO 6000 Blackwell Server Edition",
     ["NVIDIA RTX PRO 6000 Blackwell Server Edition"], ["10de:2bb5"], "pro", 5, 16, dict(mib=97887, expected={
         "gemm/bf16": meas(417, "torch BF16 matmul at gpuaudit's shapes 417.34 at 8192^3 (" + ZZC_162 + "); 409.42 in "
                           "another submission (" + ZZC + ")")})),
    ("rtx-pro-6000-blackwell-max-q", "RTX PRO 6000 Blackwell Max-Q Workstation Edition",
     ["NVIDIA RTX PRO 6000 Blackwell Max-Q Workstation Edition"], ["10de:2bb4"], "pro", 5, 16, dict(mib=97887)),
    ("rtx-pro-5000-blackwell", "RTX PRO 5000 Blackwell", ["NVIDIA RTX PRO 5000 Blackwell"], ["10de:2bb3"], "pro", 5, 16,
     {}),
    ("rtx-pro-5000-72gb-blackwell", "RTX PRO 5000 72GB Blackwell", ["NVIDIA RTX PRO 5000 72GB Blackwell"],
     ["10de:2bb3"], "pro", 5, 16, {}),
    ("rtx-pro-4500-blackwell", "RTX PRO 4500 Blackwell", ["NVIDIA RTX PRO 4500 Blackwell"], ["10de:2c31"],
     "pro-capped", 5, 16, {}),
    ("rtx-pro-4500-blackwell-server", "RTX PRO 4500 Blackwell Server Edition",
     ["NVIDIA RTX PRO 4500 Blackwell Server Edition"], ["10de:2c3a"], "pro-capped", 5, 16, {}),
    ("rtx-pro-4000-blackwell", "RTX PRO 4000 Blackwell", ["NVIDIA RTX PRO 4000 Blackwell"], ["10de:2c34"], "pro-capped",
     5, 16, {}),
    ("rtx-pro-4000-blackwell-sff", "RTX PRO 4000 Blackwell SFF Edition", ["NVIDIA RTX PRO 4000 Blackwell SFF Edition"],
     ["10de:2c33"], "pro-capped", 5, 8, {}),
    ("tesla-p40", "Tesla P40", ["Tesla P40"], ["10de:1b38"], "pascal", 3, 16, dict(tensor=False)),
    ("tesla-p100-sxm2-16gb", "Tesla P100 SXM2 16GB", ["Tesla P100-SXM2-16GB"], ["10de:15f9"], "pascal-hbm", 3, 16,
     dict(tensor=False, override={"fp16_tensor_tflops": None},
          notes="No tensor cores: fp16_tensor_tflops is null; packed FP16 on CUDA cores peaks at 21.2 TF.")),
    ("tesla-v100-sxm3-32gb", "Tesla V100 SXM3 32GB", ["Tesla V100-SXM3-32GB"], ["10de:1db8"], "volta-hbm", 3, 16, {}),
    ("tesla-v100s-pcie-32gb", "Tesla V100S PCIe 32GB", ["Tesla V100S-PCIE-32GB"], ["10de:1df6"], "volta-hbm", 3, 16,
     {}),
    ("tesla-t4g", "Tesla T4G", ["NVIDIA T4G"], ["10de:1eb4"], "turing-capped", 3, 16,
     dict(names_uncertain=True,
          override={"fp16_tensor_tflops": {"value": 65, "uncertain": True,
                                           "source": "as the T4 (same TU104 board): 65 TF FP16 (gpu_specs.csv T4 row)"}},
          expected={"gemm/fp16": meas(42.0, "as the T4 (same board and 70 W cap): torch FP16 matmul 41.9-42.7 TFLOP/s "
                                      "(" + ZZC + ")", uncertain=True),
                    "gemm/bf16": meas(2.2, "as the T4: measured 2.0-2.5 TFLOP/s (" + ZZC + ")", uncertain=True,
                                      note="Turing has no BF16 tensor cores: BF16 GEMM is emulated")})),
    # Cards common on rental sites and in posts (Paperspace, vast.ai, RunPod, old Colab/AWS, university clusters).
    ("tesla-k80", "Tesla K80 (per GPU; board = 2x GK210)", ["Tesla K80"], ["10de:102d"], "kepler", 3, 16,
     dict(tensor=False, reference=True, mib=11441, model="Tesla K80 (one GPU of the board)",
          tdp={"value": 150, "uncertain": True,
               "source": "300 W per two-GPU board, half per GPU (nvidia-smi prints a 149 W limit per GPU in "
                         "tests/data/imports/nvidia-smi-table/tesla-k80-410-busy.txt): NVIDIA Tesla K80 datasheet "
                         "(gpu_specs_extra.csv)"},
          expected={"pcie/h2d_pinned": pcie_typical(3, extra="the board's two GPUs share one link behind an on-board "
                                                             "switch")},
          notes="Every figure is per GPU; one board is two GK210 GPUs, each its own nvidia-smi device. Compute "
                "capability 3.7 is below what gpuaudit builds for (5.0): only imported outputs are scored, against "
                "this model's state and telemetry figures. No public measurement used: all expectations are "
                "estimates.")),
    ("geforce-rtx-2080-super", "GeForce RTX 2080 SUPER", ["NVIDIA GeForce RTX 2080 SUPER"], ["10de:1e81"],
     "turing-geforce", 3, 16, {}),
    ("geforce-rtx-2080", "GeForce RTX 2080", ["NVIDIA GeForce RTX 2080"], ["10de:1e82", "10de:1e87"], "turing-geforce",
     3, 16, dict(expected={
         "gemm/fp16": meas(39.0, "torch FP16 matmul 39.03 TFLOP/s, one 'RTX 2080 8GB' submission on a container cloud "
                                 "(" + ZZC_2 + "); 97% of the 40.3 TF reference-clock peak, so the plain 2080 rather "
                                 "than the SUPER (44.6)", uncertain=True),
         "gemm/bf16": meas(5.1, "torch BF16 matmul 5.14 TFLOP/s, the same 'RTX 2080 8GB' submission (" + ZZC_2 + ")",
                           uncertain=True, tolerance=0.5,
                           note="Turing has no BF16 tensor cores: BF16 GEMM is emulated, far below FP16")})),
    ("geforce-rtx-2070-super", "GeForce RTX 2070 SUPER", ["NVIDIA GeForce RTX 2070 SUPER"],
     ["10de:1e84", "10de:1ec2", "10de:1ec7"], "turing-geforce", 3, 16, {}),
    ("geforce-rtx-2060", "GeForce RTX 2060", ["NVIDIA GeForce RTX 2060"], ["10de:1f08", "10de:1e89"], "turing-geforce",
     3, 16, {}),
    ("geforce-rtx-3060-ti", "GeForce RTX 3060 Ti", ["NVIDIA GeForce RTX 3060 Ti"], ["10de:2486", "10de:2489", "10de:2414"],
     "geforce", 4, 16, {}),
    ("geforce-rtx-3070-ti", "GeForce RTX 3070 Ti", ["NVIDIA GeForce RTX 3070 Ti"], ["10de:2482", "10de:2207"], "geforce",
     4, 16, {}),
    ("geforce-rtx-3050", "GeForce RTX 3050", ["NVIDIA GeForce RTX 3050"], ["10de:2507", "10de:2582"], "geforce", 4, 8, {}),
    ("geforce-rtx-4060", "GeForce RTX 4060", ["NVIDIA GeForce RTX 4060"], ["10de:2882", "10de:2808"], "geforce", 4, 8, {}),
    ("geforce-rtx-4070-super", "GeForce RTX 4070 SUPER", ["NVIDIA GeForce RTX 4070 SUPER"], ["10de:2783"], "geforce",
     4, 16, dict(expected={
         "gemm/fp16": meas(75.3, "torch FP16 matmul 75.93 and 74.73 TFLOP/s, two submissions on physical machines (" +
                           ZZC_2 + ")",
                           note="GeForce boosts above the rated 2475 MHz: above the 71.0 TF computed peak is normal"),
         "gemm/bf16": meas(75.2, "torch BF16 matmul 76.76 and 73.63 TFLOP/s, two submissions on physical machines (" +
                           ZZC_2 + ")",
                           note="GeForce boosts above the rated 2475 MHz: above the 71.0 TF computed peak is normal")})),
    ("geforce-rtx-4070-ti-super", "GeForce RTX 4070 Ti SUPER", ["NVIDIA GeForce RTX 4070 Ti SUPER"],
     ["10de:2705", "10de:2689"], "geforce", 4, 16, {}),
    ("geforce-gtx-1080", "GeForce GTX 1080", ["NVIDIA GeForce GTX 1080"], ["10de:1b80"], "pascal-geforce", 3, 16,
     dict(tensor=False, notes="No tensor cores and FP16 at 1/64 rate: no GEMM expectation. GeForce boost: FMA rate "
                              "at or above the rated clock.")),
    ("geforce-gtx-1070", "GeForce GTX 1070", ["NVIDIA GeForce GTX 1070"], ["10de:1b81"], "pascal-geforce", 3, 16,
     dict(tensor=False, notes="No tensor cores and FP16 at 1/64 rate: no GEMM expectation. GeForce boost: FMA rate "
                              "at or above the rated clock.")),
    ("titan-rtx", "TITAN RTX", ["NVIDIA TITAN RTX"], ["10de:1e02"], "turing-pro", 3, 16, {}),
    ("titan-v", "TITAN V", ["NVIDIA TITAN V"], ["10de:1d81"], "volta-hbm", 3, 16, {}),
    ("titan-xp", "TITAN Xp", ["NVIDIA TITAN Xp"], ["10de:1b02"], "pascal-geforce", 3, 16,
     dict(tensor=False, notes="No tensor cores and FP16 at 1/64 rate: no GEMM expectation. Boosts like a GeForce "
                              "card: FMA rate at or above the rated clock.")),
    ("quadro-rtx-4000", "Quadro RTX 4000", ["Quadro RTX 4000"], ["10de:1eb1"], "turing-capped", 3, 16, {}),
    ("quadro-rtx-5000", "Quadro RTX 5000", ["Quadro RTX 5000"], ["10de:1eb0"], "turing-pro", 3, 16, {}),
    ("quadro-p4000", "Quadro P4000", ["Quadro P4000"], ["10de:1bb1"], "pascal-capped", 3, 16,
     dict(tensor=False, notes="No tensor cores and FP16 at 1/64 rate: no GEMM expectation; 105 W cap.")),
    ("quadro-p5000", "Quadro P5000", ["Quadro P5000"], ["10de:1bb0"], "pascal", 3, 16,
     dict(tensor=False, notes="No tensor cores and FP16 at 1/64 rate: no GEMM expectation.")),
    ("quadro-p6000", "Quadro P6000", ["Quadro P6000"], ["10de:1b30"], "pascal", 3, 16,
     dict(tensor=False, notes="No tensor cores and FP16 at 1/64 rate: no GEMM expectation.")),
    ("tesla-p100-pcie-12gb", "Tesla P100 PCIe 12GB", ["Tesla P100-PCIE-12GB"], ["10de:15f7"], "pascal-hbm", 3, 16,
     dict(tensor=False, override={"fp16_tensor_tflops": None},
          notes="No tensor cores: fp16_tensor_tflops is null; packed FP16 on CUDA cores peaks at 18.7 TF.")),
    # Second batch of common cards: GTX 16/10 and RTX 5060 desktops, old Tesla/VDI boards, entry workstation cards.
    ("geforce-gtx-1660-super", "GeForce GTX 1660 SUPER", ["NVIDIA GeForce GTX 1660 SUPER"], ["10de:21c4"],
     "turing-geforce", 3, 16, dict(tensor=False, notes=NO_TENSOR_TU11X + " " + BOOST)),
    ("geforce-gtx-1660-ti", "GeForce GTX 1660 Ti", ["NVIDIA GeForce GTX 1660 Ti"], ["10de:2182"], "turing-geforce", 3, 16,
     dict(tensor=False, notes=NO_TENSOR_TU11X + " " + BOOST)),
    ("geforce-gtx-1660", "GeForce GTX 1660", ["NVIDIA GeForce GTX 1660"], ["10de:2184"], "turing-geforce", 3, 16,
     dict(tensor=False, mib=5912, notes=NO_TENSOR_TU11X + " " + BOOST)),
    ("geforce-gtx-1650", "GeForce GTX 1650", ["NVIDIA GeForce GTX 1650"], ["10de:1f82", "10de:2188", "10de:1f0a"],
     "turing-geforce", 3, 16, dict(tensor=False, notes=NO_TENSOR_TU11X + " " + BOOST)),
    ("geforce-gtx-1060-6gb", "GeForce GTX 1060 6GB", ["NVIDIA GeForce GTX 1060 6GB"],
     ["10de:1c03", "10de:1c06", "10de:1b83"], "pascal-geforce", 3, 16, dict(tensor=False, mib=6144, notes=NO_TENSOR_P + " " + BOOST)),
    ("geforce-gtx-1060-3gb", "GeForce GTX 1060 3GB", ["NVIDIA GeForce GTX 1060 3GB"], ["10de:1c02", "10de:1b84"],
     "pascal-geforce", 3, 16, dict(tensor=False, mib=3072, notes=NO_TENSOR_P + " " + BOOST)),
    ("geforce-gtx-1050-ti", "GeForce GTX 1050 Ti", ["NVIDIA GeForce GTX 1050 Ti"], ["10de:1c82"], "pascal-geforce", 3, 16,
     dict(tensor=False, notes=NO_TENSOR_P + " " + BOOST)),
    ("geforce-rtx-5060-ti-16gb", "GeForce RTX 5060 Ti 16GB", ["NVIDIA GeForce RTX 5060 Ti"], ["10de:2d04"], "geforce",
     5, 8, {}),
    ("geforce-rtx-5060-ti-8gb", "GeForce RTX 5060 Ti 8GB", ["NVIDIA GeForce RTX 5060 Ti"], ["10de:2d04"], "geforce",
     5, 8, {}),
    ("geforce-rtx-5060", "GeForce RTX 5060", ["NVIDIA GeForce RTX 5060"], ["10de:2d05"], "geforce", 5, 8, {}),
    ("geforce-rtx-3080-12gb", "GeForce RTX 3080 12GB", ["NVIDIA GeForce RTX 3080"], ["10de:220a"], "geforce", 4, 16, {}),
    ("tesla-m10", "Tesla M10 (per GPU; board = 4x GM107)", ["Tesla M10"], ["10de:13bd"], "maxwell", 3, 16,
     dict(tensor=False, reference=True, mib=8129, model="Tesla M10 (one GPU of the board)",
          tdp={"value": 56, "uncertain": True,
               "source": "225 W per four-GPU board, a quarter per GPU (a posted nvidia-smi table prints a 53 W limit "
                         "per GPU): NVIDIA Tesla M10 datasheet (gpu_specs_extra.csv)"},
          expected={"pcie/h2d_pinned": pcie_typical(3, extra="the board's four GPUs share one link behind an on-board "
                                                             "switch")},
          notes="Every figure is per GPU; one board is four GM107 GPUs, each its own nvidia-smi device. Usually "
                "rented as GRID vGPU ('GRID M10-8Q', 'GRID M10-1B'): the profile's board code M10 finds this model. "
                "No tensor cores and no fast FP16: no GEMM expectation. No public measurement used: all expectations "
                "are estimates.")),
    ("tesla-m40", "Tesla M40", ["Tesla M40"], ["10de:17fd"], "maxwell", 3, 16, dict(tensor=False, notes=NO_TENSOR_M)),
    ("tesla-m40-24gb", "Tesla M40 24GB", ["Tesla M40 24GB"], ["10de:17fd"], "maxwell", 3, 16,
     dict(tensor=False, mib=22939, notes=NO_TENSOR_M)),
    ("tesla-m4", "Tesla M4", ["Tesla M4"], ["10de:1431"], "maxwell-capped", 3, 16,
     dict(tensor=False, notes=NO_TENSOR_M + " 50/75 W: clocks sit below boost under a full load.")),
    ("tesla-k40", "Tesla K40 (K40m / K40c)", ["Tesla K40m", "Tesla K40c"], ["10de:1023", "10de:1024"], "kepler", 3, 16,
     dict(tensor=False, reference=True, mib=11519, model="Tesla K40m / K40c",
          expected={"sm/fp32": frac("fp32_tflops", 0.83, "the default applications clock is the 745 MHz base, 85% of "
                                    "the 875 MHz the peak is computed at (810/875 MHz only after nvidia-smi -ac), and an "
                                    "FMA loop runs at ~97% of the peak at its clock [inference]")},
          notes=KEPLER_NOTE)),
    ("tesla-k20m", "Tesla K20m", ["Tesla K20m"], ["10de:1028"], "kepler-base", None, None,
     dict(tensor=False, mib=4799, notes=KEPLER_NOTE + " PCIe 2.0: no host-link expectation (none of the typical "
                                                     "figures is for Gen2).")),
    ("tesla-k20xm", "Tesla K20Xm", ["Tesla K20Xm"], ["10de:1021"], "kepler-base", None, None,
     dict(tensor=False, mib=5700, notes=KEPLER_NOTE + " PCIe 2.0: no host-link expectation (none of the "
                                                                  "typical figures is for Gen2).")),
    ("tesla-p6", "Tesla P6", ["Tesla P6"], ["10de:1bb4"], "pascal-capped", 3, 16,
     dict(tensor=False, names_uncertain=True, notes=NO_TENSOR_P + " 90 W MXM module.")),
    ("tesla-v100-dgxs-32gb", "Tesla V100 DGXS 32GB", ["Tesla V100-DGXS-32GB"], ["10de:1db7"], "volta-hbm", 3, 16,
     {}),
    ("quadro-p2000", "Quadro P2000", ["Quadro P2000"], ["10de:1c30"], "pascal-capped", 3, 16,
     dict(tensor=False, notes=NO_TENSOR_P + " 75 W.")),
    ("quadro-p1000", "Quadro P1000", ["Quadro P1000"], ["10de:1cb1"], "pascal-capped", 3, 16,
     dict(tensor=False, notes=NO_TENSOR_P + " 47 W.")),
    ("quadro-p620", "Quadro P620", ["Quadro P620"], ["10de:1cb6"], "pascal-capped", 3, 16,
     dict(tensor=False, notes=NO_TENSOR_P + " 40 W, no power management (nvidia-smi prints no limit).")),
    ("quadro-p400", "Quadro P400", ["Quadro P400"], ["10de:1cb3"], "pascal-capped", 3, 16,
     dict(tensor=False, mib=1998, notes=NO_TENSOR_P + " 30 W, no power management (nvidia-smi prints no limit).")),
    ("nvidia-t400", "T400", ["NVIDIA T400"], ["10de:1fb2"], "turing-capped", 3, 16,
     dict(tensor=False, notes=NO_TENSOR_TU11X)),
    ("nvidia-t400-4gb", "T400 4GB", ["NVIDIA T400 4GB"], ["10de:1ff2"], "turing-capped", 3, 16,
     dict(tensor=False, notes=NO_TENSOR_TU11X)),
    ("nvidia-t600", "T600", ["NVIDIA T600"], ["10de:1fb1"], "turing-capped", 3, 16, dict(tensor=False, notes=NO_TENSOR_TU11X)),
    ("nvidia-t1000", "T1000", ["NVIDIA T1000"], ["10de:1fb0"], "turing-capped", 3, 16, dict(tensor=False, notes=NO_TENSOR_TU11X)),
    ("nvidia-t1000-8gb", "T1000 8GB", ["NVIDIA T1000 8GB"], ["10de:1ff0"], "turing-capped", 3, 16,
     dict(tensor=False, notes=NO_TENSOR_TU11X)),
    ("rtx-a1000", "RTX A1000", ["NVIDIA RTX A1000"], ["10de:25b0"], "pro-capped", 4, 8, {}),
    ("rtx-a400", "RTX A400", ["NVIDIA RTX A400"], ["10de:25b2"], "pro-capped", 4, 8, {}),
    ("quadro-m4000", "Quadro M4000", ["Quadro M4000"], ["10de:13f1"], "maxwell", 3, 16, dict(tensor=False, notes=NO_TENSOR_M)),
    ("quadro-m5000", "Quadro M5000", ["Quadro M5000"], ["10de:13f0"], "maxwell", 3, 16, dict(tensor=False, notes=NO_TENSOR_M)),
    ("quadro-m6000-24gb", "Quadro M6000 24GB", ["Quadro M6000 24GB"], ["10de:17f1"], "maxwell", 3, 16,
     dict(tensor=False, mib=24576, notes=NO_TENSOR_M)),
    ("quadro-gv100", "Quadro GV100", ["Quadro GV100"], ["10de:1dba"], "volta-hbm", 3, 16, dict(mib=32506)),
    ("nvidia-a2", "NVIDIA A2", ["NVIDIA A2"], ["10de:25b6"], "pro-capped", 4, 8, {}),
    ("nvidia-a16", "NVIDIA A16 (per GPU; board = 4x GA107)", ["NVIDIA A16"], ["10de:25b6"], "pro-capped", 4, 16,
     dict(model="A16 (one GPU of the board)",
          tdp={"value": 62.5, "uncertain": True, "source": "250 W per four-GPU board, a quarter per GPU: " + DS_A16})),
    ("nvidia-b100", "NVIDIA B100", ["NVIDIA B100"], ["10de:2920"], "dc-hbm", 5, 16, dict(names_uncertain=True)),
    ("nvidia-gb200", "NVIDIA GB200", ["NVIDIA GB200"], ["10de:2941"], "dc-hbm", None, None,
     dict(expected={"pcie/h2d_pinned": C2C,
                    "gemm/bf16": meas(1822, "MAMF BF16 1822 TFLOP/s, 'NVIDIA GB200 SXM' (" + STAS + "); " + MAMF_BIAS),
                    "gemm/fp16": meas(1822, "as gemm/bf16 (same tensor rate): MAMF BF16 1822 TFLOP/s (" + STAS + ")",
                                      uncertain=True),
                    "gemm/fp8": meas(3615.6, "MAMF FP8 3615.6 TFLOP/s (" + STAS + "); " + MAMF_BIAS, uncertain=True)})),
    ("nvidia-gb300", "NVIDIA GB300", ["NVIDIA GB300"], ["10de:31c2", "10de:31c3"], "dc-hbm", None, None,
     dict(expected={"pcie/h2d_pinned": C2C})),
    ("nvidia-b300", "NVIDIA B300 SXM6", ["NVIDIA B300 SXM6 AC"], ["10de:3182"], "dc-hbm", 6, 16,
     dict(reference=True,
          expected={"gemm/bf16": meas(1769, "MAMF BF16 1769 TFLOP/s, 'NVIDIA B300 SXM' (" + STAS + "); " + MAMF_BIAS),
                    "gemm/fp16": meas(1769, "as gemm/bf16 (same tensor rate): MAMF BF16 1769 TFLOP/s (" + STAS + ")",
                                      uncertain=True),
                    "gemm/fp8": meas(3353.3, "MAMF FP8 3353.3 TFLOP/s (" + STAS + "); " + MAMF_BIAS, uncertain=True)})),
]


def extra_models():
    out = []
    for id_, csv_model, names, pci, cls, gen, width, kw in EXTRA:
        kw = dict(kw)
        tensor = kw.pop("tensor", True)
        entry = dict(id=id_, csv=csv_model, names=names, pci=pci,
                     expected=class_expected(cls, gen, width, tensor, kw.pop("expected", None)))
        entry.update(kw)
        out.append(entry)
    return out


# ---- die-temperature thresholds -------------------------------------------------------------------
# What `nvidia-smi -q` ("GPU Slowdown Temp", "GPU Shutdown Temp", "GPU Max Operating Temp") or
# `-q -x` (gpu_temp_slow_threshold, gpu_temp_max_threshold, gpu_temp_max_gpu_threshold) printed for
# the model in REAL outputs; the firmware sets them per board, so they stand in for the card's own
# when a document does not carry them (the plain table, dmon, gpu-burn, a vGPU guest's "N/A").
# Only absolute readings count: drivers from ~535 print Ada, Hopper and Blackwell cards as margins
# ("GPU Slowdown T.Limit Temp : -2 C"), which give no absolute value without an inference, so the
# H100/H200/L4/L40S/RTX 40xx/50xx outputs seen add nothing here. `uncertain`: every output seen is
# from one host (one post or capture), however many cards it holds. Where outputs of a model
# disagree the lowest is kept and the source says so (none disagree so far). "GPU Target
# Temperature" is not kept: it is user-settable on GeForce/workstation cards (a 3090 host shows
# 70 C, a Windows 3080 91 C, others 83 C), so it is no property of the model.
TL = "thamada/gls:gls/{}_smi.py@e20f22d"
TG = "influxdata/telegraf:plugins/inputs/nvidia_smi/testdata/{}"
KEPT = " (kept as tests/data/{})"


def temps(slowdown, shutdown, max_operating, seen, one_host):
    """The thresholds of one model; `seen` lists each output with what it printed."""
    src = "nvidia-smi -q reports " + ", ".join(
        f"{k} {v:g} C" for k, v in (("slowdown", slowdown), ("shutdown", shutdown),
                                    ("max operating", max_operating)) if v is not None) + ": " + " | ".join(seen)
    if one_host:
        src += "; all from one host"
    out = {k: ({"value": v, "source": src, "uncertain": one_host} if v is not None else None)
           for k, v in (("temperature_slowdown_c", slowdown), ("temperature_shutdown_c", shutdown),
                        ("temperature_max_operating_c", max_operating))}
    out["_sources"] = [x.split(",")[0].split(" (")[0] for x in seen]  # for the file's sources[]
    return out


THERMAL = {
    "a100-sxm4-80gb": temps(89, 92, 85, [
        TL.format("A100SXMx4") + ", 4 GPUs, driver 555.42.02" + KEPT.format("imports/nvidia-smi-q/smi-a100-sxm4-80gb-x4-555.txt"),
        TG.format("a100-sxm4-v12.xml") + "@6f6d5b5, driver 535.54.03 (influxdata/telegraf PR #13733)" +
        KEPT.format("imports/nvidia-smi-xml/telegraf-a100-sxm4-v12.xml")], False),
    "a100-sxm4-40gb": temps(89, 92, 85, [
        "XueSongTap/XueSongTap.github.io:_posts/2024-01-04-nvidia-smi-more.md@c2fc96a, 8 GPUs, driver 535.129.03" +
        KEPT.format("imports/nvidia-smi-q/a100-sxm4-40gb-x8-host-max-gen3.txt"),
        "netdata/netdata issue #14321, -q -x" + KEPT.format("real-world/a100-sxm4-40gb-mig-enabled")], False),
    "tesla-v100-sxm2-16gb": temps(87, 90, 83, [
        TL.format("V100_x8") + ", 8 GPUs, driver 550.127.05" + KEPT.format("imports/nvidia-smi-q/smi-tesla-v100-sxm2-16gb-x8-550.txt"),
        "thamada/gls:gls/V100_x8_smi.py@5b0ef6c, the same host earlier" + KEPT.format("imports/nvidia-smi-q/v100-sxm2-x8-host-max-unknown-error-thamada-gls.txt")],
        True),
    "tesla-v100-pcie-32gb": temps(87, 90, 83, [
        "HeKun-NVIDIA/AI-Blog:83.nvidia-smi/nvidia-smi.md@31963ca, one card, driver 410.48" +
        KEPT.format("imports/nvidia-smi-q/smi-tesla-v100-pcie-32gb-410-throttle-reasons.txt")], True),
    "tesla-p100-pcie-16gb": temps(82, 85, None, [
        "netdata/go.d.plugin:modules/nvidia_smi/testdata/tesla-p100.xml@6d84f8b, -q -x, one card (max operating N/A)" +
        KEPT.format("real-world/tesla-p100-passthrough-vm-idle")], True),
    "tesla-t4": temps(93, 96, 85, [
        TG.format("tesla-t4.xml") + "@cd53516, -q -x, one card, driver 515.105.01" +
        KEPT.format("imports/nvidia-smi-xml/telegraf-tesla-t4.xml")], True),
    "nvidia-a10": temps(98, 101, 91, [
        TL.format("A10") + ", driver 550.90.12",
        "leptonai/gpud:pkg/nvidia-query/testdata/nvidia-smi-query.535.129.03.out.0.valid.a10@fdf5b32, driver 535.129.03 "
        "(leptonai/gpud PR #80)" + KEPT.format("real-world/a10-passthrough-remapped-rows-pending")], False),
    "nvidia-a10g": temps(95, 98, 88, [
        TG.format("a10g.xml") + "@cd53516, -q -x, one card, driver 515.105.01" +
        KEPT.format("imports/nvidia-smi-xml/telegraf-a10g.xml")], True),
    "nvidia-a40": temps(95, 98, 88, [TL.format("A40x10") + ", 10 GPUs, driver 550.127.05"], True),
    "rtx-a5000": temps(95, 98, 90, [TG.format("dual_a5000-v13.xml") + "@74bae14, -q -x, 2 GPUs"], True),
    "rtx-a6000": temps(95, 98, 93, [TL.format("RTX_A6000_x9") + ", 9 GPUs, driver 550.127.05"], True),
    "geforce-rtx-3060": temps(95, 98, 93, [
        "influxdata/telegraf PR #16579 (" + TG.format("rtx-3060-v12.xml") + "), -q -x, driver 570.124.04" +
        KEPT.format("real-world/rtx3060-idle-gen1-link")], True),
    "geforce-rtx-3070": temps(95, 98, 93, [TL.format("RTX3070") + ", one card, driver 550.54.14"], True),
    "geforce-rtx-3080": temps(95, 98, 93, [
        TL.format("RTX3080") + ", driver 550.54.14",
        TG.format("rtx-3080-v12.xml") + "@aa7669d, -q -x, Windows driver 536.40",
        TG.format("rtx-3080-v13.xml") + "@4fe83a4, -q -x, driver 595.58.03" +
        KEPT.format("imports/nvidia-smi-xml/telegraf-rtx-3080-v13.xml")], False),
    "geforce-rtx-3090": temps(95, 98, 93, [
        TL.format("RTX3090") + ", 2 GPUs, driver 560.35.03",
        TG.format("rtx-3090-v12.xml") + "@ab6133b, -q -x, driver 525.147.05 (influxdata/telegraf PR #15282)" +
        KEPT.format("imports/nvidia-smi-xml/telegraf-rtx-3090-v12.xml"),
        TG.format("3090-v13.xml") + "@58ff61d, -q -x, driver 590.44.01"], False),
    "geforce-rtx-4080-super": temps(96, 101, 90, [
        "utkuozdemir/nvidia_gpu_exporter:internal/captures/linux-x86_64__nvidia-geforce-rtx-4080-super__595.71.05.txt"
        "@e656cd8, one card" + KEPT.format("real-world/rtx4080-super-nvenc-load")], True),
    "geforce-rtx-2080-super": temps(97, 100, 89, [
        "utkuozdemir/nvidia_gpu_exporter:internal/captures/linux-x86_64__nvidia-geforce-rtx-2080-super__610.57.04.txt"
        "@e656cd8, one card" + KEPT.format("imports/nvidia-smi-q/exporter-capture-rtx2080-super-610-idle.txt"),
        "utkuozdemir/nvidia_gpu_exporter:internal/captures/windows-x86_64__nvidia-geforce-rtx-2080-super__610.62.txt"
        "@e656cd8, the same card's bus id under Windows" +
        KEPT.format("imports/nvidia-smi-q/exporter-capture-rtx2080-super-610-windows-load.txt")], True),
    "geforce-rtx-2080": temps(97, 100, 88, [
        TG.format("dual_2080-v13.xml") + "@58ff61d, -q -x, 2 GPUs, driver 590.44.01" +
        KEPT.format("imports/nvidia-smi-xml/telegraf-dual-2080-v13-masked-uuids.xml")], True),
    "titan-v": temps(97, 100, 91, [
        "leptonai/gpud:pkg/nvidia-query/testdata/nvidia-smi-query.560.35.03.out.0.valid@fdf5b32, one card, driver "
        "560.35.03 (leptonai/gpud PR #128)" + KEPT.format("real-world/titan-v-idle-gen1-link")], True),
    "h800-sxm5-80gb": temps(89, 92, 87, [
        "liguodongiot/llm-action:docs/llm-base/nvidia-smi.md@1935675, -q -i 0, one GPU, driver 525.105.17" +
        KEPT.format("real-world/h800-sxm-x8-dcgmi-8-of-8-links-up")], True),
}


OVERLAY_KEYS = {"id", "csv", "model", "names", "names_uncertain", "pci", "memory_gib", "mib", "reference", "tdp",
                "override", "mig", "mig_uncertain", "expected", "notes"}

UNITS = {"hbm": "GB/s", "pcie": "GB/s", "l2": "GB/s", "gemm": "TFLOP/s", "tensor": "TFLOP/s"}


def unit_for(family):
    if family == "sm/census":
        return "count"
    if family in ("sm/fp32", "sm/fp64"):
        return "TFLOP/s"
    return UNITS[family.split("/")[0]]


def architecture(cell):
    return cell.split(" (")[0].strip()


def chip(cell):
    m = re.search(r"\((.*)\)", cell)
    return m.group(1) if m else ""


def model_name(row):
    name = row["model"]
    name = re.sub(r"^NVIDIA ", "", name)
    return name.replace(" (AWS)", "")


def build(entry, row):
    unknown = set(entry) - OVERLAY_KEYS
    if unknown:
        raise SystemExit(f"{entry['id']}: unknown overlay keys {sorted(unknown)}")
    sources = split_sources(row["sources"])
    table = row.get("_csv", "gpu_specs.csv")
    spec = "datasheet figure as collected in " + table + "; sources: " + spec_sources(sources)
    override = entry.get("override", {})

    def peak(field, column, scale=1.0):
        if field in override and override[field] is None:
            return None
        v = sourced(row, column, spec, scale)
        if v is not None and field in override:
            v.update(override[field])
        return v

    gen, width = pcie_link(row["host_interface"])
    pci = entry.get("pci") or [p for p in re.findall(r"10de:[0-9a-f]{4}", row["pci_device_id"])][:1]
    no_nvlink = row["nvlink_gbs_per_gpu"].strip().lower().startswith("none")
    nvlink = None if no_nvlink else peak("nvlink_gbs", "nvlink_gbs_per_gpu")
    tdp = peak("tdp_w", "tdp_w")
    if "tdp" in entry:
        tdp = dict(entry["tdp"])
    sm_count = int(first_number(row["sm_count"]))
    memory_gib = entry.get("memory_gib", first_number(row["memory_gb"]))
    b = {
        "schema": SCHEMA,
        "id": entry["id"],
        "model": entry.get("model", model_name(row)),
        "nvidia_smi_names": entry["names"],
        "pci_device_ids": pci,
        "memory_gib": memory_gib,
        "memory_mib_reported": entry.get("mib"),
        "architecture": architecture(row["architecture"]),
        "compute_capability": row["compute_capability"].strip(),
        "architecture_reference": bool(entry.get("reference")),
        "sm_count": sm_count,
        "boost_clock_mhz": peak("boost_clock_mhz", "boost_clock_mhz"),
        "memory_type": row["memory_type"].split(" (")[0].strip(),
        "memory_bus_width_bits": int(first_number(row["memory_bus_width_bits"])),
        "memory_bandwidth_gbs": peak("memory_bandwidth_gbs", "memory_bandwidth_gbs"),
        "fp32_tflops": peak("fp32_tflops", "fp32_tflops"),
        "fp64_tflops": peak("fp64_tflops", "fp64_tflops"),
        "fp16_tensor_tflops": peak("fp16_tensor_tflops", "fp16_tensor_dense_tflops"),
        "bf16_tensor_tflops": peak("bf16_tensor_tflops", "bf16_tensor_dense_tflops"),
        "tf32_tensor_tflops": peak("tf32_tensor_tflops", "tf32_tensor_dense_tflops"),
        "fp8_tensor_tflops": peak("fp8_tensor_tflops", "fp8_tensor_dense_tflops"),
        "tdp_w": tdp,
        "l2_mb": peak("l2_mb", "l2_cache_mb"),
        "host_interface": row["host_interface"].strip(),
        "pcie_gen": gen,
        "pcie_width": width,
        "nvlink_gbs": nvlink,
        "mig_profiles": mig(entry["mig"], mig_sources(sources), entry.get("mig_uncertain")) if "mig" in entry else [],
        "expected": {},
        "sources": sources + [f"{NOTES} (gpuaudit reference notes)"],
        "notes": "",
        "chip": chip(row["architecture"]),
        "sm_count_uncertain": bool(override.get("sm_count_uncertain")) or "?" in row["sm_count"],
        "nvidia_smi_names_uncertain": bool(entry.get("names_uncertain")),
    }
    if entry["id"] in THERMAL:  # after the link figures; absent where no real output was seen
        thermal = {k: v for k, v in THERMAL[entry["id"]].items() if v is not None and not k.startswith("_")}
        b = {k2: v2 for k, v in b.items() for k2, v2 in ([(k, v)] + (list(thermal.items()) if k == "nvlink_gbs" else []))}
        b["sources"] += [x for x in THERMAL[entry["id"]]["_sources"] if x not in b["sources"]]
    if b["tdp_w"] and "source" not in b["tdp_w"]:
        b["tdp_w"]["source"] = spec
    if b["tdp_w"]:
        b["tdp_w"] = {"value": b["tdp_w"]["value"], "source": b["tdp_w"]["source"],
                      "uncertain": b["tdp_w"].get("uncertain", False)}

    expected = {"sm/census": {"value": sm_count, "unit": "count",
                              "source": "every SM of the model runs work; SM count from the datasheet/deviceQuery "
                                        "(" + table + " sources)",
                              "uncertain": b["sm_count_uncertain"], "tolerance": None, "note": ""}}
    for family, e in entry["expected"].items():
        if e["kind"] == "meas":
            value, source, uncertain = e["value"], e["source"], e["uncertain"]
        else:
            p = b[e["peak"]]
            if p is None:
                raise SystemExit(f"{entry['id']}: {family} estimated from missing {e['peak']}")
            value = round(p["value"] * e["fraction"], 2)
            source = f"datasheet {p['value']:g} x {e['fraction']:g}: {e['why']}"
            uncertain = True
        expected[family] = {"value": value, "unit": unit_for(family), "source": source, "uncertain": uncertain,
                            "tolerance": e["tolerance"], "note": e["note"]}
    b["expected"] = dict(sorted(expected.items()))
    # The calibration's measurement sources (docs/baselines.md) join the file's list where its figures cite them.
    for s in CALIBRATION_SOURCES:
        if any(s in e["source"] for e in expected.values()) and s not in b["sources"]:
            b["sources"].insert(len(b["sources"]) - 1, s)
    row_notes = row["notes"].strip()
    b["notes"] = entry.get("notes", "") + (" CSV note: " + row_notes if row_notes else "")
    return b


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--csv", default=DEFAULT_CSV)
    ap.add_argument("--extra-csv", default=EXTRA_CSV)
    ap.add_argument("--out", default=os.path.join(ROOT, "baselines"))
    args = ap.parse_args()
    rows = {}
    for path in (args.csv, args.extra_csv):
        with open(path, newline="") as f:
            for r in csv.DictReader(f):
                r["_csv"] = os.path.basename(path)
                if r["model"] in rows:
                    raise SystemExit(f"{path}: row '{r['model']}' is already in another CSV")
                rows[r["model"]] = r
    used = set()
    os.makedirs(args.out, exist_ok=True)
    models = MODELS + extra_models()
    ids = [m["id"] for m in models]
    if len(ids) != len(set(ids)):
        raise SystemExit("duplicate ids in MODELS/EXTRA")
    if set(THERMAL) - set(ids):
        raise SystemExit(f"THERMAL names unknown models: {sorted(set(THERMAL) - set(ids))}")
    for entry in models:
        row = rows.get(entry["csv"])
        if row is None:
            raise SystemExit(f"{entry['id']}: no CSV row '{entry['csv']}'")
        used.add(entry["csv"])
        b = build(entry, row)
        with open(os.path.join(args.out, entry["id"] + ".json"), "w") as f:
            json.dump(b, f, indent=2, ensure_ascii=False)
            f.write("\n")
    missing = set(rows) - used
    if missing:
        raise SystemExit(f"CSV rows without a baseline: {sorted(missing)}")
    print(f"wrote {len(models)} baselines from {len(rows)} CSV rows to {args.out}", file=sys.stderr)


if __name__ == "__main__":
    main()
