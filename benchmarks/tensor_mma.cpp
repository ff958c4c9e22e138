// tensor/mma_fp16, tensor/mma_bf16: the tensor pipe's rate (FP32 accumulate) with operands in
// registers (kernels/mma.cu), in TFLOP/s: an upper bound for matrix work that no memory traffic
// limits. On compute capability 9.0, tensor/mma_bf16 runs wgmma instead when the binary has the
// sm_90a kernel (benchmarks/tensor_wgmma.cpp); params.instruction says which.
#include "benchmarks/framework/bench_common.hpp"
#include "benchmarks/framework/registry.hpp"
#include "benchmarks/tensor_wgmma.hpp"
#include "cuda/cuda_raii.hpp"
#include "kernels/mma.cuh"
#include "kernels/wgmma.cuh"

#include <algorithm>

namespace gpuaudit {

namespace {

Measurement run_mma_benchmark(const BenchEnv& env, kernels::MmaType type) {
  using kernels::kMmaChains;
  if (type == kernels::MmaType::bf16 && kernels::wgmma_built() && env.info.cc_major == 9 && env.info.cc_minor == 0)
    return run_wgmma_bf16(env);
  const auto shape = kernels::mma_shape_for(type, env.info.cc_major, env.info.cc_minor);
  const std::string type_name = type == kernels::MmaType::fp16 ? "fp16" : "bf16";
  if (!shape)
    return not_applicable("no warp-level " + type_name + " mma on compute capability " + std::to_string(env.info.cc_major) +
                          "." + std::to_string(env.info.cc_minor) + (type == kernels::MmaType::fp16 ? " (needs 7.5)" : " (needs 8.0)"));
  const int threads = 128;
  const int blocks = env.info.sm_count * kernels::mma_blocks_per_sm(type, threads);
  const std::uint64_t lanes = static_cast<std::uint64_t>(blocks) * threads;
  const std::uint64_t warps = lanes / 32;
  DeviceBuffer<float> out(lanes * 4);
  Stream s;
  const std::uint64_t seed = fresh_seed();
  // Results stay exact (and checkable) while chains*iters <= kMmaExactChainIters.
  const int max_iters = static_cast<int>(kMmaExactChainIters / kMmaChains);
  int iters = 16;
  const auto launch = [&](cudaStream_t st) {
    GA_CUDA(kernels::launch_mma(type, blocks, threads, iters, seed, out.get(), st));
  };
  iters = calibrate_iterations(
      [&](int n) {
        iters = n;
        return time_one_launch(s.get(), launch);
      },
      16, 0.005, max_iters, 1);

  out.poison(s.get());
  launch(s.get());
  s.sync();
  for (std::uint64_t w : {std::uint64_t{0}, warps / 2, warps - 1}) {
    std::vector<float> got(128);
    GA_CUDA(cudaMemcpy(got.data(), out.get() + w * 128, 128 * sizeof(float), cudaMemcpyDeviceToHost));
    const auto want = mma_expected(*shape, seed, w, iters, kMmaChains);
    for (std::size_t i = 0; i < got.size(); ++i)
      if (static_cast<double>(got[i]) != want[i])
        return check_failed("warp " + std::to_string(w) + " lane " + std::to_string(i / 4) + ": got " +
                            std::to_string(got[i]) + ", expected " + std::to_string(want[i]));
  }

  TimingOptions o;
  o.policy = env.policy;
  const LaunchTiming timing = time_launches(s.get(), launch, o);
  const double flops = static_cast<double>(warps) * kMmaChains * iters * kernels::mma_flops_per_instruction(*shape);
  Measurement m = measurement_from_timing(timing, flops, 1e12);
  m.params["instruction"] = *shape == MmaShape::m16n8k16 ? "mma.sync.m16n8k16" : "mma.sync.m16n8k8";
  m.params["accumulate"] = "fp32";
  m.params["blocks"] = blocks;
  m.params["threads_per_block"] = threads;
  m.params["chains_per_warp"] = kMmaChains;
  m.params["iterations"] = iters;
  m.params["flop_per_launch"] = flops;
  return m;
}

// A member of the family: the body above, for one operand type.
RunBenchmark mma_run(kernels::MmaType type) {
  return [type](const BenchEnv& env) { return run_mma_benchmark(env, type); };
}

// On Hopper, warp-level mma.sync is not the fastest path (wgmma is), so tensor/mma_fp16 sits below
// gemm/fp16 there.
const RegisterGpuBenchmarks registered{
    {.name = "tensor/mma_fp16", .order = 40, .run = mma_run(kernels::MmaType::fp16)},
    {.name = "tensor/mma_bf16", .order = 41, .run = mma_run(kernels::MmaType::bf16)},
};

}  // namespace

}  // namespace gpuaudit
