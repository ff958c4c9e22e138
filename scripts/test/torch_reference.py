#!/usr/bin/env python3
"""PyTorch side-by-side figures for scripts/device-check.sh, measured on the same GPU in the same run.

  torch_reference.py --result result.json -o torch.json

Measures, with CUDA events (3 warm-ups, then the median of the timed repetitions):
  copy_gbps          device-to-device copy (y.copy_(x)), bytes read + written, arrays the size
                     gpuaudit's hbm/copy used (its params.array_bytes), else 2 GiB
  matmul_bf16_tflops torch.matmul of random bf16 matrices at 8192^3 and at gemm/bf16's best shape:
                     "tflops", the median of 20 launches each synchronised apart (a burst: the card
                     idles between them, so a power limit barely bites), and "tflops_sustained",
                     launches back to back for SUSTAIN_S seconds timed as one (what gpuaudit's
                     gemm/* times: its samples run back to back, so the power limit does bite)
  h2d_pinned_gbps    a pinned host tensor .to('cuda', non_blocking=True), the size pcie/h2d_pinned used
Inputs are random (never zeros: they run faster than real data). Exit 77 when torch or a GPU is missing.
"""
import argparse
import json
import statistics
import sys


def load_params(path):
    """name -> params of gpuaudit's GPU 0 (or all-GPU) results."""
    if not path:
        return {}
    with open(path) as f:
        doc = json.load(f)
    out = {}
    for b in doc.get("benchmarks", []):
        if b.get("gpu") in (0, None) and b.get("status") == "ok":
            out.setdefault(b["name"], b.get("params") or {})
    return out


def timed(torch, fn, warmup=3, reps=10):
    for _ in range(warmup):
        fn()
    torch.cuda.synchronize()
    seconds = []
    for _ in range(reps):
        start, stop = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        start.record()
        fn()
        stop.record()
        stop.synchronize()
        seconds.append(start.elapsed_time(stop) / 1e3)
    return seconds


SUSTAIN_S = 1.0


def sustained_seconds_per_launch(torch, fn, per_launch_guess):
    """Launches back to back for about SUSTAIN_S seconds, after as long again of warm-up, timed as one."""
    n = max(10, int(SUSTAIN_S / max(per_launch_guess, 1e-6)))
    for _ in range(n):
        fn()
    start, stop = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    start.record()
    for _ in range(n):
        fn()
    stop.record()
    stop.synchronize()
    return start.elapsed_time(stop) / 1e3 / n


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--result", help="gpuaudit result document, for the sizes it used")
    ap.add_argument("-o", "--output", required=True)
    args = ap.parse_args()
    try:
        import torch
    except ImportError:
        print("torch_reference: PyTorch is not installed: skipped", file=sys.stderr)
        return 77
    if not torch.cuda.is_available():
        print("torch_reference: torch sees no CUDA device: skipped", file=sys.stderr)
        return 77
    params = load_params(args.result)
    out = {"torch": torch.__version__, "cuda": torch.version.cuda, "device": torch.cuda.get_device_name(0)}

    copy_bytes = int(params.get("hbm/copy", {}).get("array_bytes", 2 << 30))
    x = torch.empty(copy_bytes // 4, dtype=torch.float32, device="cuda").uniform_(0.5, 1.5)
    y = torch.empty_like(x)
    s = timed(torch, lambda: y.copy_(x), reps=20)
    out["copy_bytes_per_array"] = copy_bytes
    out["copy_gbps"] = 2 * copy_bytes / statistics.median(s) / 1e9
    out["copy_gbps_samples"] = [2 * copy_bytes / v / 1e9 for v in s]
    del x, y

    shapes = [(8192, 8192, 8192)]
    g = params.get("gemm/bf16", {})
    if all(k in g for k in ("m", "n", "k")) and (g["m"], g["n"], g["k"]) != shapes[0]:
        shapes.append((int(g["m"]), int(g["n"]), int(g["k"])))
    out["matmul_bf16"] = []
    for m, n, k in shapes:
        a = torch.randn(m, k, dtype=torch.bfloat16, device="cuda")
        b = torch.randn(k, n, dtype=torch.bfloat16, device="cuda")
        s = timed(torch, lambda: torch.matmul(a, b), reps=20)
        sustained = sustained_seconds_per_launch(torch, lambda: torch.matmul(a, b), statistics.median(s))
        out["matmul_bf16"].append({"m": m, "n": n, "k": k, "tflops": 2.0 * m * n * k / statistics.median(s) / 1e12,
                                   "tflops_sustained": 2.0 * m * n * k / sustained / 1e12})
        del a, b
    out["matmul_bf16_tflops_8192"] = out["matmul_bf16"][0]["tflops"]

    h2d_bytes = int(params.get("pcie/h2d_pinned", {}).get("buffer_bytes", 256 << 20))
    host = torch.randint(0, 255, (h2d_bytes,), dtype=torch.uint8).pin_memory()
    s = timed(torch, lambda: host.to("cuda", non_blocking=True), reps=10)
    out["h2d_bytes"] = h2d_bytes
    out["h2d_pinned_gbps"] = h2d_bytes / statistics.median(s) / 1e9

    with open(args.output, "w") as f:
        json.dump(out, f, indent=2)
    print(json.dumps({k: v for k, v in out.items() if not k.endswith("_samples")}, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
