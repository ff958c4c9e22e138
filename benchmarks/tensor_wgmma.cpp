// tensor/mma_bf16 on compute capability 9.0 (H100, H200, GH200): the tensor pipe's bf16 rate
// (FP32 accumulate) through wgmma.mma_async, the instruction Hopper's tensor cores reach their
// dense peak with (warp-level mma.sync reaches only part of it). Operands stay in shared memory,
// nothing moves through global memory in the timed loop; every accumulator is checked against the
// host reference (measure/wgmma_reference.hpp) before timing.
#include "benchmarks/framework/bench_common.hpp"
#include "benchmarks/tensor_wgmma.hpp"
#include "cuda/cuda_raii.hpp"
#include "measure/wgmma_reference.hpp"
#include "kernels/wgmma.cuh"

#include <vector>

namespace gpuaudit {

Measurement run_wgmma_bf16(const BenchEnv& env) {
  using kernels::kWgmmaAccumulators;
  using kernels::kWgmmaPerRound;
  using kernels::kWgmmaThreads;
  const int per_sm = kernels::wgmma_blocks_per_sm();
  const int blocks = env.info.sm_count * per_sm;
  const std::uint64_t values = static_cast<std::uint64_t>(blocks) * kWgmmaThreads * kWgmmaAccumulators;
  DeviceBuffer<float> out(values);
  Stream s;
  const std::uint64_t seed = wgmma_seed_with_nonzero_sum(fresh_seed());
  const int max_iters = static_cast<int>(kWgmmaExactSteps / kWgmmaPerRound);
  int iters = 16;
  const auto launch = [&](cudaStream_t st) { GA_CUDA(kernels::launch_wgmma_bf16(blocks, iters, seed, out.get(), st)); };
  iters = calibrate_iterations(
      [&](int n) {
        iters = n;
        return time_one_launch(s.get(), launch);
      },
      16, 0.005, max_iters, 1);

  out.poison(s.get());
  launch(s.get());
  s.sync();
  std::vector<float> got(values);
  GA_CUDA(cudaMemcpy(got.data(), out.get(), out.bytes(), cudaMemcpyDeviceToHost));
  const double want = wgmma_expected(seed, iters, kWgmmaPerRound);
  std::uint64_t wrong = 0, first = 0;
  for (std::uint64_t i = 0; i < values; ++i)
    if (static_cast<double>(got[i]) != want && wrong++ == 0) first = i;
  if (wrong) {
    const std::uint64_t per_block = static_cast<std::uint64_t>(kWgmmaThreads) * kWgmmaAccumulators;
    return check_failed(std::to_string(wrong) + " of " + std::to_string(values) + " wgmma accumulators wrong; first: block " +
                        std::to_string(first / per_block) + " thread " +
                        std::to_string(first % per_block / kWgmmaAccumulators) + " register " +
                        std::to_string(first % kWgmmaAccumulators) + ": got " + std::to_string(got[first]) +
                        ", expected " + std::to_string(want));
  }

  TimingOptions o;
  o.policy = env.policy;
  const LaunchTiming timing = time_launches(s.get(), launch, o);
  const double flops = static_cast<double>(blocks) * iters * kWgmmaPerRound * kernels::kWgmmaFlopsPerInstruction;
  Measurement m = measurement_from_timing(timing, flops, 1e12);
  m.params["instruction"] = "wgmma.mma_async.m64n256k16";
  m.params["accumulate"] = "fp32";
  m.params["operands"] = "shared memory (descriptors, no swizzle)";
  m.params["blocks"] = blocks;
  m.params["blocks_per_sm"] = per_sm;
  m.params["threads_per_block"] = kWgmmaThreads;
  m.params["instructions_per_round"] = kWgmmaPerRound;
  m.params["iterations"] = iters;
  m.params["flop_per_launch"] = flops;
  return m;
}

}  // namespace gpuaudit
