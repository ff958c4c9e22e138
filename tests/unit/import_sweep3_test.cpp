// What the third sweep of the parsers over real pastes found, one test per defect at its cause:
// AMD rccl-tests runs read as nccl-tests, a unified diff of two dumps read as one, a one-column
// --query-gpu CSV not taken, and a -q with masked UUIDs beside an -L of the same machine counted
// as two sets of GPUs. The real pastes are fixtures under tests/data/imports/ (checked by
// import_fixtures_test.cpp as well); the few inline texts here are named synthetic.
#include "core/error.hpp"
#include "import/foreign_input.hpp"
#include "import/importer.hpp"
#include "import/smi_values.hpp"
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

// ---- another vendor's run -----------------------------------------------------------------------

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

// ---- a diff of two outputs ------------------------------------------------------------------------

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

// ---- one-column --query-gpu CSV --------------------------------------------------------------------

TEST(CsvOneColumn, AColumnThatNamesItselfIsAHeader) {
  const std::string real = read_bytes(fixture_dir("nvidia-smi-csv") / "dfdx-compute-cap-one-column-under-its-command.txt");
  EXPECT_EQ(detected(real), "nvidia-smi-csv");
  const ImportPart p = parse_as("nvidia-smi-csv", real);
  ASSERT_EQ(p.gpus.size(), 1u);
  EXPECT_EQ(p.gpus[0].compute_capability, "8.9");

  // Synthetic: a unit or a dotted name says which column it is, without the command above it.
  const ImportPart limit = parse_as("nvidia-smi-csv", "power.limit [W]\n300.00 W\n");
  ASSERT_EQ(limit.gpus.size(), 1u);
  EXPECT_EQ(limit.gpus[0].power.limit_w, 300.0);
  EXPECT_EQ(detected("memory.total [MiB]\n81559 MiB\n"), "nvidia-smi-csv");
}

TEST(CsvOneColumn, ABareWordIsAHeaderOnlyUnderTheCommandThatAskedForIt) {
  // Synthetic: "name" alone is any text's word; under its command it is nvidia-smi's column.
  EXPECT_EQ(detected("name\nNVIDIA A100-SXM4-40GB\n"), "");
  const std::string under = "$ nvidia-smi --query-gpu=name --format=csv\nname\nNVIDIA A100-SXM4-40GB\n";
  EXPECT_EQ(detected(under), "nvidia-smi-csv");
  const ImportPart p = parse_as("nvidia-smi-csv", under);
  ASSERT_EQ(p.gpus.size(), 1u);
  EXPECT_EQ(p.gpus[0].name, "NVIDIA A100-SXM4-40GB");
  // A header needs a value under it to be claimed.
  EXPECT_EQ(detected("compute_cap\n"), "");
}

TEST(CsvOneColumn, TheNextOutputPastedUnderItIsNotItsRows) {
  // Synthetic: the one-column output, then a summary table with no prompt between them.
  const ImportPart p = parse_as("nvidia-smi-csv",
                                "compute_cap\n8.9\n"
                                "+-----------------------------------------------------------------------------------------+\n"
                                "| NVIDIA-SMI 570.133.07             Driver Version: 570.133.07     CUDA Version: 12.8     |\n");
  ASSERT_EQ(p.gpus.size(), 1u);
  EXPECT_EQ(p.gpus[0].compute_capability, "8.9");
}

// ---- masked UUIDs ----------------------------------------------------------------------------------

TEST(MaskedUuid, WhatPostersTypeOverAUuid) {
  for (const char* m : {"GPU-xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx", "GPU-xxxxx11f-ce5d-xxxx-xxxx-6ea62fb1xxxx",
                        "GPU-********", "<redacted>", "GPU-...", "REDACTED", "GPU-XXXX"})
    EXPECT_TRUE(smi::masked_uuid(m)) << m;
  for (const char* u : {"GPU-a230e637-c9e1-1b61-3830-a437b874d88d", "GPU-12345678-aaaa-bbbb-cccc-0123456789ab", "",
                        "MIG-GPU-9de3d0e8-1b8e-2b3f-3c4a-5d6e7f8a9b0c/9/0"})
    EXPECT_FALSE(smi::masked_uuid(u)) << u;
}

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
