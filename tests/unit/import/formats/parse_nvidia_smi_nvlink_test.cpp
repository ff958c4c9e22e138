// A paste that stops in the middle of a line (a post cut at a size limit, a selection that ends
// early, an index's excerpt) must yield what is there and no part of a value as if it were the
// value: the real fixtures below, cut here at a point inside one of their lines (the cut is the
// test's; the bytes before it are the fixture's), keep each GPU without the name or UUID the cut
// line shows only a part of.
#include "import/import.hpp"
#include "unit/support/import_test_support.hpp"

#include <gtest/gtest.h>

#include <filesystem>

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

}  // namespace
}  // namespace gpuaudit::imports

namespace gpuaudit::imports {
namespace {

namespace fs = std::filesystem;
using import_test::detected;
using import_test::read_bytes;

ImportPart parse(const std::string& raw) { return import_test::parse_as("nvidia-smi-nvlink", raw, "nvlink.txt"); }

const fs::path kNvlink = fs::path(GPUAUDIT_TEST_DATA) / "imports" / "nvidia-smi-nvlink";

TEST(ImportNvidiaSmiNvlink, EveryFixtureIsDetectedAsNvlink) {
  int n = 0;
  for (const auto& e : fs::directory_iterator(kNvlink)) {
    if (e.path().extension() != ".txt") continue;
    EXPECT_EQ(detected(read_bytes(e.path())), "nvidia-smi-nvlink") << e.path();
    ++n;
  }
  EXPECT_GE(n, 5);
}

TEST(ImportNvidiaSmiNvlink, StatusLinesCountLinksUpAndQueried) {
  const auto p = parse(read_bytes(kNvlink / "hpe-h100-pcie-x2-bridged-12-of-18.txt"));
  ASSERT_EQ(p.gpus.size(), 2u);
  EXPECT_EQ(p.gpus[1].index, 1);
  EXPECT_EQ(p.gpus[1].uuid, "GPU-9b1446e2-8a89-4cf6-b68c-a98d99e958d3");
  EXPECT_EQ(p.gpus[0].nvlink.links_queried, 18);
  EXPECT_EQ(p.gpus[0].nvlink.links_up, 12);
  EXPECT_EQ(p.gpus[0].nvlink.extra["links"][4]["state"], "inactive");
  EXPECT_DOUBLE_EQ(p.gpus[0].nvlink.extra["links"][0]["gbs"].get<double>(), 26.562);
  EXPECT_TRUE(p.skipped.empty());
  EXPECT_EQ(p.gpus[0].extra["source"]["line"], 2);
}

TEST(ImportNvidiaSmiNvlink, AllInactiveHasNoCountAndARedactedUuidIsNone) {
  const auto p = parse(read_bytes(kNvlink / "gpud-b200-gpu2-all-links-inactive.txt"));
  ASSERT_EQ(p.gpus.size(), 1u);
  EXPECT_EQ(p.gpus[0].index, 2);
  EXPECT_EQ(p.gpus[0].uuid, "");  // "GPU-xxx" names nothing
  EXPECT_EQ(p.gpus[0].nvlink.links_queried, 0);
  EXPECT_EQ(p.gpus[0].nvlink.extra["all_inactive"], true);
  // Some drivers print the message on the header line itself.
  const auto q = parse("GPU 1: Quadro RTX 5000 (UUID: GPU-bbbb0000-1111) NVML: Unable to retrieve Nvlink information as all links are inActive\n");
  ASSERT_EQ(q.gpus.size(), 1u);
  EXPECT_EQ(q.gpus[0].nvlink.extra["all_inactive"], true);
}

TEST(ImportNvidiaSmiNvlink, RemoteCapabilityAndErrorLinesAreNeverLinksUp) {
  const std::string raw =
      "GPU 0: NVIDIA H100 PCIe (UUID: GPU-6968dfc2-d444-d92c-c36b-6abe53445cb9)\n"
      "         Link 0: Remote Device 00000000:D5:00.0: Link 0\n"
      "         Link 0, P2P is supported: true\n"
      "         Link 0: Replay Errors: 0\n"
      "         Link 0: Recovery Errors: 2\n"
      "         Link 0: CRC Errors: 0\n";
  const auto p = parse(raw);
  EXPECT_EQ(detected(raw), "nvidia-smi-nvlink");
  ASSERT_EQ(p.gpus.size(), 1u);
  EXPECT_EQ(p.gpus[0].nvlink.links_queried, 0);
  EXPECT_EQ(p.gpus[0].nvlink.links_up, 0);
  EXPECT_EQ(p.gpus[0].nvlink.extra["errors"][0]["recovery_errors"], 2);
  EXPECT_TRUE(p.skipped.empty());
}

TEST(ImportNvidiaSmiNvlink, UnknownStatusWordsCountAsNotUpAndAreNamed) {
  const auto p = parse("GPU 0: NVIDIA A100-SXM4-40GB (UUID: GPU-abc12345)\n\t Link 0: <inactive>\n\t Link 1: some future status\n");
  ASSERT_EQ(p.gpus.size(), 1u);
  EXPECT_EQ(p.gpus[0].nvlink.links_queried, 2);
  EXPECT_EQ(p.gpus[0].nvlink.links_up, 0);
  ASSERT_EQ(p.skipped.size(), 1u);
  EXPECT_NE(p.skipped[0].find("line 3"), std::string::npos) << p.skipped[0];
}

TEST(ImportNvidiaSmiNvlink, NoNvlinkAndMigModeAnswersNameTheGpuAndCountNoLinks) {
  // A PCIe card and a MIG-mode board: real outputs (exporter captures), refused as no format before.
  const auto l40s = parse(read_bytes(kNvlink / "exporter-capture-l40s-no-nvlink.txt"));
  ASSERT_EQ(l40s.gpus.size(), 1u);
  EXPECT_EQ(l40s.gpus[0].name, "NVIDIA L40S");
  EXPECT_EQ(l40s.gpus[0].nvlink.links_queried, 0);
  EXPECT_EQ(l40s.gpus[0].nvlink.links_up, 0);
  EXPECT_EQ(l40s.gpus[0].nvlink.extra["not_supported"], "device");
  EXPECT_FALSE(l40s.gpus[0].nvlink.extra.contains("all_inactive"));
  const auto mig = parse(read_bytes(kNvlink / "exporter-capture-h100-mig-mode.txt"));
  ASSERT_EQ(mig.gpus.size(), 1u);
  EXPECT_EQ(mig.gpus[0].nvlink.extra["not_supported"], "mig-mode");
  // The message alone, with no GPU header, is nobody's output.
  EXPECT_EQ(detected("Device does not have or support Nvlink\n"), "");
}

TEST(ImportNvidiaSmiNvlink, ForeignAndCutInputsNeitherCrashNorClaim) {
  // nvidia-smi -L: the same headers, no link lines.
  EXPECT_NE(detected("GPU 0: NVIDIA H100 80GB HBM3 (UUID: GPU-4039dfe4-0c97-4b1e-683e-eb7d42699053)\n"), "nvidia-smi-nvlink");
  EXPECT_EQ(detected("Link 0: 25 GB/s\n"), "");  // no GPU header
  const auto orphan = parse("Link 0: 25 GB/s\nGPU 0: X (UUID: GPU-00000000)\n\t Link 0: 25 GB/s\n");
  ASSERT_EQ(orphan.gpus.size(), 1u);
  EXPECT_EQ(orphan.gpus[0].nvlink.links_up, 1);
  EXPECT_FALSE(orphan.skipped.empty());
  const std::string raw = read_bytes(kNvlink / "hpe-h100-pcie-x2-bridged-12-of-18.txt");
  for (std::size_t n = 0; n < raw.size(); n += 5) (void)parse(raw.substr(0, n));
  (void)parse("GPU 99999999999: x\nLink 99999999: 1e308 GB/s\nLink 3: -5 GB/s\nGPU :\n");
}

}  // namespace
}  // namespace gpuaudit::imports
