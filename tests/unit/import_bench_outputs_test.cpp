// The benchmark-output parsers (nccl-tests, nvbandwidth, bandwidthTest, p2pBandwidthLatencyTest,
// dcgmi diag) on outputs people posted publicly: tests/data/imports/<format>/bench-*.<ext>, each
// with a sidecar <file>.source.json naming its source and the values read off it by eye
// (docs/import-benchmarks.md). Cut copies (*-truncated-synthetic.*) must import partially, say
// what they skipped, and not crash.
#include "import/import.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <sstream>

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

// Every fixture cut at a dozen points (the paste that ends halfway) still parses without a crash,
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
