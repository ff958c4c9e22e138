// l2/read: L2 bandwidth in GB/s: a working set well inside L2 (a quarter of it on split-L2 parts,
// half elsewhere: measure/sizing.hpp says why), read many times through L2 only (ld.global.cg);
// bytes counted = passes x working set.
#include "benchmarks/framework/bench_common.hpp"
#include "benchmarks/framework/registry.hpp"
#include "cuda/cuda_raii.hpp"
#include "measure/random_bits.hpp"
#include "measure/sizing.hpp"
#include "kernels/fill.cuh"
#include "kernels/l2.cuh"

namespace gpuaudit {

namespace {

Measurement run_l2_read(const BenchEnv& env) {
  if (env.info.l2_bytes == 0) return not_applicable("the device reports no L2 cache");
  const bool split = l2_is_split(env.info.cc_major, env.info.cc_minor);
  const std::uint64_t bytes = l2_working_set_bytes(env.info.l2_bytes, split);
  const std::uint64_t n_vec = bytes / 16, n_words = bytes / 4;
  const int threads = 256;
  const int blocks = env.info.sm_count * kernels::l2_read_blocks_per_sm(threads);
  Stream s;
  DeviceBuffer<uint4> data(n_vec);
  DeviceBuffer<unsigned> checksum(1);
  const std::uint64_t seed = fresh_seed();
  GA_CUDA(kernels::fill_random(data.get(), n_words, kernels::FillKind::word, seed, 0, s.get()));
  int passes = 1;
  const auto launch = [&](cudaStream_t st) {
    GA_CUDA(kernels::launch_l2_read(data.get(), n_vec, passes, blocks, threads, checksum.get(), st));
  };
  passes = calibrate_iterations(
      [&](int n) {
        passes = n;
        return time_one_launch(s.get(), launch);
      },
      4, 0.002, 1 << 16, 1);

  checksum.zero(s.get());
  launch(s.get());
  s.sync();
  unsigned got = 0;
  GA_CUDA(cudaMemcpy(&got, checksum.get(), sizeof got, cudaMemcpyDeviceToHost));
  std::uint32_t sum = 0;
  for (std::uint64_t i = 0; i < n_words; ++i) sum += rnd::word(seed, i);
  const std::uint32_t want = sum * static_cast<std::uint32_t>(passes);
  if (got != want)
    return check_failed("checksum of " + std::to_string(passes) + " passes: got " + std::to_string(got) + ", expected " +
                        std::to_string(want));

  TimingOptions o;
  o.policy = env.policy;
  const LaunchTiming t = time_launches(s.get(), launch, o);
  Measurement m = measurement_from_timing(t, static_cast<double>(passes) * static_cast<double>(bytes), 1e9);
  m.params["working_set_bytes"] = bytes;
  m.params["l2_bytes"] = env.info.l2_bytes;
  m.params["l2_split"] = split;
  m.params["passes"] = passes;
  m.params["blocks"] = blocks;
  m.params["threads_per_block"] = threads;
  return m;
}

const RegisterGpuBenchmarks registered{{.name = "l2/read", .order = 60, .run = run_l2_read}};

}  // namespace

}  // namespace gpuaudit
