// score/rule_power.cpp: power-capped from a lowered limit reached under load (scenarios and documents
// holding only nvidia-smi state and telemetry), and the cards that run at their design cap stay healthy.
#include "baselines/baseline_set.hpp"
#include "core/document_io.hpp"
#include "core/error.hpp"
#include "core/exit_codes.hpp"
#include "core/stats.hpp"
#include "import/import.hpp"
#include "score/assess.hpp"
#include "score/assessment_text.hpp"
#include "score/baseline_lookup.hpp"
#include "score/evidence.hpp"
#include "score/figures.hpp"
#include "score/slice.hpp"
#include "score/thresholds.hpp"
#include "text/format.hpp"
#include "unit/support/evidence_documents.hpp"
#include "unit/support/import_and_score_support.hpp"
#include "unit/support/repo_baselines.hpp"
#include "unit/support/score_scenarios.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <unistd.h>

namespace fs = std::filesystem;
using namespace gpuaudit;

namespace {

namespace scenario_cases {

using namespace gpuaudit::score_scenarios;

TEST(Traps, PowerCapWithMemoryFineIsPowerNotMemory) {
  const Assessment a = score(scenario("h100-power-capped"));
  const Finding* f = find(a, "power-capped");
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->confidence, "high");
  EXPECT_TRUE(evidence_has(*f, "power limit 350 W, board default 700 W"));
  EXPECT_TRUE(evidence_has(*f, "sw-power-cap"));
  EXPECT_TRUE(evidence_has(*f, "memory bandwidth unaffected"));
  EXPECT_EQ(find(a, "memory-degraded"), nullptr);
  EXPECT_EQ(find(a, "clock-limited"), nullptr);
}

// Synthetic nvidia-smi CSV logs (no reasons column, no default limit): a card drawing at its limit.
Assessment score_csv_log(const std::string& name, int memory_mib, double limit_w) {
  std::string csv = "index, name, memory.total [MiB], utilization.gpu [%], power.draw [W], power.limit [W], clocks.sm [MHz]\n";
  for (int i = 0; i < 3; ++i)
    csv += "0, " + name + ", " + std::to_string(memory_mib) + " MiB, 100 %, " + std::to_string(limit_w - 0.3 * i) + " W, " +
           std::to_string(limit_w) + " W, 1490 MHz\n";
  return score(import_and_score::import_texts({{"log.synthetic.csv", csv}}));
}

TEST(Traps, ATuringGeforceNameAtALaptopLimitIsNotJudgedByTheDesktopTdp) {
  // "NVIDIA GeForce RTX 2080" is also a laptop part's name (80-150 W): below the desktop 215 W
  // TDP with no board default nothing says it was lowered, and at its limit the clock is the
  // limit's doing, not a clock cap.
  const Assessment a = score_csv_log("NVIDIA GeForce RTX 2080", 8192, 80);
  EXPECT_EQ(find(a, "power-capped"), nullptr);
  EXPECT_EQ(find(a, "clock-limited"), nullptr);
  // An Ampere desktop name ("Laptop GPU" would say otherwise) at 80 of 320 W is capped.
  const Assessment b = score_csv_log("NVIDIA GeForce RTX 3080", 10240, 80);
  EXPECT_NE(find(b, "power-capped"), nullptr);
  // A Turing model NVIDIA's driver table lists no laptop part of (no "... with Max-Q Design" entry):
  // the RTX 2080 Ti at 150 of its 250 W TDP is capped.
  const Assessment c = score_csv_log("NVIDIA GeForce RTX 2080 Ti", 11264, 150);
  EXPECT_NE(find(c, "power-capped"), nullptr) << c.headline;
}

TEST(Traps, AModelTheNameAndMemoryDoNotTellApartHasNoTdpToJudgeBy) {
  // "NVIDIA GeForce RTX 3080" with 20480 MiB fits neither RTX 3080 (10 GB at 320 W, 12 GB at 350 W):
  // its 320 W limit is not "91% of the 12 GB card's TDP" (TabbyML/tabby #2719, FRESH-2026-12-96).
  const Assessment a = score_csv_log("NVIDIA GeForce RTX 3080", 20480, 320);
  EXPECT_EQ(find(a, "power-capped"), nullptr) << a.headline;
  // The memory that names the model still lets its TDP judge: 12 GB at 250 W is capped.
  const Assessment b = score_csv_log("NVIDIA GeForce RTX 3080", 12288, 250);
  EXPECT_NE(find(b, "power-capped"), nullptr) << b.headline;
}

TEST(Traps, PowerLimitedDesignsAtTheirCapAreHealthy) {
  // L4 runs into sw-power-cap on every GEMM; its reference already includes that.
  const ResultDocument doc = scenario("l4-healthy");
  bool cap_seen = false;
  for (const auto& b : doc.benchmarks)
    if (b.telemetry)
      for (const auto& r : b.telemetry->clock_event_reasons) cap_seen |= r == "sw-power-cap";
  ASSERT_TRUE(cap_seen);
  EXPECT_EQ(ids_of(score(doc)), (Ids{{"healthy", 0}}));
}

}  // namespace scenario_cases

namespace evidence_cases {

using namespace gpuaudit::evidence_docs;

TEST(EvidencePower, LoweredLimitReachedUnderLoad) {
  GpuInfo g = h100_sxm();
  g.power.limit_w = g.power.enforced_limit_w = 350;
  ResultDocument d = doc_of({g});
  d.benchmarks.push_back(under_load(0, load(1395, 349, 66, {"sw-power-cap"})));
  const Assessment a = score(d);
  EXPECT_EQ(ids_of(a), (Ids{{"power-capped", 0}})) << why(a);
  const Finding* f = find(a, "power-capped");
  EXPECT_EQ(f->confidence, "high");
  EXPECT_TRUE(evidence_has(*f, "power limit 350 W, board default 700 W")) << why(a);
  EXPECT_TRUE(evidence_has(*f, "at the limit")) << why(a);
  EXPECT_NE(a.headline.find("power-capped: power limit 350 W of 700 W"), std::string::npos) << a.headline;
}

TEST(EvidencePower, UnknownDefaultFallsBackToTheModelsTdp) {
  GpuInfo g = h100_sxm();
  g.power.default_limit_w.reset();
  g.power.max_limit_w.reset();
  g.power.limit_w = g.power.enforced_limit_w = 400;
  ResultDocument d = doc_of({g});
  d.benchmarks.push_back(under_load(0, load(1500, 400, 60)));  // draw at the limit, no reason column
  const Assessment a = score(d);
  const Finding* f = find(a, "power-capped");
  ASSERT_NE(f, nullptr) << why(a);
  EXPECT_EQ(f->confidence, "medium");
  EXPECT_TRUE(evidence_has(*f, "model's TDP")) << why(a);
  EXPECT_EQ(find(a, "clock-limited"), nullptr);
}

TEST(EvidencePower, L4AtItsDesignCapIsHealthy) {
  // The L4 is held by its 72 W limit on every GEMM; its reference includes that.
  GpuInfo g = idle_gpu("NVIDIA L4");
  g.power.limit_w = g.power.default_limit_w = g.power.enforced_limit_w = 72;
  g.clocks.sm_max_mhz = 2040;
  g.pcie.gen_max = g.pcie.gen_gpu_max = 4;
  g.pcie.width_max = 16;
  ResultDocument d = doc_of({g});
  d.benchmarks.push_back(under_load(0, load(1410, 72, 71, {"sw-power-cap"}, 4, 16)));
  Assessment a = score(d);
  EXPECT_EQ(ids_of(a), (Ids{{"healthy", 0}})) << why(a);
  EXPECT_EQ(find(a, "healthy")->confidence, "medium");
  // With its figure at the reference, healthy on the figure.
  d.benchmarks.push_back(figure("gemm/bf16", 0, 56, "TFLOP/s"));
  a = score(d);
  EXPECT_EQ(ids_of(a), (Ids{{"healthy", 0}})) << why(a);
  EXPECT_EQ(find(a, "healthy")->confidence, "high");
}

}  // namespace evidence_cases

}  // namespace
