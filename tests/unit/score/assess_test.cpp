// score/assess.cpp as a whole: every scenario in tests/data/scenarios/ gives exactly its findings (and
// no false ones), every real document in results/ and tests/data/old-cards/ scores as it should,
// a document with nothing to judge is inconclusive, and re-scoring replaces the old assessment.
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

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <unistd.h>

namespace fs = std::filesystem;
using namespace gpuaudit;
using namespace gpuaudit::score_scenarios;

namespace {


struct Expected {
  std::string file;  // without .synthetic.json
  Ids ids;
  std::string headline_has;
};

// Test names and failure messages show the scenario, not the struct's bytes.
void PrintTo(const Expected& e, std::ostream* os) { *os << e.file; }

const std::vector<Expected>& expectations() {
  static const std::vector<Expected> e{
      {"h100-sxm-healthy", {{"healthy", 0}}, "NVIDIA H100 80GB HBM3 \u2014 healthy; delivers 99% of a full card's compute and memory"},
      {"h200-healthy", {{"healthy", 0}}, "NVIDIA H200 \u2014 healthy"},
      {"a100-mig-1g10gb", {{"sliced", 0}}, "sliced: MIG 1g.10gb, 14 of 108 SMs"},
      {"h100-mig-3g40gb", {{"sliced", 0}}, "sliced: MIG 3g.40gb, 60 of 132 SMs; delivers 46% of a full card's compute and memory"},
      {"vgpu-time-sliced", {{"sliced", 0}}, "sliced: time-sliced vGPU"},
      {"h100-power-capped", {{"power-capped", 0}}, "power-capped: power limit 350 W of 700 W"},
      {"h100-thermal-throttled", {{"thermal-throttled", 0}}, "thermal-throttled: thermal slowdown at 91 C"},
      {"h100-clock-limited", {{"clock-limited", 0}}, "clock-limited: SM clock 1243 of 1980 MHz"},
      {"pcie-gen3-x8", {{"pcie-degraded", 0}}, "pcie-degraded: Gen3 x8 under load (Gen5 x16 expected)"},
      {"pcie-gen1-idle-healthy", {{"healthy", 0}}, "NVIDIA L40S \u2014 healthy"},
      {"h100-passthrough-healthy", {{"healthy", 0}}, "healthy"},
      {"h20-healthy", {{"healthy", 0}}, "NVIDIA H20 \u2014 healthy"},
      {"l4-healthy", {{"healthy", 0}}, "NVIDIA L4 \u2014 healthy"},
      {"host-bound-steal", {{"host-bound", -1}}, "host-bound: CPU steal 12%"},
      {"memory-degraded", {{"memory-degraded", 0}}, "memory-degraded: memory bandwidth 60%"},
      {"software-driver-old", {{"healthy", 0}}, "NVIDIA H100 80GB HBM3 \u2014 healthy"},
      {"unknown-gpu", {{"unknown-gpu", 0}}, "unknown-gpu: no baseline for this model"},
      // An unknown Hopper is judged on its architecture's estimate: healthy, said as estimated.
      {"unknown-gpu-hopper-fallback", {{"healthy", 0}}, "(estimated)"},
      {"numa-misplaced", {{"numa-misplaced", 0}}, "numa-misplaced: far NUMA node copies"},
      {"nvlink-degraded", {{"healthy", 0}, {"nvlink-degraded", 1}}, "nvlink-degraded: 12 of 18 NVLink links up on GPU 1"},
      {"no-nvlink", {{"no-nvlink", 0}, {"no-nvlink", 1}}, "2x NVIDIA H100 80GB HBM3 \u2014 no-nvlink: no NVLink (0 of 18 links up) on every GPU"},
  };
  return e;
}

}  // namespace

class ScenarioTest : public ::testing::TestWithParam<Expected> {};

TEST_P(ScenarioTest, GivesExactlyItsFindings) {
  const Expected& e = GetParam();
  const ResultDocument doc = scenario(e.file);
  const Assessment a = score(doc);
  EXPECT_EQ(ids_of(a), e.ids) << e.file << ": got " << describe(ids_of(a)) << "\n" << assessment_text(a);
  EXPECT_NE(a.headline.find(e.headline_has), std::string::npos) << e.file << ": headline \"" << a.headline << "\"";
  for (const auto& f : a.findings) {
    EXPECT_FALSE(f.summary.empty()) << e.file << " " << f.id;
    EXPECT_FALSE(f.evidence.empty()) << e.file << " " << f.id;
    EXPECT_TRUE(f.confidence == "high" || f.confidence == "medium" || f.confidence == "low") << f.id << " " << f.confidence;
  }
  // healthy only: 0; a fault among them: 1; otherwise (unknown-gpu with no reference, inconclusive): 6.
  const bool all_healthy = std::all_of(e.ids.begin(), e.ids.end(), [](const auto& p) { return p.first == "healthy"; });
  const bool fault = std::any_of(e.ids.begin(), e.ids.end(), [](const auto& p) {
    return p.first != "healthy" && p.first != "unknown-gpu" && p.first != "inconclusive";
  });
  EXPECT_EQ(assessment_exit_code(a), all_healthy ? exit_code::ok : fault ? exit_code::finding : exit_code::inconclusive);
  EXPECT_EQ(a.baselines_version, repo_baselines().version);
}

INSTANTIATE_TEST_SUITE_P(Scenarios, ScenarioTest, ::testing::ValuesIn(expectations()),
                         [](const ::testing::TestParamInfo<Expected>& p) {
                           std::string n = p.param.file;
                           for (char& c : n)
                             if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
                           return n;
                         });

TEST(Scenarios, EveryFileIsExpectedAndLabelledSynthetic) {
  std::set<std::string> expected;
  for (const auto& e : expectations()) expected.insert(e.file + ".synthetic.json");
  size_t seen = 0;
  for (const auto& entry : fs::directory_iterator(kScenarios)) {
    if (entry.path().extension() != ".json") continue;
    const std::string name = entry.path().filename().string();
    ++seen;
    EXPECT_NE(name.find("synthetic"), std::string::npos) << name;
    EXPECT_TRUE(expected.count(name)) << name << " has no expected findings in assess_test.cpp";
    const ResultDocument doc = read_result(entry.path());
    EXPECT_TRUE(doc.synthetic) << name;
    EXPECT_FALSE(doc.synthetic_source.empty()) << name;
  }
  EXPECT_EQ(seen, expected.size());
}

// Real documents from real cards: each must score against a matched baseline with evidence for
// every finding. A document may pin its verdict with tags.expect_findings ("healthy" or
// "sliced,host-bound"). The documents are results/*.json; a folder beside one holds what else that
// run wrote (PyTorch's figures, the soak, the card's own nvidia-smi outputs), not result documents.
TEST(RealResults, EveryDocumentScores) {
  const fs::path dir = fs::path(GPUAUDIT_SOURCE_DIR) / "results";
  if (!fs::is_directory(dir)) GTEST_SKIP() << "no results/ folder";
  for (const auto& entry : fs::directory_iterator(dir)) {
    if (entry.path().extension() != ".json") continue;
    const ResultDocument doc = read_result(entry.path());
    const Assessment a = score(doc);
    const std::string name = entry.path().filename().string();
    EXPECT_FALSE(a.headline.empty()) << name;
    EXPECT_EQ(find(a, "unknown-gpu"), nullptr) << name << ": no baseline matched: " << a.headline;
    for (const auto& f : a.findings) EXPECT_FALSE(f.evidence.empty()) << name << " " << f.id;
    if (auto it = doc.tags.find("expect_findings"); it != doc.tags.end()) {
      std::set<std::string> want, got;
      std::stringstream ss(it->second);
      for (std::string id; std::getline(ss, id, ',');) want.insert(id);
      for (const auto& f : a.findings) got.insert(f.id);
      EXPECT_EQ(got, want) << name << ": " << a.headline;
    }
  }
}

// The card's own nvidia-smi outputs, taken in the same device check as a result document
// (results/<run>/nvidia-smi/): read together they name the model the document measured, match its
// baseline, and show no fault (an idle snapshot is honestly inconclusive, never a false alarm).
TEST(RealResults, TheCardsOwnNvidiaSmiOutputsImportWithoutAFalseAlarm) {
  const fs::path dir = fs::path(GPUAUDIT_SOURCE_DIR) / "results";
  size_t runs = 0;
  for (const auto& entry : fs::directory_iterator(dir)) {
    const fs::path smi = entry.path() / "nvidia-smi";
    if (!fs::is_directory(smi)) continue;
    ++runs;
    std::vector<std::string> files;
    for (const auto& f : fs::directory_iterator(smi)) files.push_back(f.path().string());
    std::sort(files.begin(), files.end());
    ResultDocument doc = imports::import_files(files, {}, nullptr);
    const ResultDocument measured = read_result(entry.path().string() + ".json");
    ASSERT_EQ(doc.gpus.size(), measured.gpus.size()) << smi;
    for (size_t i = 0; i < doc.gpus.size(); ++i) EXPECT_EQ(doc.gpus[i].name, measured.gpus[i].name) << smi;
    for (const Finding& f : import_and_score::findings_of(doc))
      EXPECT_TRUE(f.id == "inconclusive") << smi << ": " << f.id << " " << f.summary;
  }
  if (runs == 0) GTEST_SKIP() << "no results/<run>/nvidia-smi folder";
}

TEST(Rescore, ReplacesTheOldAssessmentAndRecordsTodaysBaselines) {
  ResultDocument doc = scenario("h100-sxm-healthy");
  Assessment old;
  old.baselines_version = "2020.01.01";
  old.headline = "old verdict";
  Finding stale;
  stale.id = "sliced";
  stale.gpu = 0;
  stale.confidence = "high";
  stale.summary = "old";
  stale.evidence = {"old evidence"};
  old.findings.push_back(stale);
  doc.assessment = old;
  // Through a file, as `score --write` would find it.
  const fs::path tmp = fs::temp_directory_path() / "gpuaudit-rescore-test.json";
  write_result(tmp, doc);
  ResultDocument back = read_result(tmp);
  ASSERT_TRUE(back.assessment);
  EXPECT_EQ(back.assessment->baselines_version, "2020.01.01");
  const int code = score_document(back, reference_lookup(repo_baselines()), repo_baselines().version, Thresholds{});
  EXPECT_EQ(code, exit_code::ok);
  ASSERT_TRUE(back.assessment);
  EXPECT_EQ(back.assessment->baselines_version, repo_baselines().version);
  EXPECT_EQ(ids_of(*back.assessment), (Ids{{"healthy", 0}}));
  EXPECT_NE(back.assessment->headline, "old verdict");
  write_result(tmp, back);
  EXPECT_EQ(ids_of(*read_result(tmp).assessment), (Ids{{"healthy", 0}}));
  fs::remove(tmp);
}

TEST(Assessment, DocumentWithoutGpusOrFiguresIsInconclusive) {
  // Nothing to judge is not "healthy": a CI gate reading exit 0 here would pass a machine whose
  // GPU was never seen (issue #12). It is inconclusive, exit 6, with what would settle it.
  ResultDocument doc;
  doc.gpu_status.state = "no-device";
  doc.gpu_status.message = "NVML found no GPU";
  const Assessment a = score(doc);
  EXPECT_EQ(a.headline, "no GPU in this document (no-device: NVML found no GPU) \u2014 inconclusive: nothing to judge");
  EXPECT_EQ(assessment_exit_code(a), exit_code::inconclusive);
  // Host findings still count, and lead the headline.
  doc.host.steal_pct = 20;
  const Assessment b = score(doc);
  EXPECT_EQ(b.headline, "no GPU in this document (no-device: NVML found no GPU) \u2014 host-bound: CPU steal 20%");
  EXPECT_EQ(assessment_exit_code(b), exit_code::finding);
}

TEST(OldCards, ScoringConcludesWhatExpectedJsonSays) {
  const fs::path dir = fs::path(GPUAUDIT_TEST_DATA) / "old-cards";
  if (!fs::exists(dir / "expected.json")) GTEST_SKIP() << "no tests/data/old-cards/expected.json";
  const json expected = read_json_file(dir / "expected.json");
  int checked = 0;
  for (const auto& [file, want] : expected.items()) {
    if (!want.is_object()) continue;  // "_comment"
    ++checked;
    const ResultDocument doc = read_result(dir / file);
    const Assessment a = score(doc);
    std::set<std::string> gpu0, all;
    for (const auto& f : a.findings) {
      all.insert(f.id);
      if (f.gpu == 0) gpu0.insert(f.id);
    }
    const std::string why = file + ": " + a.headline + "\n" + assessment_text(a);
    if (want.contains("baseline")) {
      ASSERT_TRUE(a.extra["gpus"][0]["baseline"].is_string()) << why;
      EXPECT_EQ(a.extra["gpus"][0]["baseline"], want["baseline"]) << why;
    }
    if (want.contains("findings_exactly")) {
      EXPECT_EQ(gpu0, want["findings_exactly"].get<std::set<std::string>>()) << why;
    }
    for (const auto& id : want.value("findings_include", std::vector<std::string>{})) EXPECT_TRUE(all.count(id)) << id << " in " << why;
    for (const auto& id : want.value("must_not", std::vector<std::string>{})) EXPECT_FALSE(all.count(id)) << id << " in " << why;
    if (want.contains("headline_contains")) {
      EXPECT_NE(a.headline.find(want["headline_contains"].get<std::string>()), std::string::npos) << why;
    }
    if (want.contains("evidence_contains")) {
      bool found = false;
      for (const auto& f : a.findings)
        for (const auto& e : f.evidence) found |= e.find(want["evidence_contains"].get<std::string>()) != std::string::npos;
      EXPECT_TRUE(found) << why;
    }
    if (want.contains("exit_code")) {
      int code = want["exit_code"].get<int>();
      EXPECT_EQ(assessment_exit_code(a), code) << why;
    }
  }
  EXPECT_GT(checked, 0);
}

namespace gpuaudit {
namespace {

Assessment with_findings(std::vector<std::pair<std::string, std::string>> id_confidence) {
  Assessment a;
  for (auto& [id, conf] : id_confidence) {
    Finding f;
    f.id = id;
    f.gpu = 0;
    f.confidence = conf;
    a.findings.push_back(f);
  }
  return a;
}

TEST(AssessmentExitCode, FailOnSetsTheLeastSureFindingThatFails) {
  const Assessment low = with_findings({{"power-capped", "low"}});
  EXPECT_EQ(assessment_exit_code(low), exit_code::finding);  // the function's default: every finding
  EXPECT_EQ(assessment_exit_code(low, "low"), exit_code::finding);
  EXPECT_EQ(assessment_exit_code(low, "medium"), exit_code::ok);
  const Assessment medium = with_findings({{"pcie-degraded", "medium"}, {"inconclusive", "high"}});
  EXPECT_EQ(assessment_exit_code(medium, "medium"), exit_code::finding);
  EXPECT_EQ(assessment_exit_code(medium, "high"), exit_code::inconclusive);
  EXPECT_EQ(assessment_exit_code(with_findings({{"sliced", ""}}), "high"), exit_code::finding);  // no confidence: high
  EXPECT_EQ(assessment_exit_code(with_findings({{"healthy", "low"}}), "low"), exit_code::ok);
}

}  // namespace
}  // namespace gpuaudit
