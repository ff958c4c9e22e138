// Unit tests of the gpu-burn parser (src/import/formats/parse_gpu_burn.cpp) and how its rows are scored.
#include "baselines/baseline_set.hpp"
#include "core/error.hpp"
#include "core/kernel_event.hpp"
#include "import/import.hpp"
#include "import/importer.hpp"
#include "score/assess.hpp"
#include "score/baseline_lookup.hpp"
#include "unit/support/import_test_support.hpp"
#include "unit/support/repo_baselines.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>

namespace gpuaudit::imports {
namespace {

using import_test::detected;
using import_test::read_bytes;
namespace fs = std::filesystem;

const fs::path kData = fs::path(GPUAUDIT_TEST_DATA) / "imports";

ImportPart parse(const std::string& format, const std::string& raw) { return import_test::parse_as(format, raw, "in.txt"); }

Assessment score(const ResultDocument& doc) { return assess(doc, reference_lookup(repo_baselines()), repo_baselines().version, Thresholds{}); }

bool has(const Assessment& a, const std::string& id, std::optional<int> gpu = std::nullopt) {
  return std::any_of(a.findings.begin(), a.findings.end(),
                     [&](const Finding& f) { return f.id == id && (!gpu || f.gpu == gpu); });
}

std::string ids(const Assessment& a) {
  std::string s;
  for (const auto& f : a.findings) s += f.id + "(" + (f.gpu ? std::to_string(*f.gpu) : std::string("-")) + ") ";
  return s;
}

TEST(ImportGpuBurn, ReportsLostTheirCarriageReturnsAreSplit) {
  const auto p = parse("gpu-burn", read_bytes(kData / "gpu-burn" / "superbench-a100-sxm4-80gb-x8-doubles-tc.log"));
  EXPECT_TRUE(p.skipped.empty()) << p.skipped.front();
  ASSERT_GE(p.benchmarks.size(), 8u);
  for (const auto& b : p.benchmarks) {
    EXPECT_EQ(b.name, "gpu_burn/gflops");
    EXPECT_EQ(b.status, "ok") << b.message;
    EXPECT_FALSE(b.samples.empty());
  }
}

TEST(ImportGpuBurn, TheFirstReportOfAWorkerIsItsStartUp) {
  const auto p = parse("gpu-burn", read_bytes(kData / "gpu-burn" / "rtx4090-x2-floats.txt"));
  ASSERT_EQ(p.benchmarks.size(), 2u);
  EXPECT_EQ(p.benchmarks[0].samples, (std::vector<double>{52502, 52371, 52045}));
  EXPECT_EQ(p.benchmarks[1].samples, (std::vector<double>{51733, 52472, 51946}));
  ASSERT_EQ(p.timelines.size(), 2u);
  EXPECT_DOUBLE_EQ(*p.timelines[0].second.front().t_s, 3.0);  // 30% of 10 s
}

TEST(ImportGpuBurn, ADeadWorkerIsNotWrongResults) {
  const auto doc = import_files({(kData / "gpu-burn" / "k80-x4-worker-died.txt").string()}, {}, nullptr);
  for (const auto& b : doc.benchmarks) EXPECT_NE(b.name, "gpu_burn/errors");
  const auto a = score(doc);
  EXPECT_FALSE(has(a, "wrong-results")) << ids(a);
}

TEST(ScoreGpuBurn, FaultyIsWrongResults) {
  const std::string raw =
      "Burning for 20 seconds.\n"
      "GPU 0: NVIDIA GeForce RTX 3090 (UUID: GPU-11111111-2222-3333-4444-555555555555)\n"
      "50.0%  proc'd: 100 (30000 Gflop/s)   errors: 0   temps: 60 C \n"
      "100.0%  proc'd: 200 (30100 Gflop/s)   errors: 12  (WARNING!)  temps: 61 C \n"
      "Tested 1 GPUs:\n\tGPU 0: FAULTY\n";
  ImportPart p = parse("gpu-burn", raw);
  ResultDocument doc;
  merge_part(doc, std::move(p));
  const auto a = score(doc);
  EXPECT_TRUE(has(a, "wrong-results", 0)) << ids(a);
  const auto* w = doc.find("gpu_burn/errors", 0);
  ASSERT_NE(w, nullptr);
  EXPECT_EQ(w->params["output_check"]["mismatches"], 12);
}

TEST(ScoreGpuBurn, ARateThatFallsOverTheRunIsASustainedDrop) {
  std::string raw = "Burning for 100 seconds.\nGPU 0: Tesla T4 (UUID: GPU-11111111-2222-3333-4444-555555555555)\n";
  const double rates[] = {0, 8000, 8000, 7900, 7000, 6500, 6000, 6000};
  for (int i = 0; i < 8; ++i)
    raw += std::to_string(10 * (i + 1)) + ".0%  proc'd: " + std::to_string(100 * (i + 1)) + " (" + std::to_string(static_cast<int>(rates[i])) +
           " Gflop/s)   errors: 0   temps: " + std::to_string(60 + 4 * i) + " C \n";
  ImportPart p = parse("gpu-burn", raw);
  ResultDocument doc;
  merge_part(doc, std::move(p));
  const auto a = score(doc);
  EXPECT_TRUE(has(a, "sustained-drop", 0)) << ids(a);
}

TEST(ImportGpuBurn, GarbageNeverThrows) {
  for (const char* s : {"proc'd:", "10%  proc'd: 99999999999999999999 (1e999 Gflop/s)   errors: 99999999999999999999999  temps: 9 C",
                        "proc'd: 1 (2 Gflop/s) - 3 (4 Gflop/s)   errors: 0   temps: --", "Tested 3 GPUs:\n GPU 0: OK\n GPU 99999: FAULTY",
                        "Initialized device 99999999999 with 1 MB of memory (1 MB available, using 1 MB of it), using FLOATS"})
    EXPECT_NO_THROW(parse("gpu-burn", s)) << s;
}

}  // namespace
}  // namespace gpuaudit::imports
