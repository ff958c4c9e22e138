// The diagnoses of watch/diagnose.hpp on records built to hold one cause each (synthetic: no real
// job made them): busy, starved by each host cause in its order, throttled, idle GPUs, a slowdown,
// and the cost per unit of output.
#include "watch/diagnose.hpp"

#include <gtest/gtest.h>

namespace gpuaudit {
namespace {

// n intervals of 0.5 s; GPU 0's utilisation from `util`, the host's from `host`.
WatchRecord record(int n, const std::function<double(int)>& util, const std::function<WatchHostPoint(int)>& host,
                   int vcpus = 16) {
  WatchRecord r;
  r.vcpus = vcpus;
  r.gpus.push_back({.gpu = 0, .name = "NVIDIA H100 80GB HBM3", .power_limit_w = 700, .sm_max_mhz = 1980});
  for (int i = 0; i < n; ++i) {
    const double t = 0.5 * (i + 1);
    WatchHostPoint h = host(i);
    h.t_s = t;
    r.host.push_back(h);
    WatchGpuPoint g;
    g.t_s = t, g.samples = 5, g.util_pct = util(i), g.util_min_pct = util(i), g.util_max_pct = util(i);
    r.gpus[0].points.push_back(g);
  }
  return r;
}

WatchHostPoint quiet(int) {
  WatchHostPoint h;
  h.cpu_busy_pct = 20, h.steal_pct = 0, h.iowait_pct = 0, h.job_cpu_cores = 3, h.swap_in_per_s = 0;
  return h;
}

const WatchDiagnosis* find(const std::vector<WatchDiagnosis>& ds, const std::string& id) {
  for (const auto& d : ds)
    if (d.id == id) return &d;
  return nullptr;
}

TEST(WatchDiagnose, BusyGpuIsSaid) {
  const auto ds = diagnose_watch(record(20, [](int) { return 97.0; }, quiet));
  const auto* d = find(ds, "busy");
  ASSERT_TRUE(d);
  EXPECT_EQ(d->gpu, 0);
  EXPECT_NEAR(d->share, 0.97, 1e-9);
  EXPECT_NE(d->summary.find("busy 97% of the run"), std::string::npos) << d->summary;
  EXPECT_FALSE(find(ds, "starved"));
  EXPECT_TRUE(find(ds, "host"));
}

// Half the intervals idle, the host as `h` in those.
std::string starved_cause(const std::function<WatchHostPoint(int)>& h, int vcpus = 16) {
  const auto ds = diagnose_watch(record(20, [](int i) { return i % 2 ? 95.0 : 5.0; }, h, vcpus));
  const auto* d = find(ds, "starved");
  if (!d) return "none";
  EXPECT_NEAR(d->share, 0.5, 1e-9);
  return d->cause;
}

TEST(WatchDiagnose, StarvedNamesTheHostCauseInItsOrder) {
  auto with = [](auto set) {
    return [set](int i) {
      WatchHostPoint h = quiet(i);
      set(h);
      return h;
    };
  };
  EXPECT_EQ(starved_cause(with([](WatchHostPoint& h) { h.steal_pct = 25, h.iowait_pct = 40; })), "steal");
  EXPECT_EQ(starved_cause(with([](WatchHostPoint& h) { h.swap_in_per_s = 500, h.iowait_pct = 40; })), "swap");
  EXPECT_EQ(starved_cause(with([](WatchHostPoint& h) { h.iowait_pct = 40; })), "iowait");
  // No link rate in the record (a virtual NIC says none): the network's bytes are evidence, never a cause.
  EXPECT_EQ(starved_cause(with([](WatchHostPoint& h) { h.net_rx_mbps = 1200, h.net_tx_mbps = 5; })), "unseen");
  EXPECT_EQ(starved_cause(with([](WatchHostPoint& h) { h.cpu_busy_pct = 97; })), "cpu-saturated");
  EXPECT_EQ(starved_cause(with([](WatchHostPoint& h) { h.job_cpu_cores = 1.02; })), "one-core");
  EXPECT_EQ(starved_cause(with([](WatchHostPoint& h) { h.job_cpu_cores = 1.02; }), 1), "unseen");
  EXPECT_EQ(starved_cause(quiet), "unseen");
}

// The busier direction at 70% of the link's rate or more names the network (after the storage);
// below it, the traffic and the cores are said as evidence of an "unseen" cause.
TEST(WatchDiagnose, TheNetworkAtItsLinksRateIsACause) {
  auto net = [](double rx) {
    return [rx](int i) {
      WatchHostPoint h = quiet(i);
      h.net_rx_mbps = rx, h.net_tx_mbps = 3, h.busiest_core_pct = 35, h.run_queue = 4;
      return h;
    };
  };
  WatchRecord r = record(20, [](int i) { return i % 2 ? 95.0 : 5.0; }, net(1150));  // 9.2 Gb/s of 10
  r.net_link_mbit = 10000;
  auto ds = diagnose_watch(r);
  const auto* d = find(ds, "starved");
  ASSERT_TRUE(d);
  EXPECT_EQ(d->cause, "network");
  EXPECT_NE(d->summary.find("92% of its 10.0 Gb/s link"), std::string::npos) << d->summary;
  r = record(20, [](int i) { return i % 2 ? 95.0 : 5.0; }, net(300));  // 2.4 Gb/s of 10
  r.net_link_mbit = 10000;
  ds = diagnose_watch(r);
  d = find(ds, "starved");
  ASSERT_TRUE(d);
  EXPECT_EQ(d->cause, "unseen");
  ASSERT_EQ(d->evidence.size(), 2u);
  EXPECT_NE(d->evidence[1].find("network 300 MB/s in, 3 MB/s out"), std::string::npos) << d->evidence[1];
  EXPECT_NE(d->evidence[1].find("the busiest core 35%"), std::string::npos) << d->evidence[1];
  EXPECT_NE(d->evidence[1].find("4.0 threads runnable on 16 CPUs"), std::string::npos) << d->evidence[1];
}

TEST(WatchDiagnose, BurstsAreEvidence) {
  WatchRecord r = record(10, [](int) { return 40.0; }, quiet);
  for (auto& p : r.gpus[0].points) p.util_min_pct = 0, p.util_max_pct = 100;
  const auto ds = diagnose_watch(r);
  const auto* d = find(ds, "starved");
  ASSERT_TRUE(d);
  ASSERT_EQ(d->evidence.size(), 3u);
  EXPECT_NE(d->evidence[2].find("work arrives in bursts"), std::string::npos);
}

TEST(WatchDiagnose, ThrottledByPowerWhileBusy) {
  WatchRecord r = record(10, [](int) { return 99.0; }, quiet);
  for (int i = 0; i < 10; ++i) {
    auto& p = r.gpus[0].points[i];
    p.sm_clock_mhz = 1410, p.power_w = 698, p.temperature_c = 70;
    if (i < 6) p.reasons = {"sw-power-cap"};
  }
  const auto ds = diagnose_watch(r);
  const auto* d = find(ds, "throttled");
  ASSERT_TRUE(d);
  EXPECT_EQ(d->cause, "power");
  EXPECT_NEAR(d->share, 0.6, 1e-9);
  EXPECT_NE(d->evidence[0].find("SM clock 1410 MHz of 1980 max, power 698 W of a 700 W limit"), std::string::npos)
      << d->evidence[0];
  r.gpus[0].points[0].reasons = {"hw-thermal"};  // thermal in 1 of 10: not a finding; power still is
  const auto again = diagnose_watch(r);
  ASSERT_TRUE(find(again, "throttled"));
  EXPECT_EQ(find(again, "throttled")->cause, "power");
}

TEST(WatchDiagnose, IdleGpusBesideUsedOnesAndNoGpuWork) {
  WatchRecord r = record(10, [](int) { return 95.0; }, quiet);
  for (int g : {1, 2}) {
    WatchGpuTimeline t = r.gpus[0];
    t.gpu = g;
    for (auto& p : t.points) p.util_pct = 0;
    r.gpus.push_back(t);
  }
  const auto ds = diagnose_watch(r);
  const auto* d = find(ds, "idle-gpu");
  ASSERT_TRUE(d);
  EXPECT_EQ(d->summary, "GPUs 1, 2 stayed idle while the job used GPU 0");
  for (auto& p : r.gpus[0].points) p.util_pct = 1;
  EXPECT_TRUE(find(diagnose_watch(r), "no-gpu-work"));
}

TEST(WatchDiagnose, SlowedDown) {
  WatchRecord r = record(4, [](int) { return 95.0; }, quiet);
  r.metric_unit = "tokens";
  for (int i = 0; i < 30; ++i) r.metric.push_back({double(i), i < 15 ? 1000.0 : 700.0});
  const auto ds = diagnose_watch(r);
  const auto* d = find(ds, "slowed-down");
  ASSERT_TRUE(d);
  EXPECT_NE(d->summary.find("fell from 1000.0 to 700.0 (70%)"), std::string::npos) << d->summary;
  for (auto& m : r.metric) m.value = 1000;
  EXPECT_FALSE(find(diagnose_watch(r), "slowed-down"));
}

TEST(WatchDiagnose, CostPerMillionUnits) {
  WatchRecord r = record(10, [](int) { return 50.0; }, quiet);
  r.metric_unit = "tokens";
  r.metric = {{1, 1000}, {2, 1000}, {3, 1000}};
  const auto c = watch_cost(r, 3.6, "USD");
  ASSERT_TRUE(c);
  EXPECT_NEAR(c->per_million_units, 1.0, 1e-9);  // 3.6 $/h at 3.6M tokens/h
  EXPECT_NEAR(*c->at_full_busy, 0.5, 1e-9);
  EXPECT_FALSE(watch_cost(r, 0, "USD"));
  r.metric.clear();
  EXPECT_FALSE(watch_cost(r, 3.6, "USD"));
}

}  // namespace
}  // namespace gpuaudit
