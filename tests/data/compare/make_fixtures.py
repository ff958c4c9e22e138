#!/usr/bin/env python3
"""Writes the synthetic fixtures of tests/data/compare/ (run it from anywhere; output is deterministic).

None of these came from a real card: the figures are round numbers near an H100 SXM's datasheet-scale
results with seeded Gaussian noise, so the tests know exactly which change each pair carries.
"""
import json
import os
import random

HERE = os.path.dirname(os.path.abspath(__file__))
SOURCE = ("synthetic: round figures near H100 SXM scale with seeded Gaussian noise "
          "(tests/data/compare/make_fixtures.py); not measured on any card")

# name, unit, higher_is_better, centre, relative noise (cv)
FIGURES = [
    ("hbm/copy", "GB/s", True, 3000.0, 0.003),
    ("gemm/bf16", "TFLOP/s", True, 700.0, 0.004),
    ("sm/fp32", "TFLOP/s", True, 60.0, 0.002),
    ("pcie/h2d_pinned", "GB/s", True, 50.0, 0.005),
    ("sm/launch", "us", False, 2.5, 0.01),
]


def median(v):
    s = sorted(v)
    n = len(s)
    return s[n // 2] if n % 2 else 0.5 * (s[n // 2 - 1] + s[n // 2])


def bench(rng, name, unit, hib, centre, cv, n=10, gpu=0):
    # Seeded noise, shifted so the median sits exactly on `centre`: a fixture that says "1% lower"
    # is 1% lower, whatever the draw.
    noise = [rng.gauss(0, centre * cv) for _ in range(n)]
    shift = median(noise)
    samples = [round(centre + x - shift, 4) for x in noise]
    mean = sum(samples) / n
    sd = (sum((x - mean) ** 2 for x in samples) / (n - 1)) ** 0.5
    return {
        "name": name, "gpu": gpu, "status": "ok", "message": "", "unit": unit, "higher_is_better": hib,
        "params": {}, "samples": samples,
        "summary": {"n": n, "median": median(samples), "min": min(samples), "max": max(samples), "mean": mean,
                    "stddev": sd, "cv": sd / mean},
        "derived": {}, "telemetry": None,
    }


def document(seed, created, gpu_name="NVIDIA H100 80GB HBM3", mig=None, gpus=1, driver="570.124.06",
             scale=None, noise=None):
    rng = random.Random(seed)
    scale = scale or {}
    noise = noise or {}
    gpu_list = []
    for i in range(gpus):
        gpu_list.append({
            "index": i, "name": gpu_name, "uuid": "GPU-synthetic-%d" % i, "pci_bus_id": "00000000:%02X:00.0" % (0x18 + i),
            "mig": {"mode_enabled": mig is not None, "is_mig_device": mig is not None, "profile": mig,
                    "parent_uuid": None, "gpu_instance_id": None},
        })
    benches = []
    for g in range(gpus):
        for name, unit, hib, centre, cv in FIGURES:
            benches.append(bench(rng, name, unit, hib, centre * scale.get(name, 1.0), noise.get(name, cv), gpu=g))
    return {
        "schema": "gpuaudit.result/1",
        "tool": {"name": "gpuaudit", "version": "0.1.0", "cuda_runtime_built": 12090, "cuda_archs": ["sm_90"]},
        "created_utc": created,
        "synthetic": True,
        "synthetic_source": SOURCE,
        "tags": {"provider": "example-cloud", "region": "synthetic-1"},
        "price_per_hour": None, "currency": None, "mode": "quick",
        "host": {"hostname": "synthetic", "kernel": "6.8.0-45-generic"},
        "software": {"driver_version": driver, "cuda_driver_version": 12080, "cuda_runtime_version": 12090,
                     "nvml_version": None, "cublas_version": "12.9.1", "nccl_version": "2.26.2", "warnings": []},
        "gpu_status": {"state": "ok", "message": ""},
        "gpus": gpu_list,
        "benchmarks": benches,
        "assessment": None,
    }


def write(name, doc):
    with open(os.path.join(HERE, name), "w") as f:
        json.dump(doc, f, indent=1)
        f.write("\n")


def main():
    write("golden-synthetic.json", document(1, "2026-01-10T08:00:00Z"))
    # hbm/copy 20% lower, small noise; a newer driver (listed as the likely cause).
    write("hbm-drop-20pct-synthetic.json",
          document(2, "2026-01-11T08:00:00Z", driver="575.51.03", scale={"hbm/copy": 0.80}))
    # gemm/bf16 1% lower, with 1.5% scatter in both runs: noise, not a regression.
    write("gemm-base-noisy-synthetic.json", document(3, "2026-01-10T09:00:00Z", noise={"gemm/bf16": 0.015}))
    write("gemm-drop-1pct-synthetic.json",
          document(4, "2026-01-11T09:00:00Z", scale={"gemm/bf16": 0.99}, noise={"gemm/bf16": 0.015}))
    # Everything 10% faster: improved, exit 0.
    write("all-faster-synthetic.json",
          document(5, "2026-01-12T08:00:00Z", scale={f[0]: (1.1 if f[2] else 0.9) for f in FIGURES}))
    # Different hardware: another model; a MIG slice; two GPUs.
    write("a100-synthetic.json", document(6, "2026-01-11T10:00:00Z", gpu_name="NVIDIA A100-SXM4-80GB"))
    write("mig-3g40gb-synthetic.json", document(7, "2026-01-11T11:00:00Z", mig="3g.40gb"))
    write("two-gpus-synthetic.json", document(8, "2026-01-11T12:00:00Z", gpus=2))
    # A history folder: three earlier runs; the oldest had slow HBM (excluded by --last 2).
    os.makedirs(os.path.join(HERE, "history-synthetic"), exist_ok=True)
    write("history-synthetic/run-1-synthetic.json", document(11, "2026-01-01T08:00:00Z", scale={"hbm/copy": 0.5}))
    write("history-synthetic/run-2-synthetic.json", document(12, "2026-01-02T08:00:00Z"))
    write("history-synthetic/run-3-synthetic.json", document(13, "2026-01-03T08:00:00Z"))
    # A result document cut off in the middle (a crashed copy): must be refused, naming the file.
    with open(os.path.join(HERE, "golden-synthetic.json")) as f:
        text = f.read()
    with open(os.path.join(HERE, "corrupt-synthetic.json"), "w") as f:
        f.write(text[: len(text) // 2])


if __name__ == "__main__":
    main()
