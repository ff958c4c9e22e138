// The importer's intake (src/import/importer.cpp, import_machines.cpp): each file read or named with
// why not (lenient by default, --strict refuses), a paste split into its outputs with the paste's own
// line numbers, a JSON read as JSON (a ticket that quotes Xid lines is refused with a hint), UTF-16
// and UTF-32 decoded, a kernel log recognised after its first 4 MiB, and one machine per document
// (files of two machines refused or, with --allow-mixed, judged apart; a paste of two nodes split).
#include "core/error.hpp"
#include "import/import.hpp"
#include "import/importer.hpp"
#include "unit/support/import_test_support.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <set>
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
