// sm/int32: 32-bit integer multiply-add (IMAD) throughput of all SMs, in TOP/s
// (a multiply-add counts as 2 operations), with the SM clock that rate implies.
#include "benchmarks/sm_fma_common.hpp"

namespace gpuaudit {
namespace {
const RegisterGpuBenchmark reg{{{"sm/int32", "TOP/s", true}, 22, false, false,
                                [](const BenchEnv& env) { return run_fma_benchmark(env, kernels::FmaType::int32); }}};
}  // namespace
}  // namespace gpuaudit
