// sm/fp32, sm/fp64, sm/int32: fused multiply-add throughput of all SMs (kernels/fma.cu), a
// multiply-add counting as 2 operations, with the SM clock that rate implies. Calibrate the work
// per launch, check a few threads' chains against the same recurrence on the host (bit for bit:
// FMA is correctly rounded on both sides), then time.
#include "benchmarks/framework/bench_common.hpp"
#include "benchmarks/framework/registry.hpp"
#include "cuda/cuda_raii.hpp"
#include "measure/arch_rates.hpp"
#include "measure/random_bits.hpp"
#include "kernels/fma.cuh"

#include <cmath>
#include <cstring>

namespace gpuaudit {

namespace {

using kernels::FmaType;
using kernels::kFmaChains;

// The device's recurrence for thread t, on the host (see kernels/fma.cuh for the values).
std::vector<std::uint64_t> host_chains(FmaType type, std::uint64_t seed, std::uint64_t t, int iters) {
  std::vector<std::uint64_t> out;
  for (int c = 0; c < kFmaChains; ++c) {
    const std::uint64_t i = t * kFmaChains + static_cast<std::uint64_t>(c);
    if (type == FmaType::fp32) {
      float x = rnd::unit_float(seed, i);
      const float a = 1.0f - 0x1p-12f * rnd::unit_float(seed + 1, t), b = 0x1p-12f * rnd::unit_float(seed + 2, t);
      for (int k = 0; k < iters; ++k) x = std::fma(x, a, b);
      std::uint32_t bits;
      std::memcpy(&bits, &x, sizeof bits);
      out.push_back(bits);
    } else if (type == FmaType::fp64) {
      double x = rnd::unit_float(seed, i);
      const double a = 1.0 - 0x1p-12 * static_cast<double>(rnd::unit_float(seed + 1, t));
      const double b = 0x1p-12 * static_cast<double>(rnd::unit_float(seed + 2, t));
      for (int k = 0; k < iters; ++k) x = std::fma(x, a, b);
      std::uint64_t bits;
      std::memcpy(&bits, &x, sizeof bits);
      out.push_back(bits);
    } else {
      std::uint32_t x = rnd::word(seed, i);
      const std::uint32_t a = rnd::word(seed + 1, t) | 1u, b = rnd::word(seed + 2, t);
      for (int k = 0; k < iters; ++k) x = x * a + b;
      out.push_back(x);
    }
  }
  return out;
}

std::uint64_t device_bits(FmaType type, const std::vector<unsigned char>& raw, std::size_t element) {
  if (type == FmaType::fp64) {
    std::uint64_t v;
    std::memcpy(&v, raw.data() + element * 8, 8);
    return v;
  }
  std::uint32_t v;
  std::memcpy(&v, raw.data() + element * 4, 4);
  return v;
}

Measurement run_fma_benchmark(const BenchEnv& env, FmaType type) {
  const int threads = 256;
  const int blocks = env.info.sm_count * kernels::fma_blocks_per_sm(type, threads);
  const std::size_t elem = type == FmaType::fp64 ? 8 : 4;
  const std::uint64_t total_threads = static_cast<std::uint64_t>(blocks) * threads;
  DeviceBuffer<unsigned char> out(total_threads * kFmaChains * elem);
  Stream s;
  const std::uint64_t seed = fresh_seed();
  int iters = kernels::kFmaUnroll;
  const auto launch = [&](cudaStream_t st) {
    GA_CUDA(kernels::launch_fma(type, blocks, threads, iters, seed, out.get(), st));
  };
  // A launch of ~5 ms: long enough to dwarf launch gaps, short enough for many samples.
  iters = calibrate_iterations(
      [&](int n) {
        iters = n;
        return time_one_launch(s.get(), launch);
      },
      kernels::kFmaUnroll * 4, 0.005, 1 << 22, kernels::kFmaUnroll);

  // Check before timing: poisoned output, one launch, the first and last threads against the host.
  out.poison(s.get());
  launch(s.get());
  s.sync();
  std::vector<unsigned char> raw(out.bytes());
  GA_CUDA(cudaMemcpy(raw.data(), out.get(), out.bytes(), cudaMemcpyDeviceToHost));
  for (std::uint64_t t : {std::uint64_t{0}, std::uint64_t{1}, total_threads / 2, total_threads - 1}) {
    const auto want = host_chains(type, seed, t, iters);
    for (int c = 0; c < kFmaChains; ++c) {
      const std::uint64_t got = device_bits(type, raw, t * kFmaChains + static_cast<std::uint64_t>(c));
      if (got != want[static_cast<std::size_t>(c)])
        return check_failed("thread " + std::to_string(t) + " chain " + std::to_string(c) + ": device result differs from the host recurrence");
    }
  }

  TimingOptions o;
  o.policy = env.policy;
  o.target_sample_s = 0.02;
  const LaunchTiming timing = time_launches(s.get(), launch, o);
  const double ops = static_cast<double>(total_threads) * kFmaChains * iters * 2.0;
  Measurement m = measurement_from_timing(timing, ops, 1e12);
  m.params["blocks"] = blocks;
  m.params["threads_per_block"] = threads;
  m.params["chains_per_thread"] = kFmaChains;
  m.params["iterations"] = iters;
  m.params["ops_per_launch"] = ops;
  const ArchLanes lanes = arch_lanes(env.info.cc_major, env.info.cc_minor);
  const std::optional<int> lane = type == FmaType::fp32 ? lanes.fp32 : type == FmaType::fp64 ? lanes.fp64 : lanes.int32;
  if (lane) m.params["lanes_per_sm"] = *lane;
  if (!m.samples.empty()) {
    const double median = summarize(m.samples).median * 1e12;
    if (const auto mhz = effective_sm_clock_mhz(median, env.info.sm_count, lane)) m.derived["effective_sm_clock_mhz"] = *mhz;
  }
  return m;
}

// A member of the family: the body above, for one operand type.
RunBenchmark fma_run(FmaType type) {
  return [type](const BenchEnv& env) { return run_fma_benchmark(env, type); };
}

const RegisterGpuBenchmarks registered{
    // sm/fp32: FP32 fused multiply-add (FFMA), in TFLOP/s.
    {.name = "sm/fp32", .order = 20, .run = fma_run(FmaType::fp32)},
    // sm/fp64: FP64 fused multiply-add (DFMA; 1/64 rate on most consumer parts), in TFLOP/s.
    {.name = "sm/fp64", .order = 21, .run = fma_run(FmaType::fp64)},
    // sm/int32: 32-bit integer multiply-add (IMAD), in TOP/s.
    {.name = "sm/int32", .order = 22, .run = fma_run(FmaType::int32)},
};

}  // namespace

}  // namespace gpuaudit
