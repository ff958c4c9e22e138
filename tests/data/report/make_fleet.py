#!/usr/bin/env python3
"""Writes synthetic gpuaudit.result/1 documents for `gpuaudit report` tests and its README example.

    make_fleet.py --example OUT_DIR        the small committed fleet (tests/data/report/fleet-synthetic)
    make_fleet.py --count 1000 OUT_DIR     many documents for the speed check (tests/cli/report_perf.sh)
    make_fleet.py --hostile OUT_DIR        one document whose tags try to inject HTML

Nothing here was measured: providers and regions are made up, figures are round numbers near H100
SXM scale with seeded noise, prices are invented. Every document says so ("synthetic": true).
"""
import argparse
import json
import os
import random

SOURCE = ("synthetic: made-up providers, regions and prices; figures near H100 SXM scale with seeded "
          "noise (tests/data/report/make_fleet.py); not measured on any card")

# name, unit, higher_is_better, centre per GPU, cv
FIGURES = [
    ("gemm/bf16", "TFLOP/s", True, 720.0, 0.006),
    ("sm/fp32", "TFLOP/s", True, 59.0, 0.003),
    ("hbm/copy", "GB/s", True, 3020.0, 0.004),
    ("pcie/h2d_pinned", "GB/s", True, 53.0, 0.01),
    ("pcie/d2h_pinned", "GB/s", True, 52.0, 0.01),
    ("sm/launch_sync", "us", False, 4.1, 0.03),
]


def median(v):
    s = sorted(v)
    n = len(s)
    return s[n // 2] if n % 2 else 0.5 * (s[n // 2 - 1] + s[n // 2])


def bench(rng, name, unit, hib, centre, cv, gpu, n, telemetry):
    samples = [round(rng.gauss(centre, centre * cv), 3) for _ in range(n)]
    mean = sum(samples) / n
    sd = (sum((x - mean) ** 2 for x in samples) / (n - 1)) ** 0.5 if n > 1 else 0.0
    b = {"name": name, "gpu": gpu, "status": "ok", "message": "", "unit": unit, "higher_is_better": hib,
         "params": {"bytes": 1 << 30} if unit == "GB/s" else {},
         "samples": samples,
         "summary": {"n": n, "median": median(samples), "min": min(samples), "max": max(samples), "mean": mean,
                     "stddev": sd, "cv": sd / mean if mean else 0.0},
         "derived": {}, "telemetry": None}
    if telemetry:
        b["telemetry"] = {"samples": 40, "sm_clock_mhz": {"min": 1965, "median": 1980, "max": 1980},
                          "mem_clock_mhz": {"min": 2619, "median": 2619, "max": 2619},
                          "power_w": {"min": 420, "median": 655, "max": 699},
                          "temperature_c": {"min": 41, "median": 55, "max": 61},
                          "gpu_util_pct": {"min": 100, "median": 100, "max": 100},
                          "clock_event_reasons": [], "pcie_gen_max_seen": 5, "pcie_width_max_seen": 16}
    return b


def document(rng, created, provider, region, instance, gpus, price, currency="USD", scale=None, mig=None,
             findings=None, delivered=None, samples=10, telemetry=True, power_limit=700.0):
    scale = scale or {}
    gpu_list = []
    for i in range(gpus):
        gpu_list.append({
            "index": i, "name": "NVIDIA H100 80GB HBM3", "uuid": "GPU-synthetic-%04d" % i,
            "pci_bus_id": "00000000:%02X:00.0" % (0x18 + i), "sm_count": 60 if mig else 132,
            "mig": {"mode_enabled": mig is not None, "is_mig_device": mig is not None, "profile": mig,
                    "parent_uuid": None, "gpu_instance_id": None},
            "power": {"limit_w": power_limit, "default_limit_w": 700.0},
        })
    benches = []
    for g in range(gpus):
        for name, unit, hib, centre, cv in FIGURES:
            benches.append(bench(rng, name, unit, hib, centre * scale.get(name, 1.0), cv, g, samples, telemetry))
    doc = {
        "schema": "gpuaudit.result/1",
        "tool": {"name": "gpuaudit", "version": "0.1.0", "cuda_runtime_built": 12090, "cuda_archs": ["sm_90"]},
        "created_utc": created, "synthetic": True, "synthetic_source": SOURCE,
        "tags": {"provider": provider, "region": region, "instance": instance},
        "price_per_hour": price, "currency": currency if price is not None else None, "mode": "quick",
        "host": {"hostname": "synthetic", "kernel": "6.8.0-45-generic", "provider_guess": provider},
        "software": {"driver_version": "570.124.06", "cuda_driver_version": 12080, "cuda_runtime_version": 12090,
                     "cublas_version": "12.9.1", "nccl_version": "2.26.2", "warnings": []},
        "gpu_status": {"state": "ok", "message": ""},
        "gpus": gpu_list, "benchmarks": benches, "assessment": None,
    }
    if findings is not None:
        doc["assessment"] = {
            "scored_utc": created, "baselines_version": "synthetic",
            "headline": "NVIDIA H100 80GB HBM3 - " + ", ".join(findings) + " (synthetic)",
            "delivered_fraction": delivered,
            "findings": [{"id": f, "gpu": None, "confidence": "high", "summary": f + " (synthetic)", "evidence": [],
                          "figures": {}} for f in findings],
        }
    return doc


def soak_timeline(rng, gpus, minutes=10, interval=10, throttle_from=330):
    out = []
    for g in range(gpus):
        points = []
        t = interval
        while t <= minutes * 60:
            hot = g == 1 and t >= throttle_from
            temp = min(88, 45 + t * 0.12) if g == 1 else min(72, 45 + t * 0.06)
            clock = 1650 if hot else 1980
            points.append({"t_s": float(t),
                           "gemm_tflops": round(rng.gauss(600 if hot else 715, 4), 1),
                           "hbm_gbs": round(rng.gauss(2950 if hot else 3010, 8), 0),
                           "sm_clock_mhz": clock + rng.choice([0, 0, -15]),
                           "mem_clock_mhz": 2619,
                           "power_w": round(rng.gauss(690, 5), 0),
                           "temperature_c": round(temp, 0),
                           "reasons": ["sw-thermal"] if hot else []})
            t += interval
        decay = ({"verdict": "decayed", "summary": "GEMM fell 16% (715 -> 600 TFLOP/s) from t=330 s; SM clock "
                  "1980 -> 1650 MHz from t=330 s; NVML: sw-thermal (thermal)", "cause": "thermal"}
                 if g == 1 else {"verdict": "stable", "summary": "GEMM and HBM steady within 1% over 10 min"})
        out.append({"gpu": g, "name": "NVIDIA H100 80GB HBM3", "error": "", "points": points, "decay": decay})
    return {"minutes_requested": minutes, "interval_s": interval, "elapsed_s": minutes * 60.0, "interrupted": False,
            "workload": "bf16 GEMM 8192^3 (cuBLASLt) + device copy 2 x 1024 MiB (synthetic)", "gpus": out}


def write(out_dir, name, doc):
    with open(os.path.join(out_dir, name), "w") as f:
        json.dump(doc, f, separators=(",", ":"))
        f.write("\n")


def example(out_dir):
    rng = random.Random(2026)
    # provider, region, instance, gpus, price/h, scale, mig, findings, delivered, power limit
    fleet = [
        ("alpha-cloud", "us-east", "a8.h100x2", 2, 6.20, {}, None, ["healthy"], 0.99, 700),
        ("alpha-cloud", "us-east", "a8.h100x2", 2, 6.20, {}, None, ["healthy"], 1.00, 700),
        ("alpha-cloud", "us-east", "a8.h100x2", 2, 6.20, {"gemm/bf16": 0.97}, None, ["healthy"], 0.98, 700),
        ("alpha-cloud", "eu-west", "a8.h100x2", 2, 7.10, {}, None, ["healthy"], 0.99, 700),
        ("alpha-cloud", "eu-west", "a8.h100x2", 2, 7.10, {"gemm/bf16": 0.82, "sm/fp32": 0.84}, None,
         ["power-capped"], 0.83, 500),
        ("beta-gpu", "us-central", "bx-2h100", 2, 4.90, {"pcie/h2d_pinned": 0.5, "pcie/d2h_pinned": 0.5}, None,
         ["pcie-degraded"], 0.97, 700),
        ("beta-gpu", "us-central", "bx-2h100", 2, 4.90, {}, None, ["healthy"], 0.99, 700),
        ("beta-gpu", "us-central", "bx-2h100", 2, 4.90, {}, None, ["healthy"], 1.00, 700),
        ("gamma-compute", "ap-south", "g-h100-half", 2, 2.60,
         {"gemm/bf16": 0.45, "sm/fp32": 0.45, "hbm/copy": 0.5}, "3g.40gb", ["sliced"], 0.45, 700),
        ("gamma-compute", "ap-south", "g-h100-half", 2, 2.60,
         {"gemm/bf16": 0.44, "sm/fp32": 0.45, "hbm/copy": 0.49}, "3g.40gb", ["sliced"], 0.45, 700),
    ]
    for i, (prov, region, inst, gpus, price, scale, mig, findings, delivered, plimit) in enumerate(fleet):
        doc = document(rng, "2026-02-%02dT09:00:00Z" % (i + 1), prov, region, inst, gpus, price, scale=scale,
                       mig=mig, findings=findings, delivered=delivered, samples=8, telemetry=False,
                       power_limit=plimit)
        write(out_dir, "%02d-%s-%s-synthetic.json" % (i + 1, prov, region), doc)
    soak = document(rng, "2026-02-20T09:00:00Z", "beta-gpu", "us-central", "bx-2h100", 2, 4.90,
                    findings=["thermal-throttled"], delivered=0.9, samples=8, telemetry=False)
    soak["mode"] = "custom"
    soak["benchmarks"] = []
    soak["soak"] = soak_timeline(rng, 2)
    write(out_dir, "11-beta-gpu-us-central-soak-synthetic.json", soak)


def many(out_dir, count):
    rng = random.Random(7)
    providers = ["alpha-cloud", "beta-gpu", "gamma-compute", "delta-hpc", "epsilon-ai"]
    regions = ["us-east", "us-west", "eu-west", "eu-north", "ap-south", "ap-east"]
    for i in range(count):
        prov = providers[i % len(providers)]
        region = regions[(i // len(providers)) % len(regions)]
        doc = document(rng, "2026-03-01T%02d:%02d:%02dZ" % (i // 3600, i // 60 % 60, i % 60), prov, region,
                       prov[:1] + "8.h100x8", 8, round(rng.uniform(18, 32), 2),
                       findings=["healthy"], delivered=round(rng.uniform(0.95, 1.0), 3))
        write(out_dir, "run-%05d-synthetic.json" % i, doc)


def hostile(out_dir):
    rng = random.Random(1)
    doc = document(rng, "2026-02-28T09:00:00Z", "<script>alert(\"provider\")</script>",
                   "eu-'west\"><img src=x onerror=alert(1)>", "</title><script>alert(2)</script>", 1, 3.0,
                   currency="<b>USD</b>", findings=["healthy"], delivered=1.0, samples=5, telemetry=False)
    doc["tags"]["note"] = "& < > \" ' ]]> -->"
    write(out_dir, "hostile-tags-synthetic.json", doc)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("out_dir")
    ap.add_argument("--example", action="store_true")
    ap.add_argument("--count", type=int, default=0)
    ap.add_argument("--hostile", action="store_true")
    a = ap.parse_args()
    os.makedirs(a.out_dir, exist_ok=True)
    if a.example:
        example(a.out_dir)
    if a.count:
        many(a.out_dir, a.count)
    if a.hostile:
        hostile(a.out_dir)


if __name__ == "__main__":
    main()
