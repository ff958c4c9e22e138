// sm/launch_sync: launch-to-completion time of a near-empty kernel, in microseconds: the host
// clock around one launch and the wait for it, as a program that synchronises after every kernel
// sees it. Each sample is the mean of 100 such round trips.
#include "benchmarks/bench_common.hpp"
#include "benchmarks/registry.hpp"
#include "cuda/cuda_raii.hpp"
#include "kernels/launch.cuh"

namespace gpuaudit {

namespace {

Measurement run_launch_sync(const BenchEnv& env) {
  Stream s;
  DeviceBuffer<unsigned> counter(1);
  counter.zero(s.get());
  constexpr int kRoundTrips = 100;
  for (int i = 0; i < 20; ++i) GA_CUDA(kernels::launch_tiny(counter.get(), s.get()));
  s.sync();
  Measurement m;
  std::size_t launched = 20;
  m.window_begin_s = steady_seconds();
  std::vector<double> seconds;
  while (true) {
    const double t0 = steady_seconds();
    for (int i = 0; i < kRoundTrips; ++i) {
      GA_CUDA(kernels::launch_tiny(counter.get(), s.get()));
      GA_CUDA(cudaStreamSynchronize(s.get()));
    }
    const double per = (steady_seconds() - t0) / kRoundTrips;
    launched += kRoundTrips;
    seconds.push_back(per);
    m.samples.push_back(per * 1e6);
    if (should_stop(seconds, steady_seconds() - *m.window_begin_s, env.policy) != StopReason::keep_going) break;
  }
  m.window_end_s = steady_seconds();
  unsigned ran = 0;
  GA_CUDA(cudaMemcpy(&ran, counter.get(), sizeof ran, cudaMemcpyDeviceToHost));
  if (ran != launched) return check_failed(std::to_string(ran) + " of " + std::to_string(launched) + " launches ran");
  m.seconds_per_sample = median_of(seconds) * kRoundTrips;
  m.params["round_trips_per_sample"] = kRoundTrips;
  return m;
}

const RegisterGpuBenchmark reg{{{"sm/launch_sync", "us", false}, 31, false, false, run_launch_sync}};

}  // namespace

}  // namespace gpuaudit
