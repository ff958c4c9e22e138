// The figure catalogue restates what the code that writes each figure says (issue #28: a reader
// takes a figure's unit and direction from gpuaudit, never from the document it judges). These
// tests read those sources, so an entry that drifts from its registration fails here, in a build
// without CUDA too: every registration row of benchmarks/ (`.name = "..."`) and every literal
// host_figure() of src/host/*.cpp.
#include "core/figure_catalogue.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

using namespace gpuaudit;
namespace fs = std::filesystem;

namespace {

struct Declared {
  std::string where, name, unit;
  bool higher = true;
};

std::string text_of(const fs::path& p) {
  std::ifstream in(p);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// The quoted string at `at` (which holds the opening quote); `at` moves past the closing one.
std::string quoted_at(const std::string& s, std::size_t& at) {
  const std::size_t end = s.find('"', at + 1);
  const std::string v = s.substr(at + 1, end - at - 1);
  at = end + 1;
  return v;
}

// `{.name = "hbm/copy", .order = 52, ...}`: the rows of every family's registration table (their
// unit and direction are the catalogue's, so only the name can drift).
std::vector<Declared> registrations() {
  std::vector<Declared> out;
  for (const auto& e : fs::recursive_directory_iterator(fs::path(GPUAUDIT_SOURCE_DIR) / "benchmarks")) {
    if (e.path().extension() != ".cpp") continue;
    const std::string s = text_of(e.path());
    const std::string key = ".name = \"";
    for (auto p = s.find(key); p != std::string::npos; p = s.find(key, p + 1)) {
      std::size_t at = p + key.size() - 1;  // the name's opening quote
      out.push_back({e.path().filename().string(), quoted_at(s, at), "", true});
    }
  }
  return out;
}

// `host_figure("host/steal", "%", steal, false)`
std::vector<Declared> host_figures() {
  std::vector<Declared> out;
  for (const auto& e : fs::directory_iterator(fs::path(GPUAUDIT_SOURCE_DIR) / "src" / "host")) {
    const std::string s = text_of(e.path());
    for (auto p = s.find("host_figure(\""); p != std::string::npos; p = s.find("host_figure(\"", p + 1)) {
      std::size_t at = p + 12;  // the name's opening quote
      Declared d{e.path().filename().string(), "", "", true};
      d.name = quoted_at(s, at);
      at = s.find('"', at);
      d.unit = quoted_at(s, at);
      const std::string call = s.substr(at, s.find(')', at) - at);
      d.higher = call.find("false") == std::string::npos;
      out.push_back(d);
    }
  }
  return out;
}

void expect_in_catalogue(const std::vector<Declared>& declared, bool with_unit) {
  for (const auto& d : declared) {
    const auto spec = figure_spec(d.name);
    ASSERT_TRUE(spec) << d.where << ": " << d.name << " is not in core/figure_catalogue.cpp";
    if (!with_unit) continue;
    EXPECT_EQ(spec->unit, d.unit) << d.where << ": " << d.name;
    EXPECT_EQ(spec->higher_is_better, d.higher) << d.where << ": " << d.name;
  }
}

}  // namespace

TEST(CoreFigureCatalogue, EveryGpuBenchmarkRegistrationIsInIt) {
  const auto r = registrations();
  EXPECT_GE(r.size(), 26u);
  expect_in_catalogue(r, false);
  std::set<std::string> names;
  for (const auto& d : r) EXPECT_TRUE(names.insert(d.name).second) << d.name << " is registered twice";
}

TEST(CoreFigureCatalogue, EveryHostFigureIsInIt) {
  const auto h = host_figures();
  EXPECT_GE(h.size(), 7u);
  expect_in_catalogue(h, true);
  // The disk check names its figures through constants.
  EXPECT_EQ(figure_spec("host/disk_seq_read")->unit, "MB/s");
  EXPECT_EQ(figure_spec("host/disk_rand_read")->unit, "IOPS");
}

TEST(CoreFigureCatalogue, FamiliesAndUnits) {
  EXPECT_EQ(figure_spec("nccl/allreduce")->unit, "GB/s");
  EXPECT_EQ(figure_spec("nccl/broadcast")->unit, "GB/s");  // an imported nccl-tests collective
  EXPECT_FALSE(figure_spec("nccl/"));
  EXPECT_FALSE(figure_spec("nvbandwidth/host_to_device_memcpy_ce"));  // its unit is the row's own
  EXPECT_EQ(unit_direction("us"), false);
  EXPECT_EQ(unit_direction("GB/s"), true);
  EXPECT_FALSE(unit_direction("count"));  // sm/census more, gpu_burn/errors less: the unit cannot say
  EXPECT_FALSE(unit_direction("%"));
  BenchmarkResult row;
  row.name = "hbm/copy";
  row.unit = "GB/s";
  row.higher_is_better = false;  // what a document says does not count
  EXPECT_EQ(known_direction(row), true);
}

// Every figure family the catalogue knows is one option like --max-regression accepts: the list is
// derived from it, so an importer's family (gpu_burn/*) is never "no figure family" again.
TEST(CoreFigureCatalogue, FamiliesAreDerivedFromTheEntries) {
  const auto& f = figure_families();
  for (const char* family : {"sm", "tensor", "gemm", "hbm", "l2", "mem", "pcie", "p2p", "nccl", "host", "bandwidthTest",
                             "gpu_burn", "telemetry", "soak", "nvbandwidth", "dcgm"})
    EXPECT_NE(std::find(f.begin(), f.end(), family), f.end()) << family;
  EXPECT_EQ(std::set<std::string>(f.begin(), f.end()).size(), f.size()) << "a family listed twice";
  for (const auto& family : f) EXPECT_EQ(family.find('/'), std::string::npos) << family;
}

// The groups the verdict rules reason about (score/families.hpp) are the catalogue's.
TEST(CoreFigureCatalogue, GroupsHoldTheirFiguresOnly) {
  const auto set_of = [](FigureGroup g) {
    const auto v = figures_in_group(g);
    return std::set<std::string>(v.begin(), v.end());
  };
  EXPECT_EQ(set_of(kTensorGroup), (std::set<std::string>{"gemm/bf16", "gemm/fp16", "gemm/tf32", "gemm/fp8", "tensor/mma_bf16", "tensor/mma_fp16"}));
  EXPECT_EQ(set_of(kVectorGroup), (std::set<std::string>{"sm/fp32", "sm/fp64", "sm/int32"}));
  EXPECT_EQ(set_of(kMemoryGroup), (std::set<std::string>{"hbm/copy", "hbm/triad", "hbm/read", "hbm/write"}));
  EXPECT_EQ(figures_in_group(kPcieLinkGroup), (std::vector<std::string>{"pcie/h2d_pinned", "pcie/d2h_pinned", "pcie/bidir_pinned"}));
  for (const CatalogueEntry& e : figure_catalogue())
    if (e.spec.groups != kNoGroup) EXPECT_TRUE(e.spec.expected_per_model) << e.name << ": a grouped figure a baseline cannot expect is never judged";
}

// `check` measures one figure per kind a renter meets first (tensor compute, device memory, the host
// link), in the catalogue's order: its --figures default.
TEST(CoreFigureCatalogue, TheCheckGroupIsOneFigurePerKind) {
  EXPECT_EQ(figures_in_group(kCheckGroup), (std::vector<std::string>{"gemm/bf16", "hbm/copy", "pcie/h2d_pinned"}));
  for (const FigureGroup kind : {kTensorGroup, kMemoryGroup, kPcieLinkGroup}) {
    int in_kind = 0;
    for (const auto& name : figures_in_group(kCheckGroup)) in_kind += (figure_spec(name)->groups & kind) ? 1 : 0;
    EXPECT_EQ(in_kind, 1) << kind;
  }
}

// The fleet report's columns (report/fleet.cpp) are numbered 1..N, each once, on exact names.
TEST(CoreFigureCatalogue, FleetReportColumnsAreNumberedOnceEachFromOne) {
  std::vector<int> columns;
  for (const CatalogueEntry& e : figure_catalogue())
    if (e.spec.fleet_column > 0) {
      columns.push_back(e.spec.fleet_column);
      EXPECT_NE(e.name.back(), '/') << e.name << ": a family is no column";
    }
  std::sort(columns.begin(), columns.end());
  for (size_t i = 0; i < columns.size(); ++i) EXPECT_EQ(columns[i], static_cast<int>(i) + 1);
  const auto& names = fleet_report_figures();
  ASSERT_EQ(names.size(), columns.size());
  EXPECT_EQ(names.front(), "gemm/bf16");  // what a renter pays for first
  for (size_t i = 0; i < names.size(); ++i) EXPECT_EQ(figure_spec(names[i])->fleet_column, i + 1) << names[i];
}
