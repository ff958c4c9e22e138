// A paste that stops in the middle of a line (a post cut at a size limit, a selection that ends
// early, an index's excerpt) must yield what is there and no part of a value as if it were the
// value: the real fixtures below, cut here at a point inside one of their lines (the cut is the
// test's; the bytes before it are the fixture's), keep each GPU without the name or UUID the cut
// line shows only a part of.
#include "import/import.hpp"
#include "unit/support/import_test_support.hpp"

#include <gtest/gtest.h>

namespace gpuaudit::imports {
namespace {

// The fixture's bytes up to and including the first `through` in them ("" when it is not there).
std::string cut_through(const std::string& format, const std::string& file, const std::string& through) {
  const std::string raw = import_test::read_bytes(import_test::fixture_dir(format) / file);
  const auto at = raw.find(through);
  return at == std::string::npos ? std::string() : raw.substr(0, at + through.size());
}

const GpuInfo* gpu_at(const ImportPart& p, int index) {
  for (const auto& g : p.gpus)
    if (g.index == index) return &g;
  return nullptr;
}

bool skipped_has(const ImportPart& p, const std::string& what) {
  for (const auto& s : p.skipped)
    if (s.find(what) != std::string::npos) return true;
  return false;
}

TEST(ImportCutMidLine, NvlinkHeaderCutInsideItsUuid) {
  const std::string raw = cut_through("nvidia-smi-nvlink", "a100-sxm4-x8-all-links-up-cut.txt", "GPU-0c512562-87");
  ASSERT_FALSE(raw.empty());
  const ImportPart p = import_test::parse_as("nvidia-smi-nvlink", raw);
  const GpuInfo* g = gpu_at(p, 1);
  ASSERT_NE(g, nullptr);
  EXPECT_EQ(g->uuid, "");  // not "GPU-0c512562-87"
  EXPECT_TRUE(skipped_has(p, "cut inside its UUID"));
  ASSERT_NE(gpu_at(p, 0), nullptr);
  EXPECT_FALSE(gpu_at(p, 0)->uuid.empty());  // the whole line before it keeps its UUID
}

TEST(ImportCutMidLine, NvbandwidthDeviceLineCutBeforeItsBusId) {
  const std::string raw = cut_through("nvbandwidth", "a100-sxm4-80gb-x8-d2d-read-assert-v0.7.txt", "Device 6: N");
  ASSERT_FALSE(raw.empty());
  const ImportPart p = import_test::parse_as("nvbandwidth", raw);
  for (const auto& g : p.gpus) EXPECT_NE(g.name, "N") << g.index;
  EXPECT_TRUE(skipped_has(p, "device 6: its line is cut before the bus id"));
  const GpuInfo* five = gpu_at(p, 5);
  ASSERT_NE(five, nullptr);
  EXPECT_EQ(five->name, "NVIDIA A100-SXM4-80GB");
}

TEST(ImportCutMidLine, P2pDeviceLineCutBeforePciBusId) {
  const std::string raw = cut_through("p2pBandwidthLatencyTest", "rtx4090-x2-p2p-disabled-vs-enabled-cut.txt", "Device: 1, NVI");
  ASSERT_FALSE(raw.empty());
  const ImportPart p = import_test::parse_as("p2pBandwidthLatencyTest", raw);
  for (const auto& g : p.gpus) EXPECT_NE(g.name, "NVI") << g.index;
  EXPECT_TRUE(skipped_has(p, "cut before pciBusID"));
  const GpuInfo* zero = gpu_at(p, 0);
  ASSERT_NE(zero, nullptr);
  EXPECT_EQ(zero->name, "NVIDIA GeForce RTX 4090");
}

TEST(ImportCutMidLine, LspciLineCutInsideItsIdPair) {
  const std::string raw = cut_through("lspci", "gpud-a100-x8-azure-nn-listing.txt",
                                      "000b:00:00.0 3D controller [0302]: NVIDIA Corporation GA100 [A100 SXM4 80GB] [10de:");
  ASSERT_FALSE(raw.empty());
  const ImportPart p = import_test::parse_as("lspci", raw);
  const GpuInfo* last = nullptr;
  for (const auto& g : p.gpus)
    if (g.pci_bus_id == "0000000B:00:00.0") last = &g;
  ASSERT_NE(last, nullptr);
  EXPECT_EQ(last->name, "A100 SXM4 80GB");  // the name before the cut id, not "... [10de:"
}

TEST(ImportCutMidLine, ListLineCutBeforeItsUuid) {
  const std::string raw = cut_through("nvidia-smi-list", "quadro-rtx4000-x2-535.txt", "GPU 1: Quadro RTX 40");
  ASSERT_FALSE(raw.empty());
  const ImportPart p = import_test::parse_as("nvidia-smi-list", raw);
  const GpuInfo* one = gpu_at(p, 1);
  ASSERT_NE(one, nullptr);
  EXPECT_EQ(one->name, "");  // not "Quadro RTX 40"
  EXPECT_TRUE(skipped_has(p, "before its \"(UUID:\""));
  EXPECT_EQ(gpu_at(p, 0)->name, "Quadro RTX 4000");
  // The same line ending in a newline was printed so (an old driver prints no UUID): it keeps its name.
  const ImportPart whole = import_test::parse_as("nvidia-smi-list", "GPU 0: Tesla K80 (UUID: GPU-c7b57be0-94ff-d352-a59b-d0ee00aeed43)\nGPU 1: Tesla K80\n");
  EXPECT_EQ(gpu_at(whole, 1)->name, "Tesla K80");
}

}  // namespace
}  // namespace gpuaudit::imports
