// /proc/stat read and turned into shares (proc_stat.hpp): a recorded 2-vCPU KVM guest, and synthetic
// pairs with known steal and iowait shares, one from a kernel without the steal column.
#include "host/proc_stat.hpp"

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

namespace gpuaudit {
namespace {

std::string fixture(const std::string& name) {
  std::ifstream f(std::string(GPUAUDIT_TEST_DATA) + "/host/" + name);
  std::ostringstream ss;
  ss << f.rdbuf();
  return ss.str();
}

TEST(HostSteal, ParsesRecordedProcStat) {
  const auto t = parse_proc_stat(fixture("proc_stat-kvm-2vcpu-t0.txt"));
  ASSERT_EQ(t.size(), 3u);  // cpu, cpu0, cpu1; intr/ctxt/... ignored
  EXPECT_EQ(t[0].cpu, "cpu");
  EXPECT_EQ(t[0].user, 376688u);
  EXPECT_EQ(t[0].steal, 520u);
  EXPECT_EQ(t[2].cpu, "cpu1");
  EXPECT_EQ(t[2].iowait, 479u);
}

TEST(ProcStat, StealAndIowaitShares) {
  const auto a = parse_proc_stat("cpu  100 0 100 700 50 0 0 50 0 0\ncpu0 100 0 100 700 50 0 0 50 0 0\nintr 1 2\n");
  const auto b = parse_proc_stat("cpu  200 0 200 1300 100 0 0 200 0 0\ncpu0 200 0 200 1300 100 0 0 200 0 0\n");
  ASSERT_EQ(a.size(), 2u);
  const auto shares = cpu_shares(a, b);
  ASSERT_EQ(shares.size(), 2u);
  EXPECT_EQ(shares[0].cpu, "cpu");
  // delta total = 100+100+600+50+150 = 1000
  EXPECT_DOUBLE_EQ(shares[0].steal_pct, 15.0);
  EXPECT_DOUBLE_EQ(shares[0].iowait_pct, 5.0);
  EXPECT_DOUBLE_EQ(shares[0].busy_pct, 20.0);
}

TEST(ProcStat, OldKernelWithoutStealColumn) {
  const auto a = parse_proc_stat("cpu 10 0 10 80\n");
  ASSERT_EQ(a.size(), 1u);
  EXPECT_EQ(a[0].steal, 0u);
}

}  // namespace
}  // namespace gpuaudit
