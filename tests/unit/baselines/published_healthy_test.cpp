// Expectations calibrated on published healthy cards (issue #27, tests/data/published-healthy/):
// public measurements of healthy cards converted into gpuaudit documents the way gpuaudit's own
// benchmark would report them (scripts/data/published_healthy.py), and raw tool outputs imported as they
// were posted. Each is scored against the installed baselines: it must be healthy, matched to the
// model it was measured on, and every figure the model (or its topology) has an expectation for must
// be judged and not low. A failure here is fixed in the expectation or tolerance of the whole model
// class, with its source (docs/baselines.md, "Calibration on published healthy cards"), never for one
// document. One test per case, so ctest names the card that would be called unhealthy.
#include "baselines/baseline_set.hpp"
#include "core/document_io.hpp"
#include "core/json.hpp"
#include "import/import.hpp"
#include "score/assess.hpp"
#include "score/assessment_text.hpp"
#include "score/baseline_lookup.hpp"
#include "score/thresholds.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <set>
#include <string>
#include <vector>

namespace fs = std::filesystem;
using namespace gpuaudit;

namespace {

const fs::path kDir = fs::path(GPUAUDIT_TEST_DATA) / "published-healthy";
constexpr const char* kDocSuffix = ".published.json";

json read_json(const fs::path& p) {
  std::ifstream in(p);
  return json::parse(in);
}

const BaselineSet& baselines() {
  static const BaselineSet set = load_baselines(default_baselines_dir());
  return set;
}

// "doc:<id>" for documents/<id>.published.json, "raw:<id>" for raw/<id>/case.json; sorted.
std::vector<std::string> case_names() {
  std::vector<std::string> out;
  if (fs::is_directory(kDir / "documents"))
    for (const auto& e : fs::directory_iterator(kDir / "documents")) {
      const std::string f = e.path().filename().string();
      if (f.size() > std::string(kDocSuffix).size() && f.ends_with(kDocSuffix))
        out.push_back("doc:" + f.substr(0, f.size() - std::string(kDocSuffix).size()));
    }
  if (fs::is_directory(kDir / "raw"))
    for (const auto& e : fs::directory_iterator(kDir / "raw"))
      if (fs::exists(e.path() / "case.json")) out.push_back("raw:" + e.path().filename().string());
  std::sort(out.begin(), out.end());
  return out;
}

struct Loaded {
  ResultDocument doc;
  std::string baseline;  // the model the source measured, as declared
  json expect;           // raw cases: [{name, gpu, value}] the import must give
};

Loaded load(const std::string& name) {
  Loaded l;
  const std::string id = name.substr(4);
  if (name.starts_with("doc:")) {
    l.doc = read_result(kDir / "documents" / (id + kDocSuffix));
    l.baseline = l.doc.extra.at("published").at("baseline").get<std::string>();
    return l;
  }
  const fs::path dir = kDir / "raw" / id;
  const json c = read_json(dir / "case.json");
  std::vector<std::string> files;
  for (const auto& f : c.at("files")) files.push_back((dir / f.at("file").get<std::string>()).string());
  imports::ImportOptions opt;
  l.doc = imports::import_files(files, opt, nullptr);
  l.baseline = c.at("baseline").get<std::string>();
  l.expect = c.at("expect");
  return l;
}

std::string describe(const Assessment& a) {
  std::string s;
  for (const auto& f : a.findings) s += (s.empty() ? "" : ", ") + f.id + "@" + (f.gpu ? std::to_string(*f.gpu) : "machine");
  return "{" + s + "}";
}

class PublishedHealthy : public ::testing::TestWithParam<std::string> {};

TEST_P(PublishedHealthy, ScoresHealthyWithEveryExpectedFigureJudged) {
  Loaded l;
  try {
    l = load(GetParam());
  } catch (const std::exception& e) {
    FAIL() << GetParam() << ": could not be read: " << e.what();
  }
  const Baseline* model = baselines().find(l.baseline);
  ASSERT_NE(model, nullptr) << GetParam() << ": no baseline " << l.baseline;
  const Assessment a = assess(l.doc, reference_lookup(baselines()), baselines().version, Thresholds{});
  const std::string why = GetParam() + ": " + describe(a) + "\n" + assessment_text(a);

  ASSERT_FALSE(a.findings.empty()) << why;
  bool healthy = false;
  for (const auto& f : a.findings) {
    EXPECT_EQ(f.id, "healthy") << "a published healthy card must not be called " << f.id << ": " << why;
    healthy |= f.id == "healthy";
  }
  EXPECT_TRUE(healthy) << why;

  // Matched to the model it was measured on, and every figure with an expectation judged, not low;
  // the multi-GPU rows (nccl/*, p2p/*) judged against the topology baseline of the board.
  for (const auto& g : a.extra.at("gpus")) {
    EXPECT_EQ(g.value("baseline", json()).is_string() ? g.at("baseline").get<std::string>() : "", l.baseline)
        << GetParam() << ": GPU " << g.at("gpu") << " matched " << g.at("baseline") << " (" << g.at("match") << ")";
    for (const auto& f : g.at("figures")) {
      const std::string n = f.at("name").get<std::string>();
      if (!model->expected.count(n)) continue;  // no expectation for it: shown, not judged
      EXPECT_TRUE(f.at("ratio").is_number()) << GetParam() << ": " << n << " was not judged: " << f.dump();
      EXPECT_NE(f.at("state"), "low") << GetParam() << ": " << n << " is low: " << f.dump();
    }
  }
  if (a.extra.contains("shared_figures"))
    for (const auto& f : a.extra.at("shared_figures")) {
      const std::string fam = f.value("family", "");
      if (fam != "nccl" && fam != "p2p") continue;  // another tool's own rows (nvbandwidth/...): shown, not judged
      EXPECT_TRUE(f.at("ratio").is_number()) << GetParam() << ": " << f.at("name") << " had no expectation: " << f.dump();
      EXPECT_NE(f.at("state"), "low") << GetParam() << ": " << f.dump();
    }

  // A raw case: the importer read the figures the case names, at the values posted.
  for (const auto& e : l.expect) {
    const auto* b = l.doc.find(e.at("name").get<std::string>(), e.at("gpu").get<int>());
    ASSERT_NE(b, nullptr) << GetParam() << ": no " << e.dump();
    ASSERT_TRUE(b->value()) << GetParam() << ": " << e.dump();
    EXPECT_NEAR(*b->value(), e.at("value").get<double>(), 1e-3 * e.at("value").get<double>()) << GetParam() << ": " << e.dump();
  }
}

INSTANTIATE_TEST_SUITE_P(Published, PublishedHealthy, ::testing::ValuesIn(case_names()),
                         [](const ::testing::TestParamInfo<std::string>& p) {
                           std::string n = p.param;
                           for (char& ch : n)
                             if (!std::isalnum(static_cast<unsigned char>(ch))) ch = '_';
                           return n;
                         });
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(PublishedHealthy);

// Traceable and honest: a pinned public source, what was measured and how it was converted, marked as
// published (not measured by gpuaudit, not synthetic), every row saying what the source printed.
TEST(PublishedHealthyCorpus, EveryDocumentIsCitedAndMarkedPublished) {
  const auto names = case_names();
  int docs = 0;
  for (const auto& name : names) {
    if (!name.starts_with("doc:")) continue;
    ++docs;
    const fs::path p = kDir / "documents" / (name.substr(4) + kDocSuffix);
    const json j = read_json(p);
    EXPECT_EQ(j.value("mode", ""), "published") << p;
    EXPECT_FALSE(j.contains("synthetic")) << p << ": measured on a real card, by another tool: not synthetic";
    ASSERT_TRUE(j.contains("published")) << p;
    const json& pub = j.at("published");
    EXPECT_TRUE(pub.value("source_url", "").starts_with("https://")) << p;
    for (const char* k : {"source_title", "source_published", "retrieved", "measured", "conversion", "baseline"})
      EXPECT_FALSE(pub.value(k, "").empty()) << p << ": published." << k;
    if (pub.contains("source_excerpt")) {
      const std::string ex = pub.at("source_excerpt").get<std::string>();
      EXPECT_TRUE(fs::is_regular_file(fs::path(GPUAUDIT_SOURCE_DIR) / ex)) << p << ": " << ex;
    }
    ASSERT_FALSE(j.at("benchmarks").empty()) << p;
    for (const auto& b : j.at("benchmarks")) {
      const json& r = b.at("params").at("published");
      for (const char* k : {"as_published", "conversion", "method_difference"})
        EXPECT_FALSE(r.value(k, "").empty()) << p << ": " << b.at("name") << " params.published." << k;
    }
  }
  for (const auto& name : names) {
    if (!name.starts_with("raw:")) continue;
    const fs::path dir = kDir / "raw" / name.substr(4);
    const json c = read_json(dir / "case.json");
    EXPECT_TRUE(c.value("source_url", "").starts_with("https://")) << dir;
    for (const char* k : {"source_title", "source_published", "retrieved", "measured", "conversion", "baseline"})
      EXPECT_FALSE(c.value(k, "").empty()) << dir << ": " << k;
    EXPECT_FALSE(c.at("expect").empty()) << dir;
    for (const auto& f : c.at("files")) EXPECT_TRUE(fs::is_regular_file(dir / f.at("file").get<std::string>())) << dir;
  }
  // Issue #27: at least 30 cited documents across at least 10 GPU models.
  std::set<std::string> models;
  for (const auto& name : names) models.insert(load(name).baseline);
  EXPECT_GE(static_cast<int>(names.size()), 30);
  EXPECT_GE(docs, 1);
  EXPECT_GE(static_cast<int>(models.size()), 10);
}

}  // namespace
