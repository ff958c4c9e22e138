// The `dcgmi nvlink` parser (src/import/formats/parse_dcgmi_nvlink.cpp) on the real outputs of
// tests/data/imports/dcgmi-nvlink/ (their values are checked by format_registry_test.cpp from the
// sidecars), on the letters' meanings (DCGM's dcgmNvLinkLinkState_t), NvSwitch rows, cut pastes and
// foreign text; and the nvlink rule on what it fills (links down on an SXM box; a GPU in MIG mode).
#include "baselines/baseline_set.hpp"
#include "import/import.hpp"
#include "unit/support/import_test_support.hpp"
#include "score/assess.hpp"
#include "score/assessment_text.hpp"
#include "score/baseline_lookup.hpp"
#include "unit/support/repo_baselines.hpp"

#include <gtest/gtest.h>

#include <filesystem>

namespace gpuaudit::imports {
namespace {

namespace fs = std::filesystem;
using import_test::detected;
using import_test::read_bytes;

ImportPart parse(const std::string& raw) { return import_test::parse_as("dcgmi-nvlink", raw, "dcgmi-nvlink.txt"); }

const fs::path kDir = fs::path(GPUAUDIT_TEST_DATA) / "imports" / "dcgmi-nvlink";

// The layout dcgmi prints (dcgmi/Nvlink.cpp DisplayNvLinkLinkStatus), with the rows given.
std::string status_table(const std::vector<std::string>& gpu_rows, const std::string& switches = "    No NvSwitches found.\n") {
  std::string s = "+----------------------+\n|  NvLink Link Status  |\n+----------------------+\nGPUs:\n";
  for (std::size_t i = 0; i < gpu_rows.size(); ++i) s += "    gpuId " + std::to_string(i) + ":\n        " + gpu_rows[i] + "\n";
  return s + "NvSwitches:\n" + switches + "\nKey: Up=U, Down=D, Disabled=X, Not Supported=_\n";
}

TEST(ImportDcgmiNvlink, EveryFixtureIsDetectedAsDcgmiNvlink) {
  int n = 0;
  for (const auto& e : fs::directory_iterator(kDir)) {
    if (e.path().extension() != ".txt") continue;
    EXPECT_EQ(detected(read_bytes(e.path())), "dcgmi-nvlink") << e.path();
    ++n;
  }
  EXPECT_GE(n, 4);
}

TEST(ImportDcgmiNvlink, DownLinksAreQueriedAndNotUp) {
  const auto p = parse(read_bytes(kDir / "dcgm198-h100-nvl-x2-all-18-down.txt"));
  ASSERT_EQ(p.gpus.size(), 2u);
  EXPECT_EQ(p.gpus[1].index, 1);
  EXPECT_TRUE(p.gpus[1].name.empty());  // dcgmi names no model
  EXPECT_EQ(p.gpus[0].nvlink.links_queried, 18);
  EXPECT_EQ(p.gpus[0].nvlink.links_up, 0);
  EXPECT_EQ(p.gpus[0].nvlink.extra["links"][0]["state"], "down");
  EXPECT_TRUE(p.skipped.empty());
}

TEST(ImportDcgmiNvlink, NotSupportedSlotsAreNotLinks) {
  // An H800 has 8 NVLinks: dcgmi prints them and 10 '_' for the slots past its count.
  const auto p = parse(read_bytes(kDir / "llm-action-h800-x8-8-links-up.txt"));
  ASSERT_EQ(p.gpus.size(), 8u);
  for (const auto& g : p.gpus) {
    EXPECT_EQ(g.nvlink.links_queried, 8) << g.index;
    EXPECT_EQ(g.nvlink.links_up, 8) << g.index;
    EXPECT_EQ(g.nvlink.extra["links"].size(), 8u);
  }
}

TEST(ImportDcgmiNvlink, DisabledIsNeitherUpNorDown) {
  const auto p = parse(status_table({"U U U U D D X X _ _ _ _ _ _ _ _ _ _", "_ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _"}));
  ASSERT_EQ(p.gpus.size(), 2u);
  EXPECT_EQ(p.gpus[0].nvlink.links_queried, 6);
  EXPECT_EQ(p.gpus[0].nvlink.links_up, 4);
  EXPECT_EQ(p.gpus[0].nvlink.extra["links"][6]["state"], "disabled");
  EXPECT_EQ(p.gpus[0].nvlink.extra["links"].size(), 8u);
  // A GPU of only '_' has no NVLink DCGM can see: nothing is claimed about it.
  EXPECT_EQ(p.gpus[1].nvlink.links_queried, 0);
  EXPECT_TRUE(p.gpus[1].nvlink.extra.is_null());
}

TEST(ImportDcgmiNvlink, NvSwitchRowsAreKeptAside) {
  const auto p = parse(status_table({"U U U U U U U U U U U U U U U U U U"},
                                    "    physicalId 8:\n        U U D X X _\n    physicalId 9:\n        U U U U X X\n"));
  ASSERT_EQ(p.gpus.size(), 1u);
  const json& sw = p.imported.at("dcgmi-nvlink").at("nvswitches");
  ASSERT_EQ(sw.size(), 2u);
  EXPECT_EQ(sw[0]["physical_id"], 8);
  EXPECT_EQ(sw[0]["links_up"], 2);
  EXPECT_EQ(sw[0]["links_down"], 1);
  EXPECT_EQ(sw[0]["links_disabled"], 2);
  EXPECT_EQ(sw[1]["links_up"], 4);
}

TEST(ImportDcgmiNvlink, ErrorCountersGoToTheirGpu) {
  const auto p = parse(read_bytes(kDir / "llm-action-h800-gpu1-error-counts.txt"));
  ASSERT_EQ(p.gpus.size(), 1u);
  EXPECT_EQ(p.gpus[0].index, 1);
  EXPECT_EQ(p.gpus[0].nvlink.links_queried, 0);  // counters say nothing about link state
  const json& e = p.gpus[0].nvlink.extra.at("errors");
  ASSERT_EQ(e.size(), 8u);
  EXPECT_EQ(e[3]["link"], 3);
  EXPECT_EQ(e[3]["crc_data_error"], 0);
  EXPECT_EQ(e[3]["replay_error"], 0);
}

TEST(ImportDcgmiNvlink, CutPastesAndEntityIdLinesKeepWhatIsShown) {
  // Cut after a header: the GPU is listed, its links unknown. Newer dcgmi adds "Link Entities:".
  const auto p = parse("GPUs:\n    gpuId 0:\n        U U D _\n    Link Entities:  0:1 1:2 2:3\n    gpuId 1:\n");
  ASSERT_EQ(p.gpus.size(), 2u);
  EXPECT_EQ(p.gpus[0].nvlink.links_queried, 3);
  EXPECT_EQ(p.gpus[0].nvlink.links_up, 2);
  EXPECT_EQ(p.gpus[1].nvlink.links_queried, 0);
  // A paste that keeps the letters on the header line.
  const auto q = parse("GPUs:\n    gpuId 4: U U U U U U D D\n");
  ASSERT_EQ(q.gpus.size(), 1u);
  EXPECT_EQ(q.gpus[0].index, 4);
  EXPECT_EQ(q.gpus[0].nvlink.links_up, 6);
  EXPECT_EQ(q.gpus[0].nvlink.links_queried, 8);
}

TEST(ImportDcgmiNvlink, ForeignTextIsNotThisFormat) {
  EXPECT_NE(detected("GPU 0: NVIDIA H100 80GB HBM3 (UUID: GPU-4039dfe4-0c97-4b1e-683e-eb7d42699053)\n"
                     "         Link 0: 26.562 GB/s\n         Link 1: 26.562 GB/s\n"),
            "dcgmi-nvlink");
  EXPECT_NE(detected("U U D\nhello\n"), "dcgmi-nvlink");
  // A dcgmi diag message about links is the diag's, not a link table.
  EXPECT_NE(detected("+---------------------------+------------------------------------------------+\n"
                     "| Diagnostic                | Result                                         |\n"
                     "|-----  Integration  -------+------------------------------------------------|\n"
                     "| PCIe                      | Fail - All                                     |\n"
                     "| Warning                   | GPU 0GPU 0's NvLink link 0 is currently down   |\n"),
            "dcgmi-nvlink");
  const auto p = parse("random\n\x01\x02 gpuId x:\nU U\n");
  EXPECT_TRUE(p.gpus.empty());
}

// --- the nvlink rule on what this format fills ---

Assessment score(const ResultDocument& doc) { return assess(doc, reference_lookup(repo_baselines()), repo_baselines().version, Thresholds{}); }

bool has(const Assessment& a, const std::string& id, int gpu) {
  for (const auto& f : a.findings)
    if (f.id == id && f.gpu == gpu) return true;
  return false;
}

ResultDocument h100_sxm_pair(const std::string& rows0, const std::string& rows1) {
  ResultDocument d;
  d.synthetic = true;
  d.synthetic_source = "import_dcgmi_nvlink_test.cpp";
  d.mode = "custom";
  const auto p = parse(status_table({rows0, rows1}));
  for (GpuInfo g : p.gpus) {
    g.name = "NVIDIA H100 80GB HBM3";  // what an nvidia-smi -q of the same box adds
    g.virtualization_mode = "none";
    d.gpus.push_back(g);
  }
  return d;
}

TEST(ImportDcgmiNvlink, AllDownOnAnSxmBoxIsNoNvlinkSomeDownIsDegraded) {
  const Assessment a = score(h100_sxm_pair("D D D D D D D D D D D D D D D D D D", "U U U U U U U U U U U U D D D D D D"));
  EXPECT_TRUE(has(a, "no-nvlink", 0)) << assessment_text(a);
  EXPECT_TRUE(has(a, "nvlink-degraded", 1)) << assessment_text(a);
}

TEST(ImportDcgmiNvlink, AGpuInMigModeIsNotNoNvlink) {
  ResultDocument d = h100_sxm_pair("D D D D D D D D D D D D D D D D D D", "D D D D D D D D D D D D D D D D D D");
  for (auto& g : d.gpus) g.mig.mode_enabled = true;
  const Assessment a = score(d);
  EXPECT_FALSE(has(a, "no-nvlink", 0)) << assessment_text(a);
  EXPECT_FALSE(has(a, "no-nvlink", 1)) << assessment_text(a);
}

}  // namespace
}  // namespace gpuaudit::imports
