#!/usr/bin/env bash
# scripts/test/device_ratios.py (the last table of scripts/device-check.sh) on synthetic H200 figures:
# every check passes (the burst GEMM row is shown, not judged); a torch copy faster than ours fails; a missing figure is "missing", not PASS.
set -euo pipefail
src=$2
command -v python3 >/dev/null || { echo "SKIP: no python3"; exit 77; }
data=$src/tests/data/device-check
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

out=$(python3 "$src/scripts/test/device_ratios.py" "$data/result-h200-synthetic.json" "$data/torch-h200-synthetic.json" -o "$tmp/r.md")
echo "$out"
grep -q "SYNTHETIC" <<<"$out"
[ "$(grep -c '| PASS |' "$tmp/r.md")" -eq 7 ] || { echo "expected 7 passing checks"; exit 1; }
# The fixture's torch has no back-to-back rate: the same-shape row falls back to its burst, and says so.
grep -q 'gemm/bf16 vs torch.matmul burst, same shape (16384x8192x8192) | 801 TFLOP/s | 795 TFLOP/s | 1.008' "$tmp/r.md"
grep -q 'gemm/bf16 vs torch.matmul 8192^3 burst (synchronised launches) | 801 TFLOP/s | 788 TFLOP/s | 1.016 | (shown) | - |' "$tmp/r.md"
grep -q 'sm/fp32 vs SMs x 128 x 2 x NVML clock (1,980 MHz) | 65.00 TFLOP/s | 66.91 TFLOP/s | 0.971' "$tmp/r.md"

python3 - "$data/torch-h200-synthetic.json" "$tmp/fast.json" <<'PY'
import json, sys
t = json.load(open(sys.argv[1])); t["copy_gbps"] = 4500.0; json.dump(t, open(sys.argv[2], "w"))
PY
if python3 "$src/scripts/test/device_ratios.py" "$data/result-h200-synthetic.json" "$tmp/fast.json" >"$tmp/out" 2>&1; then
  echo "a faster torch copy must fail the check"; exit 1
fi
grep -q 'hbm/copy vs torch copy_ | 4,352 GB/s | 4,500 GB/s | 0.967 | >= 1.00 | FAIL' "$tmp/out"

python3 "$src/scripts/test/device_ratios.py" "$data/result-h200-synthetic.json" >"$tmp/notorch" || true
grep -q 'hbm/copy vs torch copy_ | 4,352 GB/s | missing | - | >= 1.00 | missing' "$tmp/notorch"
echo "device_ratios: ok"
