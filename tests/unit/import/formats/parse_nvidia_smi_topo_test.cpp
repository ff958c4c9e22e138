// Unit tests of the nvidia-smi topo -m parser (src/import/formats/parse_nvidia_smi_topo.cpp).
#include "import/import.hpp"
#include "unit/support/import_test_support.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <sstream>

namespace gpuaudit::imports {
namespace {

namespace fs = std::filesystem;
using import_test::detected;
using import_test::parse_as;
using import_test::read_bytes;

const fs::path kData = fs::path(GPUAUDIT_TEST_DATA) / "imports";

const fs::path kQ = kData / "nvidia-smi-q";

const fs::path kTopo = kData / "nvidia-smi-topo";

TEST(ImportNvidiaSmiTopo, AnNvswitchBoxIsNotReadAsRowSums) {
  const auto p = parse_as("nvidia-smi-topo", read_bytes(kTopo / "smi-topo-8x-h100-nvswitch-9-nics-excerpt.txt"));
  ASSERT_EQ(p.topology["gpus"].size(), 8u);
  EXPECT_EQ(p.topology["kind"], "nvswitch");
  EXPECT_EQ(p.topology["source"], "nvidia-smi topo -m");
  EXPECT_EQ(p.topology["gpus"][0]["nvlinks_up"], 18);
  EXPECT_EQ(p.topology["pairs"].size(), 28u);
  EXPECT_EQ(p.topology["pairs"][0]["via_nvswitch"], true);
  EXPECT_EQ(p.imported["nvidia-smi-topo"]["nics"][8]["to_gpus"]["GPU0"], "PIX");
  EXPECT_TRUE(p.gpus[0].nvlink.links_up == 0);  // topo -m cannot say links per GPU exactly
}

TEST(ImportNvidiaSmiTopo, DirectLinksSumTheirRowAndACutMatrixSaysSo) {
  const std::string raw = read_bytes(kTopo / "smi-topo-4gpu-nvlink-partial-2-numa.txt");
  const auto p = parse_as("nvidia-smi-topo", raw);
  EXPECT_EQ(p.topology["gpus"][0]["nvlinks_up"], 4);  // NV2 + NV2
  EXPECT_EQ(p.topology["gpus"][1]["nvlinks_up"], 3);  // NV2 + NV1
  const std::string cut = raw.substr(0, raw.find("GPU3\tSYS"));
  const auto q = parse_as("nvidia-smi-topo", cut);
  ASSERT_FALSE(q.skipped.empty());
  EXPECT_NE(q.skipped[0].find("3 of 4 GPU rows"), std::string::npos) << q.skipped[0];
  for (std::size_t n = 0; n < raw.size(); n += 7) (void)parse_as("nvidia-smi-topo", raw.substr(0, n));
}

TEST(ImportNvidiaSmiTopo, HeaderlessRowsWithMoreCellsThanRowsKeepTheAffinityAtTheirEnd) {
  // The real B200 excerpt (vllm-project/vllm#16336): rows GPU0-GPU5 of an 8-GPU, 12-NIC matrix, no
  // header. The cells past GPU5 (GPU6, GPU7, NICs) are no affinity: GPU2's own "SYS SYS" there were
  // read as its CPU and NUMA affinity. Now the affinity is the rows' last three tokens.
  const auto p = parse_as("nvidia-smi-topo", read_bytes(import_test::fixture_dir("nvidia-smi-topo") / "b200-x8-gpu2-no-nvlink-rows-0-5-no-header.txt"));
  ASSERT_EQ(p.gpus.size(), 6u);
  for (const auto& g : p.gpus) {
    const json& im = g.extra.at("imported");
    EXPECT_EQ(im.at("cpu_affinity"), g.index < 4 ? "0-55,112-167" : "56-111,168-223") << g.index;
    EXPECT_EQ(im.at("gpu_numa_id"), "N/A");
    EXPECT_EQ(g.numa_node, g.index < 4 ? 0 : 1);
  }
  bool said = false;
  for (const auto& s : p.skipped) said = said || s.find("14 cells past GPU5") != std::string::npos;
  EXPECT_TRUE(said);
  EXPECT_EQ(p.topology["kind"], "nvlink-partial");  // GPU2 reaches the others over PCIe only
}

TEST(ImportNvidiaSmiTopo, OldSocCellsAndASingleGpu) {
  const auto p = parse_as("nvidia-smi-topo", "\tGPU0\tGPU1\tCPU Affinity\nGPU0\t X \tSOC\t0-11\nGPU1\tSOC\t X \t12-23\n");
  EXPECT_EQ(p.topology["kind"], "pcie");
  EXPECT_EQ(p.topology["pairs"][0]["pcie_path"], "SYS");
  EXPECT_EQ(p.topology["pairs"][0]["label"], "SOC");
  const auto one = parse_as("nvidia-smi-topo", "\tGPU0\tCPU Affinity\tNUMA Affinity\nGPU0\t X \t0-11\t0\n");
  EXPECT_EQ(one.topology["kind"], "single");
  EXPECT_EQ(one.gpus.at(0).numa_node, 0);
  EXPECT_EQ(detected(read_bytes(kQ / "smi-gh200-480gb-550.txt")), "nvidia-smi-q");
  // A terminal capture keeps the underline of the header.
  const std::string ansi = "\t\x1b[4mGPU0\tGPU1\tCPU Affinity\x1b[0m\nGPU0\t X \tPIX\t0-7\nGPU1\tPIX\t X \t0-7\n";
  EXPECT_EQ(detected(ansi), "nvidia-smi-topo");
  EXPECT_EQ(parse_as("nvidia-smi-topo", ansi).topology["pairs"][0]["label"], "PIX");
}

}  // namespace
}  // namespace gpuaudit::imports
