// Shared body of gemm/fp16, gemm/bf16, gemm/tf32 and gemm/fp8: the matrix rate a program can
// actually get from cuBLASLt, FP32 accumulate. A short shape search (mamf-finder style) within a
// time budget: for each shape, cuBLASLt's heuristic candidates are timed briefly and the best
// (shape, algorithm) is kept; its output is checked on sampled elements against a host reference
// in double; then it is timed. FLOP counted = 2*m*n*k per product.
#pragma once

#include "benchmarks/registry.hpp"

namespace gpuaudit {

enum class GemmKind { fp16, bf16, tf32, fp8 };

Measurement run_gemm_benchmark(const BenchEnv& env, GemmKind kind);

}  // namespace gpuaudit
