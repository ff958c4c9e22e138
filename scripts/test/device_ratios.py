#!/usr/bin/env python3
"""The ratio table of scripts/device-check.sh: gpuaudit's figures against the issue's targets and
against PyTorch measured on the same GPU in the same run.

  device_ratios.py result.json [torch.json] [-o ratios.md]

Prints a markdown table (check, ours, reference, ratio, target, verdict) and exits 0 when every
check with data passes, 1 when one fails. A missing figure is reported as "missing", not passed.
"""
import argparse
import json
import sys

H200_HBM_COPY_TARGET_GBPS = 4300.0  # >= 90% of the 4.8 TB/s datasheet figure (issue 3)
H200_SMS = 132
FP32_LANES_PER_SM = 128  # Hopper: 128 FP32 FMA lanes per SM (CUDA C++ Programming Guide)


def find(doc, name, gpu=0):
    for b in doc.get("benchmarks", []):
        if b.get("name") == name and b.get("gpu") == gpu:
            return b
    return None


def value(b):
    if b and b.get("status") == "ok" and b.get("summary"):
        return b["summary"]["median"]
    return None


def fmt(v, unit=""):
    if v is None:
        return "missing"
    if abs(v) >= 100:
        s = f"{v:,.0f}"
    elif abs(v) >= 1:
        s = f"{v:.2f}"
    else:
        s = f"{v:.3f}"
    return f"{s} {unit}".strip()


def rows(doc, torch):
    out = []

    def add(check, ours, ours_unit, ref, ref_unit, target, op="ge"):
        ratio = ours / ref if ours is not None and ref not in (None, 0) else None
        if ratio is None:
            verdict = "missing"
        elif op == "ge":
            verdict = "PASS" if ratio >= target - 1e-9 else "FAIL"
        elif op == "info":
            verdict = "-"
        elif op == "le":
            verdict = "PASS" if ours <= ref * target + 1e-9 else "FAIL"
        else:
            verdict = "PASS" if abs(ours - ref) < 1e-9 else "FAIL"
        tgt = {"ge": f">= {target:.2f}", "le": f"<= {target:.2f}", "eq": "= 1", "info": "(shown)"}[op]
        out.append((check, fmt(ours, ours_unit), fmt(ref, ref_unit), "-" if ratio is None else f"{ratio:.3f}", tgt, verdict))

    copy = find(doc, "hbm/copy")
    add("hbm/copy vs 4.3 TB/s (90% of datasheet)", value(copy), "GB/s", H200_HBM_COPY_TARGET_GBPS, "GB/s", 1.0)
    add("hbm/copy vs torch copy_", value(copy), "GB/s", torch.get("copy_gbps"), "GB/s", 1.0)
    cv = copy["summary"]["cv"] * 100 if value(copy) is not None else None
    add("hbm/copy CV (%)", cv, "%", 1.0, "%", 1.0, op="le")

    gemm = find(doc, "gemm/bf16")
    g = (gemm or {}).get("params") or {}
    # Like for like: gemm/* times launches back to back (the power limit bites), so its reference is
    # torch's back-to-back rate at the same shape; torch's burst (launches synchronised apart) is shown.
    same, how = None, "back to back"
    for t in torch.get("matmul_bf16", []):
        if (t["m"], t["n"], t["k"]) == (g.get("m"), g.get("n"), g.get("k")):
            same = t.get("tflops_sustained")
            if same is None:
                same, how = t["tflops"], "burst"
    shape = f"{g.get('m')}x{g.get('n')}x{g.get('k')}" if g else "?"
    add(f"gemm/bf16 vs torch.matmul {how}, same shape ({shape})", value(gemm), "TFLOP/s", same, "TFLOP/s", 1.0)
    add("gemm/bf16 vs torch.matmul 8192^3 burst (synchronised launches)", value(gemm), "TFLOP/s",
        torch.get("matmul_bf16_tflops_8192"), "TFLOP/s", 1.0, op="info")

    fp32 = find(doc, "sm/fp32")
    census = find(doc, "sm/census")
    sms = value(census)
    gpus = doc.get("gpus") or [{}]
    if sms is None:
        sms = gpus[0].get("sm_count")
    clock = None
    if fp32 and fp32.get("telemetry") and fp32["telemetry"].get("sm_clock_mhz"):
        clock = fp32["telemetry"]["sm_clock_mhz"]["median"]
    peak = sms * FP32_LANES_PER_SM * 2 * clock * 1e6 / 1e12 if sms and clock else None
    add(f"sm/fp32 vs SMs x 128 x 2 x NVML clock ({fmt(clock, 'MHz')})", value(fp32), "TFLOP/s", peak, "TFLOP/s", 0.95)

    add("pcie/h2d_pinned vs torch pinned .to('cuda')", value(find(doc, "pcie/h2d_pinned")), "GB/s",
        torch.get("h2d_pinned_gbps"), "GB/s", 1.0)
    add("sm/census = 132 (H200)", value(census), "SMs", float(H200_SMS), "SMs", 1.0, op="eq")
    return out


def table(rs):
    head = ("check", "ours", "reference", "ratio", "target", "verdict")
    lines = ["| " + " | ".join(head) + " |", "|" + "|".join("---" for _ in head) + "|"]
    lines += ["| " + " | ".join(r) + " |" for r in rs]
    return "\n".join(lines)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("result")
    ap.add_argument("torch", nargs="?")
    ap.add_argument("-o", "--output")
    args = ap.parse_args()
    with open(args.result) as f:
        doc = json.load(f)
    torch = {}
    if args.torch:
        try:
            with open(args.torch) as f:
                torch = json.load(f)
        except FileNotFoundError:
            print(f"device_ratios: {args.torch} not found: torch columns missing", file=sys.stderr)
    rs = rows(doc, torch)
    gpu = (doc.get("gpus") or [{}])[0].get("name", "?")
    text = f"gpuaudit device check on {gpu} ({doc.get('created_utc', '?')})"
    if doc.get("synthetic"):
        text += " - SYNTHETIC document: " + doc.get("synthetic_source", "")
    text += "\n\n" + table(rs) + "\n"
    if args.output:
        with open(args.output, "w") as f:
            f.write(text)
    print(text)
    return 1 if any(r[5] == "FAIL" for r in rs) else 0


if __name__ == "__main__":
    sys.exit(main())
