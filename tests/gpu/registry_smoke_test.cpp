// A few registered measurements end to end through the runner on device 0: statuses, units and
// plausible figures (exit 77 without a GPU). The full set runs in `gpuaudit run` (device check).
#include "benchmarks/framework/runner.hpp"
#include "cuda/device_info.hpp"
#include "gpu/gpu_test.hpp"
#include "run/suite.hpp"

#include <set>

using namespace gpuaudit;

int main() {
  gpu_test::require_device();
  const DeviceInfo info = device_info(0);
  const std::set<std::string> wanted{"sm/census", "sm/launch", "hbm/copy", "sm/fp32"};
  const auto targets = plan_targets(gpu_benchmarks(), {{0, 0}}, "quick",
                                    [&](const std::string& n) { return wanted.count(n) > 0; });
  GT_EXPECT(targets.size() == wanted.size(), "one target per wanted benchmark: %zu", targets.size());
  RunnerConfig config;
  for (const auto& t : targets) {
    const Measurement m = execute(t, config);
    const BenchmarkResult r = to_benchmark_result(t.bench.info, t.gpu, m);
    std::printf("%-12s %-6s %10.2f %s  %s\n", r.name.c_str(), r.status.c_str(), r.value().value_or(-1), r.unit.c_str(),
                r.message.c_str());
    GT_EXPECT(r.status == "ok", "%s ok: %s", r.name.c_str(), r.message.c_str());
    if (r.name == "sm/census") GT_EXPECT(r.value() == info.sm_count, "census = %d SMs", info.sm_count);
    if (r.name == "hbm/copy") GT_EXPECT(r.value().value_or(0) > 50, "copy above 50 GB/s");
    if (r.name == "sm/fp32") GT_EXPECT(r.derived.count("effective_sm_clock_mhz") || info.cc() < 60, "derived clock");
  }
  return gpu_test::finish("registry smoke");
}
