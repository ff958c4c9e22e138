// Shared body of hbm/read, hbm/write, hbm/copy and hbm/triad (kernels/stream.cu): arrays sized
// from free memory (>= 8x L2 where it fits), random non-zero inputs, poisoned output; a short
// search over launch shapes; a check of the chosen shape against the host; then timing. Bytes
// counted are bytes read plus bytes written.
#pragma once

#include "benchmarks/registry.hpp"
#include "kernels/stream.cuh"

namespace gpuaudit {

Measurement run_stream_benchmark(const BenchEnv& env, kernels::StreamOp op);

}  // namespace gpuaudit
