// Unit tests of inputs that are not NVIDIA tools' outputs (src/import/gates/foreign_input.cpp):
// ROCm/rccl-tests runs and diffs are refused with their line.
#include "core/error.hpp"
#include "import/gates/foreign_input.hpp"
#include "import/importer.hpp"
#include "import/text/smi_values.hpp"
#include "unit/support/import_test_support.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <string>

namespace gpuaudit::imports {
namespace {

namespace fs = std::filesystem;
using import_test::detected;
using import_test::fixture_dir;
using import_test::gpu;
using import_test::parse_as;
using import_test::read_bytes;

// The one-line error import_files gives `file`, "" when it imports.
std::string import_error(const std::string& file, const std::string& format = "") {
  ImportOptions opt;
  opt.format = format;
  try {
    (void)import_files({file}, opt, nullptr);
  } catch (const Error& e) {
    EXPECT_EQ(e.code(), exit_code::usage) << e.what();
    return e.what();
  }
  return "";
}

TEST(ForeignInput, RcclTestsRunsAreRefusedWithTheirLineWhateverFormatIsAsked) {
  const std::string r9700 = (fixture_dir("nccl-tests") / "rocm-rccl-tests-r9700-2node-allreduce.txt").string();
  const std::string vf = (fixture_dir("nccl-tests") / "rocm-rccl-tests-mi300x-vf-x8-allreduce.txt").string();
  // Without the refusal the layout is nccl-tests' own: detection alone would take it.
  EXPECT_EQ(detected(read_bytes(r9700)), "nccl-tests");
  for (const auto& f : {r9700, vf}) {
    const std::string e = import_error(f);
    EXPECT_NE(e.find("an AMD ROCm run (rccl-tests, line "), std::string::npos) << e;
    EXPECT_NE(e.find("does not score AMD GPUs"), std::string::npos) << e;
    EXPECT_EQ(e.find('\n'), std::string::npos) << "one line";
    EXPECT_NE(import_error(f, "nccl-tests"), "") << "--format does not make an AMD run an NVIDIA one";
  }
}

TEST(ForeignInput, OnlyWhatRocmsToolsPrintIsASign) {
  // Each of the signs, alone (lines as rccl-tests and RCCL print them).
  for (const char* line : {"rccl-tests: Version develop:5272cd1", "RCCL version : 2.27.7-develop:29e1567",
                           "HIP version  : 7.0.51831-a3e329ad8", "ROCm version : 7.2.0.0-43-fc0010cf6a",
                           "host:1:1 [0] NCCL INFO NCCL version 2.18.3+hip6.0 HEAD:1a2b3c",
                           "#  Rank  0 Group  0 Pid 2517106 on    gpuf2b8 device  0 [0000:05:00] AMD Instinct MI300X",
                           "[1,0]<stdout>:rccl-tests: Version develop:83d38d9"})
    EXPECT_TRUE(foreign_input(std::string(line) + "\n").has_value()) << line;
  // An NVIDIA run on an AMD host, an EPYC in lscpu, NCCL's own CUDA build: not signs.
  for (const char* line : {"Model name:            AMD EPYC 7451 24-Core Processor",
                           "node1:1:1 [0] NCCL INFO NCCL version 2.18.3+cuda12.2",
                           "#  Rank  0 Group  0 Pid 895544 on     h100-2 device  0 [0002:00:01] NVIDIA H100 80GB HBM3",
                           "    Product Name                          : NVIDIA H100 80GB HBM3"})
    EXPECT_FALSE(foreign_input(std::string(line) + "\n").has_value()) << line;
}

TEST(ForeignInput, NoRealNvidiaFixtureIsRefused) {
  // The class-wide check: every real output of every format imports as before, none is taken for
  // another vendor's run or a diff. Only the fixtures that expect a refusal are refused.
  int seen = 0, refused_seen = 0;
  for (const auto& e : fs::recursive_directory_iterator(fs::path(GPUAUDIT_TEST_DATA) / "imports")) {
    if (!e.is_regular_file() || e.path().extension() == ".md" || e.path().string().find(".source.json") != std::string::npos)
      continue;
    const std::string name = e.path().filename().string();
    const auto why = foreign_input(normalize_text(read_bytes(e.path())));
    // The sidecar says which fixtures are refused so: its expect_error is this refusal's text.
    const std::string side = read_bytes(e.path().string() + ".source.json");
    const bool refused = side.find("\"expect_error\": \"an AMD ROCm run") != std::string::npos ||
                         side.find("\"expect_error\": \"a unified diff") != std::string::npos;
    if (refused) {
      ++refused_seen;
      EXPECT_TRUE(why.has_value()) << name;
    } else {
      EXPECT_FALSE(why.has_value()) << name << ": " << why.value_or("");
    }
    ++seen;
  }
  EXPECT_GT(seen, 200);
  EXPECT_EQ(refused_seen, 4);  // the two rccl-tests runs, the diff and a ROCm build's collect_env
}

TEST(ForeignInput, TheRealDiffOfTwoDumpsIsRefusedWithItsHunkLine) {
  // CFSworks/nvml_fix #27: diff -u of a GT 730's -q before and after nvml_fix. Read as one dump it
  // would be one GPU with both sides' values, the later line of each pair winning.
  const std::string f = (fixture_dir("nvidia-smi-q") / "nvml-fix-gt730-diff-u-before-after-418-cut.txt").string();
  EXPECT_EQ(detected(read_bytes(f)), "nvidia-smi-q");
  const std::string e = import_error(f);
  EXPECT_NE(e.find("a unified diff of two outputs (its first hunk at line 3)"), std::string::npos) << e;
}

// The shape `diff -u` gives two -q dumps of one box before and after a power cap (synthetic, in the
// layout of the real diff above and the 570 -q fixtures).
const char* kSyntheticQDiff =
    "--- smi-before.txt\t2026-11-30 10:00:00.000000000 +0000\n"
    "+++ smi-after.txt\t2026-11-30 10:05:00.000000000 +0000\n"
    "@@ -1,6 +1,6 @@\n"
    " \n"
    " ==============NVSMI LOG==============\n"
    " \n"
    "-Timestamp                                              : Sun Nov 30 10:00:00 2026\n"
    "+Timestamp                                              : Sun Nov 30 10:05:00 2026\n"
    " Driver Version                                         : 570.86.15\n"
    " CUDA Version                                           : 12.8\n"
    "@@ -120,7 +120,7 @@ GPU 00000000:18:00.0\n"
    "     GPU Power Readings\n"
    "-        Current Power Limit                            : 700.00 W\n"
    "+        Current Power Limit                            : 500.00 W\n";

TEST(ForeignInput, AUnifiedDiffIsRefusedNotReadAsOneDump) {
  const auto why = foreign_input(kSyntheticQDiff);
  ASSERT_TRUE(why.has_value());
  EXPECT_NE(why->find("a unified diff of two outputs (its first hunk at line 3)"), std::string::npos) << *why;
  EXPECT_NE(why->find("gpuaudit compare"), std::string::npos) << *why;
  // Indented as a markdown code block, still a diff; without a hunk header, not one.
  std::string indented;
  for (std::string_view s = kSyntheticQDiff; !s.empty();) {
    const auto nl = s.find('\n');
    indented += "    " + std::string(s.substr(0, nl + 1));
    s.remove_prefix(nl + 1);
  }
  EXPECT_TRUE(foreign_input(indented).has_value());
  EXPECT_FALSE(foreign_input("@@ not a hunk @@\n+-----+\n| x |\n").has_value());
  EXPECT_FALSE(foreign_input("@@ -1,2 +1,2 @@\n").has_value()) << "a header alone changes nothing";
}

}  // namespace
}  // namespace gpuaudit::imports
