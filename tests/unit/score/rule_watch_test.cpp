// host-bound from a `gpuaudit watch` record (score/rule_watch.cpp), and the watch's timelines judged
// as any telemetry log is (watch/under_load_rows.hpp): a synthetic H100 at 350 of its 700 W, fed by a
// job on one core, gives host-bound and power-capped; a damaged watch section gives nothing.
#include "unit/support/score_scenarios.hpp"
#include "watch/diagnose.hpp"
#include "watch/under_load_rows.hpp"

#include <gtest/gtest.h>

namespace gpuaudit {
namespace {

using score_scenarios::find;

// 20 intervals, every other one idle; in the busy ones the card sits at its 350 W cap.
WatchRecord one_core_job_on_a_capped_card() {
  WatchRecord r;
  r.elapsed_s = 10, r.vcpus = 16, r.finished = true, r.exit_code = 0;
  r.gpus.push_back({.gpu = 0, .name = "NVIDIA H100 80GB HBM3", .power_limit_w = 350, .sm_max_mhz = 1980});
  for (int i = 0; i < 20; ++i) {
    const double t = 0.5 * (i + 1);
    WatchHostPoint h;
    h.t_s = t, h.cpu_busy_pct = 8, h.steal_pct = 0, h.iowait_pct = 0, h.job_cpu_cores = 1.0;
    r.host.push_back(h);
    WatchGpuPoint g;
    g.t_s = t, g.samples = 5;
    const bool busy = i % 2 == 1;
    g.util_pct = busy ? 99 : 10;
    g.sm_clock_mhz = busy ? 1290 : 1980, g.power_w = busy ? 349 : 120, g.temperature_c = 60;
    if (busy) g.reasons = {"sw-power-cap"};
    r.gpus[0].points.push_back(g);
  }
  r.diagnoses = diagnose_watch(r);
  return r;
}

ResultDocument watched(const WatchRecord& r) {
  ResultDocument doc = score_scenarios::scenario("h100-power-capped");
  doc.benchmarks = under_load_rows(r);
  doc.mode = "watch";
  doc.extra["watch"] = r;
  return doc;
}

TEST(RuleWatch, AStarvedGpuIsHostBoundAndItsCapIsJudgedUnderTheJob) {
  const Assessment a = score_scenarios::score(watched(one_core_job_on_a_capped_card()));
  const Finding* host = find(a, "host-bound");
  ASSERT_TRUE(host) << score_scenarios::describe(score_scenarios::ids_of(a));
  EXPECT_EQ(host->gpu, 0);
  EXPECT_EQ(host->confidence, "medium");
  EXPECT_NE(host->summary.find("the job ran on 1.0 of 16 CPUs"), std::string::npos) << host->summary;
  EXPECT_NEAR(host->figures.at("waiting_share"), 0.5, 1e-9);
  EXPECT_TRUE(find(a, "power-capped")) << score_scenarios::describe(score_scenarios::ids_of(a));
}

TEST(RuleWatch, ACauseTheCountersDoNotShowIsLowConfidence) {
  WatchRecord r = one_core_job_on_a_capped_card();
  for (auto& h : r.host) h.job_cpu_cores = 4;
  r.diagnoses = diagnose_watch(r);
  const Assessment a = score_scenarios::score(watched(r));
  const Finding* host = find(a, "host-bound");
  ASSERT_TRUE(host);
  EXPECT_EQ(host->confidence, "low");
}

// Another process's compute context on the GPU when the watch began is a co-tenant: sliced (medium);
// one that appeared during the run may be the job's own through a launcher (docker run): a note.
TEST(RuleWatch, AnotherProcessOnTheGpuBeforeTheJobIsACoTenant) {
  WatchRecord r = one_core_job_on_a_capped_card();
  r.gpus[0].processes = {{.pid = 4711, .name = "python3", .type = "C", .first_t_s = 0, .last_t_s = 10, .intervals = 21,
                          .max_memory_bytes = 20ull << 30}};
  r.diagnoses = diagnose_watch(r);
  const Assessment a = score_scenarios::score(watched(r));
  const Finding* sliced = find(a, "sliced");
  ASSERT_TRUE(sliced) << score_scenarios::describe(score_scenarios::ids_of(a));
  EXPECT_EQ(sliced->gpu, 0);
  EXPECT_EQ(sliced->confidence, "medium");
  ASSERT_FALSE(sliced->evidence.empty());
  EXPECT_NE(sliced->evidence.front().find("python3 (pid 4711, 20.0 GiB)"), std::string::npos) << sliced->evidence.front();

  r.gpus[0].processes.front().first_t_s = 3;  // appeared during the run
  r.diagnoses = diagnose_watch(r);
  EXPECT_FALSE(find(score_scenarios::score(watched(r)), "sliced"));
}

TEST(RuleWatch, ADamagedWatchSectionIsIgnored) {
  ResultDocument doc = watched(one_core_job_on_a_capped_card());
  doc.extra["watch"]["diagnoses"] = "not a list";
  EXPECT_FALSE(find(score_scenarios::score(doc), "host-bound"));
  doc.extra["watch"] = 42;
  EXPECT_FALSE(find(score_scenarios::score(doc), "host-bound"));
}

}  // namespace
}  // namespace gpuaudit
