// Shared body of sm/fp32, sm/fp64 and sm/int32 (kernels/fma.cu): calibrate the work per launch,
// check a few threads' chains against the same recurrence on the host (bit for bit: FMA is
// correctly rounded on both sides), time, and derive the SM clock the rate implies.
#pragma once

#include "benchmarks/registry.hpp"
#include "kernels/fma.cuh"

namespace gpuaudit {

Measurement run_fma_benchmark(const BenchEnv& env, kernels::FmaType type);

}  // namespace gpuaudit
