// proc-driver-nvidia (parse_proc_driver_nvidia.cpp): the kernel module's /proc/driver/nvidia files.
// The real fixture's values are its sidecar's (format_registry_test); these cover the version file,
// two GPUs by their device minor and an excluded GPU (synthetic lines in the module's format).
#include "import/import.hpp"
#include "unit/support/import_test_support.hpp"

#include <gtest/gtest.h>

namespace gpuaudit::imports {
namespace {

TEST(ProcDriverNvidia, TheModulesVersionAndEachGpuByItsMinor) {
  const std::string synthetic =
      "NVRM version: NVIDIA UNIX x86_64 Kernel Module  535.104.05  Sat Aug 19 01:15:15 UTC 2023\n"
      "GCC version:  gcc version 12.2.0 (Debian 12.2.0-14)\n"
      "Model: \t\t NVIDIA H100 80GB HBM3\nGPU UUID: \t GPU-11111111-2222-3333-4444-555555555555\n"
      "Bus Location: \t 0000:18:00.0\nDevice Minor: \t 1\nGPU Excluded:\t Yes\n"
      "Model: \t\t NVIDIA H100 80GB HBM3\nBus Location: \t 0000:2a:00.0\nDevice Minor: \t 0\n";
  EXPECT_EQ(import_test::detected(synthetic), "proc-driver-nvidia");
  const ImportPart p = import_test::parse_as("proc-driver-nvidia", synthetic);
  ASSERT_TRUE(p.software.driver_version);
  EXPECT_EQ(*p.software.driver_version, "535.104.05");
  ASSERT_EQ(p.gpus.size(), 2u);
  EXPECT_EQ(p.gpus[0].index, 1);
  EXPECT_EQ(p.gpus[0].pci_bus_id, "00000000:18:00.0");
  EXPECT_EQ(p.gpus[1].index, 0);
  EXPECT_TRUE(p.fills_only);
  ASSERT_EQ(p.warnings.size(), 1u);
  EXPECT_NE(p.warnings[0].find("GPU Excluded: Yes"), std::string::npos);
  // The version file alone, and the aarch64 module's wording.
  EXPECT_EQ(*import_test::parse_as("proc-driver-nvidia",
                                   "NVRM version: NVIDIA UNIX Open Kernel Module for aarch64  570.158.01  Release Build\n")
                 .software.driver_version,
            "570.158.01");
}

TEST(ProcDriverNvidia, OtherKeyValueTextIsNotIt) {
  EXPECT_NE(import_test::detected("Model: Dell R750\nLocation: rack 3\n"), "proc-driver-nvidia");
  const ImportPart p = import_test::parse_as("proc-driver-nvidia", "Bus Location: 0000:18:00.0\nDevice Minor: 7\n");
  EXPECT_TRUE(p.gpus.empty());
  EXPECT_FALSE(p.skipped.empty());
}

}  // namespace
}  // namespace gpuaudit::imports
