// score/rule_collectives.cpp: NCCL collectives judged against the row's own topology expectation,
// or without a stored one from the links; fine figures are a healthy machine.
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

// An allreduce row scored by its own topology expectation (rows.cpp writes it for that GPU count).
static ResultDocument with_allreduce(double busbw, double expected) {
  ResultDocument doc = scenario("h100-sxm-healthy");
  BenchmarkResult r;
  r.name = "nccl/allreduce";
  r.unit = "GB/s";
  r.status = "ok";
  r.samples = {busbw};
  r.summary = summarize(r.samples);
  r.params = {{"gpus", 8}, {"scope", "node"}};
  r.derived["expected_busbw_gbs"] = expected;
  r.derived["fraction_of_expected"] = busbw / expected;
  r.derived["expected_uncertain"] = 0;
  r.extra = {{"expected_source", "topology baseline dgx-h100 (synthetic test)"}};
  doc.benchmarks.push_back(r);
  return doc;
}

TEST(Collectives, ScoredAgainstTheRowsOwnTopologyExpectation) {
  const Assessment slow = score(with_allreduce(180, 360));
  const Finding* f = nullptr;
  for (const auto& x : slow.findings)
    if (x.id == "nvlink-degraded") f = &x;
  ASSERT_NE(f, nullptr) << slow.headline;
  EXPECT_NEAR(f->figures.at("collective_ratio"), 0.5, 1e-12);
  EXPECT_NE(f->evidence.at(0).find("topology baseline dgx-h100"), std::string::npos) << f->evidence.at(0);
  EXPECT_EQ(f->evidence.at(0).rfind("nccl/allreduce x8 180 GB/s", 0), 0u) << f->evidence.at(0);

  const Assessment fine = score(with_allreduce(355, 360));
  for (const auto& x : fine.findings) EXPECT_NE(x.id, "nvlink-degraded") << fine.headline;
}

}  // namespace scenario_cases

namespace evidence_cases {

using namespace gpuaudit::evidence_docs;

ResultDocument eight_h100_with_allreduce(double busbw) {
  std::vector<GpuInfo> gpus;
  for (int i = 0; i < 8; ++i) gpus.push_back(h100_sxm(i));
  ResultDocument d = doc_of(gpus);
  // As the importer writes an nccl-tests all_reduce_perf output: no expectation of its own.
  BenchmarkResult r = figure("nccl/allreduce", std::nullopt, busbw, "GB/s");
  r.params = {{"gpus", 8}, {"nodes", 1}, {"dtype", "float"}, {"op", "sum"}, {"in_place", false}};
  r.derived["peak_busbw_gbs"] = busbw;
  d.benchmarks.push_back(r);
  return d;
}

TEST(EvidenceMultiGpu, FineNcclFiguresAreAHealthyMachine) {
  const Assessment a = score(eight_h100_with_allreduce(470));
  EXPECT_EQ(ids_of(a), (Ids{{"healthy", -1}})) << why(a);
  const Finding* f = find(a, "healthy", std::nullopt);
  EXPECT_TRUE(evidence_has(*f, "nccl/allreduce")) << why(a);
  EXPECT_TRUE(evidence_has(*f, "nvlink4-nvswitch-8gpu")) << why(a);
  EXPECT_EQ(assessment_exit_code(a), exit_code::ok);
  EXPECT_NE(a.headline.find("healthy"), std::string::npos) << a.headline;
}

TEST(EvidenceMultiGpu, SlowNcclWithLinksUpIsTheFabric) {
  const Assessment a = score(eight_h100_with_allreduce(180));
  const Finding* f = find(a, "nvlink-degraded", std::nullopt);
  ASSERT_NE(f, nullptr) << why(a);
  EXPECT_EQ(assessment_exit_code(a), exit_code::finding);
}

}  // namespace evidence_cases

}  // namespace
