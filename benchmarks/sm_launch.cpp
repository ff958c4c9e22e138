// sm/launch and sm/launch_sync: what launching a near-empty kernel costs, in microseconds
// (kernels/launch.cu). No host-flag hold here on purpose: the host side of launching (driver, and
// on a vGPU the hypervisor) is what this measures.
#include "benchmarks/framework/bench_common.hpp"
#include "benchmarks/framework/registry.hpp"
#include "cuda/cuda_raii.hpp"
#include "kernels/launch.cuh"

namespace gpuaudit {

namespace {

// sm/launch: launch-to-launch time: events around a back-to-back batch of launches, divided by the
// batch.
Measurement run_launch(const BenchEnv& env) {
  Stream s;
  DeviceBuffer<unsigned> counter(1);
  counter.zero(s.get());
  const auto launch = [&](cudaStream_t st) { GA_CUDA(kernels::launch_tiny(counter.get(), st)); };
  TimingOptions o;
  o.policy = env.policy;
  o.hold_with_host_flag = false;
  o.warmup_launches = 100;
  o.target_sample_s = 0.005;
  o.max_batch = 1000;
  const LaunchTiming t = time_launches(s.get(), launch, o);
  s.sync();
  // Every launch must have run: warm-up, calibration and every sample.
  std::size_t launched = static_cast<std::size_t>(o.warmup_launches) + 1;
  launched += t.seconds_per_launch.size() * static_cast<std::size_t>(t.batch);
  unsigned ran = 0;
  GA_CUDA(cudaMemcpy(&ran, counter.get(), sizeof ran, cudaMemcpyDeviceToHost));
  if (t.discarded == 0 && ran != launched)
    return check_failed(std::to_string(ran) + " of " + std::to_string(launched) + " launches ran");
  Measurement m = measurement_from_timing(t, 1.0, 1.0);
  for (double& v : m.samples) v = 1e6 / v;  // launches per second -> microseconds per launch
  m.params["launches_checked"] = launched;
  return m;
}

// sm/launch_sync: launch-to-completion time: the host clock around one launch and the wait for
// it, as a program that synchronises after every kernel sees it. Each sample is the mean of 100
// such round trips.
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

const RegisterGpuBenchmarks registered{
    {.name = "sm/launch", .order = 30, .run = run_launch},
    {.name = "sm/launch_sync", .order = 31, .run = run_launch_sync},
};

}  // namespace

}  // namespace gpuaudit
