// Unit tests of merging imported parts into one document (src/import/merge.cpp): GPUs matched by
// bus id, UUID and index, fields filled only where unset, timelines summarised.
#include "baselines/baseline_set.hpp"
#include "compare/compare.hpp"
#include "compare/compare_render.hpp"
#include "core/document_io.hpp"
#include "core/error.hpp"
#include "import/gates/foreign_input.hpp"
#include "import/import.hpp"
#include "import/importer.hpp"
#include "import/text/smi_values.hpp"
#include "report/fleet_render.hpp"
#include "report/load_runs.hpp"
#include "score/assess.hpp"
#include "score/baseline_lookup.hpp"
#include "score/thresholds.hpp"
#include "unit/support/import_test_support.hpp"

#include <gtest/gtest.h>

#include <stdlib.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <functional>
#include <iterator>
#include <regex>
#include <set>
#include <sstream>
#include <string>

using namespace gpuaudit;
using namespace gpuaudit::imports;
namespace fs = std::filesystem;
namespace {

using import_test::gpu;

ImportPart part_with(std::vector<GpuInfo> gpus, const std::string& format = "synthetic-fake") {
  ImportPart p;
  p.format = format;
  p.source = {"fake-tool", "1.0", "part.txt", 0};
  p.gpus = std::move(gpus);
  return p;
}

BenchmarkResult figure(const std::string& name, std::optional<int> gpu, double v) {
  BenchmarkResult b;
  b.name = name;
  b.gpu = gpu;
  b.unit = "GB/s";
  b.samples = {v};
  b.summary = summarize(b.samples);
  return b;
}

}  // namespace

TEST(ImportMerge, MatchesGpusByBusIdAndRewritesThePartsIndices) {
  ResultDocument doc;
  merge_part(doc, part_with({gpu(0, "00000000:18:00.0", "GPU-a", "NVIDIA H100 80GB HBM3"),
                             gpu(1, "00000000:2A:00.0", "GPU-b", "NVIDIA H100 80GB HBM3")}));
  // A CUDA-ordered tool calls 2A device 0; its figure must land on the document's GPU 1.
  ImportPart p = part_with({gpu(0, "0000:2a:00.0"), gpu(1, "18:00.0")});
  p.benchmarks.push_back(figure("pcie/h2d_pinned", 0, 25));
  merge_part(doc, std::move(p));
  ASSERT_EQ(doc.gpus.size(), 2u);
  ASSERT_EQ(doc.benchmarks.size(), 1u);
  EXPECT_EQ(doc.benchmarks[0].gpu, 1);
  EXPECT_EQ(doc.gpus[1].pci_bus_id, "00000000:2A:00.0");
}

TEST(ImportMerge, PartialBusNumberMatchesOnTheBusAndNeverReplacesAFullId) {
  ResultDocument doc;
  merge_part(doc, part_with({gpu(0, "00000000:18:00.0", "GPU-a"), gpu(1, "00000000:2A:00.0", "GPU-b")}));
  ImportPart p = part_with({gpu(0, "0x2a", "", "NVIDIA H100 80GB HBM3")});  // nccl-tests' "[0x2a]"
  p.benchmarks.push_back(figure("nccl/allreduce", std::nullopt, 400));
  merge_part(doc, std::move(p));
  ASSERT_EQ(doc.gpus.size(), 2u);
  EXPECT_EQ(doc.gpus[1].pci_bus_id, "00000000:2A:00.0");
  EXPECT_EQ(doc.gpus[1].name, "NVIDIA H100 80GB HBM3");
  EXPECT_EQ(doc.gpus[0].name, "");
}

TEST(ImportMerge, AFullIdReplacesABusNumber) {
  ResultDocument doc;
  merge_part(doc, part_with({gpu(0, "[0x18]", "", "NVIDIA A100-SXM4-80GB")}));
  merge_part(doc, part_with({gpu(3, "00000000:18:00.0", "GPU-x")}));
  ASSERT_EQ(doc.gpus.size(), 1u);
  EXPECT_EQ(doc.gpus[0].pci_bus_id, "00000000:18:00.0");
  EXPECT_EQ(doc.gpus[0].uuid, "GPU-x");
  EXPECT_EQ(doc.gpus[0].index, 0);
}

TEST(ImportMerge, ThenByUuidThenByIndex) {
  ResultDocument doc;
  merge_part(doc, part_with({gpu(0, "", "GPU-aaaa"), gpu(1, "", "")}));
  merge_part(doc, part_with({gpu(5, "", "gpu-AAAA", "by uuid")}));
  merge_part(doc, part_with({gpu(1, "", "", "by index")}));
  ASSERT_EQ(doc.gpus.size(), 2u);
  EXPECT_EQ(doc.gpus[0].name, "by uuid");
  EXPECT_EQ(doc.gpus[1].name, "by index");
}

TEST(ImportMerge, AConflictingGpuIsANewOneNotAnOverwrite) {
  ResultDocument doc;
  merge_part(doc, part_with({gpu(0, "00000000:18:00.0", "GPU-a", "first")}));
  merge_part(doc, part_with({gpu(0, "00000000:9A:00.0", "GPU-z", "second")}));
  ASSERT_EQ(doc.gpus.size(), 2u);
  EXPECT_EQ(doc.gpus[0].name, "first");
  EXPECT_EQ(doc.gpus[1].name, "second");
  EXPECT_EQ(doc.gpus[1].index, 1);  // index 0 was taken
}

TEST(ImportMerge, OneUuidOnTwoBusesIsTwoGpus) {
  // Captures with masked UUIDs print one placeholder for every board (telegraf's dual_2080-v13.xml):
  // two PCI addresses are two GPUs, whatever the UUID says.
  ResultDocument doc;
  merge_part(doc, part_with({gpu(0, "00000000:01:00.0", "GPU-12345678-aaaa-bbbb-cccc-0123456789ab", "first"),
                             gpu(1, "00000000:02:00.0", "GPU-12345678-aaaa-bbbb-cccc-0123456789ab", "second")}));
  ASSERT_EQ(doc.gpus.size(), 2u);
  EXPECT_EQ(doc.gpus[0].name, "first");
  EXPECT_EQ(doc.gpus[1].name, "second");
  // A part that knows no bus still matches by that UUID (the first GPU holding it).
  merge_part(doc, part_with({gpu(7, "", "GPU-12345678-aaaa-bbbb-cccc-0123456789ab")}));
  EXPECT_EQ(doc.gpus.size(), 2u);
}

TEST(ImportMerge, AFieldThePartLeavesUnsetNeverOverwrites) {
  ResultDocument doc;
  GpuInfo a = gpu(0, "00000000:18:00.0", "GPU-a", "NVIDIA H100 80GB HBM3");
  a.power.limit_w = 700;
  a.nvlink.links_up = 18;
  a.clock_event_reasons = {"sw-power-cap"};
  a.extra = json::object();
  a.extra["source"] = json{{"tool", "nvidia-smi"}};
  merge_part(doc, part_with({a}));
  GpuInfo b = gpu(0, "00000000:18:00.0");
  b.power.default_limit_w = 700;
  b.temperature_c = 41;
  b.persistence_mode = false;
  b.extra = json::object();
  b.extra["source"] = json{{"tool", "other"}};
  merge_part(doc, part_with({b}));
  const GpuInfo& g = doc.gpus.at(0);
  EXPECT_EQ(g.name, "NVIDIA H100 80GB HBM3");
  EXPECT_EQ(g.power.limit_w, 700);
  EXPECT_EQ(g.power.default_limit_w, 700);
  EXPECT_EQ(g.nvlink.links_up, 18);
  EXPECT_EQ(g.clock_event_reasons, std::vector<std::string>{"sw-power-cap"});
  EXPECT_EQ(g.temperature_c, 41);
  EXPECT_EQ(g.persistence_mode, false);  // false is a statement, not "unset"
  EXPECT_EQ(json(g)["source"]["tool"], "nvidia-smi");  // provenance: the file that first described it
}

TEST(ImportMerge, HostAndSoftwareAreFilledOnlyWhereUnset) {
  ResultDocument doc;
  doc.host.hostname = "node-a";
  doc.software.driver_version = "550.54.15";
  ImportPart p = part_with({});
  p.host.hostname = "node-b";
  p.host.cpu_model = "AMD EPYC";
  p.software.driver_version = "999.0";
  p.software.nccl_version = "2.18.3";
  p.benchmarks.push_back(figure("nccl/allreduce", std::nullopt, 1));
  merge_part(doc, std::move(p));
  EXPECT_EQ(doc.host.hostname, "node-a");
  EXPECT_EQ(doc.host.cpu_model, "AMD EPYC");
  EXPECT_EQ(doc.software.driver_version, "550.54.15");
  EXPECT_EQ(doc.software.nccl_version, "2.18.3");
}

TEST(ImportMerge, FiguresAreAppendedWithProvenanceAndAnUnknownGpuGetsAMinimalEntry) {
  ResultDocument doc;
  ImportPart p = part_with({});
  p.benchmarks.push_back(figure("pcie/h2d_pinned", 2, 24.6));
  p.benchmarks.push_back(figure("nccl/allreduce", std::nullopt, 400));
  merge_part(doc, std::move(p));
  ASSERT_EQ(doc.benchmarks.size(), 2u);
  ASSERT_EQ(doc.gpus.size(), 1u);
  EXPECT_EQ(doc.gpus[0].index, 2);
  EXPECT_EQ(doc.benchmarks[0].gpu, 2);
  EXPECT_EQ(doc.benchmarks[0].extra["source"]["tool"], "fake-tool");  // a parser that forgot gets the file's
  EXPECT_EQ(doc.benchmarks[0].extra["source"]["file"], "part.txt");
}

TEST(ImportMerge, TopologyImportedExtrasAndTheRecordOfEachFile) {
  ResultDocument doc;
  ImportPart p = part_with({gpu(0, "00000000:18:00.0")}, "nvidia-smi-topo");
  p.topology = json{{"source", "nvidia-smi topo -m"}, {"kind", "nvswitch"}};
  p.imported = json{{"legend", "X = Self"}};
  p.skipped = {"line 12: row cut halfway"};
  p.warnings = {"a warning"};
  merge_part(doc, std::move(p));
  ImportPart q = part_with({}, "nvidia-smi-topo");
  q.topology = json{{"source", "second"}};
  q.imported = json{{"legend", "other"}, {"more", 1}};
  q.benchmarks.push_back(figure("nccl/allreduce", std::nullopt, 1));
  merge_part(doc, std::move(q));
  EXPECT_EQ(doc.extra["topology"]["kind"], "nvswitch");
  EXPECT_EQ(doc.extra["imported"]["nvidia-smi-topo"]["legend"], "X = Self");
  EXPECT_EQ(doc.extra["imported"]["nvidia-smi-topo"]["more"], 1);
  ASSERT_EQ(doc.extra["import"].size(), 2u);
  const json& r = doc.extra["import"][0];
  EXPECT_EQ(r["file"], "part.txt");
  EXPECT_EQ(r["format"], "nvidia-smi-topo");
  EXPECT_EQ(r["tool"], "fake-tool");
  EXPECT_EQ(r["version"], "1.0");
  EXPECT_EQ(r["gpus"], 1);
  EXPECT_EQ(r["figures"], 0);
  EXPECT_EQ(r["skipped"][0], "line 12: row cut halfway");
  EXPECT_EQ(r["warnings"][0], "a warning");
  EXPECT_EQ(doc.extra["import"][1]["figures"], 1);
}
namespace {

TimelineSample sample(double t, std::optional<double> util, std::optional<double> power, double sm_clock,
                      std::vector<std::string> reasons = {}) {
  TimelineSample s;
  s.t_s = t;
  s.gpu_util_pct = util;
  s.power_w = power;
  s.power_limit_w = 700;
  s.sm_clock_mhz = sm_clock;
  s.temperature_c = 60 + t;
  s.pcie_gen = 5;
  s.pcie_width = 16;
  s.clock_event_reasons = std::move(reasons);
  return s;
}

}  // namespace

TEST(ImportTimeline, SummarisesOnlyTheSamplesUnderLoad) {
  std::vector<TimelineSample> v = {sample(0, 0, 70, 345, {"gpu-idle"}), sample(1, 100, 690, 1755, {"sw-power-cap"}),
                                   sample(2, 99, 680, 1650), sample(3, 100, 700, 1980, {"gpu-idle", "sw-thermal"}),
                                   sample(4, 10, 90, 345)};
  const BenchmarkResult b = timeline_row(3, v, {"nvidia-smi", "550.54.15", "log.csv", 2});
  EXPECT_EQ(b.name, kUnderLoadRow);
  EXPECT_EQ(b.gpu, 3);
  EXPECT_EQ(b.status, "ok");
  EXPECT_FALSE(b.summary);
  EXPECT_EQ(b.params["samples_total"], 5);
  EXPECT_EQ(b.params["samples_under_load"], 3);
  EXPECT_EQ(b.params["load_criterion"], "gpu_util_pct >= 50");
  ASSERT_TRUE(b.telemetry);
  EXPECT_EQ(b.telemetry->samples, 3);
  ASSERT_TRUE(b.telemetry->sm_clock_mhz);
  EXPECT_EQ(b.telemetry->sm_clock_mhz->min, 1650);
  EXPECT_EQ(b.telemetry->sm_clock_mhz->median, 1755);
  EXPECT_EQ(b.telemetry->sm_clock_mhz->max, 1980);
  EXPECT_EQ(b.telemetry->power_w->max, 700);
  EXPECT_EQ(b.telemetry->temperature_c->max, 63);
  EXPECT_EQ(b.telemetry->pcie_gen_max_seen, 5);
  EXPECT_EQ(b.telemetry->clock_event_reasons, (std::vector<std::string>{"sw-power-cap", "sw-thermal"}));
  EXPECT_EQ(b.extra["timeline"].size(), 5u);
  EXPECT_EQ(b.extra["source"]["line"], 2);
  EXPECT_EQ(b.extra["timeline"][1]["clock_event_reasons"][0], "sw-power-cap");
}

TEST(ImportTimeline, PowerDecidesWithoutUtilisationAndEverySampleCountsWithNeither) {
  std::vector<TimelineSample> v = {sample(0, std::nullopt, 100, 300), sample(1, std::nullopt, 650, 1800)};
  BenchmarkResult b = timeline_row(0, v, {});
  EXPECT_EQ(b.params["samples_under_load"], 1);
  EXPECT_EQ(b.params["load_criterion"], "power_w >= 50% of power_limit_w");
  EXPECT_EQ(b.telemetry->sm_clock_mhz->median, 1800);
  for (auto& s : v) s.power_w.reset();
  b = timeline_row(0, v, {});
  EXPECT_EQ(b.params["samples_under_load"], 2);
  EXPECT_EQ(b.telemetry->samples, 2);
}

TEST(ImportTimeline, AnIdleLogHasNoTelemetryAndSaysWhy) {
  const BenchmarkResult b = timeline_row(0, {sample(0, 0, 60, 300), sample(1, 3, 61, 300)}, {});
  EXPECT_EQ(b.params["samples_under_load"], 0);
  EXPECT_FALSE(b.telemetry);
  EXPECT_NE(b.message.find("no sample under load"), std::string::npos);
}

TEST(ImportTimeline, KeepsAtMostTenThousandSamples) {
  std::vector<TimelineSample> v(25000, sample(0, 100, 600, 1900));
  const BenchmarkResult b = timeline_row(0, v, {});
  EXPECT_LE(b.extra["timeline"].size(), 10000u);
  EXPECT_EQ(b.extra["timeline_every"], 3);
  EXPECT_EQ(b.telemetry->samples, 25000);
}

TEST(ImportTimeline, MergedTimelinesBecomeRowsOfTheMatchedGpu) {
  ResultDocument doc;
  merge_part(doc, part_with({gpu(0, "00000000:18:00.0"), gpu(1, "00000000:2A:00.0")}));
  ImportPart p = part_with({gpu(0, "00000000:2A:00.0")}, "nvidia-smi-csv");
  p.timelines.push_back({0, {sample(0, 100, 600, 1900)}});
  merge_part(doc, std::move(p));
  const BenchmarkResult* row = doc.find(kUnderLoadRow, 1);
  ASSERT_NE(row, nullptr);
  EXPECT_EQ(doc.extra["import"][1]["figures"], 1);
}

namespace gpuaudit::imports {
namespace {

namespace fs = std::filesystem;
using import_test::detected;
using import_test::fixture_dir;
using import_test::gpu;
using import_test::parse_as;
using import_test::read_bytes;

ImportPart part_of(const std::string& format, std::vector<GpuInfo> gpus, bool fills_only) {
  ImportPart p;
  p.format = format;
  p.source = {"nvidia-smi", "", format + ".txt", 0};
  p.gpus = std::move(gpus);
  p.fills_only = fills_only;
  return p;
}

TEST(MaskedUuid, AMaskedDumpAndTheRealListOfOneMachineAreOneSetOfGpus) {
  // Synthetic parts in the shape the -q and -L parsers give: -q with its UUIDs masked (one
  // placeholder for both boards), -L with them in full and no bus id.
  ResultDocument doc;
  const std::string mask = "GPU-xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx";
  merge_part(doc, part_of("nvidia-smi-q",
                          {gpu(0, "00000000:18:00.0", mask, "NVIDIA H100 80GB HBM3"),
                           gpu(1, "00000000:2A:00.0", mask, "NVIDIA H100 80GB HBM3")},
                          false));
  merge_part(doc, part_of("nvidia-smi-list",
                          {gpu(0, "", "GPU-7fdaf0a5-1b2c-3d4e-5f60-718293a4b5c6", "NVIDIA H100 80GB HBM3"),
                           gpu(1, "", "GPU-0b1c2d3e-4f50-6172-8394-a5b6c7d8e9f0", "NVIDIA H100 80GB HBM3")},
                          true));
  ASSERT_EQ(doc.gpus.size(), 2u);
  EXPECT_EQ(doc.gpus[0].pci_bus_id, "00000000:18:00.0");
  EXPECT_EQ(doc.gpus[0].uuid, "GPU-7fdaf0a5-1b2c-3d4e-5f60-718293a4b5c6") << "the real UUID replaces the mask";
  EXPECT_EQ(doc.gpus[1].uuid, "GPU-0b1c2d3e-4f50-6172-8394-a5b6c7d8e9f0");

  // And a masked UUID never replaces a real one.
  merge_part(doc, part_of("nvidia-smi-table", {gpu(0, "00000000:18:00.0", "GPU-********", "")}, false));
  ASSERT_EQ(doc.gpus.size(), 2u);
  EXPECT_EQ(doc.gpus[0].uuid, "GPU-7fdaf0a5-1b2c-3d4e-5f60-718293a4b5c6");
}

TEST(MaskedUuid, TwoRealUuidsStillTellTwoGpusApart) {
  ResultDocument doc;
  merge_part(doc, part_of("nvidia-smi-q", {gpu(0, "", "GPU-a230e637-c9e1-1b61-3830-a437b874d88d", "A")}, false));
  merge_part(doc, part_of("nvidia-smi-list", {gpu(0, "", "GPU-101b1cf0-fdf7-b374-a62c-76b25134fcf2", "B")}, true));
  EXPECT_EQ(doc.gpus.size(), 2u);
}

}  // namespace
}  // namespace gpuaudit::imports
