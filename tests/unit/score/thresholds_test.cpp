// score/thresholds.cpp: tolerances per benchmark, family, baseline and default; a thresholds file
// overrides them and the rule thresholds, and a bad file is refused with its name.
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

TEST(Thresholds, FileOverridesFamilyToleranceAndRules) {
  ResultDocument doc = scenario("memory-degraded");
  doc.gpus[0].ecc = EccInfo{};  // bandwidth only
  EXPECT_EQ(ids_of(score(doc)), (Ids{{"memory-degraded", 0}}));
  const Thresholds loose = parse_thresholds(json::parse(R"({"tolerances": {"hbm": 0.5}})"), "t.json");
  EXPECT_EQ(ids_of(score(doc, loose)), (Ids{{"healthy", 0}}));

  const ResultDocument host = scenario("host-bound-steal");
  const Thresholds tolerant = parse_thresholds(json::parse(R"({"rules": {"steal_pct": 15}})"), "t.json");
  EXPECT_EQ(ids_of(score(host, tolerant)), (Ids{{"healthy", 0}}));
  const Assessment a = score(host, tolerant);
  EXPECT_EQ(a.extra["thresholds"]["origin"], "t.json");
  EXPECT_EQ(a.extra["thresholds"]["rules"]["steal_pct"], 15.0);
}

TEST(Thresholds, BenchmarkBeatsFamilyBeatsBaselineBeatsDefault) {
  Thresholds t;
  EXPECT_DOUBLE_EQ(t.tolerance_for("hbm/copy", std::nullopt), 0.10);
  EXPECT_DOUBLE_EQ(t.tolerance_for("gemm/bf16", std::nullopt), 0.15);
  EXPECT_DOUBLE_EQ(t.tolerance_for("pcie/h2d_pinned", std::nullopt), 0.15);
  EXPECT_DOUBLE_EQ(t.tolerance_for("hbm/copy", 0.25), 0.25);
  t.tolerances["hbm"] = 0.3;
  EXPECT_DOUBLE_EQ(t.tolerance_for("hbm/copy", 0.25), 0.3);
  t.tolerances["hbm/copy"] = 0.05;
  EXPECT_DOUBLE_EQ(t.tolerance_for("hbm/copy", 0.25), 0.05);
  EXPECT_DOUBLE_EQ(t.tolerance_for("hbm/triad", 0.25), 0.3);
}

TEST(Thresholds, BadFilesAreRefusedWithTheirName) {
  for (const char* bad : {R"([1])", R"({"tolerance": {}})", R"({"tolerances": {"hmb": 0.1}})",
                          R"({"tolerances": {"hbm": "10%"}})", R"({"tolerances": {"hbm": -1}})",
                          R"({"rules": {"steal": 5}})", R"({"rules": {"power_limit_fraction": 2}})"}) {
    try {
      parse_thresholds(json::parse(bad), "my-thresholds.json");
      ADD_FAILURE() << "accepted " << bad;
    } catch (const Error& e) {
      EXPECT_EQ(e.code(), exit_code::usage) << bad;
      EXPECT_NE(std::string(e.what()).find("my-thresholds.json"), std::string::npos) << e.what();
    }
  }
  EXPECT_THROW(load_thresholds("/nonexistent/thresholds.json"), Error);
}
