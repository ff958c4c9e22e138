// The plain nvidia-smi table parser (src/import/formats/parse_nvidia_smi_table.cpp) on the real outputs in
// tests/data/imports/nvidia-smi-table/ (their values are checked by format_registry_test.cpp) and on
// the damage a paste has: ERR! values, a row cut halfway, a repeated table (-l), a -q dump beside
// it; and the prefix matching of a cut name (baselines/baseline_match.cpp).
#include "baselines/baseline_set.hpp"
#include "import/import.hpp"
#include "unit/support/import_and_score_support.hpp"
#include "unit/support/import_test_support.hpp"
#include "score/assess.hpp"
#include "score/baseline_lookup.hpp"
#include "score/thresholds.hpp"
#include "unit/support/repo_baselines.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

namespace gpuaudit::imports {
namespace {

using import_test::detected;
using import_test::read_bytes;

namespace fs = std::filesystem;

const fs::path kTable = fs::path(GPUAUDIT_TEST_DATA) / "imports" / "nvidia-smi-table";

ImportPart parse_table(const std::string& raw) { return import_test::parse_as("nvidia-smi-table", raw, "smi.txt"); }

bool any_contains(const std::vector<std::string>& v, const std::string& what) {
  for (const auto& s : v)
    if (s.find(what) != std::string::npos) return true;
  return false;
}

// A 470-layout table whose second GPU row reads ERR! (written for this test: the shape of the
// fixtures' rows with the values NVML prints when it cannot read the GPU).
const char* kErrSynthetic =
    "| NVIDIA-SMI 470.103.01   Driver Version: 470.103.01   CUDA Version: 11.4     |\n"
    "|-------------------------------+----------------------+----------------------+\n"
    "| GPU  Name        Persistence-M| Bus-Id        Disp.A | Volatile Uncorr. ECC |\n"
    "| Fan  Temp  Perf  Pwr:Usage/Cap|         Memory-Usage | GPU-Util  Compute M. |\n"
    "|                               |                      |               MIG M. |\n"
    "|===============================+======================+======================|\n"
    "|   0  NVIDIA A100-SXM...  On   | 00000000:07:00.0 Off |                    0 |\n"
    "| N/A   34C    P0    61W / 400W |      4MiB / 81251MiB |     97%      Default |\n"
    "|                               |                      |             Disabled |\n"
    "+-------------------------------+----------------------+----------------------+\n"
    "|   1  NVIDIA A100-SXM...  On   | 00000000:0F:00.0 Off |                 ERR! |\n"
    "|ERR!  ERR!   ERR!  ERR! / 400W |      4MiB / 81251MiB |    ERR!      Default |\n"
    "|                               |                      |             Disabled |\n"
    "+-------------------------------+----------------------+----------------------+\n";

TEST(ImportNvidiaSmiTable, ErrValuesAreAbsentAndWarned) {
  const ImportPart p = parse_table(kErrSynthetic);
  ASSERT_EQ(p.gpus.size(), 2u);
  EXPECT_EQ(p.gpus[0].utilization_pct, 97.0);
  EXPECT_EQ(p.gpus[0].mig.mode_enabled, false);
  EXPECT_EQ(p.gpus[0].name, "NVIDIA A100-SXM...");
  EXPECT_FALSE(p.gpus[1].temperature_c.has_value());
  EXPECT_FALSE(p.gpus[1].power.usage_w.has_value());
  EXPECT_EQ(p.gpus[1].power.limit_w, 400.0);
  EXPECT_FALSE(p.gpus[1].utilization_pct.has_value());
  EXPECT_TRUE(any_contains(p.warnings, "ERR!")) << testing::PrintToString(p.warnings);
  EXPECT_TRUE(any_contains(p.warnings, "cut the name")) << testing::PrintToString(p.warnings);
  EXPECT_EQ(detected(kErrSynthetic), "nvidia-smi-table");
}

TEST(ImportNvidiaSmiTable, ARowCutHalfwayIsNamedAndTheRestKept) {
  const ImportPart p = parse_table(read_bytes(kTable / "gtx105x-418-truncated-name-cut.txt"));
  ASSERT_EQ(p.gpus.size(), 1u);
  EXPECT_EQ(p.gpus[0].processes.size(), 3u);
  EXPECT_TRUE(any_contains(p.skipped, "cut halfway")) << testing::PrintToString(p.skipped);
}

TEST(ImportNvidiaSmiTable, ASecondTableIsNotReadAgain) {
  const std::string one = read_bytes(kTable / "titan-xp-450-mig-column.txt");
  const ImportPart p = parse_table(one + "\n" + one);
  ASSERT_EQ(p.gpus.size(), 1u);
  EXPECT_TRUE(any_contains(p.warnings, "nvidia-smi -l")) << testing::PrintToString(p.warnings);
}

TEST(ImportNvidiaSmiTable, MigDevicesFollowTheirBoard) {
  const ImportPart p = parse_table(read_bytes(kTable / "h200-mig-590-load.txt"));
  ASSERT_EQ(p.gpus.size(), 6u);
  EXPECT_FALSE(p.gpus[0].mig.is_mig_device);
  EXPECT_EQ(p.gpus[0].processes.size(), 3u);
  for (std::size_t i = 1; i < p.gpus.size(); ++i) {
    EXPECT_TRUE(p.gpus[i].mig.is_mig_device);
    EXPECT_FALSE(p.gpus[i].mig.profile.has_value());  // the table prints none
    EXPECT_TRUE(p.gpus[i].processes.empty());
  }
  EXPECT_EQ(p.gpus[2].mig.extra.value("compute_instance_id", -1), 1);
  EXPECT_EQ(p.gpus[2].sm_count, 32);
}

TEST(ImportNvidiaSmiTable, The3xxComputeProcessesTableHasNoTypeColumn) {
  // Synthetic rows under the header a real 340.29 post printed ("Compute processes:", no Type).
  const std::string t =
      "| NVIDIA-SMI 340.29     Driver Version: 340.29         |\n"
      "|-------------------------------+----------------------+----------------------+\n"
      "| GPU  Name        Persistence-M| Bus-Id        Disp.A | Volatile Uncorr. ECC |\n"
      "| Fan  Temp  Perf  Pwr:Usage/Cap|         Memory-Usage | GPU-Util  Compute M. |\n"
      "|===============================+======================+======================|\n"
      "|   0  GRID K520           Off  | 0000:00:03.0     Off |                  N/A |\n"
      "| N/A   71C    P0    91W / 125W |   2320MiB /  4095MiB |    100%      Default |\n"
      "+-------------------------------+----------------------+----------------------+\n"
      "\n"
      "+-----------------------------------------------------------------------------+\n"
      "| Compute processes:                                               GPU Memory |\n"
      "|  GPU       PID  Process name                                     Usage      |\n"
      "|=============================================================================|\n"
      "|    0      2189  python train.py                                    2307MiB |\n"
      "+-----------------------------------------------------------------------------+\n";
  const ImportPart p = parse_table(t);
  ASSERT_EQ(p.gpus.size(), 1u);
  EXPECT_EQ(p.gpus[0].pci_bus_id, "00000000:00:03.0");
  EXPECT_EQ(p.gpus[0].utilization_pct, 100.0);
  ASSERT_EQ(p.gpus[0].processes.size(), 1u);
  EXPECT_EQ(p.gpus[0].processes[0].pid, 2189);
  EXPECT_EQ(p.gpus[0].processes[0].type, "");
  EXPECT_EQ(p.gpus[0].processes[0].name, "python train.py");
  EXPECT_EQ(p.gpus[0].processes[0].used_memory_bytes, 2307ull * 1048576);
}

TEST(ImportNvidiaSmiTable, DetectionLeavesQDumpsAlone) {
  // A -q dump with a table pasted after it is the -q parser's.
  const std::string q = read_bytes(fs::path(GPUAUDIT_TEST_DATA) / "imports" / "nvidia-smi-q" / "l4-thamada-gls.txt");
  EXPECT_NE(detected(q), "nvidia-smi-table");
  EXPECT_EQ(detected(q + "\n" + read_bytes(kTable / "l40s-595-load.txt")), detected(q));
  EXPECT_NE(detected("GPU 0: Tesla T4 (UUID: GPU-x)\n"), "nvidia-smi-table");  // nvidia-smi -L: nvidia-smi-list
}

TEST(ImportNvidiaSmiTable, GarbageNeverCrashesAndYieldsNothing) {
  for (const char* s : {"", "|", "||||", "| NVIDIA-SMI |", "|===|\n|   0  x|", "| GPU  Name  Persistence-M | Bus-Id |\n|===|\n| 7 |\n| a | b |"}) {
    const ImportPart p = parse_table(s);
    (void)p;
  }
  SUCCEED();
}

}  // namespace
}  // namespace gpuaudit::imports

namespace gpuaudit {
namespace {

GpuInfo cut(const std::string& name, std::optional<double> mib) {
  GpuInfo g;
  g.name = name;
  if (mib) g.memory_total_bytes = static_cast<std::uint64_t>(*mib * 1048576.0);
  return g;
}

TEST(BaselineMatchCutName, AUniquePrefixWithFittingMemoryMatches) {
  const BaselineMatch m = match_baseline(repo_baselines(), cut("NVIDIA A100-SXM...", 81251));
  ASSERT_TRUE(m.matched()) << m.note;
  EXPECT_EQ(m.baseline->id, "a100-sxm4-80gb");
  EXPECT_EQ(m.method, "name-prefix+memory");
}

TEST(BaselineMatchCutName, TheRealRtx6000AdaTableMatchesItsModel) {
  // tests/data/imports/nvidia-smi-table/rtx6000ada-x2-575-cut-name.txt: "NVIDIA RTX 6000 Ada Gene...", 49140 MiB.
  const BaselineMatch m = match_baseline(repo_baselines(), cut("NVIDIA RTX 6000 Ada Gene...", 49140));
  ASSERT_TRUE(m.matched()) << m.note;
  EXPECT_EQ(m.baseline->id, "rtx-6000-ada");
}

TEST(BaselineMatchCutName, SeveralModelsMeansNone) {
  const BaselineMatch m = match_baseline(repo_baselines(), cut("NVIDIA A100-SXM...", std::nullopt));
  EXPECT_FALSE(m.matched()) << m.note;
  EXPECT_EQ(m.method, "none");
  EXPECT_NE(m.note.find("none picked"), std::string::npos) << m.note;
}

TEST(BaselineMatchCutName, TheMemoryPicksBetweenTheP100PcieBoards) {
  // tests/data/real-world/p100-pcie-12gb-x2-table-cut-name: "Tesla P100-PCIE...", 12193 MiB: the 12 GB board,
  // not the 16 GB one the same prefix also starts.
  const BaselineMatch m = match_baseline(repo_baselines(), cut("Tesla P100-PCIE...", 12193));
  ASSERT_TRUE(m.matched()) << m.note;
  EXPECT_EQ(m.baseline->id, "tesla-p100-pcie-12gb");
  EXPECT_EQ(m.method, "name-prefix+memory");
  const BaselineMatch big = match_baseline(repo_baselines(), cut("Tesla P100-PCIE...", 16280));
  ASSERT_TRUE(big.matched()) << big.note;
  EXPECT_EQ(big.baseline->id, "tesla-p100-pcie-16gb");
}

// The rivals that block a cut name are only names no baseline describes: "GeForce RTX 208..." at 11 GiB
// (the old table; darknet #3395's RTX 2080 Ti) is blocked by the 2080 with Max-Q Design, which states no
// memory, never by the 2080 SUPER, whose baseline was already weighed against the 11 GiB and did not fit.
TEST(BaselineMatchCutName, ABaselinesNameIsNoRival) {
  const BaselineMatch m = match_baseline(repo_baselines(), cut("GeForce RTX 208...", 11264));
  EXPECT_FALSE(m.matched()) << m.note;
  EXPECT_NE(m.note.find("Max-Q"), std::string::npos) << m.note;
  EXPECT_EQ(m.note.find("2080 SUPER"), std::string::npos) << m.note;
}

TEST(BaselineMatchCutName, ACutNameOtherRealModelsShareIsNotPicked) {
  // tests/data/imports/nvidia-smi-table/rtx2080super-610-kmd-load.txt: "NVIDIA GeForce RTX 2080 ...", 8192 MiB. The
  // name goes on past "2080 ", so not the 2080 itself; of the baselines only the SUPER has 8 GB (the Ti has 11), but
  // NVIDIA's driver also prints "NVIDIA GeForce RTX 2080 with Max-Q Design" (an 8 GB laptop part) for a name the
  // table cuts the same way: the cut name alone cannot tell them apart, so none is picked.
  const BaselineMatch m = match_baseline(repo_baselines(), cut("NVIDIA GeForce RTX 2080 ...", 8192));
  EXPECT_FALSE(m.matched()) << m.note;
  EXPECT_TRUE(m.cut_name_ambiguous);
  EXPECT_NE(m.note.find("NVIDIA GeForce RTX 2080 with Max-Q Design"), std::string::npos) << m.note;
  // A cut name no other real model of its memory shares is still matched: "NVIDIA A100-SXM..." (the old 18-column
  // table) with 80 GB (the driver's A100-SXM4-40GB and A100-SXM-64GB state other sizes).
  const BaselineMatch a100 = match_baseline(repo_baselines(), cut("NVIDIA A100-SXM...", 81251));
  ASSERT_TRUE(a100.matched()) << a100.note;
  EXPECT_EQ(a100.baseline->id, "a100-sxm4-80gb");
}

TEST(BaselineMatchCutName, AModelWhoseNameWouldHaveFittedIsNotTheCutOne) {
  // tests/data/imports/nvidia-smi-table/wsl2-rtx4060-laptop-572-cut-name.txt: "NVIDIA GeForce RTX 4060 ...", 8188
  // MiB, 30 W (a laptop part). "NVIDIA GeForce RTX 4060 Ti" (26 characters) fits the 27-character column and would
  // have been printed whole, so the 8 GB Ti is not the board behind it: no baseline has a name long enough.
  const BaselineMatch m = match_baseline(repo_baselines(), cut("NVIDIA GeForce RTX 4060 ...", 8188));
  EXPECT_FALSE(m.matched()) << m.note;
  EXPECT_EQ(m.method, "none");
  // The old table's column is 18 characters: "Tesla P100-PCIE-16GB" (20) was cut, and still matches.
  EXPECT_TRUE(match_baseline(repo_baselines(), cut("Tesla P100-PCIE...", 16280)).matched());
}

TEST(BaselineMatchCutName, AModelWhoseMemoryDoesNotFitIsNotGuessed) {
  // Synthetic memory figure: 8000 MiB fits neither P100 PCIe board (12 or 16 GB), so neither is guessed.
  const BaselineMatch m = match_baseline(repo_baselines(), cut("Tesla P100-PCIE...", 8000));
  EXPECT_FALSE(m.matched()) << m.note;
  EXPECT_EQ(m.method, "none");
}

TEST(BaselineMatchCutName, AFullNameIsNotAPrefix) {
  // "NVIDIA A10" must not match as a prefix of A100: only a name ending in "..." is cut.
  const BaselineMatch m = match_baseline(repo_baselines(), cut("NVIDIA A10", 23028));
  ASSERT_TRUE(m.matched());
  EXPECT_EQ(m.baseline->id, "nvidia-a10");
}

// From state alone (docs/scoring.md §5): a table at high utilisation is one sample under load, as
// an imported -q dump is; the cap is the limit in force and, with no default limit in the table, the
// model's TDP stands in (one step less sure). Synthetic tables in the 550 layout (no real post of a
// lowered cap under load was found).
std::string table_550_synthetic(const std::string& power, const std::string& util) {
  return "| NVIDIA-SMI 550.54.15              Driver Version: 550.54.15      CUDA Version: 12.4     |\n"
         "|-----------------------------------------+------------------------+----------------------+\n"
         "| GPU  Name                 Persistence-M | Bus-Id          Disp.A | Volatile Uncorr. ECC |\n"
         "| Fan  Temp   Perf          Pwr:Usage/Cap |           Memory-Usage | GPU-Util  Compute M. |\n"
         "|                                         |                        |               MIG M. |\n"
         "|=========================================+========================+======================|\n"
         "|   0  NVIDIA A100-SXM4-80GB          On  |   00000000:07:00.0 Off |                    0 |\n"
         "| N/A   48C    P0         " + power + " |   60000MiB /  81920MiB |    " + util + "      Default |\n"
         "|                                         |                        |             Disabled |\n"
         "+-----------------------------------------+------------------------+----------------------+\n";
}

std::vector<Finding> findings_of(const std::string& text) {
  return import_and_score::findings_of_texts({{"smi-table.synthetic.txt", text}});
}

using import_and_score::find_finding;

TEST(NvidiaSmiTableScoring, ACapBelowTdpReachedUnderLoadIsPowerCapped) {
  const auto fs = findings_of(table_550_synthetic("   249W /  250W", "100%"));
  const Finding* f = find_finding(fs, "power-capped");
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->confidence, "medium");  // the TDP stands in for the default the table does not print
  EXPECT_EQ(find_finding(fs, "sliced"), nullptr);  // the busy GPU is the user's own job
}

TEST(NvidiaSmiTableScoring, TheSameCapIdleIsOnlyLow) {
  const auto fs = findings_of(table_550_synthetic("    61W /  250W", "  0%"));
  const Finding* f = find_finding(fs, "power-capped");
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->confidence, "low");
}

TEST(NvidiaSmiTableScoring, TheStockCapUnderLoadIsNoFinding) {
  const auto fs = findings_of(table_550_synthetic("   398W /  400W", "100%"));
  EXPECT_EQ(find_finding(fs, "power-capped"), nullptr);
  EXPECT_EQ(find_finding(fs, "thermal-throttled"), nullptr);
}

}  // namespace
}  // namespace gpuaudit

namespace gpuaudit::imports {
namespace {

// A paste of only one GPU's rows, no banner and no header (Azure's V100 whose power reads ERR!).
TEST(ImportNvidiaSmiTable, TheRowsOfOneGpuAloneAreATable) {
  const std::string raw =
      read_bytes((fs::path(GPUAUDIT_TEST_DATA) / "real-world" / "azure-v100-pcie-power-reading-err" / "nvidia-smi.txt").string());
  EXPECT_EQ(detected(raw), "nvidia-smi-table");
  const ImportPart p = parse_table(raw);
  ASSERT_EQ(p.gpus.size(), 1u);
  EXPECT_EQ(p.gpus[0].index, 1);
  EXPECT_EQ(p.gpus[0].name, "Tesla V100-PCIE...");
  EXPECT_TRUE(any_contains(p.warnings, "power draw is ERR!"));
  // Prose with a pipe and an address-like word is not a GPU row.
  EXPECT_NE(detected("| see 0000:3b:00.0 | for details |\n"), "nvidia-smi-table");
}

// The banner alone, its borders lost (apex #1012, as posted): the driver and its CUDA version, no GPU.
TEST(ImportNvidiaSmiTable, TheBannerAloneGivesTheDriverAndItsCuda) {
  const std::string raw = read_bytes(
      (fs::path(GPUAUDIT_TEST_DATA) / "real-world" / "apex-1012-gtx1050-mobile-nvcc-9-1-driver-450-80-header" / "nvidia-smi.txt").string());
  EXPECT_EQ(detected(raw), "nvidia-smi-table");
  const ImportPart p = parse_table(raw);
  EXPECT_TRUE(p.gpus.empty());
  ASSERT_TRUE(p.software.driver_version);
  EXPECT_EQ(*p.software.driver_version, "450.80.02");
  ASSERT_TRUE(p.software.cuda_driver_version);
  EXPECT_EQ(*p.software.cuda_driver_version, 11000);
  // A -q dump's "Driver Version : 450" (a space before the colon) is not the banner.
  EXPECT_NE(detected("Driver Version                            : 450.80.02\n"), "nvidia-smi-table");
}

// A paste that starts at the header's closing "|===+===|" line (ComfyUI's Nix issue: RTX 5080) is the
// same GPU rows alone: the border opens the body before any section is known.
TEST(ImportNvidiaSmiTable, RowsPastedFromTheHeadersClosingLine) {
  const std::string raw =
      "|=========================================+========================+======================|\n"
      "|   0  NVIDIA GeForce RTX 5080        Off |   00000000:2B:00.0  On |                  N/A |\n"
      "|  0%   43C    P8             11W /  360W |    1030MiB /  16303MiB |      1%      Default |\n"
      "|                                         |                        |                  N/A |\n"
      "+-----------------------------------------+------------------------+----------------------+\n";
  EXPECT_EQ(detected(raw), "nvidia-smi-table");
  const ImportPart p = parse_table(raw);
  ASSERT_EQ(p.gpus.size(), 1u);
  EXPECT_EQ(p.gpus[0].name, "NVIDIA GeForce RTX 5080");
  EXPECT_EQ(*p.gpus[0].power.limit_w, 360);
}

// A header whose closing line the paste damaged (Singularity #5966: "|=====...+= =====|", a space
// where characters were lost) still opens the body.
TEST(ImportNvidiaSmiTable, AHeaderClosingLineWithAGapStillOpensTheBody) {
  const std::string raw =
      read_bytes((fs::path(GPUAUDIT_TEST_DATA) / "real-world" / "singularity-5966-geforce-6gb-table-465-p8-idle-cut" /
                  "nvidia-smi.txt")
                     .string());
  const ImportPart p = parse_table(raw);
  ASSERT_EQ(p.gpus.size(), 1u);
  EXPECT_EQ(p.gpus[0].name, "NVIDIA GeForce ...");
  EXPECT_EQ(*p.gpus[0].power.limit_w, 130);
}

}  // namespace
}  // namespace gpuaudit::imports
