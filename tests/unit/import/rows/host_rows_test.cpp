// Unit tests of the host rows CPU-accounting outputs become (src/import/rows/host_rows.cpp): host/steal
// and host/iowait from windows or a lone snapshot, and sysstat's banner line.
#include "import/rows/host_rows.hpp"
#include "import/import.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace gpuaudit::imports {
namespace {

const SourceRef kSrc{"vmstat", "", "vmstat.txt", 0};

CpuShares shares(double steal, double iowait, double idle) {
  CpuShares s;
  s.steal = steal, s.iowait = iowait, s.idle = idle;
  return s;
}

TEST(HostRows, WindowsAreTheSamplesAndTheFirstReportIsNotCounted) {
  HostShareInput in;
  in.tool = "vmstat";
  in.windows = {shares(10, 2, 40), shares(30, 4, 20)};
  in.first_report = shares(1, 1, 90);
  in.first_report_is = "since boot";
  in.interval_s = 5;
  in.line = 3;
  const auto rows = host_share_rows(in, kSrc);
  ASSERT_EQ(rows.size(), 2u);
  EXPECT_EQ(rows[0].name, "host/steal");
  EXPECT_EQ(rows[1].name, "host/iowait");
  EXPECT_EQ(rows[0].samples, (std::vector<double>{10, 30}));
  EXPECT_DOUBLE_EQ(rows[0].derived.at("whole_run_pct"), 20);
  EXPECT_DOUBLE_EQ(rows[0].derived.at("max_window_pct"), 30);
  EXPECT_DOUBLE_EQ(rows[0].derived.at("first_report_pct"), 1);
  EXPECT_DOUBLE_EQ(rows[1].derived.at("whole_run_pct"), 3);
  EXPECT_EQ(rows[0].params.at("windows"), 2);
  EXPECT_EQ(rows[0].params.at("window"), "interval");
  EXPECT_EQ(rows[0].params.at("snapshot"), false);
  EXPECT_DOUBLE_EQ(rows[0].params.at("run_s").get<double>(), 10);
  EXPECT_EQ(rows[0].params.at("first_report_not_counted"), "since boot");
  EXPECT_EQ(rows[0].extra.at("source").at("line"), 3);
}

TEST(HostRows, TheToolsOwnAverageIsTheWholeRun) {
  HostShareInput in;
  in.tool = "mpstat";
  in.windows = {shares(10, 0, 50), shares(30, 0, 30)};
  in.whole = shares(25, 1, 40);
  const auto rows = host_share_rows(in, kSrc);
  ASSERT_EQ(rows.size(), 2u);
  EXPECT_DOUBLE_EQ(rows[0].derived.at("whole_run_pct"), 25);
  EXPECT_DOUBLE_EQ(rows[1].derived.at("whole_run_pct"), 1);
}

TEST(HostRows, OnlyAFirstReportIsASnapshotAndNothingIsNoRow) {
  HostShareInput in;
  in.tool = "top";
  in.first_report = shares(7, 3, 80);
  in.first_report_is = "top's first frame";
  const auto rows = host_share_rows(in, kSrc);
  ASSERT_EQ(rows.size(), 2u);
  EXPECT_EQ(rows[0].params.at("snapshot"), true);
  EXPECT_EQ(rows[0].params.at("windows"), 0);
  EXPECT_EQ(rows[0].params.at("window"), "top's first frame");
  EXPECT_DOUBLE_EQ(rows[0].derived.at("whole_run_pct"), 7);
  EXPECT_FALSE(rows[0].derived.count("max_window_pct"));
  EXPECT_TRUE(host_share_rows(HostShareInput{}, kSrc).empty());
}

TEST(HostRows, SysstatBannerFillsOnlyWhatIsUnset) {
  HostInfo h;
  EXPECT_TRUE(read_sysstat_banner("Linux 5.15.0-1051-azure (gpu-vm) \t11/30/2026 \t_x86_64_\t(4 CPU)", h));
  EXPECT_EQ(h.kernel, "5.15.0-1051-azure");
  EXPECT_EQ(h.hostname, "gpu-vm");
  EXPECT_EQ(h.vcpus, 4);
  HostInfo set;
  set.hostname = "node-a";
  EXPECT_TRUE(read_sysstat_banner("Linux 6.8.0 (other) \t12/01/2026 \t_x86_64_\t(96 CPU)", set));
  EXPECT_EQ(set.hostname, "node-a");
  EXPECT_EQ(set.vcpus, 96);
  HostInfo none;
  EXPECT_FALSE(read_sysstat_banner("Linux is a kernel", none));
  EXPECT_FALSE(read_sysstat_banner("procs -----------memory----------", none));
  EXPECT_TRUE(read_sysstat_banner("Linux 5.4.0 (h) \t01/01/2026 \t_x86_64_\t(0 CPU)", none));
  EXPECT_FALSE(none.vcpus);  // zero CPUs is no count
}

}  // namespace
}  // namespace gpuaudit::imports
