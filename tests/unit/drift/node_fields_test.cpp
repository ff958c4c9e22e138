// The fields `drift` compares (drift/node_fields.hpp), read from real `nvidia-smi -q` outputs of
// tests/data/real-world imported as `gpuaudit import` does: an idle 8x H100 SXM and a 2x H100 NVL; a
// node whose GPUs disagree says "mixed".
#include "drift/node_fields.hpp"

#include "import/import.hpp"

#include <gtest/gtest.h>

#include <map>

namespace gpuaudit {
namespace {

std::map<std::string, std::string> fields_of(const ResultDocument& doc) {
  std::map<std::string, std::string> m;
  for (const auto& f : node_fields(doc)) m[f.name] = f.value;
  return m;
}

ResultDocument imported(const std::string& kase) {
  return imports::import_files({std::string(GPUAUDIT_TEST_DATA) + "/real-world/" + kase + "/nvidia-smi-q.txt"}, {}, nullptr);
}

TEST(NodeFields, AnIdleEightGpuH100) {
  const auto f = fields_of(imported("h100-sxm-x8-idle-gen5"));
  EXPECT_EQ(f.at("gpu_count"), "8");
  EXPECT_EQ(f.at("gpu_models"), "8x NVIDIA H100 80GB HBM3");
  EXPECT_EQ(f.at("power_limit_w"), "700");
  EXPECT_EQ(f.at("pcie_gen_max"), "5");
  EXPECT_EQ(f.at("ecc"), "on");
  EXPECT_FALSE(f.at("driver").empty());
  EXPECT_FALSE(f.at("vbios").empty());
  EXPECT_EQ(f.at("inforom"), "G520.0200.00.05");  // -q's Inforom Version > Image Version
  EXPECT_EQ(f.at("gsp_firmware"), "565.57.01");
  EXPECT_EQ(field_class("gsp_firmware"), "performance");
  EXPECT_EQ(field_class("power_limit_w"), "performance");
  EXPECT_EQ(field_class("nccl"), "environment");
  EXPECT_EQ(field_class("os"), "info");
}

TEST(NodeFields, TwoH100NvlAtTheirDefault) {
  const auto f = fields_of(imported("h100-nvl-x2-idle-310w-default"));
  EXPECT_EQ(f.at("gpu_count"), "2");
  EXPECT_EQ(f.at("power_limit_w"), "310");
}

TEST(NodeFields, GpusOfOneNodeThatDisagreeAreMixed) {
  ResultDocument doc = imported("h100-sxm-x8-idle-gen5");
  doc.gpus[3].power.limit_w = 350;
  EXPECT_EQ(fields_of(doc).at("power_limit_w"), "mixed: 350 | 700");
}

// The host's tuning (probe/host_tuning.hpp) and the locked application clocks are fields too.
TEST(NodeFields, TheHostsTuningAndApplicationClocks) {
  ResultDocument doc = imported("h100-sxm-x8-idle-gen5");
  doc.host.extra["tuning"] = {{"cpu_governor", "powersave"}, {"iommu", "pt"}, {"transparent_hugepages", "madvise"},
                              {"rapl_limit_w", 280.0}};
  for (auto& g : doc.gpus) g.clocks.extra["applications_graphics_mhz"] = 1980;
  doc.gpus[5].clocks.extra["applications_graphics_mhz"] = 1410;
  const auto f = fields_of(doc);
  EXPECT_EQ(f.at("cpu_governor"), "powersave");
  EXPECT_EQ(f.at("iommu"), "pt");
  EXPECT_EQ(f.at("transparent_hugepages"), "madvise");
  EXPECT_EQ(f.at("rapl_limit_w"), "280");
  EXPECT_EQ(f.at("app_clock_graphics_mhz"), "mixed: 1410 | 1980");
  EXPECT_EQ(field_class("cpu_governor"), "performance");
}

// An imported `dmidecode -t memory` (a real one: tests/data/imports/dmidecode-memory/) gives the
// populated slots and the speed the modules run at.
TEST(NodeFields, TheMemoryModulesOfAnImportedDmidecode) {
  const ResultDocument doc = imports::import_files(
      {std::string(GPUAUDIT_TEST_DATA) + "/real-world/h100-sxm-x8-idle-gen5/nvidia-smi-q.txt",
       std::string(GPUAUDIT_TEST_DATA) + "/imports/dmidecode-memory/ccharon-nas-2x16gb-ddr4-3200-ecc.txt"},
      {}, nullptr);
  const auto f = fields_of(doc);
  EXPECT_EQ(f.at("dimm_count"), "2");
  EXPECT_EQ(f.at("dimm_speed_mts"), "3200");
  EXPECT_EQ(field_class("dimm_speed_mts"), "performance");
  ResultDocument mixed = doc;
  mixed.host.extra["memory_modules"]["configured_speed_mts"] = "mixed: 2933 | 3200";
  EXPECT_EQ(fields_of(mixed).at("dimm_speed_mts"), "mixed: 2933 | 3200");
}

TEST(NodeFields, AnEmptyDocumentHasNoFieldAndANameFromItsFile) {
  ResultDocument doc;
  EXPECT_TRUE(node_fields(doc).empty());
  EXPECT_EQ(node_name(doc, "run.json"), "run.json");
  doc.tags["node"] = "gpu-node-07";
  EXPECT_EQ(node_name(doc, "run.json"), "gpu-node-07");
  doc.host.hostname = "host-a";
  EXPECT_EQ(node_name(doc, "run.json"), "host-a");
}

}  // namespace
}  // namespace gpuaudit
