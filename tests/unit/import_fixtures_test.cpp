// The real outputs in tests/data/imports/<format>/: each has a sidecar <file>.source.json naming
// where it was posted and the values a correct parser reads off it (docs/import.md, "Fixtures").
// Each file must be detected as the sidecar's format, import, give every expected value, and score.
#include "baselines/baseline_set.hpp"
#include "core/error.hpp"
#include "import/import.hpp"
#include "import/importer.hpp"
#include "score/assess.hpp"
#include "score/baseline_lookup.hpp"
#include "score/thresholds.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>

using namespace gpuaudit;
using namespace gpuaudit::imports;
namespace fs = std::filesystem;

namespace {

constexpr const char* kSidecarSuffix = ".source.json";
constexpr double kDefaultRel = 0.005;

fs::path imports_dir() { return fs::path(GPUAUDIT_TEST_DATA) / "imports"; }

bool ends_with(const std::string& s, const std::string& tail) {
  return s.size() >= tail.size() && s.compare(s.size() - tail.size(), tail.size(), tail) == 0;
}

std::vector<fs::path> sidecars() {
  std::vector<fs::path> out;
  std::error_code ec;
  if (!fs::is_directory(imports_dir(), ec)) return out;
  for (const auto& e : fs::recursive_directory_iterator(imports_dir()))
    if (e.is_regular_file() && ends_with(e.path().filename().string(), kSidecarSuffix)) out.push_back(e.path());
  std::sort(out.begin(), out.end());
  return out;
}

fs::path fixture_of(const fs::path& sidecar) {
  const std::string s = sidecar.string();
  return s.substr(0, s.size() - std::string(kSidecarSuffix).size());
}

std::string shown(const fs::path& p) { return fs::relative(p, imports_dir()).string(); }

// Every problem of one sidecar, "" when it is well formed.
std::string sidecar_problems(const fs::path& sidecar, json& out) {
  std::string problems;
  auto bad = [&](const std::string& why) { problems += (problems.empty() ? "" : "; ") + why; };
  try {
    std::ifstream in(sidecar);
    out = json::parse(in);
  } catch (const std::exception& e) {
    return std::string("not valid JSON: ") + e.what();
  }
  if (!out.is_object()) return "not a JSON object";
  auto is = [&](const char* k, auto test) { return out.contains(k) && test(out[k]); };
  const bool synthetic_field = is("synthetic", [](const json& v) { return v.is_boolean(); });
  if (!synthetic_field) bad("\"synthetic\" must be true or false");
  const bool synthetic = synthetic_field && out["synthetic"].get<bool>();
  if (!is("format", [](const json& v) { return v.is_string(); })) bad("\"format\" must be a format name");
  else if (!find_format(out["format"].get<std::string>())) bad("format \"" + out["format"].get<std::string>() + "\" is not registered");
  if (!is("source_url", [](const json& v) { return v.is_string(); })) bad("\"source_url\" must be a string");
  else if (!synthetic && out["source_url"].get<std::string>().rfind("http", 0) != 0) bad("a real fixture needs its source_url");
  if (out.contains("excerpt") && !out["excerpt"].is_boolean()) bad("\"excerpt\" must be true or false");
  const std::string name = fixture_of(sidecar).filename().string();
  if (synthetic_field && synthetic != (name.find("synthetic") != std::string::npos))
    bad(synthetic ? "synthetic: true but the name lacks \"synthetic\"" : "synthetic: false but the name says synthetic");
  if (!fs::is_regular_file(fixture_of(sidecar))) bad("names a missing file " + name);
  if (out.contains("truncated") && !out["truncated"].is_boolean()) bad("\"truncated\" must be true or false");
  if (out.contains("parts") && !(out["parts"].is_array() && out["parts"].size() >= 2))
    bad("\"parts\" must list the two or more formats of a paste of several outputs");
  if (out.contains("expect_error") && !out["expect_error"].is_string()) bad("\"expect_error\" must be a string");
  // Every fixture checks something: values, or (a paste too broken to import) the error it gets;
  // where the mapping is not settled yet the raw facts may wait under "observed".
  if (!is("expect", [](const json& v) { return v.is_array(); })) {
    bad("\"expect\" must be a list");
    return problems;
  }
  if (out["expect"].empty() && !out.contains("observed") && !out.contains("expect_error"))
    bad("\"expect\" is empty and there is no \"observed\" or \"expect_error\"");
  for (std::size_t i = 0; i < out["expect"].size(); ++i) {
    const json& e = out["expect"][i];
    const std::string at = "expect[" + std::to_string(i) + "]";
    if (!e.is_object()) {
      bad(at + " is not an object");
      continue;
    }
    if (!e.contains("path") || !e["path"].is_string()) bad(at + ": no \"path\"");
    else {
      try {
        (void)json::json_pointer(e["path"].get<std::string>());
      } catch (const std::exception&) {
        bad(at + ": \"path\" is not a JSON pointer");
      }
    }
    if (e.contains("equals") + e.contains("approx") + e.contains("count") != 1)
      bad(at + ": needs exactly one of \"equals\", \"approx\" and \"count\"");
    if (e.contains("count") && !e["count"].is_number_unsigned()) bad(at + ": \"count\" must be a whole number");
    if (e.contains("approx") && !e["approx"].is_number()) bad(at + ": \"approx\" must be a number");
    if (e.contains("rel") && !(e["rel"].is_number() && e["rel"].get<double>() > 0)) bad(at + ": \"rel\" must be > 0");
    if (e.contains("figure") &&
        !(e["figure"].is_object() && e["figure"].contains("name") && e["figure"]["name"].is_string() &&
          (!e["figure"].contains("params") || e["figure"]["params"].is_object())))
      bad(at + ": \"figure\" needs a \"name\" (and optionally \"gpu\", \"params\")");
  }
  return problems;
}

// The first benchmark row whose name, gpu (when given) and every given param match.
const json* select_figure(const json& doc, const json& sel) {
  for (const auto& b : doc["benchmarks"]) {
    if (b.value("name", "") != sel["name"].get<std::string>()) continue;
    if (sel.contains("gpu") && (!b.contains("gpu") || b["gpu"] != sel["gpu"])) continue;
    bool ok = true;
    if (sel.contains("params"))
      for (auto it = sel["params"].begin(); it != sel["params"].end() && ok; ++it)
        ok = b.contains("params") && b["params"].contains(it.key()) && b["params"][it.key()] == it.value();
    if (ok) return &b;
  }
  return nullptr;
}

// "" when the expectation holds, else what was found.
std::string check_expectation(const json& doc, const json& e) {
  const json* root = &doc;
  if (e.contains("figure")) {
    root = select_figure(doc, e["figure"]);
    if (!root) return "no benchmark row matches " + e["figure"].dump();
  }
  // "/extra/topology/kind" names the C++ field (doc.extra["topology"]); in the JSON the extras are
  // fields of their object ("/topology/kind"), so both spellings are read.
  std::string path = e["path"].get<std::string>();
  if (path.rfind("/extra/", 0) == 0 && !root->contains(json::json_pointer(path))) path = path.substr(6);
  const json::json_pointer ptr(path);
  if (!root->contains(ptr)) return e["path"].get<std::string>() + " is not in the document";
  const json& got = root->at(ptr);
  if (e.contains("equals")) return got == e["equals"] ? "" : "got " + got.dump() + ", want " + e["equals"].dump();
  if (e.contains("count")) {
    if (!got.is_array() && !got.is_object()) return "got " + got.dump() + ", want a list of " + e["count"].dump();
    return got.size() == e["count"].get<std::size_t>() ? ""
                                                       : "got " + std::to_string(got.size()) + " entries, want " + e["count"].dump();
  }
  if (!got.is_number()) return "got " + got.dump() + ", want a number near " + e["approx"].dump();
  const double want = e["approx"].get<double>(), rel = e.value("rel", kDefaultRel);
  const double have = got.get<double>();
  return std::fabs(have - want) <= rel * std::fabs(want) ? ""
                                                          : "got " + got.dump() + ", want " + e["approx"].dump() +
                                                                " within " + std::to_string(rel * 100) + "%";
}

#define SKIP_WITHOUT_FIXTURES(list)                                                                  \
  if ((list).empty()) GTEST_SKIP() << "no fixtures in " << imports_dir().string() << " yet (sidecars " \
                                   << kSidecarSuffix << ")"

}  // namespace

TEST(ImportFixtures, EverySidecarIsWellFormedAndNamesItsFile) {
  const auto list = sidecars();
  SKIP_WITHOUT_FIXTURES(list);
  for (const auto& s : list) {
    json j;
    const std::string problems = sidecar_problems(s, j);
    EXPECT_EQ(problems, "") << shown(s);
  }
}

TEST(ImportFixtures, EveryFixtureHasASidecar) {
  const auto list = sidecars();
  SKIP_WITHOUT_FIXTURES(list);
  for (const auto& e : fs::recursive_directory_iterator(imports_dir())) {
    const std::string name = e.path().filename().string();
    if (!e.is_regular_file() || ends_with(name, kSidecarSuffix) || ends_with(name, ".md")) continue;
    // pastes/: whole pastes of several outputs (no one format), each with a `.source` beside it,
    // which tests/unit/import_importer_test.cpp reads
    if (e.path().parent_path().filename() == "pastes") continue;
    EXPECT_TRUE(fs::exists(e.path().string() + kSidecarSuffix)) << shown(e.path()) << " has no " << kSidecarSuffix;
  }
}

TEST(ImportFixtures, EachFileIsDetectedAsItsFormatAndGivesTheExpectedValues) {
  const auto list = sidecars();
  SKIP_WITHOUT_FIXTURES(list);
  for (const auto& s : list) {
    json side;
    if (!sidecar_problems(s, side).empty()) continue;  // reported by the test above
    const std::string file = fixture_of(s).string();
    SCOPED_TRACE(shown(fixture_of(s)));
    if (side.contains("expect_error")) {  // a paste too broken to import: the one-line error it gets
      try {
        import_files({file}, {}, nullptr);
        ADD_FAILURE() << "imported, but the sidecar expects the error " << side["expect_error"];
      } catch (const Error& e) {
        EXPECT_EQ(e.code(), exit_code::usage);
        EXPECT_NE(std::string(e.what()).find(side["expect_error"].get<std::string>()), std::string::npos) << e.what();
      }
      continue;
    }
    try {
      EXPECT_EQ(detect_format(read_input(file), file), side["format"].get<std::string>());
      const json doc = import_files({file}, {}, nullptr);
      for (const auto& e : side["expect"]) {
        const std::string why = check_expectation(doc, e);
        EXPECT_EQ(why, "") << e.dump();
      }
    } catch (const Error& e) {
      ADD_FAILURE() << "import failed: " << e.what();
    }
  }
}

TEST(ImportFixtures, EveryImportScoresWithTheRealBaselines) {
  const auto list = sidecars();
  SKIP_WITHOUT_FIXTURES(list);
  const BaselineSet set = load_baselines(fs::path(GPUAUDIT_SOURCE_DIR) / "baselines");
  for (const auto& s : list) {
    const std::string file = fixture_of(s).string();
    json side;
    if (!fs::is_regular_file(file) || !sidecar_problems(s, side).empty() || side.contains("expect_error")) continue;
    SCOPED_TRACE(shown(fixture_of(s)));
    try {
      ResultDocument doc = import_files({file}, {}, nullptr);
      EXPECT_NO_THROW(score_document(doc, reference_lookup(set), set.version, Thresholds{}));
      EXPECT_TRUE(doc.assessment.has_value());
    } catch (const Error& e) {
      ADD_FAILURE() << "import failed: " << e.what();
    }
  }
}

// The checker itself, on an inline synthetic document, so a typo in it cannot pass every fixture.
TEST(ImportFixtures, SelectorsAndPointersFindWhatTheySay) {
  const json doc = json::parse(R"({"software": {"nccl_version": "2.18.3"},
    "benchmarks": [{"name": "nccl/allreduce", "gpu": null, "params": {"in_place": true}, "derived": {"peak_busbw_gbs": 1}},
                   {"name": "nccl/allreduce", "gpu": null, "params": {"in_place": false}, "derived": {"peak_busbw_gbs": 480.12}},
                   {"name": "pcie/h2d_pinned", "gpu": 1, "summary": {"median": 24.6}}]})");
  EXPECT_EQ(check_expectation(doc, json::parse(R"({"path": "/software/nccl_version", "equals": "2.18.3"})")), "");
  EXPECT_NE(check_expectation(doc, json::parse(R"({"path": "/software/nccl_version", "equals": "2.18"})")), "");
  EXPECT_EQ(check_expectation(doc, json::parse(R"({"figure": {"name": "nccl/allreduce", "params": {"in_place": false}},
                                                   "path": "/derived/peak_busbw_gbs", "approx": 480.0})")), "");
  EXPECT_NE(check_expectation(doc, json::parse(R"({"figure": {"name": "nccl/allreduce"},
                                                   "path": "/derived/peak_busbw_gbs", "approx": 480.0})")), "");
  EXPECT_EQ(check_expectation(doc, json::parse(R"({"figure": {"name": "pcie/h2d_pinned", "gpu": 1},
                                                   "path": "/summary/median", "approx": 24.4, "rel": 0.01})")), "");
  EXPECT_NE(check_expectation(doc, json::parse(R"({"figure": {"name": "pcie/h2d_pinned", "gpu": 0},
                                                   "path": "/summary/median", "approx": 24.6})")), "");
  EXPECT_NE(check_expectation(doc, json::parse(R"({"path": "/gpus/0/name", "equals": "x"})")), "");
  EXPECT_EQ(check_expectation(doc, json::parse(R"({"path": "/benchmarks", "count": 3})")), "");
  EXPECT_NE(check_expectation(doc, json::parse(R"({"path": "/benchmarks", "count": 2})")), "");
  EXPECT_EQ(check_expectation(doc, json::parse(R"({"path": "/extra/software/nccl_version", "equals": "2.18.3"})")), "");
}
