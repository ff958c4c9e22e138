// The GPU inventory read through NVML (nvml_inventory.hpp) on scripted machines (tests/fakes'
// fake NVML; synthetic boards): the driver's versions, each board's figures, MIG slices replacing
// their board, indices in CUDA's order, and the states when NVML cannot start or sees no GPU.
// (`gpuaudit info` end to end over the same fake: tests/unit/probe/inventory_test.cpp.)
#include "fakes/fake_nvml.hpp"
#include "probe/nvml_inventory.hpp"

#include <gtest/gtest.h>

namespace gpuaudit {
namespace {

TEST(NvmlInventory, ReadsTheDriverAndEveryBoardInOrder) {
  fake::FakeSystem sys;
  sys.devices = {fake::h100_sxm(), fake::l40s_gen3_x8()};
  const NvmlInventory inv = read_nvml_inventory(fake::install(sys));
  EXPECT_EQ(inv.status.state, "ok");
  EXPECT_EQ(inv.software.driver_version, "570.124.06");
  EXPECT_EQ(inv.software.cuda_driver_version, 12080);
  EXPECT_EQ(inv.software.nvml_version, "12.570.124.06");
  ASSERT_EQ(inv.gpus.size(), 2u);
  EXPECT_EQ(inv.gpus[0].index, 0);
  EXPECT_EQ(inv.gpus[1].index, 1);
  EXPECT_EQ(inv.gpus[0].name, "NVIDIA H100 80GB HBM3");
  EXPECT_EQ(inv.gpus[1].name, "NVIDIA L40S");
  EXPECT_EQ(inv.gpus[0].compute_capability, "9.0");
  EXPECT_EQ(inv.gpus[1].compute_capability, "8.9");
  EXPECT_EQ(inv.gpus[0].pci_device_id, "10de:2330");  // vendor:device from NVML's packed word
  EXPECT_EQ(inv.gpus[0].memory_total_bytes, 85520809984ull);
  EXPECT_DOUBLE_EQ(*inv.gpus[0].power.limit_w, 700.0);
  EXPECT_EQ(inv.gpus[0].clock_event_reasons, std::vector<std::string>{"gpu-idle"});
  EXPECT_EQ(inv.gpus[1].pcie.gen_now, 3);
  EXPECT_EQ(inv.gpus[1].pcie.width_now, 8);
  EXPECT_EQ(sys.init_calls, 1);
}

TEST(NvmlInventory, AMigSliceReplacesItsBoard) {
  fake::FakeSystem sys;
  sys.devices = {fake::a100_mig_1g10gb(), fake::h100_sxm()};
  const NvmlInventory inv = read_nvml_inventory(fake::install(sys));
  ASSERT_EQ(inv.gpus.size(), 2u);
  const GpuInfo& slice = inv.gpus[0];
  EXPECT_TRUE(slice.mig.is_mig_device);
  EXPECT_EQ(slice.mig.profile, "1g.10gb");
  EXPECT_EQ(slice.mig.parent_uuid, sys.devices[0].uuid);
  EXPECT_EQ(slice.uuid, "MIG-11111111-2222-3333-4444-555555555555");
  EXPECT_EQ(inv.gpus[1].index, 1);
  EXPECT_FALSE(inv.gpus[1].mig.is_mig_device);
}

TEST(NvmlInventory, NvmlThatCannotStartSaysWhy) {
  fake::FakeSystem sys;
  sys.init_result = NVML_ERROR_DRIVER_NOT_LOADED;
  NvmlInventory inv = read_nvml_inventory(fake::install(sys));
  EXPECT_EQ(inv.status.state, "driver-not-loaded");
  EXPECT_NE(inv.status.message.find("kernel driver is not loaded"), std::string::npos) << inv.status.message;
  EXPECT_TRUE(inv.gpus.empty());
  sys.init_result = NVML_ERROR_UNKNOWN;
  inv = read_nvml_inventory(fake::install(sys));
  EXPECT_EQ(inv.status.state, "nvml-error");
  EXPECT_EQ(inv.status.message.rfind("NVML failed to start: ", 0), 0u) << inv.status.message;
  EXPECT_FALSE(inv.software.driver_version.has_value());
}

TEST(NvmlInventory, ATableWithoutInitIsAnNvmlError) {
  NvmlApi api;  // nothing resolved
  const NvmlInventory inv = read_nvml_inventory(api);
  EXPECT_EQ(inv.status.state, "nvml-error");
  EXPECT_NE(inv.status.message.find("NVML error"), std::string::npos) << inv.status.message;
}

TEST(NvmlInventory, ADriverWithoutGpusIsNoDevice) {
  fake::FakeSystem sys;
  const NvmlInventory inv = read_nvml_inventory(fake::install(sys));
  EXPECT_EQ(inv.status.state, "no-device");
  EXPECT_NE(inv.status.message.find("570.124.06"), std::string::npos) << inv.status.message;
  EXPECT_EQ(inv.software.driver_version, "570.124.06");
  EXPECT_TRUE(inv.gpus.empty());
}

TEST(NvmlInventory, MigProfileFromTheSlicesName) {
  EXPECT_EQ(mig_profile_from_name("NVIDIA A100-SXM4-80GB MIG 1g.10gb"), "1g.10gb");
  EXPECT_EQ(mig_profile_from_name("NVIDIA H100 80GB HBM3 MIG 3g.40gb extra"), "3g.40gb");
  EXPECT_EQ(mig_profile_from_name("NVIDIA H100 80GB HBM3"), "");
}

}  // namespace
}  // namespace gpuaudit
