// host/cpu_single and host/cpu_all (cpu_check.hpp): the workload is deterministic, and a real run
// with tiny sizes gives sane figures.
#include "host/cpu_check.hpp"

#include <gtest/gtest.h>

namespace gpuaudit {
namespace {

TEST(HostCpu, WorkloadIsDeterministicAndDependsOnItsInput) {
  EXPECT_EQ(cpu_workload(10000, 1), cpu_workload(10000, 1));
  EXPECT_NE(cpu_workload(10000, 1), cpu_workload(10000, 2));
  EXPECT_NE(cpu_workload(10000, 1), cpu_workload(10001, 1));
}

TEST(HostCpu, SingleAndAllCoreFiguresAreSane) {
  const auto r = run_cpu_check({.samples = 2, .sample_s = 0.02, .cpus = {}});
  ASSERT_EQ(r.single.status, "ok") << r.single.message;
  ASSERT_EQ(r.all.status, "ok") << r.all.message;
  EXPECT_EQ(r.single.name, "host/cpu_single");
  EXPECT_EQ(r.all.name, "host/cpu_all");
  EXPECT_EQ(r.single.unit, "Mops/s");
  EXPECT_EQ(r.single.samples.size(), 2u);
  // A core does between 10 Mops/s (a very slow, shared vCPU) and 1e6 Mops/s (far above any CPU).
  EXPECT_GT(*r.single.value(), 10.0);
  EXPECT_LT(*r.single.value(), 1e6);
  EXPECT_GT(*r.all.value(), 10.0);
  const double ratio = r.all.derived.at("all_core_ratio");
  EXPECT_GT(ratio, 0.0);
  // All cores cannot beat (single x vCPUs) by much; the bound is loose because on a busy test
  // machine a 20 ms single-thread sample can lose its core to another process.
  EXPECT_LT(ratio, 10.0);
  EXPECT_GE(r.all.params["vcpus"].get<int>(), 1);
}

}  // namespace
}  // namespace gpuaudit
