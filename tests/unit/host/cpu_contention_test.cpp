// Other processes' share of the CPUs during a host check (cpu_contention.hpp), from /proc/stat
// and /proc/self/stat texts written here (synthetic: typical kernel formats, not one machine's).
#include "host/cpu_contention.hpp"
#include "unit/support/cpu_times.hpp"

#include <gtest/gtest.h>

namespace gpuaudit {
namespace {

// /proc/self/stat of a process whose comm holds a space and a parenthesis (comm is free text).
std::string self_stat(std::uint64_t utime, std::uint64_t stime) {
  return "4242 (gpu audit) x) R 1 4242 4242 0 -1 4194304 900 0 0 0 " + std::to_string(utime) + " " + std::to_string(stime) +
         " 0 0 20 0 3 0 123456 1000000 2000 18446744073709551615 1 1 0 0 0 0 0 0 0 0 0 0 17 1 0 0 0 0 0\n";
}

TEST(HostContention, OwnTicksAreCountedAfterTheLastParenthesis) {
  EXPECT_EQ(parse_own_cpu_ticks(self_stat(150, 30)), 180u);
  EXPECT_EQ(parse_own_cpu_ticks("4242 (gpuaudit"), std::nullopt);
  EXPECT_EQ(parse_own_cpu_ticks("4242 (gpuaudit) R 1 2"), std::nullopt);
  EXPECT_EQ(parse_own_cpu_ticks(""), std::nullopt);
  EXPECT_TRUE(read_own_cpu_ticks().has_value());  // this test's own process
}

TEST(HostContention, ForeignIsBusyLessOurOwnOnTheAllowedCpus) {
  // Two allowed CPUs over 100 ticks each: 150 busy ticks, 60 of them ours -> 90 of 200 foreign.
  // cpu2 is not allowed: a neighbour busy there does not compete with the check.
  CpuUsageMark a{{cpu("cpu0", 0, 0), cpu("cpu1", 0, 0), cpu("cpu2", 0, 0)}, 1000};
  CpuUsageMark b{{cpu("cpu0", 90, 10), cpu("cpu1", 60, 40), cpu("cpu2", 100, 0)}, 1060};
  const auto c = cpu_contention(a, b, {0, 1});
  ASSERT_TRUE(c.has_value());
  EXPECT_EQ(c->cpus, 2);
  EXPECT_NEAR(c->foreign_pct, 45, 1e-9);
  EXPECT_NEAR(c->own_pct, 30, 1e-9);
  const auto all = cpu_contention(a, b, {});
  ASSERT_TRUE(all.has_value());
  EXPECT_EQ(all->cpus, 3);
  EXPECT_NEAR(all->foreign_pct, 100.0 * (250 - 60) / 300, 1e-9);
}

TEST(HostContention, StealIsNotForeignAndOwnNeverExceedsBusy) {
  CpuUsageMark a{{cpu("cpu0", 0, 0, 0)}, 0};
  CpuUsageMark b{{cpu("cpu0", 50, 20, 30)}, 55};  // ours read a tick above the CPU's busy time
  const auto c = cpu_contention(a, b, {0});
  ASSERT_TRUE(c.has_value());
  EXPECT_NEAR(c->foreign_pct, 0, 1e-9);
  EXPECT_NEAR(c->own_pct, 50, 1e-9);
  EXPECT_NEAR(c->steal_pct, 30, 1e-9);
}

TEST(HostContention, NothingToSayWithoutTicksOrOwnTime) {
  CpuUsageMark a{{cpu("cpu0", 5, 5)}, 1};
  EXPECT_EQ(cpu_contention(a, a, {0}), std::nullopt);  // no tick elapsed
  CpuUsageMark b{{cpu("cpu0", 10, 10)}, std::nullopt};
  EXPECT_EQ(cpu_contention(a, b, {0}), std::nullopt);
  EXPECT_EQ(cpu_contention(a, CpuUsageMark{{cpu("cpu0", 10, 10)}, 2}, {7}), std::nullopt);  // CPU 7 not in the readings
  const CpuUsageMark odd{{cpu("cpu99999999999999999999", 9, 9), cpu("cpuX", 9, 9)}, 2};
  EXPECT_EQ(cpu_contention(CpuUsageMark{{cpu("cpu99999999999999999999", 0, 0), cpu("cpuX", 0, 0)}, 1}, odd, {0}), std::nullopt);
}

TEST(HostContention, ALiveMarkPairReadsThisMachine) {
  const CpuUsageMark a = mark_cpu_usage();
  volatile double x = 0;
  for (int i = 0; i < 20000000; ++i) x = x + 1e-9 * i;
  const auto c = cpu_contention(a, mark_cpu_usage(), {});
  if (!c) GTEST_SKIP() << "no tick elapsed";
  EXPECT_GE(c->foreign_pct, 0);
  EXPECT_LE(c->foreign_pct + c->own_pct, 100.0 + 1e-9);
}

}  // namespace
}  // namespace gpuaudit
