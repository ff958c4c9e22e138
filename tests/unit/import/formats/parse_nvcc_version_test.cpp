// nvcc-version (parse_nvcc_version.cpp): nvcc --version's release as the machine's default toolkit,
// and the software rule holding it against the driver beside it.
#include "import/import.hpp"
#include "import/importer.hpp"
#include "unit/support/import_test_support.hpp"

#include <gtest/gtest.h>

namespace gpuaudit::imports {
namespace {

// bonito #196 (as posted): `nvcc --version` (11.1) and `nvidia-smi` (450.51.06, CUDA 11.0) in one paste.
std::string bonito() {
  return import_test::read_bytes(std::filesystem::path(GPUAUDIT_TEST_DATA) / "real-world" /
                                 "bonito-196-v100-pcie-table-450-51-nvcc-11-1-excerpt" / "versions.txt");
}

TEST(NvccVersion, TheReleaseIsTheDefaultToolkit) {
  const std::string nvcc = bonito().substr(0, bonito().find("$ python"));
  EXPECT_EQ(import_test::detected(nvcc), "nvcc-version");
  const ImportPart p = import_test::parse_as("nvcc-version", nvcc);
  ASSERT_EQ(p.software.cuda_toolkits.size(), 1u);
  EXPECT_EQ(p.software.cuda_toolkits[0].version, "11.1.105");
  EXPECT_EQ(*p.software.cuda_toolkits[0].version_number, 11010);
  EXPECT_TRUE(p.software.cuda_toolkits[0].is_default);
  EXPECT_TRUE(p.gpus.empty());
  // A release line that is no release (cut, or another tool's words) reads nothing.
  EXPECT_TRUE(import_test::parse_as("nvcc-version", "Cuda compilation tools, release x\n").software.cuda_toolkits.empty());
}

TEST(NvccVersion, BesideTheTableBothAreRead) {
  // The paste is two outputs: the toolkit and the driver land in one document (the software rule's
  // verdict on them, CUDA 11.1 on 450.51.06, is RealWorld's bonito-196 case).
  ImportReport rep;
  const ResultDocument doc = import_files({(std::filesystem::path(GPUAUDIT_TEST_DATA) / "real-world" /
                                            "bonito-196-v100-pcie-table-450-51-nvcc-11-1-excerpt" / "versions.txt")
                                               .string()},
                                          {}, &rep);
  ASSERT_EQ(doc.software.cuda_toolkits.size(), 1u);
  EXPECT_EQ(*doc.software.driver_version, "450.51.06");
  EXPECT_EQ(doc.gpus.size(), 1u);
}

}  // namespace
}  // namespace gpuaudit::imports
