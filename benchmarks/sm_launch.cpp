// sm/launch: launch-to-launch time of a near-empty kernel, in microseconds: events around a
// back-to-back batch of launches, divided by the batch. No host-flag hold here on purpose: the host
// side of launching (driver, and on a vGPU the hypervisor) is what this measures.
#include "benchmarks/bench_common.hpp"
#include "benchmarks/registry.hpp"
#include "cuda/cuda_raii.hpp"
#include "kernels/launch.cuh"

namespace gpuaudit {

namespace {

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

const RegisterGpuBenchmark reg{{{"sm/launch", "us", false}, 30, false, false, run_launch}};

}  // namespace

}  // namespace gpuaudit
