// The nvidia-smi mig listings parser (src/import/formats/parse_nvidia_smi_mig.cpp) on the real outputs in
// tests/data/imports/nvidia-smi-mig/ (values checked by format_registry_test.cpp) and on the
// layouts a paste has: -lcip / -lci (no traceable real paste: synthetic rows in nvidia-smi's
// layout), creation answers, "No MIG-enabled devices found.", a listing cut halfway; and the
// verdict it leads to: a board a listing names is in MIG mode, so `sliced`.
#include "import/import.hpp"
#include "unit/support/import_and_score_support.hpp"
#include "unit/support/import_test_support.hpp"

#include <gtest/gtest.h>

namespace gpuaudit::imports {
namespace {

using import_test::detected;
using import_test::read_bytes;

ImportPart parse_mig(const std::string& raw) { return import_test::parse_as("nvidia-smi-mig", raw, "mig.txt"); }

TEST(ImportNvidiaSmiMig, GpuInstancesOfTwoBoards) {
  const std::string raw = read_bytes(import_test::fixture_dir("nvidia-smi-mig") / "dcgm-138-two-boards-lgi-cut.txt");
  ASSERT_FALSE(raw.empty());
  EXPECT_EQ(detected(raw), "nvidia-smi-mig");
  const auto p = parse_mig(raw);
  ASSERT_EQ(p.gpus.size(), 2u);
  EXPECT_EQ(p.gpus[1].index, 1);
  EXPECT_TRUE(p.gpus[0].mig.mode_enabled.value_or(false));
  const json& gis = p.gpus[0].mig.extra["gpu_instances"];
  ASSERT_EQ(gis.size(), 4u);
  EXPECT_EQ(gis[2]["profile"], "2g.20gb");
  EXPECT_EQ(gis[2]["profile_id"], 14);
  EXPECT_EQ(gis[2]["gpu_instance_id"], 3);
  EXPECT_TRUE(p.gpus[0].name.empty());  // -lgi names no model
  EXPECT_TRUE(p.skipped.empty()) << p.skipped[0];
}

TEST(ImportNvidiaSmiMig, ProfilesKeepTheirEngines) {
  const std::string raw = read_bytes(import_test::fixture_dir("nvidia-smi-mig") / "mig-parted-139-gh200-lgip-cut.txt");
  const auto p = parse_mig(raw);
  ASSERT_EQ(p.gpus.size(), 1u);
  const json& prof = p.gpus[0].mig.extra["gpu_instance_profiles"];
  ASSERT_EQ(prof.size(), 4u);
  // |   0  MIG 1g.18gb+me    20     1/1        17.50      No     16     1     0   |
  // |                                                             1     1     1   |
  EXPECT_EQ(prof[1]["profile"], "1g.18gb+me");
  EXPECT_EQ(prof[1]["sm"], 16);
  EXPECT_EQ(prof[1]["dec"], 1);
  EXPECT_EQ(prof[1]["enc"], 0);
  EXPECT_EQ(prof[1]["ce"], 1);
  EXPECT_EQ(prof[1]["jpeg"], 1);
  EXPECT_EQ(prof[1]["ofa"], 1);
  EXPECT_EQ(prof[1]["p2p"], false);
}

TEST(ImportNvidiaSmiMig, ComputeInstanceProfilesAndInstances) {
  // synthetic: -lcip and -lci in the layout nvidia-smi 535 prints (NVIDIA's MIG user guide), values made up.
  const std::string raw =
      "$ nvidia-smi mig -lcip -gi 1\n"
      "+--------------------------------------------------------------------------------------+\n"
      "| Compute instance profiles:                                                           |\n"
      "| GPU     GPU       Name             Profile  Instances   Exclusive       Shared       |\n"
      "|       Instance                       ID     Free/Total     SM       DEC   ENC   OFA  |\n"
      "|         ID                                                          CE    JPEG       |\n"
      "|======================================================================================|\n"
      "|   0      1       MIG 1c.3g.40gb       0      2/3           14        2     0     0   |\n"
      "|                                                                     3     0          |\n"
      "+--------------------------------------------------------------------------------------+\n"
      "|   0      1       MIG 3g.40gb          2*     0/1           42        2     0     0   |\n"
      "|                                                                     3     0          |\n"
      "+--------------------------------------------------------------------------------------+\n"
      "$ nvidia-smi mig -lci\n"
      "+--------------------------------------------------------------------+\n"
      "| Compute instances:                                                 |\n"
      "| GPU     GPU       Name             Profile   Instance   Placement  |\n"
      "|       Instance                       ID        ID       Start:Size |\n"
      "|         ID                                                         |\n"
      "|====================================================================|\n"
      "|   0      1       MIG 1c.3g.40gb        0         0          0:1     |\n"
      "+--------------------------------------------------------------------+\n";
  EXPECT_EQ(detected(raw), "nvidia-smi-mig");
  const auto p = parse_mig(raw);
  ASSERT_EQ(p.gpus.size(), 1u);
  const json& cip = p.gpus[0].mig.extra["compute_instance_profiles"];
  ASSERT_EQ(cip.size(), 2u);
  EXPECT_EQ(cip[0]["profile"], "1c.3g.40gb");
  EXPECT_EQ(cip[0]["gpu_instance_id"], 1);
  EXPECT_EQ(cip[0]["instances_free"], 2);
  EXPECT_EQ(cip[0]["sm"], 14);
  EXPECT_EQ(cip[0]["ce"], 3);
  EXPECT_EQ(cip[1]["default"], true);
  EXPECT_EQ(cip[1]["profile_id"], 2);
  const json& ci = p.gpus[0].mig.extra["compute_instances"];
  ASSERT_EQ(ci.size(), 1u);
  EXPECT_EQ(ci[0]["compute_instance_id"], 0);
  EXPECT_EQ(ci[0]["placement_size"], 1);
}

TEST(ImportNvidiaSmiMig, NoMigEnabledDeviceAndForeignText) {
  const auto none = parse_mig("$ nvidia-smi mig -lgi\nNo MIG-enabled devices found.\n");
  EXPECT_TRUE(none.gpus.empty());
  ASSERT_EQ(none.warnings.size(), 1u);
  EXPECT_TRUE(none.imported["nvidia-smi-mig"]["no_mig_enabled_devices"].get<bool>());
  const Format* f = find_format("nvidia-smi-mig");
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->detect("| GPU  Name  Persistence-M | Bus-Id  Disp.A |\n"), 0);
  const auto nothing = parse_mig("hello\n");
  ASSERT_FALSE(nothing.skipped.empty());
}

TEST(ImportNvidiaSmiMig, CutAtEveryByteNeverCrashes) {
  const std::string raw = read_bytes(import_test::fixture_dir("nvidia-smi-mig") / "mig-parted-97-lgip-no-free-instances-cut.txt");
  ASSERT_FALSE(raw.empty());
  for (std::size_t n = 0; n <= raw.size(); ++n) (void)parse_mig(raw.substr(0, n));
}

TEST(ImportNvidiaSmiMig, AListedBoardScoresSliced) {
  const std::string raw = read_bytes(import_test::fixture_dir("nvidia-smi-mig") / "dcgm-138-two-boards-lgi-cut.txt");
  const auto fs = import_and_score::findings_of_texts({{"lgi.txt", raw}});
  for (int gpu : {0, 1}) {
    const Finding* f = import_and_score::find_finding(fs, "sliced", gpu);
    ASSERT_NE(f, nullptr) << gpu;
    EXPECT_EQ(f->confidence, "high");
    ASSERT_FALSE(f->evidence.empty());
    EXPECT_NE(f->evidence[0].find("4 MIG device(s) listed"), std::string::npos) << f->evidence[0];
  }
}

}  // namespace
}  // namespace gpuaudit::imports
