// The importer's framework on tiny synthetic inputs: GPU matching across files, the merge rules,
// the under-load telemetry row, detection (ties, overrides, nothing matched), pass-through of a
// gpuaudit document, and the one-line errors for bad files. The parsers themselves are tested on
// real outputs in import_fixtures_test.cpp; here a fake format stands in for them.
#include "baselines/baseline_set.hpp"
#include "compare/compare.hpp"
#include "compare/compare_render.hpp"
#include "core/document_io.hpp"
#include "core/error.hpp"
#include "import/import.hpp"
#include "import/importer.hpp"
#include "unit/support/import_test_support.hpp"
#include "report/fleet_render.hpp"
#include "report/load_runs.hpp"
#include "score/assess.hpp"
#include "score/baseline_lookup.hpp"
#include "score/thresholds.hpp"

#include <gtest/gtest.h>
#include <stdlib.h>
#include <unistd.h>

#include <filesystem>
#include <functional>
#include <fstream>
#include <iterator>
#include <regex>
#include <set>
#include <sstream>

using namespace gpuaudit;
using namespace gpuaudit::imports;
namespace fs = std::filesystem;

namespace {

struct TempDir {
  fs::path path;
  TempDir() {
    std::string t = (fs::temp_directory_path() / "gpuaudit-import-XXXXXX").string();
    path = ::mkdtemp(t.data());
  }
  ~TempDir() { fs::remove_all(path); }
  std::string write(const std::string& name, const std::string& text) const {
    const fs::path p = path / name;
    std::ofstream(p, std::ios::binary) << text;
    return p.string();
  }
};

// A made-up tool's output, one fact per line, so the tests control exactly what a part holds:
//   SYNTHETIC-FAKE-TOOL 1.2          (first line: the format marker and the tool version)
//   gpu INDEX BUS|- UUID|- NAME...
//   fig NAME GPU|- VALUE
//   host HOSTNAME
// Any other line is skipped and reported.
ImportPart parse_fake(std::string_view text, const std::string& file) {
  ImportPart p;
  p.format = "synthetic-fake";
  p.source = {"fake-tool", "", file, 0};
  std::istringstream in{std::string(text)};
  std::string line;
  int n = 0;
  while (std::getline(in, line)) {
    ++n;
    std::istringstream ls(line);
    std::string kind;
    ls >> kind;
    if (kind == "SYNTHETIC-FAKE-TOOL") {
      ls >> p.source.version;
    } else if (kind == "gpu") {
      GpuInfo g;
      std::string bus, uuid;
      ls >> g.index >> bus >> uuid;
      std::getline(ls >> std::ws, g.name);
      if (bus != "-") g.pci_bus_id = bus;
      if (uuid != "-") g.uuid = uuid;
      g.extra = json::object();
      g.extra["source"] = source_json({"fake-tool", p.source.version, file, n});
      p.gpus.push_back(g);
    } else if (kind == "fig") {
      BenchmarkResult b;
      std::string gpu;
      double v = 0;
      ls >> b.name >> gpu >> v;
      if (gpu != "-") b.gpu = std::stoi(gpu);
      b.unit = "GB/s";
      b.samples = {v};
      b.summary = summarize(b.samples);
      b.extra = json::object();
      b.extra["source"] = source_json({"fake-tool", p.source.version, file, n});
      p.benchmarks.push_back(b);
    } else if (kind == "host") {
      ls >> p.host.hostname;
    } else if (!kind.empty()) {
      p.skipped.push_back("line " + std::to_string(n) + ": not understood");
    }
  }
  return p;
}

int detect_fake(std::string_view t) { return t.rfind("SYNTHETIC-FAKE-TOOL", 0) == 0 ? 50 : 0; }
int detect_tie(std::string_view t) { return t.rfind("SYNTHETIC-TIE", 0) == 0 ? 40 : 0; }
ImportPart parse_nothing(std::string_view, const std::string& file) {
  ImportPart p;
  p.source.file = file;
  p.skipped.push_back("line 1: no table");
  return p;
}

const RegisterFormat fake_reg{{"synthetic-fake", "a made-up tool (tests only)", detect_fake, parse_fake}};
const RegisterFormat tie_a{{"synthetic-tie-a", "tests only", detect_tie, parse_nothing}};
const RegisterFormat tie_b{{"synthetic-tie-b", "tests only", detect_tie, parse_nothing}};

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

int error_code_of(const std::function<void()>& f, std::string* message) {
  try {
    f();
  } catch (const Error& e) {
    *message = e.what();
    return e.code();
  }
  return 0;
}

}  // namespace

// ---- GPU matching --------------------------------------------------------------------------------

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

// ---- field rules ---------------------------------------------------------------------------------

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

// ---- timelines -----------------------------------------------------------------------------------

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

// ---- import_files: detection, pass-through, bad input --------------------------------------------

TEST(ImportFiles, DetectsParsesAndFillsTheDocument) {
  TempDir d;
  const std::string f = d.write("synthetic-fake.txt",
                                "SYNTHETIC-FAKE-TOOL 1.2\ngpu 0 00000000:18:00.0 GPU-a NVIDIA H100 80GB HBM3\n"
                                "fig pcie/h2d_pinned 0 24.5\nhost node-1\n???\n");
  ImportOptions opt;
  opt.tags = {{"provider", "example"}};
  ImportReport rep;
  const ResultDocument doc = import_files({f}, opt, &rep);
  EXPECT_EQ(doc.schema, kResultSchema);
  EXPECT_EQ(doc.mode, "imported");
  EXPECT_EQ(doc.tool.name, "gpuaudit");
  EXPECT_EQ(doc.tool.version, GPUAUDIT_VERSION);
  EXPECT_TRUE(std::regex_match(doc.created_utc, std::regex(R"(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ)")));
  EXPECT_EQ(doc.gpu_status.state, "ok");
  EXPECT_EQ(doc.tags.at("provider"), "example");
  EXPECT_EQ(doc.host.hostname, "node-1");
  ASSERT_EQ(doc.benchmarks.size(), 1u);
  EXPECT_EQ(doc.benchmarks[0].extra["source"]["line"], 3);
  ASSERT_FALSE(rep.lines.empty());
  EXPECT_EQ(rep.lines[0], f + ": synthetic-fake (fake-tool 1.2), 1 GPU, 1 figure, 1 line skipped");
  EXPECT_EQ(doc.extra["import"][0]["skipped"][0], "line 5: not understood");
  // The document is a valid gpuaudit document: it reads back, "schema" first (the import records
  // after the figures), so importing or scoring it again takes it whole.
  const std::string text = to_pretty_json(doc);
  EXPECT_EQ(text.rfind("{\n  \"schema\": \"gpuaudit.result/1\"", 0), 0u) << text.substr(0, 200);
  EXPECT_LT(text.find("\"benchmarks\""), text.find("\"import\""));
  EXPECT_EQ(detect_format(text, "again.json"), kGpuauditFormat);
  const ResultDocument back = parse_result(text, "back");
  EXPECT_EQ(back.benchmarks.size(), 1u);
}

TEST(ImportFiles, CrlfAndABomAreNormalisedBeforeDetection) {
  TempDir d;
  const std::string f = d.write("synthetic-crlf.txt", "\xEF\xBB\xBFSYNTHETIC-FAKE-TOOL 1.2\r\nfig x/y - 3\r\n");
  const ResultDocument doc = import_files({f}, {}, nullptr);
  ASSERT_EQ(doc.benchmarks.size(), 1u);
  EXPECT_EQ(doc.gpus.size(), 0u);
  EXPECT_EQ(doc.gpu_status.state, "no-device");
}

TEST(ImportFiles, ATieIsAnErrorNamingBothFormats) {
  TempDir d;
  const std::string f = d.write("synthetic-tie.txt", "SYNTHETIC-TIE\n");
  std::string msg;
  EXPECT_EQ(error_code_of([&] { import_files({f}, {}, nullptr); }, &msg), exit_code::usage);
  EXPECT_NE(msg.find(f), std::string::npos);
  EXPECT_NE(msg.find("synthetic-tie-a"), std::string::npos);
  EXPECT_NE(msg.find("synthetic-tie-b"), std::string::npos);
  EXPECT_NE(msg.find("--format"), std::string::npos);
}

TEST(ImportFiles, FormatOverridesDetection) {
  TempDir d;
  const std::string f = d.write("synthetic-override.txt", "no marker here\nfig a/b - 1\n");
  std::string msg;
  EXPECT_EQ(error_code_of([&] { import_files({f}, {}, nullptr); }, &msg), exit_code::usage);
  EXPECT_NE(msg.find("not an output gpuaudit can import (looked for: "), std::string::npos) << msg;
  EXPECT_NE(msg.find("synthetic-fake"), std::string::npos);
  ImportOptions opt;
  opt.format = "synthetic-fake";
  EXPECT_EQ(import_files({f}, opt, nullptr).benchmarks.size(), 1u);
  opt.format = "no-such-format";
  EXPECT_EQ(error_code_of([&] { import_files({f}, opt, nullptr); }, &msg), exit_code::usage);
  EXPECT_NE(msg.find("no-such-format"), std::string::npos);
}

TEST(ImportFiles, BadFilesGetOneLineNamingThem) {
  TempDir d;
  const std::string empty = d.write("synthetic-empty.txt", " \n\n");
  const std::string foreign = d.write("synthetic-foreign.txt", "Hello, this is a shopping list\n");
  const std::string nothing = d.write("synthetic-nothing.txt", "SYNTHETIC-TIE nothing\n");
  const std::string big = (d.path / "synthetic-big.txt").string();
  { std::ofstream(big) << "x"; }
  fs::resize_file(big, kMaxInputBytes + 1);  // sparse: costs no disk
  fs::create_directories(d.path / "no-files");
  const std::string missing = (d.path / "missing.txt").string();
  struct Case {
    std::vector<std::string> files;
    ImportOptions opt;
    std::string names, says;
  };
  ImportOptions tie_a;
  tie_a.format = "synthetic-tie-a";
  const std::vector<Case> cases = {
      {{empty}, {}, empty, "is empty"},
      {{foreign}, {}, foreign, "not an output gpuaudit can import"},
      {{nothing}, tie_a, nothing, "nothing could be read from it (line 1: no table)"},
      {{big}, {}, big, "over the 64 MiB"},
      {{(d.path / "no-files").string()}, {}, (d.path / "no-files").string(), "is a folder with no file in it"},
      {{missing}, {}, missing, "cannot open"},
      {{"/dev/null"}, {}, "/dev/null", "is a character device"},
      {{}, {}, "import", "no file given"},
  };
  for (const auto& c : cases) {
    std::string msg;
    EXPECT_EQ(error_code_of([&] { import_files(c.files, c.opt, nullptr); }, &msg), exit_code::usage) << c.says;
    EXPECT_NE(msg.find(c.names), std::string::npos) << msg;
    EXPECT_NE(msg.find(c.says), std::string::npos) << msg;
    EXPECT_EQ(msg.find('\n'), std::string::npos) << msg;
  }
}

namespace {
std::string gpuaudit_document() {
  ResultDocument d;
  d.tool.version = "0.0.9";
  d.created_utc = "2026-11-30T00:00:00Z";
  d.mode = "quick";
  GpuInfo g = gpu(0, "00000000:18:00.0", "GPU-a", "NVIDIA H100 80GB HBM3");
  d.gpus.push_back(g);
  d.benchmarks.push_back(figure("hbm/copy", 0, 3000));
  return to_pretty_json(d);
}
}  // namespace

TEST(ImportFiles, AGpuauditDocumentPassesThroughAndOthersMergeIntoIt) {
  TempDir d;
  const std::string doc_file = d.write("synthetic-run.json", gpuaudit_document());
  const ResultDocument alone = import_files({doc_file}, {}, nullptr);
  EXPECT_EQ(json(alone), json(parse_result(gpuaudit_document(), "x")));

  const std::string fake =
      d.write("synthetic-fake.txt", "SYNTHETIC-FAKE-TOOL 1\ngpu 4 18:00.0 - NVIDIA H100\nfig nccl/allreduce - 400\n");
  ImportReport rep;
  const ResultDocument merged = import_files({fake, doc_file}, {}, &rep);
  EXPECT_EQ(merged.mode, "quick");
  EXPECT_EQ(merged.created_utc, "2026-11-30T00:00:00Z");
  ASSERT_EQ(merged.gpus.size(), 1u);
  EXPECT_EQ(merged.gpus[0].name, "NVIDIA H100");  // the part states a name (of the same model): it is taken
  ASSERT_EQ(merged.benchmarks.size(), 2u);
  EXPECT_EQ(merged.benchmarks[0].name, "hbm/copy");
  ASSERT_EQ(merged.extra["import"].size(), 2u);
  EXPECT_EQ(merged.extra["import"][0]["format"], "gpuaudit");
  EXPECT_EQ(merged.extra["import"][1]["format"], "synthetic-fake");
  EXPECT_EQ(rep.lines.size(), 2u);

  std::string msg;
  EXPECT_EQ(error_code_of([&] { import_files({doc_file, doc_file}, {}, nullptr); }, &msg), exit_code::usage);
  EXPECT_NE(msg.find("second gpuaudit document"), std::string::npos);
  // Another model at the document's GPU's address is another machine (machine_identity.hpp), not a rename.
  const std::string other = d.write("synthetic-other.txt", "SYNTHETIC-FAKE-TOOL 1\ngpu 0 18:00.0 - NVIDIA H200\n");
  EXPECT_EQ(error_code_of([&] { import_files({doc_file, other}, {}, nullptr); }, &msg), exit_code::usage);
  EXPECT_NE(msg.find("two machines in one import: model at 0000:18:00.0"), std::string::npos) << msg;
}

TEST(ImportFiles, ACorruptGpuauditDocumentIsNamed) {
  TempDir d;
  const std::string f = d.write("synthetic-corrupt.json", "{\"schema\": \"gpuaudit.result/1\", \"gpus\": [");
  EXPECT_EQ(detect_format(read_input(f), f), kGpuauditFormat);
  std::string msg;
  EXPECT_EQ(error_code_of([&] { import_files({f}, {}, nullptr); }, &msg), exit_code::usage);
  EXPECT_NE(msg.find(f + ": not valid JSON"), std::string::npos) << msg;
}

TEST(ImportFiles, EveryFormatIsRegisteredOnceUnderItsOwnName) {
  std::set<std::string> names;
  for (const auto& f : format_registry()) {
    EXPECT_TRUE(names.insert(f.name).second) << f.name;
    EXPECT_TRUE(f.detect && f.parse) << f.name;
    EXPECT_FALSE(f.description.empty()) << f.name;
  }
  EXPECT_TRUE(names.count(kGpuauditFormat));
}

// ---- the other commands read imported documents unchanged -----------------------------------------

TEST(ImportedDocuments, CompareScoreAndReportReadThem) {
  TempDir d;
  // A figure, a GPU known only by index (a minimal entry), and ok rows without a figure
  // (a timeline's telemetry row): what imported documents have and gpuaudit's own do not.
  const std::string f = d.write("synthetic-fake.txt",
                                "SYNTHETIC-FAKE-TOOL 1.2\ngpu 0 00000000:18:00.0 GPU-a NVIDIA H100 80GB HBM3\n"
                                "fig pcie/h2d_pinned 0 24.5\nfig pcie/h2d_pinned 3 12.0\nfig nccl/allreduce - 400\n");
  ResultDocument doc = import_files({f}, {}, nullptr);
  doc.benchmarks.push_back(timeline_row(0, {sample(0, 100, 650, 1900)}, {"nvidia-smi", "", "log.csv", 2}));
  const std::string a = (d.path / "a.json").string(), b = (d.path / "b.json").string();
  write_result(a, doc);
  write_result(b, doc);

  const BaselineSet set = load_baselines(fs::path(GPUAUDIT_SOURCE_DIR) / "baselines");
  ResultDocument scored = read_result(a);
  EXPECT_NO_THROW(score_document(scored, reference_lookup(set), set.version, Thresholds{}));
  ASSERT_TRUE(scored.assessment);
  bool provenance = false;
  for (const auto& finding : scored.assessment->findings)
    for (const auto& e : finding.evidence) provenance |= e.find("(from fake-tool 1.2, synthetic-fake.txt line 3)") != std::string::npos;
  EXPECT_TRUE(provenance) << json(*scored.assessment).dump(1);

  const Comparison c = compare_runs(load_base(a), read_result(b), b, CompareOptions{});
  EXPECT_FALSE(c.has_regression());
  EXPECT_FALSE(compare_text(c).empty());

  const auto runs = load_runs({a, b});
  const FleetReport r = build_fleet_report(runs, parse_group_by("gpu"));
  EXPECT_EQ(r.run_count, 2u);
  EXPECT_FALSE(fleet_text(r).empty());
  EXPECT_FALSE(fleet_html(r, runs).empty());
}

// Inputs libFuzzer found (tests/data/fuzz/import-regressions/): every format parses each, and
// what it read serialises strictly (no invalid UTF-8 cut out of an error message or a column).
TEST(ImportRegressions, FuzzerFindingsSerialiseStrictly) {
  const fs::path dir = fs::path(GPUAUDIT_TEST_DATA) / "fuzz" / "import-regressions";
  int n = 0;
  for (const auto& entry : fs::directory_iterator(dir)) {
    if (entry.path().extension() == ".md") continue;
    std::ifstream in(entry.path(), std::ios::binary);
    const std::string raw((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    const std::string text = normalize_text(raw);
    for (const auto& f : format_registry()) {
      ImportPart part = f.parse(text, entry.path().filename().string());
      part.format = f.name;
      ResultDocument doc;
      merge_part(doc, std::move(part));
      EXPECT_NO_THROW((void)json(doc).dump()) << entry.path().filename() << " through " << f.name;
    }
    ++n;
  }
  EXPECT_GE(n, 2);
}
