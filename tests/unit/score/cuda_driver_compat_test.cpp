// score/cuda_driver_compat.cpp against NVIDIA's table as transcribed in
// tests/data/references/cuda-toolkit-driver-versions.tsv (CUDA 13.2 Update 2 release notes, Tables 2
// and 3): each toolkit minor version's minimum Linux driver is the lowest of its rows, both ways;
// then the rule on the cases it exists for.
#include "score/cuda_driver_compat.hpp"

#include "compare/environment.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <string>

using namespace gpuaudit;

namespace {

// "CUDA 12.9 Update 1" / "CUDA 11.4.0 GA" / "CUDA 10.1 (10.1.105 ...)" -> 12090 / 11040 / 10010.
int toolkit_of(const std::string& cell) {
  const auto v = cuda_version_from_text(cell.substr(5, cell.find_first_of(" (", 5) - 5));
  return v.value_or(0);
}

std::vector<int> parts(const std::string& v) {
  std::vector<int> out;
  std::size_t i = 0;
  while (i < v.size()) {
    std::size_t j = v.find('.', i);
    out.push_back(std::stoi(v.substr(i, j - i)));
    if (j == std::string::npos) break;
    i = j + 1;
  }
  return out;
}

}  // namespace

TEST(CudaDriverCompat, EveryToolkitOfTheReleaseNotesHasItsLowestDriverAndNoOtherIsListed) {
  std::ifstream in(std::filesystem::path(GPUAUDIT_TEST_DATA) / "references" / "cuda-toolkit-driver-versions.tsv");
  ASSERT_TRUE(in);
  std::map<int, std::string> lowest;
  std::string line;
  int rows = 0;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#' || line.rfind("toolkit", 0) == 0) continue;
    const auto tab = line.find('\t');
    const int tk = toolkit_of(line.substr(0, tab));
    ASSERT_GT(tk, 0) << line;
    std::string driver = line.substr(tab + 1);
    ASSERT_EQ(driver.rfind(">=", 0), 0u) << line;
    driver = driver.substr(2);
    ++rows;
    if (!lowest.count(tk) || parts(driver) < parts(lowest[tk])) lowest[tk] = driver;
  }
  EXPECT_EQ(rows, 64);
  for (const auto& [tk, driver] : lowest) EXPECT_EQ(cuda_min_driver(tk).value_or("none"), driver) << cuda_version_text(tk);
  // Nothing the release notes do not list (12.7 was never released).
  for (int v = 7000; v <= 13090; v += 10)
    if (!lowest.count(v)) EXPECT_FALSE(cuda_min_driver(v)) << cuda_version_text(v);
  // Table 2, with its note for 11.x.
  EXPECT_EQ(cuda_minor_compat_min_driver(13).value_or(""), "580");
  EXPECT_EQ(cuda_minor_compat_min_driver(12).value_or(""), "525");
  EXPECT_EQ(cuda_minor_compat_min_driver(11).value_or(""), "450.80.02");
  EXPECT_FALSE(cuda_minor_compat_min_driver(10));
}

TEST(CudaDriverCompat, TheRuleOnTheCasesItIsFor) {
  // PyTorch built for CUDA 10.2 on driver 418.67 (CUDA 10.1): before CUDA 11 no minor version compatibility.
  const auto old = cuda_compat(10020, std::string("418.67"));
  EXPECT_EQ(old.result, CudaCompat::too_old);
  EXPECT_NE(old.rule.find("440.33"), std::string::npos);
  EXPECT_NE(old.rule.find("before CUDA 11"), std::string::npos);
  // The same with nvidia-smi's "CUDA Version: 10.1".
  EXPECT_EQ(cuda_compat(10020, std::nullopt, 10010).result, CudaCompat::too_old);
  // CUDA 12.9 on a 535 driver (12.2): minor version compatibility.
  EXPECT_EQ(cuda_compat(12090, std::string("535.104.05")).result, CudaCompat::minor_compat);
  EXPECT_EQ(cuda_compat(12090, std::nullopt, 12020).result, CudaCompat::minor_compat);
  // CUDA 13.0 on a 570 driver: another major version, too old.
  EXPECT_EQ(cuda_compat(13000, std::string("570.124.06")).result, CudaCompat::too_old);
  EXPECT_EQ(cuda_compat(13000, std::nullopt, 12080).result, CudaCompat::too_old);
  // A driver at or above the release's own: fine.
  EXPECT_EQ(cuda_compat(12010, std::string("530.30.02")).result, CudaCompat::ok);
  EXPECT_EQ(cuda_compat(11080, std::string("575.51.03")).result, CudaCompat::ok);
  // 11.x below Table 2's 450.80.02 (an 11.0 driver) cannot run 11.4.
  EXPECT_EQ(cuda_compat(11040, std::string("450.51.06")).result, CudaCompat::too_old);
  // ... also when nvidia-smi's "CUDA Version: 11.0" stands beside it (bonito #196: nvcc 11.1 on 450.51.06).
  EXPECT_EQ(cuda_compat(11010, std::string("450.51.06"), 11000).result, CudaCompat::too_old);
  EXPECT_EQ(cuda_compat(11010, std::string("450.80.02"), 11000).result, CudaCompat::minor_compat);
  // The driver's own word wins over the table.
  EXPECT_EQ(cuda_compat(12040, std::string("999.0"), 12020).result, CudaCompat::minor_compat);
  // Nothing to go on.
  EXPECT_EQ(cuda_compat(12040, std::nullopt).result, CudaCompat::unknown);
  EXPECT_EQ(cuda_compat(12040, std::string("garbage")).result, CudaCompat::unknown);
  EXPECT_EQ(cuda_compat(14000, std::string("600.10")).result, CudaCompat::unknown);
}

TEST(CudaDriverCompat, VersionsAsToolsPrintThem) {
  EXPECT_EQ(cuda_version_from_text("12.1").value_or(0), 12010);
  EXPECT_EQ(cuda_version_from_text("10.1.243").value_or(0), 10010);
  EXPECT_EQ(cuda_version_from_text("cu121").value_or(0), 12010);
  EXPECT_EQ(cuda_version_from_text("cu118").value_or(0), 11080);
  EXPECT_FALSE(cuda_version_from_text("Could not collect"));
  EXPECT_FALSE(cuda_version_from_text("N/A"));
  EXPECT_EQ(cuda_supported_by_driver("535.104.05").value_or(0), 12020);
  EXPECT_EQ(cuda_supported_by_driver("418.67").value_or(0), 10010);
  EXPECT_FALSE(cuda_supported_by_driver("300.1"));
  EXPECT_EQ(cuda_version_text(12090), "12.9");
}
