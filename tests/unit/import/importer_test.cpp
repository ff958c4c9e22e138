// Unit tests of the importer (src/import/importer.cpp): reading files and folders, splitting
// pastes, detection ties, format overrides, machines and encodings.
#include "baselines/baseline_set.hpp"
#include "compare/compare.hpp"
#include "compare/compare_render.hpp"
#include "core/document_io.hpp"
#include "core/error.hpp"
#include "import/import.hpp"
#include "import/importer.hpp"
#include "report/fleet_render.hpp"
#include "report/load_runs.hpp"
#include "score/assess.hpp"
#include "unit/support/import_and_score_support.hpp"
#include "score/baseline_lookup.hpp"
#include "score/thresholds.hpp"
#include "unit/support/import_test_support.hpp"

#include <gtest/gtest.h>

#include <stdlib.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iterator>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace gpuaudit::imports {
namespace {

namespace fs = std::filesystem;

class Importer : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("gpuaudit-importer-" + std::to_string(::testing::UnitTest::GetInstance()->random_seed()) +
                                        "-" + ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }
  std::string write(const std::string& name, const std::string& bytes) {
    const fs::path p = dir_ / name;
    std::ofstream(p, std::ios::binary) << bytes;
    return p.string();
  }
  static std::string fixture(const std::string& format, const std::string& file) {
    return (import_test::fixture_dir(format) / file).string();
  }
  static std::string paste(const std::string& file) { return fixture("pastes", file); }
  fs::path dir_;
};

std::string error_of(const std::vector<std::string>& files, const ImportOptions& opt = {}) {
  try {
    (void)import_machines(files, opt, nullptr);
  } catch (const Error& e) {
    EXPECT_EQ(e.code(), exit_code::usage);
    return e.what();
  }
  return "";
}

const char* kSmiQ = "smi-h100-80gb-hbm3-x8-565.txt";

TEST_F(Importer, AnUnreadableFileIsNamedAndTheRestIsRead) {
  const std::string junk = write("notes.txt", "Eggs\nMilk\n");
  ImportReport rep;
  const ResultDocument doc = import_files({fixture("nvidia-smi-q", kSmiQ), junk}, {}, &rep);
  EXPECT_EQ(doc.gpus.size(), 8u);
  ASSERT_EQ(rep.not_read.size(), 1u);
  EXPECT_EQ(rep.not_read[0].rfind(junk + ": not an output gpuaudit can import", 0), 0u) << rep.not_read[0];
  const json skipped = doc.extra.at(kImportSkippedKey);
  ASSERT_EQ(skipped.size(), 1u);
  EXPECT_EQ(skipped[0]["file"], junk);
  EXPECT_EQ(skipped[0]["reason"].get<std::string>().rfind("not an output gpuaudit can import", 0), 0u);
  EXPECT_FALSE(skipped[0].contains("lines"));
  bool said = false;
  for (const auto& l : rep.lines) said = said || l.rfind("not read: " + junk, 0) == 0;
  EXPECT_TRUE(said);
}

TEST_F(Importer, AnApplicationLogAboutTheGpuIsReadAsNothingDecisiveNotRefused) {
  // Ollama's discovery lines (ollama/ollama issues): no output gpuaudit reads, no error it knows,
  // but about the GPU: read, its most telling line quoted, and judged inconclusive.
  const std::string log = write("ollama.log",
                                "time=2024-09-17T15:04:08Z level=INFO source=payload.go:44 msg=\"Dynamic LLM libraries [cpu cuda_v12]\"\n"
                                "time=2024-09-17T15:04:08Z level=INFO source=gpu.go:200 msg=\"looking for compatible GPUs\"\n"
                                "time=2024-09-17T15:04:09Z level=WARN source=gpu.go:400 msg=\"unable to load cudart library\"\n");
  ImportReport rep;
  const ResultDocument doc = import_files({log}, {}, &rep);
  EXPECT_TRUE(rep.not_read.empty());
  const auto fs = import_and_score::findings_of(doc);
  const Finding* f = import_and_score::find_finding(fs, "inconclusive");
  ASSERT_NE(f, nullptr);
  EXPECT_NE(f->summary.find("unable to load cudart library"), std::string::npos) << f->summary;  // the telling line
  EXPECT_EQ(f->summary.find("the program's"), std::string::npos) << f->summary;               // no error was claimed
  // A text that never speaks of a GPU is still not read.
  const std::string notes = write("notes.txt", "Eggs\nMilk\n");
  EXPECT_EQ(error_of({notes}).rfind(notes + ": not an output gpuaudit can import", 0), 0u);
}

TEST_F(Importer, StrictRefusesTheFirstUnreadableFile) {
  const std::string junk = write("notes.txt", "Eggs\nMilk\n");
  ImportOptions strict;
  strict.strict = true;
  EXPECT_EQ(error_of({fixture("nvidia-smi-q", kSmiQ), junk}, strict).rfind(junk + ": not an output gpuaudit can import", 0), 0u);
  EXPECT_EQ(error_of({fixture("nvidia-smi-q", kSmiQ), (dir_ / "missing.txt").string()}, strict),
            (dir_ / "missing.txt").string() + ": cannot open: No such file or directory");
}

TEST_F(Importer, NothingReadIsTheOneFilesOwnErrorOrEachFilesInOneLine) {
  const std::string a = write("a.txt", "Eggs\n"), b = write("b.txt", "");
  EXPECT_EQ(error_of({a}).rfind(a + ": not an output gpuaudit can import (looked for: ", 0), 0u);
  const std::string both = error_of({a, b});
  EXPECT_EQ(both.rfind("nothing could be read from the 2 inputs: " + a + ": not an output", 0), 0u) << both;
  EXPECT_NE(both.find(b + ": is empty"), std::string::npos) << both;
  EXPECT_EQ(both.find('\n'), std::string::npos);
}

TEST_F(Importer, AFolderStandsForTheFilesInIt) {
  fs::create_directories(dir_ / "outputs" / "sub");
  fs::copy_file(fixture("nvidia-smi-q", kSmiQ), dir_ / "outputs" / "a-smi.txt");
  std::ofstream(dir_ / "outputs" / "b-notes.txt") << "remember to ask about the invoice\n";
  std::ofstream(dir_ / "outputs" / ".hidden") << "x\n";
  ImportReport rep;
  const ResultDocument doc = import_files({(dir_ / "outputs").string()}, {}, &rep);
  EXPECT_EQ(doc.gpus.size(), 8u);
  ASSERT_EQ(rep.not_read.size(), 1u);
  EXPECT_NE(rep.not_read[0].find("b-notes.txt"), std::string::npos);
  fs::create_directories(dir_ / "empty");
  EXPECT_EQ(error_of({(dir_ / "empty").string()}), (dir_ / "empty").string() + ": is a folder with no file in it");
}

TEST_F(Importer, AFormatNameThatIsNoneIsRefusedBeforeReading) {
  ImportOptions opt;
  opt.format = "no-such";
  EXPECT_EQ(error_of({fixture("nvidia-smi-q", kSmiQ)}, opt).rfind("--format no-such: no such format", 0), 0u);
}

TEST_F(Importer, ARealPasteOfFiveOutputsIsSplitAndEachReadWithThePastesLineNumbers) {
  ImportReport rep;
  const ResultDocument doc = import_files({paste("h100-pcie-pair-nvlink-dl380a-notes.md")}, {}, &rep);
  ASSERT_FALSE(rep.lines.empty());
  const std::string& head = rep.lines.front();
  // The headings and remarks after an output, before the next prompt, stay with it (lines 42-43 are
  // a heading and a remark below the table); simpleP2P's output (lines 148-161) is no format's.
  EXPECT_EQ(head, paste("h100-pcie-pair-nvlink-dl380a-notes.md") +
                      ": 5 outputs in one paste: lines 16-43 nvidia-smi-table, lines 45-61 nvidia-smi-topo, lines 63-92 "
                      "nvidia-smi-nvlink, lines 94-137 nvidia-smi-nvlink, lines 167-215 p2pBandwidthLatencyTest; lines "
                      "1-14, 138-166 no tool output");
  EXPECT_TRUE(rep.not_read.empty()) << rep.not_read.front();
  EXPECT_EQ(doc.gpus.size(), 2u);
  for (const auto& g : doc.gpus) EXPECT_EQ(g.nvlink.links_up, 12) << g.index;
  ASSERT_TRUE(doc.extra.contains("topology"));
  // Provenance: lines of the paste, and each record says which lines it read.
  std::set<std::string> formats;
  for (const auto& rec : doc.extra.at("import")) {
    EXPECT_TRUE(rec.contains("lines")) << rec.dump();
    formats.insert(rec["format"].get<std::string>());
  }
  EXPECT_EQ(formats, (std::set<std::string>{"nvidia-smi-table", "nvidia-smi-topo", "nvidia-smi-nvlink", "p2pBandwidthLatencyTest"}));
  bool p2p = false;
  for (const auto& b : doc.benchmarks)
    if (b.name == "p2p/matrix" && b.extra.contains("source")) {
      const int line = b.extra["source"].value("line", 0);
      EXPECT_GE(line, 160) << b.extra.dump();  // the test's output starts at line 160 of the paste
      p2p = true;
    }
  EXPECT_TRUE(p2p);
}

TEST_F(Importer, AnIssueBodyWithTwoFencedOutputsIsSplitAtItsFences) {
  ImportReport rep;
  const ResultDocument doc = import_files({paste("t4x4-topo-nccl-tests-issue-excerpt.md")}, {}, &rep);
  EXPECT_EQ(rep.lines.front(), paste("t4x4-topo-nccl-tests-issue-excerpt.md") +
                                   ": 2 outputs in one paste: lines 5-9 nvidia-smi-topo, lines 13-23 nccl-tests; "
                                   "lines 1-3, 11 no tool output");
  EXPECT_TRUE(doc.extra.contains("topology"));
  // Read whole, nccl-tests took the file and the topology was lost without a word. The run is cut
  // after its first row, and its command line is a root prompt ("# LD_LIBRARY_PATH=... ./build/
  // all_reduce_perf") the nccl-tests parser does not take for one: its ranks, no figure.
  std::set<std::string> formats;
  for (const auto& rec : doc.extra.at("import")) formats.insert(rec["format"].get<std::string>() + " " + rec["lines"].get<std::string>());
  EXPECT_EQ(formats, (std::set<std::string>{"nvidia-smi-topo 5-9", "nccl-tests 13-23"}));
  EXPECT_EQ(doc.gpus.size(), 4u);
}

TEST_F(Importer, APartOfAPasteThatYieldsNothingIsNamedWithItsLines) {
  const std::string table = import_test::read_bytes(fixture("nvidia-smi-table", "h100-80gb-hbm3-590-load.txt"));
  const std::string file = write("issue.md", "the -q dump:\n```\n==============NVSMI LOG==============\n```\nthe table:\n```\n" + table + "```\n");
  ImportReport rep;
  const ResultDocument doc = import_files({file}, {}, &rep);
  EXPECT_EQ(doc.gpus.size(), 1u);
  ASSERT_EQ(rep.not_read.size(), 1u);
  // Read whole, nvidia-smi -q claims the text (the table's detector gives way to its banner) and reads
  // nothing; read piece by piece, the table is read and the banner named.
  EXPECT_EQ(rep.not_read[0].rfind(file + " lines 3-3: looks like nvidia-smi-q output but nothing could be read from it", 0), 0u)
      << rep.not_read[0];
  const json& skipped = doc.extra.at(kImportSkippedKey);
  ASSERT_EQ(skipped.size(), 1u);
  EXPECT_EQ(skipped[0]["lines"], "3-3");
  ImportOptions strict;
  strict.strict = true;
  EXPECT_EQ(error_of({file}, strict), rep.not_read[0]);
}

TEST_F(Importer, ASoftwareErrorAnywhereInAPasteIsEvidenceAtItsLine) {
  const std::string table = import_test::read_bytes(fixture("nvidia-smi-table", "h100-80gb-hbm3-590-load.txt"));
  const std::string file = write("issue.md", "```\n" + table + "```\nand then bandwidthTest said:\n\n"
                                 "CUDA error at bandwidthTest.cu:255 code=35(cudaErrorInsufficientDriver) \"CUDA driver version is "
                                 "insufficient for CUDA runtime version\"\n");
  const ResultDocument doc = import_files({file}, {}, nullptr);
  ASSERT_TRUE(doc.extra.contains("software_errors"));
  const int at = 1 + static_cast<int>(std::count(table.begin(), table.end(), '\n')) + 4;
  EXPECT_EQ(doc.extra["software_errors"][0]["line"], at);
}

TEST_F(Importer, APasteOfTwoNodesIsTwoMachines) {
  const std::string a = import_test::read_bytes(fixture("nvidia-smi-table", "h100-80gb-hbm3-590-load.txt"));
  const std::string b = import_test::read_bytes(fixture("nvidia-smi-table", "l40s-595-load.txt"));
  const std::string both = write("two-nodes.md", "node A:\n```\n" + a + "```\nnode B:\n```\n" + b + "```\n");
  ImportReport rep;
  const auto docs = import_machines({both}, {}, &rep);
  ASSERT_EQ(docs.size(), 2u);
  EXPECT_NE(docs[0].gpus.front().name.find("H100"), std::string::npos);
  EXPECT_NE(docs[1].gpus.front().name.find("L40S"), std::string::npos);
  ASSERT_EQ(rep.machines.size(), 2u);
  EXPECT_NE(rep.machines[1].find("apart because driver"), std::string::npos) << rep.machines[1];
  EXPECT_EQ(docs[1].extra.at("import_machine").at("machine"), 2);
  try {  // but not through import_files, which wants one machine
    (void)import_files({both}, {}, nullptr);
    ADD_FAILURE() << "import_files took two machines";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("2 machines"), std::string::npos) << e.what();
  }
}

TEST_F(Importer, FilesOfTwoMachinesAreRefusedUnlessAllowedMixed) {
  const std::string h100 = fixture("nvidia-smi-q", kSmiQ), h200 = fixture("nvidia-smi-q", "exporter-capture-h200-mig-load.txt");
  const std::string why = error_of({h100, h200});
  EXPECT_EQ(why.rfind("two machines in one import: ", 0), 0u) << why;
  EXPECT_NE(why.find("--allow-mixed"), std::string::npos);
  ImportOptions mixed;
  mixed.allow_mixed = true;
  const auto docs = import_machines({h100, h200}, mixed, nullptr);
  ASSERT_EQ(docs.size(), 2u);
  EXPECT_EQ(docs[0].gpus.size(), 8u);
  EXPECT_NE(docs[1].gpus.front().name.find("H200"), std::string::npos);
}

TEST_F(Importer, TwoFilesOfOneMachineStayOneDocument) {
  // The real-world case's files: nvlink -s, topo -m and p2pBandwidthLatencyTest of one DL380a.
  const fs::path dir = fs::path(GPUAUDIT_TEST_DATA) / "real-world" / "h100-pcie-pair-nvlink-bridge-healthy";
  std::vector<std::string> files;
  for (const auto& e : fs::directory_iterator(dir))
    if (e.path().filename() != "case.json") files.push_back(e.path().string());
  std::sort(files.begin(), files.end());
  EXPECT_EQ(import_machines(files, {}, nullptr).size(), 1u);
}

TEST_F(Importer, AJsonThatQuotesKernelLogLinesIsRefusedWithAHint) {
  const std::string ticket = write("ticket.json", R"({"ticket": 4711, "status": "open",
  "description": "GPU lost during training",
  "attachments": [{"name": "dmesg", "excerpt": "[ 8.1] NVRM: Xid (PCI:0000:18:00): 79, pid=1234, GPU has fallen off the bus.\n[ 8.2] NVRM: GPU 0000:18:00.0: GPU has fallen off the bus."}]})");
  const std::string why = error_of({ticket});
  EXPECT_EQ(why, ticket + ": a JSON document, not kernel-log output: it quotes kernel-log lines in its strings; paste "
                          "those lines as a text file to import them");
  // The same lines as a text are a kernel log.
  const std::string log = write("dmesg.txt", "[ 8.1] NVRM: Xid (PCI:0000:18:00): 79, pid=1234, GPU has fallen off the bus.\n");
  EXPECT_NO_THROW((void)import_files({log}, {}, nullptr));
}

TEST_F(Importer, JsonNothingClaimsIsNamedByTheDocumentReader) {
  EXPECT_NE(error_of({write("other.json", R"({"hello": 1})")}).find("no \"schema\" field"), std::string::npos);
  EXPECT_NE(error_of({write("deep.json", std::string(200, '[') + std::string(200, ']'))}).find("nested deeper than"),
            std::string::npos);
}

std::string utf16le(const std::string& ascii) {
  std::string out = "\xFF\xFE";
  for (char c : ascii) out += c, out += '\0';
  return out;
}

TEST_F(Importer, Utf16WithAByteOrderMarkIsDecodedForOutputsAndDocuments) {
  const std::string raw = import_test::read_bytes(fixture("nvidia-smi-q", kSmiQ));
  const ResultDocument utf8 = import_files({fixture("nvidia-smi-q", kSmiQ)}, {}, nullptr);
  const ResultDocument wide = import_files({write("smi-powershell.txt", utf16le(raw))}, {}, nullptr);
  ASSERT_EQ(wide.gpus.size(), utf8.gpus.size());
  EXPECT_EQ(wide.gpus[0].name, utf8.gpus[0].name);
  EXPECT_EQ(wide.gpus[0].uuid, utf8.gpus[0].uuid);
  const std::string doc =
      import_test::read_bytes(fs::path(GPUAUDIT_TEST_DATA) / "scenarios" / "h100-sxm-healthy.synthetic.json");
  ASSERT_FALSE(doc.empty());
  ImportReport rep;
  const ResultDocument d = import_files({write("doc-utf16.json", utf16le(doc))}, {}, &rep);
  EXPECT_FALSE(rep.document_file.empty());
  EXPECT_FALSE(d.benchmarks.empty());
}

TEST_F(Importer, AKernelLogWhoseNvrmLinesComeAfterItsFirst4MiBIsRecognised) {
  std::string log;
  while (log.size() < (5u << 20)) log += "[  100.000001] systemd[1]: Started Session 1 of user root on this host.\n";
  log += "[ 9999.000001] NVRM: Xid (PCI:0000:18:00): 79, pid=1234, GPU has fallen off the bus.\n";
  const std::string file = write("kern.log", log);
  ImportReport rep;
  (void)import_files({file}, {}, &rep);
  EXPECT_EQ(rep.lines.front().rfind(file + ": kernel-log", 0), 0u) << rep.lines.front();
}

}  // namespace
}  // namespace gpuaudit::imports

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

// Another program's JSON that speaks of the GPU (Jan's settings.json, janhq/jan #1975: its GPU list
// and "cuda": {"exist": false}) is read as that program's log, not refused as a broken gpuaudit
// document; JSON that names no GPU, and a gpuaudit document without its schema, keep their errors.
TEST(ImportFiles, AnotherProgramsJsonAboutTheGpuIsItsLog) {
  const std::string jan = (fs::path(GPUAUDIT_TEST_DATA) / "real-world" /
                           "jan-1975-settings-json-rtx4050-laptop-driver-550-cuda-false" / "settings.json")
                              .string();
  ImportReport rep;
  std::string msg;
  EXPECT_EQ(error_code_of([&] { (void)import_files({jan}, {}, &rep); }, &msg), 0) << msg;
  TempDir d;
  const std::string plain = d.write("synthetic-config.json", "{\"theme\": \"dark\", \"fontSize\": 12}\n");
  EXPECT_EQ(error_code_of([&] { (void)import_files({plain}, {}, nullptr); }, &msg), exit_code::usage);
  const std::string noschema = d.write("synthetic-noschema.json", "{\"gpus\": [{\"name\": \"NVIDIA H100\"}], \"benchmarks\": []}\n");
  EXPECT_EQ(error_code_of([&] { (void)import_files({noschema}, {}, nullptr); }, &msg), exit_code::usage);
}

// A training log that opens with Python printing a dict ("{'loss': ...}", LLaMA-Factory's and
// transformers' Trainer logs) is no damaged JSON document: a JSON object's names are in double
// quotes. Read as the log it is (its NCCL watchdog line is about the GPU); an empty or cut
// document ("{", "{ }") is still named as JSON.
TEST(ImportFiles, ALogOpeningWithAPythonDictIsNoJsonDocument) {
  TempDir d;
  const std::string f = d.write("synthetic-trainer.log",
                                "{'loss': 0.8533, 'grad_norm': 4.86, 'learning_rate': 1.45e-05, 'epoch': 0.16}\n"
                                "[rank0]:[E1123 00:52:57.664949121 ProcessGroupNCCL.cpp:607] [Rank 0] Watchdog caught collective "
                                "operation timeout: WorkNCCL(SeqNum=1516, OpType=ALLREDUCE) ran for 600017 milliseconds\n");
  std::string msg;
  EXPECT_EQ(error_code_of([&] { (void)import_files({f}, {}, nullptr); }, &msg), 0) << msg;
  const std::string cut = d.write("synthetic-cut.json", "{\n");
  EXPECT_EQ(error_code_of([&] { (void)import_files({cut}, {}, nullptr); }, &msg), exit_code::usage);
  EXPECT_NE(msg.find("not valid JSON"), std::string::npos) << msg;
}

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

// A weak claim (a headerless nvidia-smi CSV guessed from a line's units) that reads nothing: an
// application's log that speaks of the GPU is read as one, a bare noheader log keeps the CSV's reason.
TEST(ImportFiles, AWeakClaimThatReadsNothingFallsBackToTheLog) {
  TempDir d;
  const std::string log = d.write("synthetic-app.log",
                                  "2025-01-01 10:00:00 starting worker\n"
                                  "2025-01-01 10:00:01 CUDA device 0: NVIDIA RTX A4000 ready\n"
                                  "gpu stats: 61.20 W, 1410 MHz, 45 %\n");
  ImportReport rep;
  const ResultDocument doc = import_files({log}, {}, &rep);
  ASSERT_TRUE(doc.extra.contains("software_errors"));
  EXPECT_EQ(doc.extra["software_errors"][0]["kind"], "gpu-log");
  ASSERT_FALSE(rep.lines.empty());
  EXPECT_NE(rep.lines.back().find("not nvidia-smi-csv after all"), std::string::npos) << rep.lines.back();
  const std::string bare = d.write("synthetic-noheader.csv", "61.20 W, 1410 MHz, 45 %\n60.10 W, 1410 MHz, 44 %\n");
  try {
    (void)import_files({bare}, {}, nullptr);
    FAIL() << "a bare noheader log was read";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("looks like nvidia-smi-csv output but nothing could be read"), std::string::npos)
        << e.what();
  }
}

// A tool's output recognised but with no row readable (an nccl-tests table cut before its header, as
// a thread's stored copy cut one: tests/data/real-world/nccl-all-reduce-tail-358gbps-no-gpu-named) is
// kept as an output that decides nothing (inconclusive when scored), not refused as a foreign file;
// --strict refuses it.
TEST(ImportFiles, ARecognisedOutputWithNothingReadableDecidesNothingUnlessStrict) {
  TempDir d;
  const std::string f = d.write("synthetic-nccl-tail.txt",
                                "   536870912     134217728     float     sum      -1   2671.60  200.96  351.67       0   2670.98  201.00  351.75       0\n"
                                "  1073741824     268435456     float     sum      -1   5252.64  204.42  357.73       0   5234.83  205.12  358.95       0\n"
                                "# Out of bounds values : 0 OK\n"
                                "# Avg bus bandwidth    : 102.829 \n");
  ImportReport rep;
  const ResultDocument doc = import_files({f}, {}, &rep);
  ASSERT_TRUE(doc.extra.contains("software_errors"));
  EXPECT_EQ(doc.extra["software_errors"][0]["kind"], "output-unreadable");
  EXPECT_NE(doc.extra["software_errors"][0]["text"].get<std::string>().find("looks like nccl-tests output"), std::string::npos);
  ImportOptions strict;
  strict.strict = true;
  std::string msg;
  EXPECT_EQ(error_code_of([&] { import_files({f}, strict, nullptr); }, &msg), exit_code::usage);
  EXPECT_NE(msg.find("nothing could be read"), std::string::npos) << msg;
}
