// The timing machinery on a real device: the host-flag hold releases, batches are timed, and a
// kernel that sleeps for a known time is measured as taking that long (exit 77 without a GPU).
#include "cuda/cuda_raii.hpp"
#include "cuda/host_flag_blocker.hpp"
#include "cuda/launch_timer.hpp"
#include "gpu/gpu_test.hpp"
#include "measure/timer_guard.hpp"
#include "kernels/contention.cuh"

#include <cmath>

using namespace gpuaudit;

int main() {
  gpu_test::require_device();
  GT_CUDA(cudaSetDevice(0));
  Stream s;
  {
    HostFlagBlocker b;
    b.block(s.get(), 5.0);
    b.release();
    s.sync();
    GT_EXPECT(!b.timed_out(), "released hold did not time out");
    b.block(s.get(), 0.01);  // nobody releases: the kernel gives up after 10 ms
    s.sync();
    GT_EXPECT(b.timed_out(), "unreleased hold timed out");
  }
  // The contention kernel runs for a fixed wall time: a 2 ms launch must time as ~2 ms.
  DeviceBuffer<kernels::ContentionRecord> rec(1);
  const auto launch = [&](cudaStream_t st) {
    GA_CUDA(kernels::launch_contention(rec.get(), 1, 2000000ull, 1000000ull, spin_cycle_cap(2000000ull), st));
  };
  TimingOptions o;
  o.policy = default_policy("quick");
  o.target_sample_s = 0.01;
  const LaunchTiming t = time_launches(s.get(), launch, o);
  GT_EXPECT(t.seconds_per_launch.size() >= 5, "at least min_samples samples: %zu", t.seconds_per_launch.size());
  GT_EXPECT(t.batch >= 4 && t.batch <= 6, "batch of ~5 launches for a 10 ms sample: %d", t.batch);
  for (double v : t.seconds_per_launch) GT_EXPECT(std::fabs(v - 0.002) < 0.0003, "2 ms launch timed as %g s", v);
  GT_EXPECT(t.window_end_s > t.window_begin_s, "window");
  GT_EXPECT(t.held && t.hold_fallback.empty(), "a plain card holds with mapped memory: %s", t.hold_fallback.c_str());
  const int iters = calibrate_iterations([](int n) { return n * 1e-6; }, 10, 0.005, 1 << 20, 8);
  GT_EXPECT(iters == 5000, "calibration scales linearly: %d", iters);
  return gpu_test::finish("timing");
}
