// score/headline.cpp: the one-line verdict names the first finding with its short text, the GPU and
// card count on a multi-GPU machine, the delivered share, and lists the other findings after it.
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
using namespace gpuaudit::score_scenarios;

TEST(Headline, MigSliceSaysProfileSmsAndShare) {
  const Assessment a = score(scenario("h100-mig-3g40gb"));
  EXPECT_EQ(a.headline, "NVIDIA H100 80GB HBM3 \u2014 sliced: MIG 3g.40gb, 60 of 132 SMs; delivers 46% of a full card's compute and memory");
  // Geometric mean of measured / FULL-card reference: BF16 GEMM, FP32, HBM copy.
  const double want = std::cbrt((351.9 / 790.0) * (26.8 / 60.21) * (1406.5 / 2900.0));
  ASSERT_TRUE(a.delivered_fraction);
  EXPECT_NEAR(*a.delivered_fraction, want, 1e-9);
  // The slice is judged against its share: 60/132 of the card's GEMM, 4/8 of its bandwidth.
  const json& figs = a.extra["gpus"][0]["figures"];
  for (const auto& f : figs) {
    if (f["name"] == "gemm/bf16") {
      EXPECT_NEAR(f["expected"].get<double>(), 790.0 * 60 / 132, 1e-9);
    } else if (f["name"] == "hbm/copy") {
      EXPECT_NEAR(f["expected"].get<double>(), 2900.0 / 2, 1e-9);
    } else if (f["name"] == "pcie/h2d_pinned") {
      EXPECT_NEAR(f["expected"].get<double>(), 51.0, 1e-9);  // not sliced
    }
  }
}

TEST(Headline, MultiGpuNamesTheGpuAndCountsCards) {
  const Assessment a = score(scenario("nvlink-degraded"));
  EXPECT_EQ(a.headline.rfind("2x NVIDIA H100 80GB HBM3 \u2014 nvlink-degraded: 12 of 18 NVLink links up on GPU 1", 0), 0u)
      << a.headline;
  EXPECT_NE(a.headline.find("(mean of 2)"), std::string::npos);
}

TEST(Headline, AMachineOfSeveralModelsNamesThem) {
  // nvidia-smi -L of a node with two A10 and two T4 (NVIDIA/nvidia-container-toolkit#1227).
  const ResultDocument doc = import_and_score::import_texts({{"list.txt",
      "GPU 0: NVIDIA A10 (UUID: GPU-f15ae561-21b1-6003-c768-861fc285203b)\n"
      "GPU 1: NVIDIA A10 (UUID: GPU-466be1f8-6148-1a27-a450-592604f3df54)\n"
      "GPU 2: Tesla T4 (UUID: GPU-bf507abe-ec25-2053-5435-1c82511a3ae8)\n"
      "GPU 3: Tesla T4 (UUID: GPU-a1329f2e-1e73-88f2-4d4b-1ce18debbc6d)\n"}});
  const Assessment a = score(doc);
  EXPECT_EQ(a.headline.rfind("2x NVIDIA A10, 2x Tesla T4 \u2014 ", 0), 0u) << a.headline;
}

TEST(Headline, AFindingWhoseReasonDiffersByGpuSaysWhoseReasonItQuotes) {
  // A real noheader --query-gpu snapshot of 8 GTX TITAN X (corpus case): GPU 0 idle, GPUs 1-7 under
  // load without an SM clock - inconclusive on all, for two reasons; the headline names GPU 0's as its own.
  const std::string dir = std::string(GPUAUDIT_TEST_DATA) + "/real-world/gtx-titan-x8-query-gpu-csv-noheader/";
  std::ifstream in(dir + "query-gpu.txt");
  std::stringstream ss;
  ss << in.rdbuf();
  const Assessment a = score(import_and_score::import_texts({{"query-gpu.txt", ss.str()}}));
  EXPECT_NE(a.headline.find("inconclusive on every GPU (GPU 0: no benchmark figure and no telemetry under load; the others their own, -v)"),
            std::string::npos)
      << a.headline;
}

TEST(Headline, OtherFindingsAreListedAfterTheFirst) {
  ResultDocument doc = scenario("h100-power-capped");
  doc.host.steal_pct = 20;
  for (auto& b : doc.benchmarks)
    if (b.name == "host/steal") b.derived["whole_run_pct"] = 20;
  const Assessment a = score(doc);
  EXPECT_NE(a.headline.find("power-capped: power limit 350 W of 700 W; also host-bound"), std::string::npos) << a.headline;
}

// An excerpt without its name line, whose PCI device id names the model (a `-a` excerpt of a GTX
// 1070, tests/data/real-world/zenn-gtx1070-a-excerpt-idle-gen1-of-gen3): named by the baseline, said so.
TEST(Headline, AGpuNamedOnlyByItsPciIdIsNamedByItsBaseline) {
  GpuInfo g = evidence_docs::h100_sxm();
  g.name.clear();
  const Assessment a = score(evidence_docs::doc_of({g}));
  EXPECT_EQ(a.headline.rfind("H100 SXM5 80GB (by its PCI id) \u2014 ", 0), 0u) << a.headline;
}
