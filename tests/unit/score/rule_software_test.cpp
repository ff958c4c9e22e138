// score/rule_software.cpp: a CUDA runtime or default toolkit a major version ahead of the driver is
// a software finding; a minor version ahead is a note, not a finding.
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

TEST(Software, ARuntimeAMinorVersionAheadIsANoteNotAFinding) {
  // 535 driver (CUDA 12.2) under the CUDA 12.9 build: the normal case on old rentals, and a fact
  // about gpuaudit's binary rather than the machine.
  const Assessment a = score(scenario("software-driver-old"));
  for (const auto& f : a.findings) EXPECT_NE(f.id, "software") << a.headline;
  EXPECT_EQ(assessment_exit_code(a), exit_code::ok);
  ASSERT_TRUE(a.extra.contains("notes"));
  const std::string text = assessment_text(a);
  EXPECT_NE(text.find("notes (not findings):\n  - CUDA runtime 12.9 is newer than the driver supports (12.2)"),
            std::string::npos) << text;
}

TEST(Software, ARuntimeAMajorVersionAheadIsAHighConfidenceFinding) {
  ResultDocument doc = scenario("software-driver-old");
  doc.software.cuda_runtime_version = 13000;
  const Assessment a = score(doc);
  const Finding* f = nullptr;
  for (const auto& x : a.findings)
    if (x.id == "software") f = &x;
  ASSERT_NE(f, nullptr) << a.headline;
  EXPECT_EQ(f->confidence, "high");
  EXPECT_FALSE(f->gpu);
  EXPECT_EQ(assessment_exit_code(a), exit_code::finding);
}

TEST(Software, TheDefaultToolkitAMajorVersionAheadOfTheDriverIsAFinding) {
  ResultDocument doc = scenario("software-driver-old");  // driver 535 (CUDA 12.2), runtime 12.9
  CudaToolkit def;
  def.path = "/usr/local/cuda-13.0";
  def.version = "13.0";
  def.version_number = 13000;
  def.is_default = true;
  CudaToolkit old = def;
  old.path = "/usr/local/cuda-12.8";
  old.version = "12.8.1";
  old.version_number = 12080;
  old.is_default = false;
  doc.software.cuda_toolkits = {old, def};
  const Assessment a = score(doc);
  const Finding* f = nullptr;
  for (const auto& x : a.findings)
    if (x.id == "software") f = &x;
  ASSERT_NE(f, nullptr) << a.headline;
  EXPECT_EQ(f->confidence, "medium");
  EXPECT_NE(f->summary.find("default CUDA 13.0 toolkit fail on this driver (CUDA 12.2)"), std::string::npos) << f->summary;
  const std::string text = assessment_text(a);
  EXPECT_NE(text.find("the CUDA 12.8.1 toolkit at /usr/local/cuda-12.8 is newer than the driver 535.183.01 supports "
                      "(12.2): programs built with it run under minor-version compatibility"),
            std::string::npos) << text;

  doc.software.cuda_toolkits = {old};  // only a minor version ahead: a note, exit 0
  EXPECT_EQ(assessment_exit_code(score(doc)), exit_code::ok);
}
