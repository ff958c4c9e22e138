// Unit tests of the format registry (src/import/format_registry.cpp): every format registered once,
// text normalised before detection, and every real fixture detected as its format and read as its
// sidecar says.
#include "baselines/baseline_set.hpp"
#include "compare/compare.hpp"
#include "compare/compare_render.hpp"
#include "core/document_io.hpp"
#include "core/error.hpp"
#include "import/import.hpp"
#include "import/importer.hpp"
#include "import/text/smi_command_line.hpp"
#include "report/fleet_render.hpp"
#include "report/load_runs.hpp"
#include "score/assess.hpp"
#include "score/baseline_lookup.hpp"
#include "score/thresholds.hpp"
#include "unit/support/import_test_support.hpp"

#include <gtest/gtest.h>

#include <stdlib.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iterator>
#include <regex>
#include <set>
#include <sstream>
#include <string>

namespace gpuaudit::imports {
namespace {

namespace fs = std::filesystem;

std::string read_all(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// The document a part becomes on its own: the fields the sidecars' JSON pointers name. (The
// importer's merge_part builds the real one; these tests check the parsers alone.)
json part_document(const ImportPart& part) {
  json doc = json::object();
  doc["host"] = part.host;
  doc["software"] = part.software;
  doc["gpus"] = part.gpus;
  doc["benchmarks"] = part.benchmarks;
  doc["extra"] = {{"imported", part.imported}};
  if (!part.topology.is_null()) doc["extra"]["topology"] = part.topology;
  return doc;
}

bool params_match(const json& row, const json& want) {
  if (!want.is_object()) return true;
  const auto p = row.find("params");
  for (auto it = want.begin(); it != want.end(); ++it) {
    if (p == row.end() || !p->is_object()) return false;
    const auto v = p->find(it.key());
    if (v == p->end() || *v != it.value()) return false;
  }
  return true;
}

const json* find_figure(const json& doc, const json& figure) {
  for (const auto& row : doc["benchmarks"]) {
    if (row.value("name", "") != figure.value("name", "")) continue;
    if (figure.contains("gpu") && row.value("gpu", json(nullptr)) != figure["gpu"]) continue;
    if (!params_match(row, figure.value("params", json::object()))) continue;
    return &row;
  }
  return nullptr;
}

std::vector<fs::path> bench_sidecars() {
  std::vector<fs::path> out;
  const fs::path root = fs::path(GPUAUDIT_TEST_DATA) / "imports";
  if (!fs::exists(root)) return out;
  for (const auto& e : fs::recursive_directory_iterator(root)) {
    const std::string name = e.path().filename().string();
    if (name.rfind("bench-", 0) == 0 && name.size() > 12 && name.substr(name.size() - 12) == ".source.json")
      out.push_back(e.path());
  }
  std::sort(out.begin(), out.end());
  return out;
}

TEST(ImportBenchOutputs, EveryFixtureHasItsSidecarsValues) {
  const auto sidecars = bench_sidecars();
  ASSERT_GE(sidecars.size(), 10u) << "tests/data/imports/*/bench-*.source.json";
  for (const auto& sc : sidecars) {
    SCOPED_TRACE(sc.string());
    const json meta = json::parse(read_all(sc));
    const std::string path = sc.string();
    const fs::path data = path.substr(0, path.size() - std::string(".source.json").size());
    ASSERT_TRUE(fs::exists(data));
    const std::string text = normalize_text(read_all(data));
    const std::string format = meta.at("format");
    const Format* f = find_format(format);
    ASSERT_NE(f, nullptr) << format;
    // Detection: the fixture's own format scores, and higher than every other registered one.
    const int mine = f->detect(text);
    EXPECT_GT(mine, 0);
    for (const auto& other : format_registry())
      if (other.name != format) EXPECT_LT(other.detect(text), mine) << "rival format " << other.name;
    const ImportPart part = f->parse(text, data.filename().string());
    // A paste cut so early that nothing is left (JSON that ends halfway) must say why and be empty:
    // the importer then reports the file as unreadable instead of importing nothing silently.
    if (meta.value("expect_empty", false)) {
      EXPECT_TRUE(part.empty());
      EXPECT_FALSE(part.skipped.empty());
      continue;
    }
    EXPECT_FALSE(part.empty());
    for (const auto& b : part.benchmarks) EXPECT_TRUE(b.extra.contains("source")) << b.name;
    const json doc = part_document(part);
    if (meta.value("expect_skipped", false)) EXPECT_FALSE(part.skipped.empty() && part.warnings.empty());
    for (const auto& e : meta.value("expect", json::array())) {
      SCOPED_TRACE(e.dump());
      const json* base = &doc;
      if (e.contains("figure")) {
        base = find_figure(doc, e["figure"]);
        ASSERT_NE(base, nullptr) << "no row matches";
      }
      const json::json_pointer ptr(e.value("path", std::string()));
      ASSERT_TRUE(base->contains(ptr)) << "no " << ptr.to_string() << " in " << base->dump().substr(0, 600);
      const json& got = (*base)[ptr];
      if (e.contains("equals")) EXPECT_EQ(got, e["equals"]);
      if (e.contains("approx")) {
        ASSERT_TRUE(got.is_number()) << got.dump();
        const double want = e["approx"].get<double>();
        const double rel = e.value("rel", 0.005);
        EXPECT_NEAR(got.get<double>(), want, std::abs(want) * rel + 1e-12);
      }
      if (e.contains("count")) {
        ASSERT_TRUE(got.is_array() || got.is_object());
        EXPECT_EQ(got.size(), e["count"].get<std::size_t>());
      }
    }
  }
}

// Every fixture cut at eleven points (k/12 of it, k = 1..11) (the paste that ends halfway) still parses without a crash,
// and what it keeps carries its provenance.
TEST(ImportBenchOutputs, CutPastesNeverCrash) {
  for (const auto& sc : bench_sidecars()) {
    const std::string path = sc.string();
    const fs::path data = path.substr(0, path.size() - std::string(".source.json").size());
    const json meta = json::parse(read_all(sc));
    const Format* f = find_format(meta.at("format").get<std::string>());
    ASSERT_NE(f, nullptr);
    const std::string text = normalize_text(read_all(data));
    for (int k = 1; k < 12; ++k) {
      const std::string cut = text.substr(0, text.size() * static_cast<std::size_t>(k) / 12);
      (void)f->detect(cut);
      const ImportPart part = f->parse(cut, "cut.txt");
      for (const auto& b : part.benchmarks) EXPECT_TRUE(b.extra.contains("source"));
    }
  }
}

}  // namespace
}  // namespace gpuaudit::imports

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
    // which tests/unit/import/importer_test.cpp reads
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

using namespace gpuaudit;
using namespace gpuaudit::imports;
namespace fs = std::filesystem;
namespace {

using import_test::gpu;
}  // namespace

TEST(ImportFiles, EveryFormatIsRegisteredOnceUnderItsOwnName) {
  std::set<std::string> names;
  for (const auto& f : format_registry()) {
    EXPECT_TRUE(names.insert(f.name).second) << f.name;
    EXPECT_TRUE(f.detect && f.parse) << f.name;
    EXPECT_FALSE(f.description.empty()) << f.name;
  }
  EXPECT_TRUE(names.count(kGpuauditFormat));
}

namespace gpuaudit::imports {
namespace {

namespace fs = std::filesystem;
using import_test::detected;
using import_test::parse_as;
using import_test::read_bytes;

const fs::path kData = fs::path(GPUAUDIT_TEST_DATA) / "imports";

// What merge.cpp makes of one part, for the fields these fixtures check: gpus, software, and the
// topology, which the document keeps in extra and so writes at its top level (/topology).
json as_document(const ImportPart& p) {
  json d = json::object();
  d["software"] = p.software;
  d["gpus"] = p.gpus;
  if (!p.topology.is_null()) d["topology"] = p.topology;
  d["benchmarks"] = p.benchmarks;
  return d;
}

struct Fixture {
  fs::path file;
  json meta;
};

std::vector<Fixture> smi_fixtures() {
  std::vector<Fixture> out;
  if (!fs::exists(kData)) return out;
  for (const auto& dir : fs::directory_iterator(kData)) {
    if (!dir.is_directory() || dir.path().filename().string().rfind("nvidia-smi", 0) != 0) continue;
    for (const auto& e : fs::directory_iterator(dir.path())) {
      const std::string name = e.path().filename().string();
      if (name.rfind("smi-", 0) != 0 || name.size() < 12 || name.substr(name.size() - 12) != ".source.json") continue;
      Fixture f;
      f.file = e.path().parent_path() / name.substr(0, name.size() - 12);
      f.meta = json::parse(read_bytes(e.path()));
      out.push_back(std::move(f));
    }
  }
  std::sort(out.begin(), out.end(), [](const Fixture& a, const Fixture& b) { return a.file < b.file; });
  return out;
}

TEST(ImportNvidiaSmi, EveryFixtureHasASourceAndItsExpectedValues) {
  const auto fixtures = smi_fixtures();
  ASSERT_GE(fixtures.size(), 10u);
  for (const auto& f : fixtures) {
    SCOPED_TRACE(f.file.filename().string());
    ASSERT_TRUE(fs::exists(f.file));
    const json& m = f.meta;
    ASSERT_TRUE(m.contains("source_url") && m["source_url"].is_string());
    EXPECT_EQ(m["synthetic"].get<bool>(), f.file.filename().string().find("synthetic") != std::string::npos);
    const std::string format = m["format"].get<std::string>();
    const std::string raw = read_bytes(f.file);
    EXPECT_EQ(detected(raw), format);
    const ImportPart part = parse_as(format, raw, f.file.string());
    EXPECT_FALSE(part.empty());
    const json doc = as_document(part);
    ASSERT_TRUE(m["expect"].is_array() && !m["expect"].empty());
    for (const auto& ex : m["expect"]) {
      if (ex.contains("figure")) continue;  // rows: the framework's sidecar test checks those
      const std::string path = ex["path"].get<std::string>();
      SCOPED_TRACE(path);
      const json::json_pointer ptr(path);
      ASSERT_TRUE(doc.contains(ptr)) << "missing in " << doc.dump().substr(0, 400);
      const json& got = doc.at(ptr);
      if (ex.contains("equals")) {
        EXPECT_EQ(got, ex["equals"]);
      } else {
        ASSERT_TRUE(got.is_number());
        const double want = ex["approx"].get<double>(), rel = ex.value("rel", 0.005);
        EXPECT_NEAR(got.get<double>(), want, std::abs(want) * rel);
      }
    }
  }
}

}  // namespace
}  // namespace gpuaudit::imports

namespace gpuaudit::imports {
namespace {

using import_test::detected;
using import_test::parse_as;

TEST(NormalizeText, ABlockQuotedPasteIsUnquoted) {
  // https://github.com/mozilla/DeepSpeech/issues/178 (verbatim): dmon quoted with "> " and the
  // markdown escape before each '#'.
  const std::string raw =
      "> \\# gpu   pwr  temp    sm   mem   enc   dec  mclk  pclk\n"
      "> \\# Idx     W     C     %     %     %     %   MHz   MHz\n"
      ">     0   111    83    25     7     0     0  4513  1683\n"
      ">     1   111    84    18     5     0     0  4513  1733\n";
  EXPECT_EQ(normalize_text(raw).substr(0, 9), "# gpu   p");
  EXPECT_EQ(detected(raw), "nvidia-smi-dmon");
  const auto p = parse_as("nvidia-smi-dmon", raw);
  ASSERT_EQ(p.timelines.size(), 2u);
  EXPECT_DOUBLE_EQ(*p.timelines[1].second[0].sm_clock_mhz, 1733.0);
  // Text with only some lines quoted is left as it is.
  EXPECT_EQ(normalize_text("> a\nb\n"), "> a\nb\n");
}

TEST(NormalizeText, APasteThatWentThroughHtmlIsUnescaped) {
  // https://github.com/1Panel-dev/1Panel/issues/11910 (an e-mail reply's paste, first lines verbatim).
  const std::string raw =
      "<?xml version=\"1.0\" ?&gt;\n"
      "<nvidia_smi_log&gt;\n"
      "&nbsp; &nbsp; <driver_version&gt;591.74</driver_version&gt;\n";
  EXPECT_EQ(normalize_text(raw), "<?xml version=\"1.0\" ?>\n<nvidia_smi_log>\n    <driver_version>591.74</driver_version>\n");
  // A real document's escaped values stay escaped: no tag is closed by an entity, no &nbsp;.
  const std::string xml = "<gpu>\n<product_name>A &amp; B &lt;x&gt;</product_name>\n</gpu>\n";
  EXPECT_EQ(normalize_text(xml), xml);
  EXPECT_EQ(normalize_text("a &gt; b\n"), "a &gt; b\n");
}

}  // namespace
}  // namespace gpuaudit::imports
