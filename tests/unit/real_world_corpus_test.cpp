// The real-world corpus (tests/data/real-world/, issue #12 item 5): outputs people posted publicly
// (nvidia-smi, nccl-tests, nvbandwidth, bandwidthTest, p2pBandwidthLatencyTest, dcgmi), imported
// with `gpuaudit import` and scored against the installed baselines. Each case names the verdict a
// careful engineer reaches from its files alone; one test per case, so ctest lists every case and a
// wrong verdict fails exactly that one. tests/data/real-world/README.md states the rules.
#include "baselines/baseline_set.hpp"
#include "core/error.hpp"
#include "core/json.hpp"
#include "import/import.hpp"
#include "score/assess.hpp"
#include "score/assessment_text.hpp"
#include "score/baseline_lookup.hpp"
#include "score/thresholds.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace fs = std::filesystem;
using namespace gpuaudit;

namespace {

const fs::path kCorpus = fs::path(GPUAUDIT_TEST_DATA) / "real-world";

// The finding ids a case may name: docs/scoring.md section 4, plus inconclusive (issue #12 item 3).
const std::set<std::string> kVerdicts{"sliced",        "power-capped", "thermal-throttled", "clock-limited",
                                      "pcie-degraded", "numa-misplaced", "memory-degraded", "nvlink-degraded",
                                      "no-nvlink",     "host-bound",   "software",          "healthy",
                                      "unknown-gpu",   "inconclusive", "wrong-results",     "sustained-drop",
                                      "straggler",     "gpu-fault",    "no-peer-access"};

json read_json(const fs::path& p) {
  std::ifstream in(p);
  return json::parse(in);
}

// Case directories, sorted so the test order is stable; a folder without case.json is not a case.
std::vector<std::string> case_ids() {
  std::vector<std::string> ids;
  if (!fs::is_directory(kCorpus)) return ids;
  for (const auto& e : fs::directory_iterator(kCorpus))
    if (e.is_directory() && fs::exists(e.path() / "case.json")) ids.push_back(e.path().filename().string());
  std::sort(ids.begin(), ids.end());
  return ids;
}

struct Expected {
  std::string verdict;
  std::optional<int> gpu;
  std::set<std::string> accepted;  // the verdict and also_allowed
  std::set<std::string> must_not;
};

Expected expected_of(const json& c) {
  const json& e = c.at("expected");
  Expected x;
  x.verdict = e.at("verdict").get<std::string>();
  if (e.contains("gpu") && !e.at("gpu").is_null()) x.gpu = e.at("gpu").get<int>();
  x.accepted.insert(x.verdict);
  for (const auto& a : e.value("also_allowed", json::array())) x.accepted.insert(a.get<std::string>());
  for (const auto& m : e.value("must_not", json::array())) x.must_not.insert(m.get<std::string>());
  return x;
}

// A finding concerns the expected GPU when it names that GPU, or the whole machine (gpu null:
// nvlink-degraded over collectives, host-bound, software). Without an expected GPU, every finding counts.
bool concerns(const Finding& f, const std::optional<int>& gpu) { return !gpu || !f.gpu || *f.gpu == *gpu; }

std::string describe(const Assessment& a) {
  std::string s;
  for (const auto& f : a.findings)
    s += (s.empty() ? "" : ", ") + f.id + "@" + (f.gpu ? std::to_string(*f.gpu) : std::string("host"));
  return "{" + s + "}";
}

const BaselineSet& baselines() {
  static const BaselineSet set = load_baselines(default_baselines_dir());
  return set;
}

class RealWorldCase : public ::testing::TestWithParam<std::string> {};

TEST_P(RealWorldCase, ScoresTheExpectedVerdict) {
  const fs::path dir = kCorpus / GetParam();
  const json c = read_json(dir / "case.json");
  const Expected x = expected_of(c);
  std::vector<std::string> files;
  for (const auto& f : c.at("files")) files.push_back((dir / f.at("file").get<std::string>()).string());

  // As `gpuaudit score FILE...` reads them: the parts of one paste that disagree are machines of
  // their own, each assessed; the case's verdict is the paste's, its findings those of every machine.
  std::vector<ResultDocument> docs;
  try {
    docs = imports::import_machines(files, {}, nullptr);
  } catch (const std::exception& e) {
    FAIL() << GetParam() << ": import failed: " << e.what();
  }
  std::vector<Finding> findings;
  std::string text;
  for (const auto& doc : docs) {
    const Assessment a = assess(doc, reference_lookup(baselines()), baselines().version, Thresholds{});
    findings.insert(findings.end(), a.findings.begin(), a.findings.end());
    text += assessment_text(a);
  }
  Assessment all;
  all.findings = findings;
  const std::string why = GetParam() + ": expected " + x.verdict + (x.gpu ? " on GPU " + std::to_string(*x.gpu) : "") +
                          ", got " + describe(all) + "\n" + text;

  const bool found = std::any_of(findings.begin(), findings.end(),
                                 [&](const Finding& f) { return x.accepted.count(f.id) && concerns(f, x.gpu); });
  EXPECT_TRUE(found) << why;
  for (const auto& f : findings) {
    if (!concerns(f, x.gpu)) continue;
    EXPECT_FALSE(x.must_not.count(f.id)) << "must not say " << f.id << ": " << why;
    // healthy means nothing else was found (what the case allows aside)
    if (x.verdict == "healthy") EXPECT_TRUE(f.id == "healthy" || x.accepted.count(f.id)) << "not healthy: " << why;
  }
}

INSTANTIATE_TEST_SUITE_P(RealWorld, RealWorldCase, ::testing::ValuesIn(case_ids()),
                         [](const ::testing::TestParamInfo<std::string>& p) {
                           std::string n = p.param;
                           for (char& ch : n)
                             if (!std::isalnum(static_cast<unsigned char>(ch))) ch = '_';
                           return n;
                         });
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(RealWorldCase);

// Every case is complete and traceable: a public source, the thread's conclusion, files that exist
// with a known format, a verdict from the list, and the evidence that decides it.
TEST(RealWorldCorpus, EveryCaseIsCompleteAndTraceable) {
  // Every format `gpuaudit import` reads except its own documents: a case is another tool's output.
  std::set<std::string> formats;
  for (const auto& f : imports::format_registry())
    if (f.name != "gpuaudit") formats.insert(f.name);
  // What the file is when it is no one tool's output (docs/import.md): a tool's error message
  // instead of its output, or a paste of several outputs with prose; the importer reads both.
  formats.insert({"error-text", "paste"});
  const auto ids = case_ids();
  ASSERT_FALSE(ids.empty()) << "no case under " << kCorpus;
  for (const auto& id : ids) {
    const fs::path dir = kCorpus / id;
    const json c = read_json(dir / "case.json");
    EXPECT_EQ(c.value("id", ""), id) << id;
    EXPECT_EQ(c.value("source_url", "").rfind("https://", 0), 0u) << id;
    for (const char* k : {"title", "posted", "context", "thread_conclusion", "why"})
      EXPECT_FALSE(c.value(k, "").empty()) << id << ": " << k;
    ASSERT_TRUE(c.contains("files") && !c.at("files").empty()) << id;
    std::set<std::string> listed{"case.json"};
    for (const auto& f : c.at("files")) {
      const std::string name = f.value("file", "");
      listed.insert(name);
      EXPECT_TRUE(fs::is_regular_file(dir / name)) << id << ": " << name;
      EXPECT_TRUE(formats.count(f.value("format", ""))) << id << ": " << name << " format " << f.value("format", "");
    }
    for (const auto& e : fs::directory_iterator(dir))
      EXPECT_TRUE(listed.count(e.path().filename().string())) << id << ": unlisted file " << e.path().filename();
    const Expected x = expected_of(c);
    for (const auto& v : x.accepted) EXPECT_TRUE(kVerdicts.count(v)) << id << ": unknown verdict " << v;
    for (const auto& v : x.must_not) EXPECT_TRUE(kVerdicts.count(v)) << id << ": unknown verdict " << v;
    EXPECT_FALSE(x.must_not.count(x.verdict)) << id << ": must_not contains the verdict";
  }
}


// The README's table of cases per expected verdict is the case files' count, row for row
// (scripts/data/corpus_counts.py rewrites it), and every case has its row in the main table.
TEST(RealWorldCorpus, TheReadmeCountsAreTheCaseFiles) {
  std::map<std::string, int> counted;
  int total = 0;
  for (const auto& id : case_ids()) ++counted[expected_of(read_json(kCorpus / id / "case.json")).verdict], ++total;
  std::ifstream in(kCorpus / "README.md");
  std::map<std::string, int> said;
  std::string line, total_line;
  std::set<std::string> rows;
  bool in_table = false;
  while (std::getline(in, line)) {
    if (line.rfind("Cases per expected verdict (", 0) == 0) total_line = line, in_table = true;
    else if (line.rfind("| `", 0) == 0) rows.insert(line.substr(3, line.find('`', 3) - 3));
    else if (in_table && line.rfind("| ", 0) == 0 && line.find(" | ---") == std::string::npos && line != "| verdict | cases |") {
      const auto bar = line.find(" | ", 2);
      said[line.substr(2, bar - 2)] = std::stoi(line.substr(bar + 3));
    } else if (in_table && !said.empty() && line.rfind("|", 0) != 0) in_table = false;
  }
  EXPECT_EQ(said, counted);
  EXPECT_EQ(total_line, "Cases per expected verdict (" + std::to_string(total) + " in all):");
  for (const auto& id : case_ids()) EXPECT_TRUE(rows.count(id)) << id << " has no row in README.md";
}

}  // namespace
