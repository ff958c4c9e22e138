// sm/contention: the longest stretch, in microseconds, during which a kernel that occupies every
// SM made no progress (kernels/contention.cu). Microseconds on a dedicated card; milliseconds when
// the GPU is time-sliced with another tenant (vGPU schedulers, shared-GPU Kubernetes). Derived:
// gaps_over_1ms, the number of such stalls seen in all samples.
#include "benchmarks/framework/bench_common.hpp"
#include "benchmarks/framework/registry.hpp"
#include "cuda/cuda_raii.hpp"
#include "measure/timer_guard.hpp"
#include "kernels/contention.cuh"

#include <algorithm>

namespace gpuaudit {

namespace {

Measurement run_contention(const BenchEnv& env) {
  const bool full = env.mode == "full";
  const int samples = full ? 10 : 5;
  const unsigned long long duration_ns = full ? 1000000000ull : 200000000ull;
  const unsigned long long threshold_ns = 1000000ull;
  const int blocks = env.info.sm_count;
  Stream s;
  DeviceBuffer<kernels::ContentionRecord> records(static_cast<std::size_t>(blocks));
  std::vector<kernels::ContentionRecord> host(static_cast<std::size_t>(blocks));
  Measurement m;
  double over = 0;
  m.window_begin_s = steady_seconds();
  for (int i = 0; i < samples; ++i) {
    records.poison(s.get());
    const double t0 = steady_seconds();
    GA_CUDA(kernels::launch_contention(records.get(), blocks, duration_ns, threshold_ns, spin_cycle_cap(duration_ns),
                                       s.get()));
    s.sync();
    m.seconds_per_sample = steady_seconds() - t0;
    GA_CUDA(cudaMemcpy(host.data(), records.get(), records.bytes(), cudaMemcpyDeviceToHost));
    unsigned long long worst = 0;
    for (int b = 0; b < blocks; ++b) {
      const auto& r = host[static_cast<std::size_t>(b)];
      if (r.timer_stalled == 1)
        return measurement_error("the GPU's %globaltimer stopped advancing: block " + std::to_string(b) + " ran " +
                                 std::to_string(spin_cycle_cap(duration_ns)) + " SM cycles while the timer moved " +
                                 std::to_string(r.end_ns - r.start_ns) + " ns (a frozen or virtualised timer)");
      // Poison (all bits set) or a short run means the block did not do what it was told.
      if (r.reads == ~0ull || r.reads == 0 || r.end_ns < r.start_ns || r.end_ns - r.start_ns < duration_ns)
        return check_failed("block " + std::to_string(b) + " did not watch the timer for the full " +
                            std::to_string(duration_ns / 1000000) + " ms");
      worst = std::max(worst, r.max_gap_ns);
      over += static_cast<double>(r.gaps_over_threshold);
    }
    m.samples.push_back(static_cast<double>(std::max(worst, 1ull)) / 1000.0);
  }
  m.window_end_s = steady_seconds();
  m.derived["gaps_over_1ms"] = over;
  m.params["blocks"] = blocks;
  m.params["sample_duration_ms"] = duration_ns / 1000000;
  m.params["threshold_us"] = threshold_ns / 1000;
  return m;
}

const RegisterGpuBenchmarks registered{{.name = "sm/contention", .order = 90, .run = run_contention}};

}  // namespace

}  // namespace gpuaudit
