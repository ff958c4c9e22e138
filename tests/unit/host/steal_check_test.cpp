// host/steal and host/iowait (steal_check.hpp) from /proc/stat readings: recorded samples of a real
// guest and a synthetic pair with known shares, other processes' share of the run, and the sampler.
#include "host/proc_stat.hpp"
#include "host/steal_check.hpp"
#include "unit/support/cpu_times.hpp"

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <thread>

namespace gpuaudit {
namespace {

std::string fixture(const std::string& name) {
  std::ifstream f(std::string(GPUAUDIT_TEST_DATA) + "/host/" + name);
  std::ostringstream ss;
  ss << f.rdbuf();
  return ss.str();
}

ProcStatSnapshot snapshot(const std::string& file, double t) { return {t, parse_proc_stat(fixture(file))}; }

TEST(HostSteal, RecordedGuestUnderLoadHasNoSteal) {
  const auto r = steal_results({snapshot("proc_stat-kvm-2vcpu-t0.txt", 0), snapshot("proc_stat-kvm-2vcpu-t3.txt", 3)});
  ASSERT_EQ(r.steal.status, "ok");
  EXPECT_DOUBLE_EQ(r.steal.derived.at("whole_run_pct"), 0.0);
  EXPECT_NEAR(r.steal.derived.at("busy_pct"), 100.0, 1e-9);
  EXPECT_EQ(r.steal.params["per_cpu"].size(), 2u);
  EXPECT_FALSE(r.steal.higher_is_better);
}

TEST(HostSteal, SyntheticSharesPerCpuAndWholeRun) {
  const auto r =
      steal_results({snapshot("proc_stat-synthetic-steal-t0.txt", 0), snapshot("proc_stat-synthetic-steal-t1.txt", 2)});
  ASSERT_EQ(r.steal.status, "ok");
  EXPECT_EQ(r.steal.name, "host/steal");
  EXPECT_EQ(r.steal.unit, "%");
  EXPECT_NEAR(r.steal.derived.at("whole_run_pct"), 12.5, 1e-9);
  EXPECT_NEAR(r.iowait.derived.at("whole_run_pct"), 5.0, 1e-9);
  ASSERT_EQ(r.steal.samples.size(), 1u);
  EXPECT_NEAR(*r.steal.value(), 12.5, 1e-9);
  const auto& per = r.steal.params["per_cpu"];
  ASSERT_EQ(per.size(), 2u);
  EXPECT_EQ(per[0]["cpu"], "cpu0");
  EXPECT_NEAR(per[0]["steal_pct"].get<double>(), 20.0, 1e-9);
  EXPECT_NEAR(per[1]["steal_pct"].get<double>(), 5.0, 1e-9);
  EXPECT_NEAR(per[1]["iowait_pct"].get<double>(), 10.0, 1e-9);
  EXPECT_DOUBLE_EQ(r.steal.params["run_s"].get<double>(), 2.0);
}

TEST(HostSteal, WindowsBetweenAggregateSnapshotsBecomeSamples) {
  // The middle snapshot carries only the "cpu" line, as the sampler keeps them; half-way values.
  const auto a = snapshot("proc_stat-synthetic-steal-t0.txt", 0);
  const auto c = snapshot("proc_stat-synthetic-steal-t1.txt", 2);
  const ProcStatSnapshot b{1, parse_proc_stat("cpu  2125 10 315 6025 110 0 20 525 0 0\n")};
  const auto r = steal_results({a, b, c});
  ASSERT_EQ(r.steal.samples.size(), 2u);
  EXPECT_NEAR(r.steal.samples[0], 12.5, 1e-9);
  EXPECT_NEAR(r.steal.samples[1], 12.5, 1e-9);
  EXPECT_NEAR(r.steal.derived.at("max_window_pct"), 12.5, 1e-9);
  EXPECT_EQ(r.steal.params["windows"].get<int>(), 2);
  EXPECT_EQ(r.steal.params["per_cpu"].size(), 2u);  // per-CPU from the first and last (full) snapshots
}

TEST(HostSteal, OneSnapshotIsAnError) {
  const auto r = steal_results({snapshot("proc_stat-kvm-2vcpu-t0.txt", 0)});
  EXPECT_EQ(r.steal.status, "error");
  EXPECT_EQ(r.iowait.status, "error");
  EXPECT_FALSE(r.steal.message.empty());
}

TEST(HostSteal, ARunShorterThanAClockTickIsSkippedNotAnError) {
  // `run --only host/steal`: start and end read the same counters.
  const auto r = steal_results({snapshot("proc_stat-kvm-2vcpu-t0.txt", 0), snapshot("proc_stat-kvm-2vcpu-t0.txt", 0.002)});
  EXPECT_EQ(r.steal.status, "skipped");
  EXPECT_EQ(r.iowait.status, "skipped");
  EXPECT_NE(r.iowait.message.find("too short"), std::string::npos) << r.iowait.message;
}

TEST(HostSteal, SamplerReadsTheRealProcStat) {
  ProcStatSampler s("/proc/stat", 0.05);
  EXPECT_TRUE(s.stop().empty());  // never started
  s.start();
  EXPECT_TRUE(s.running());
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  const auto snaps = s.stop();
  EXPECT_FALSE(s.running());
  ASSERT_GE(snaps.size(), 3u);
  EXPECT_GT(snaps.front().times.size(), 1u);  // full: "cpu" and every "cpuN"
  EXPECT_EQ(snaps[1].times.size(), 1u);       // in between: "cpu" only
  EXPECT_GT(snaps.back().times.size(), 1u);
  const auto r = steal_results(snaps);
  ASSERT_EQ(r.steal.status, "ok");
  EXPECT_GE(r.steal.derived.at("whole_run_pct"), 0.0);
  EXPECT_LE(r.steal.derived.at("whole_run_pct"), 100.0);
}

TEST(HostSteal, SamplerStaysBoundedOnLongRuns) {
  ProcStatSampler s("/proc/stat", 0.005, 8);
  s.start();
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  const auto snaps = s.stop();
  EXPECT_LE(snaps.size(), 9u);  // at most max_snapshots, plus the final one
  for (size_t i = 1; i < snaps.size(); ++i) EXPECT_GE(snaps[i].t_s, snaps[i - 1].t_s);
}

TEST(HostContention, TheWholeRunShareIsRecordedOnHostSteal) {
  // Two CPUs over 100 ticks each, 120 busy of which 20 ours, 10 stolen: others used 50%.
  ProcStatSnapshot a{0, {cpu("cpu", 0, 0), cpu("cpu0", 0, 0), cpu("cpu1", 0, 0)}, 500};
  ProcStatSnapshot b{2, {cpu("cpu", 120, 70, 10), cpu("cpu0", 70, 30, 0), cpu("cpu1", 50, 40, 10)}, 520};
  const StealResults r = steal_results({a, b}, {0, 1});
  ASSERT_EQ(r.steal.status, "ok");
  EXPECT_NEAR(r.steal.derived.at("foreign_cpu_pct"), 50, 1e-9);
  EXPECT_NEAR(r.steal.derived.at("whole_run_pct"), 5, 1e-9);
  a.own_ticks.reset();  // an old sampler, or a fixture: nothing said
  EXPECT_EQ(steal_results({a, b}).steal.derived.count("foreign_cpu_pct"), 0u);
}

}  // namespace
}  // namespace gpuaudit
