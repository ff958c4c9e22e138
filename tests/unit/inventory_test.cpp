// `gpuaudit info` on scripted machines: the NVML fake plays the driver, CudaProbe is plain data.
#include "fakes/fake_nvml.hpp"
#include "probe/inventory.hpp"
#include "probe/nvml_inventory.hpp"
#include "report/inventory_text.hpp"

#include <gtest/gtest.h>

using namespace gpuaudit;
using namespace gpuaudit::fake;

namespace {

CudaProbe cuda13_with(std::vector<CudaDevice> devices) {
  CudaProbe c;
  c.built_with_cuda = true;
  c.runtime_version = 13000;
  c.driver_version = 13000;
  c.sass_archs = {75, 80, 86, 89, 90, 100, 120};
  c.ptx_archs = {120};
  c.devices = std::move(devices);
  return c;
}

CudaDevice cuda_device(const std::string& name, const std::string& uuid, const std::string& bus, int major,
                       int minor, int sms, std::uint64_t l2) {
  CudaDevice d;
  d.name = name;
  d.uuid = uuid;
  d.pci_bus_id = bus;
  d.cc_major = major;
  d.cc_minor = minor;
  d.sm_count = sms;
  d.l2_bytes = l2;
  return d;
}

ResultDocument inventory(FakeSystem& sys, const CudaProbe& cuda) {
  NvmlLoad load;
  load.loaded = true;
  load.api = install(sys);
  InventorySources src;
  src.nvml = &load;
  src.cuda = &cuda;
  return take_inventory(src);
}

}  // namespace

TEST(Inventory, FullA100) {
  FakeSystem sys;
  sys.cuda_driver_version = 13000;
  sys.devices = {a100_sxm4_80gb()};
  const auto cuda = cuda13_with({cuda_device("NVIDIA A100-SXM4-80GB", sys.devices[0].uuid, "0000:18:00.0", 8, 0, 108,
                                             40ull << 20)});
  const ResultDocument doc = inventory(sys, cuda);
  ASSERT_EQ(doc.gpu_status.state, "ok") << doc.gpu_status.message;
  ASSERT_EQ(doc.gpus.size(), 1u);
  const GpuInfo& g = doc.gpus[0];
  EXPECT_EQ(g.name, "NVIDIA A100-SXM4-80GB");
  EXPECT_EQ(g.pci_device_id, "10de:20b2");
  EXPECT_EQ(g.compute_capability, "8.0");
  EXPECT_EQ(g.sm_count, 108);
  EXPECT_EQ(g.l2_bytes, 40ull << 20);
  EXPECT_FALSE(g.mig.is_mig_device);
  EXPECT_EQ(g.mig.mode_enabled, false);
  EXPECT_EQ(g.virtualization_mode, "none");
  EXPECT_EQ(g.power.limit_w, 400.0);
  EXPECT_EQ(g.power.default_limit_w, 400.0);
  EXPECT_EQ(g.clocks.sm_max_mhz, 1410);
  EXPECT_EQ(g.pcie.gen_max, 4);
  EXPECT_EQ(g.pcie.width_now, 16);
  EXPECT_EQ(g.nvlink.links_up, 12);
  EXPECT_EQ(g.nvlink.version, 3);
  EXPECT_EQ(g.ecc.enabled, true);
  EXPECT_EQ(g.ecc.remapped_rows_uncorrectable, 0);
  EXPECT_EQ(g.clock_event_reasons, std::vector<std::string>{"gpu-idle"});
  EXPECT_EQ(doc.software.driver_version, "570.124.06");
  EXPECT_TRUE(doc.software.warnings.empty());
  EXPECT_FALSE(gpu_unusable(doc.gpu_status));
}

TEST(Inventory, MigSliceReplacesItsParent) {
  FakeSystem sys;
  sys.cuda_driver_version = 13000;
  sys.devices = {a100_mig_1g10gb()};
  const auto& slice = sys.devices[0].migs[0];
  const auto cuda = cuda13_with({cuda_device(slice.name, slice.uuid, "0000:18:00.0", 8, 0, 14, 40ull << 20)});
  const ResultDocument doc = inventory(sys, cuda);
  ASSERT_EQ(doc.gpus.size(), 1u);
  const GpuInfo& g = doc.gpus[0];
  EXPECT_TRUE(g.mig.is_mig_device);
  EXPECT_EQ(g.mig.profile, "1g.10gb");
  EXPECT_EQ(g.mig.parent_uuid, sys.devices[0].uuid);
  EXPECT_EQ(g.mig.gpu_instance_id, 9);
  EXPECT_EQ(g.sm_count, 14);
  EXPECT_EQ(g.memory_total_bytes, 9728ull << 20);
  EXPECT_EQ(g.power.limit_w, 400.0);  // board state is inherited
  EXPECT_NE(inventory_text(doc).find("MIG slice 1g.10gb"), std::string::npos);
}

TEST(Inventory, MigModeWithoutVisibleSliceKeepsTheBoard) {
  FakeSystem sys;
  sys.devices = {a100_mig_1g10gb()};
  sys.devices[0].migs.clear();
  const ResultDocument doc = inventory(sys, CudaProbe{});
  ASSERT_EQ(doc.gpus.size(), 1u);
  EXPECT_FALSE(doc.gpus[0].mig.is_mig_device);
  EXPECT_EQ(doc.gpus[0].mig.mode_enabled, true);
}

TEST(Inventory, PowerCappedH100) {
  FakeSystem sys;
  sys.devices = {h100_capped_350w()};
  const ResultDocument doc = inventory(sys, CudaProbe{});
  const GpuInfo& g = doc.gpus.at(0);
  EXPECT_EQ(g.power.limit_w, 350.0);
  EXPECT_EQ(g.power.default_limit_w, 700.0);
  EXPECT_EQ(g.clock_event_reasons, std::vector<std::string>{"sw-power-cap"});
  EXPECT_NE(inventory_text(doc).find("limit 350 W (default 700 W"), std::string::npos);
}

TEST(Inventory, Gen3x8Link) {
  FakeSystem sys;
  sys.devices = {l40s_gen3_x8()};
  const ResultDocument doc = inventory(sys, CudaProbe{});
  const GpuInfo& g = doc.gpus.at(0);
  EXPECT_EQ(g.pcie.gen_now, 3);
  EXPECT_EQ(g.pcie.width_now, 8);
  EXPECT_EQ(g.pcie.gen_max, 4);
  EXPECT_EQ(g.pcie.width_max, 16);
  EXPECT_EQ(g.nvlink.links_up, 0);
  EXPECT_NE(inventory_text(doc).find("PCIe Gen3 x8 now, Gen4 x16 max"), std::string::npos);
}

TEST(Inventory, OldDriverWithoutClocksEventReasonsFallsBackToThrottleReasons) {
  FakeSystem sys;
  sys.devices = {h100_capped_350w()};
  sys.devices[0].has_event_reasons_api = false;
  const ResultDocument doc = inventory(sys, CudaProbe{});
  EXPECT_EQ(doc.gpus.at(0).clock_event_reasons, std::vector<std::string>{"sw-power-cap"});
}

TEST(Inventory, NoDriverLibrary) {
  NvmlLoad load;
  load.error = "cannot load libnvidia-ml.so.1 (libnvidia-ml.so.1: cannot open shared object file)";
  CudaProbe cuda;
  InventorySources src;
  src.nvml = &load;
  src.cuda = &cuda;
  src.host.cpu_model = "Test CPU";
  const ResultDocument doc = take_inventory(src);
  EXPECT_EQ(doc.gpu_status.state, "no-driver");
  EXPECT_TRUE(gpu_unusable(doc.gpu_status));
  EXPECT_TRUE(doc.gpus.empty());
  const std::string text = inventory_text(doc);
  EXPECT_NE(text.find("Test CPU"), std::string::npos);  // the host part is still there
  EXPECT_NE(text.find("No usable GPU: no NVIDIA driver found"), std::string::npos);
}

TEST(Inventory, DriverNotLoaded) {
  FakeSystem sys;
  sys.init_result = NVML_ERROR_DRIVER_NOT_LOADED;
  const ResultDocument doc = inventory(sys, CudaProbe{});
  EXPECT_EQ(doc.gpu_status.state, "driver-not-loaded");
  EXPECT_NE(doc.gpu_status.message.find("not loaded"), std::string::npos);
}

TEST(Inventory, DriverWithoutDevices) {
  FakeSystem sys;
  const ResultDocument doc = inventory(sys, CudaProbe{});
  EXPECT_EQ(doc.gpu_status.state, "no-device");
  EXPECT_NE(doc.gpu_status.message.find("570.124.06"), std::string::npos);
}

TEST(Inventory, DriverTooOldForTheRuntime) {
  FakeSystem sys;
  sys.driver_version = "535.183.01";
  sys.cuda_driver_version = 12020;
  sys.devices = {h100_sxm()};
  const auto cuda = cuda13_with({});
  const ResultDocument doc = inventory(sys, cuda);
  EXPECT_EQ(doc.gpu_status.state, "driver-too-old");
  EXPECT_NE(doc.gpu_status.message.find("580"), std::string::npos);
  ASSERT_EQ(doc.software.warnings.size(), 1u);
  EXPECT_EQ(doc.gpus.size(), 1u);  // NVML still gives the inventory
  EXPECT_TRUE(gpu_unusable(doc.gpu_status));
}

TEST(Inventory, BuiltWithoutCudaIsNotAnError) {
  FakeSystem sys;
  sys.devices = {h100_sxm()};
  const ResultDocument doc = inventory(sys, CudaProbe{});
  EXPECT_EQ(doc.gpu_status.state, "not-built");
  EXPECT_FALSE(gpu_unusable(doc.gpu_status));
}

TEST(Inventory, MigProfileFromName) {
  EXPECT_EQ(mig_profile_from_name("NVIDIA H100 80GB HBM3 MIG 3g.40gb"), "3g.40gb");
  EXPECT_EQ(mig_profile_from_name("NVIDIA A100-SXM4-80GB MIG 1g.10gb+me"), "1g.10gb+me");
  EXPECT_EQ(mig_profile_from_name("NVIDIA H100 80GB HBM3"), "");
}
