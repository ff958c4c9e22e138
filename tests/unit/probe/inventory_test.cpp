// probe/inventory: `gpuaudit info` on scripted machines: the NVML fake plays the driver, CudaProbe is
// plain data; and on old cards and drivers, the GPU status that says why nothing can be measured.
#include "fakes/fake_nvml.hpp"
#include "probe/inventory.hpp"
#include "probe/nvml_inventory.hpp"
#include "report/inventory_text.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

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

// A machine whose driver library cannot be loaded: the inventory's sources without NVML.
struct NoDriver {
  NvmlLoad load;
  CudaProbe cuda;
  InventorySources src;
  NoDriver() {
    load.error = "cannot load libnvidia-ml.so.1 (libnvidia-ml.so.1: cannot open shared object file)";
    src.nvml = &load;
    src.cuda = &cuda;
  }
  NoDriver(const NoDriver&) = delete;
  NoDriver& operator=(const NoDriver&) = delete;
};

TEST(Inventory, NoDriverLibrary) {
  NoDriver m;
  m.src.host.cpu_model = "Test CPU";
  const ResultDocument doc = take_inventory(m.src);
  EXPECT_EQ(doc.gpu_status.state, "no-driver");
  EXPECT_TRUE(gpu_unusable(doc.gpu_status));
  EXPECT_TRUE(doc.gpus.empty());
  const std::string text = inventory_text(doc);
  EXPECT_NE(text.find("Test CPU"), std::string::npos);  // the host part is still there
  EXPECT_NE(text.find("No usable GPU: no NVIDIA driver found"), std::string::npos);
}

TEST(Inventory, NoDriverInAContainerSaysHowToGiveItTheGpus) {
  NoDriver m;
  m.src.host.container = "docker";
  const ResultDocument doc = take_inventory(m.src);
  EXPECT_EQ(doc.gpu_status.state, "no-driver");
  EXPECT_NE(doc.gpu_status.message.find("inside a docker container the driver comes from the host: start the container "
                                        "with `--gpus all`"),
            std::string::npos)
      << doc.gpu_status.message;
  m.src.host.container.reset();
  EXPECT_EQ(take_inventory(m.src).gpu_status.message.find("--gpus all"), std::string::npos);
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

// Old cards (`gpuaudit info` / `run` on the cards and drivers people rent cheaply): the inventory
// still comes from NVML (no CUDA runtime needed), and the GPU status says exactly why nothing can be
// measured, which `info` and `run` turn into exit code 3 (gpu_unusable).
namespace {

// Figures from /work/shared/reference/gpu_specs.csv and nvidia-smi -q of such cards.
FakeDevice tesla_t4() {
  FakeDevice d;
  d.name = "Tesla T4";
  d.uuid = "GPU-7a1c0de5-0000-0000-0000-000000000075";
  d.bus_id = "00000000:00:1E.0";
  d.pci_device_id = 0x1eb810de;
  d.cc_major = 7;
  d.cc_minor = 5;
  d.memory_total = 16106127360ull;
  d.memory_free = 15642263552ull;
  d.power_limit_mw = d.power_default_mw = d.power_max_mw = 70000;
  d.power_min_mw = 60000;
  d.sm_max_mhz = 1590;
  d.mem_max_mhz = 5001;
  d.pcie_gen_now = d.pcie_gen_max = d.pcie_gen_gpu_max = 3;
  d.nvlink_up.clear();
  d.has_remapped_rows = false;
  return d;
}

// Another card of that generation, told by what differs from the T4 above: name, PCI device id,
// compute capability, power limit (W) and maximum SM / memory clocks (MHz); 0 keeps the T4's.
struct OldCard {
  const char* name;
  const char* uuid_tail;
  unsigned pci_device_id;
  int cc_major, cc_minor;
  unsigned power_w = 0, sm_mhz = 0, mem_mhz = 0;
};

FakeDevice old_card(const OldCard& c) {
  FakeDevice d = tesla_t4();
  d.name = c.name;
  d.uuid = std::string("GPU-7a1c0de5-0000-0000-0000-000000000") + c.uuid_tail;
  d.pci_device_id = c.pci_device_id;
  d.cc_major = c.cc_major;
  d.cc_minor = c.cc_minor;
  if (c.power_w) d.power_limit_mw = d.power_default_mw = d.power_max_mw = c.power_w * 1000;
  if (c.sm_mhz) d.sm_max_mhz = c.sm_mhz;
  if (c.mem_mhz) d.mem_max_mhz = c.mem_mhz;
  return d;
}

FakeDevice tesla_p100() { return old_card({"Tesla P100-PCIE-16GB", "060", 0x15f810de, 6, 0, 250, 1328, 715}); }
FakeDevice tesla_v100() { return old_card({"Tesla V100-SXM2-16GB", "070", 0x1db110de, 7, 0, 300, 1530, 877}); }
FakeDevice rtx_5090() { return old_card({"NVIDIA GeForce RTX 5090", "120", 0x2b8510de, 12, 0}); }

// An M60 as clouds rent it for VDI: one GRID vGPU profile (8 GB of one of the board's two GPUs).
FakeDevice grid_m60_8q() {
  FakeDevice d = old_card({"GRID M60-8Q", "052", 0x13f210de, 5, 2});
  d.memory_total = 8589934592ull;
  d.memory_free = 8053063680ull;
  d.virtualization = NVML_GPU_VIRTUALIZATION_MODE_VGPU;
  d.ecc_enabled = false;
  return d;
}

CudaProbe build_probe(int runtime, std::vector<int> sass, std::vector<int> ptx) {
  CudaProbe c;
  c.built_with_cuda = true;
  c.runtime_version = runtime;
  c.sass_archs = std::move(sass);
  c.ptx_archs = std::move(ptx);
  return c;
}

CudaProbe cuda13() { return build_probe(13000, {75, 80, 86, 89, 90, 100, 120}, {120}); }
CudaProbe cuda129() { return build_probe(12090, {52, 60, 70, 75, 80, 86, 89, 90}, {90}); }

ResultDocument old_card_inventory(FakeSystem& sys, const CudaProbe& cuda) {
  NvmlLoad load;
  load.loaded = true;
  load.api = install(sys);
  InventorySources src;
  src.nvml = &load;
  src.cuda = &cuda;
  src.host.hostname = "old-card-host";
  src.host.cpu_model = "Intel(R) Xeon(R) CPU @ 2.20GHz";
  return take_inventory(src);
}

bool has(const std::string& s, const std::string& part) { return s.find(part) != std::string::npos; }

}  // namespace

TEST(OldCards, T4OnDriver535WithCuda13BuildIsDriverTooOldAndKeepsTheInventory) {
  FakeSystem sys;
  sys.driver_version = "535.183.01";
  sys.cuda_driver_version = 12020;
  sys.devices = {tesla_t4()};
  CudaProbe cuda = cuda13();
  // What the CUDA 13 runtime itself says on a 12.2 driver.
  cuda.error_name = "cudaErrorInsufficientDriver";
  cuda.error = "CUDA driver version is insufficient for CUDA runtime version";
  const ResultDocument doc = old_card_inventory(sys, cuda);

  EXPECT_EQ(doc.gpu_status.state, "driver-too-old");
  EXPECT_TRUE(gpu_unusable(doc.gpu_status));  // -> exit code 3 from info and run
  const std::string& m = doc.gpu_status.message;
  EXPECT_TRUE(has(m, "GPU 0 (Tesla T4)")) << m;
  EXPECT_TRUE(has(m, "driver 535.183.01 supports CUDA 12.2")) << m;  // found
  EXPECT_TRUE(has(m, ">= 580.65.06")) << m;                           // needed
  EXPECT_TRUE(has(m, "scripts/build/build-cuda12.sh")) << m;                // what to build with

  // The inventory is all there: NVML needs no CUDA runtime.
  ASSERT_EQ(doc.gpus.size(), 1u);
  EXPECT_EQ(doc.gpus[0].name, "Tesla T4");
  EXPECT_EQ(doc.gpus[0].compute_capability, "7.5");
  EXPECT_EQ(doc.gpus[0].power.limit_w, 70.0);
  EXPECT_EQ(doc.software.driver_version, "535.183.01");
  EXPECT_EQ(doc.host.hostname, "old-card-host");

  const std::string text = inventory_text(doc);
  EXPECT_TRUE(has(text, "Tesla T4")) << text;
  EXPECT_TRUE(has(text, "No usable GPU: GPU 0 (Tesla T4): driver 535.183.01")) << text;
  EXPECT_TRUE(has(text, "[driver-too-old]")) << text;
}

TEST(OldCards, RuntimeRefusalWithoutNvmlCudaVersionStillSaysWhatIsNeeded) {
  FakeSystem sys;
  sys.driver_version = "535.183.01";
  sys.devices = {tesla_t4()};
  NvmlLoad load;
  load.loaded = true;
  load.api = install(sys);
  load.api.nvmlSystemGetCudaDriverVersion = nullptr;  // an NVML that cannot say
  CudaProbe cuda = cuda13();
  cuda.error_name = "cudaErrorInsufficientDriver";
  cuda.error = "CUDA driver version is insufficient for CUDA runtime version";
  InventorySources src;
  src.nvml = &load;
  src.cuda = &cuda;
  const ResultDocument doc = take_inventory(src);
  EXPECT_EQ(doc.gpu_status.state, "driver-too-old");
  EXPECT_TRUE(gpu_unusable(doc.gpu_status));
  EXPECT_TRUE(has(doc.gpu_status.message, "driver 535.183.01 is older than this gpuaudit's CUDA 13.0 runtime needs"))
      << doc.gpu_status.message;
  EXPECT_TRUE(has(doc.gpu_status.message, "580.65.06")) << doc.gpu_status.message;
  EXPECT_EQ(doc.gpus.size(), 1u);
}

TEST(OldCards, P100WithCuda13BuildHasNoKernelImage) {
  FakeSystem sys;
  sys.driver_version = "580.82.07";
  sys.cuda_driver_version = 13000;
  sys.devices = {tesla_p100()};
  const ResultDocument doc = old_card_inventory(sys, cuda13());
  EXPECT_EQ(doc.gpu_status.state, "no-kernel-image");
  EXPECT_TRUE(gpu_unusable(doc.gpu_status));
  EXPECT_TRUE(has(doc.gpu_status.message, "compute capability 6.0")) << doc.gpu_status.message;
  EXPECT_TRUE(has(doc.gpu_status.message, "build gpuaudit with CUDA 12")) << doc.gpu_status.message;
  EXPECT_EQ(doc.gpus.size(), 1u);
}

TEST(OldCards, V100OnDriver570RunsTheCuda129Build) {
  FakeSystem sys;
  sys.driver_version = "570.124.06";
  sys.cuda_driver_version = 12080;
  sys.devices = {tesla_v100()};
  const ResultDocument doc = old_card_inventory(sys, cuda129());
  EXPECT_EQ(doc.gpu_status.state, "ok") << doc.gpu_status.message;
  EXPECT_FALSE(gpu_unusable(doc.gpu_status));
  ASSERT_EQ(doc.software.warnings.size(), 1u);  // minor-version compatibility is worth a line
  EXPECT_TRUE(has(doc.software.warnings[0], "12.9")) << doc.software.warnings[0];
  EXPECT_EQ(doc.tool.cuda_runtime_built, 12090);
}

TEST(OldCards, T4OnDriver580RunsTheCuda13Build) {
  FakeSystem sys;
  sys.driver_version = "580.65.06";
  sys.cuda_driver_version = 13000;
  sys.devices = {tesla_t4()};
  const ResultDocument doc = old_card_inventory(sys, cuda13());
  EXPECT_EQ(doc.gpu_status.state, "ok") << doc.gpu_status.message;
  EXPECT_TRUE(doc.software.warnings.empty());
}

TEST(OldCards, GridM60ProfileIsInventoriedAsVgpuAndRunsTheCuda129Build) {
  FakeSystem sys;
  sys.driver_version = "535.247.01";  // GRID 16.x guest driver
  sys.cuda_driver_version = 12020;
  sys.devices = {grid_m60_8q()};
  const ResultDocument doc = old_card_inventory(sys, cuda129());
  EXPECT_EQ(doc.gpu_status.state, "ok") << doc.gpu_status.message;
  ASSERT_EQ(doc.gpus.size(), 1u);
  EXPECT_EQ(doc.gpus[0].name, "GRID M60-8Q");
  EXPECT_EQ(doc.gpus[0].virtualization_mode, "vgpu");
  EXPECT_EQ(doc.gpus[0].compute_capability, "5.2");
  EXPECT_EQ(doc.gpus[0].memory_total_bytes, 8589934592ull);
}

TEST(OldCards, GridM60WithCuda13BuildSaysToBuildWithCuda12) {
  FakeSystem sys;
  sys.driver_version = "580.65.06";
  sys.cuda_driver_version = 13000;
  sys.devices = {grid_m60_8q()};
  const ResultDocument doc = old_card_inventory(sys, cuda13());
  EXPECT_EQ(doc.gpu_status.state, "no-kernel-image");
  EXPECT_TRUE(has(doc.gpu_status.message, "GRID M60-8Q")) << doc.gpu_status.message;
  EXPECT_TRUE(has(doc.gpu_status.message, "scripts/build/build-cuda12.sh")) << doc.gpu_status.message;
}

TEST(OldCards, Rtx5090WithPtxOnlyOnAnOlderDriverCannotJit) {
  FakeSystem sys;
  sys.driver_version = "570.124.06";
  sys.cuda_driver_version = 12080;
  sys.devices = {rtx_5090()};
  const ResultDocument doc = old_card_inventory(sys, cuda129());  // as nvcc 12.9 builds it: PTX ISA 8.8
  EXPECT_EQ(doc.gpu_status.state, "driver-too-old");
  EXPECT_TRUE(has(doc.gpu_status.message, "JIT-compile")) << doc.gpu_status.message;
}

TEST(OldCards, Rtx5090OnR570RunsTheClangBuiltCuda129Binary) {
  FakeSystem sys;
  sys.driver_version = "570.124.06";
  sys.cuda_driver_version = 12080;
  sys.devices = {rtx_5090()};
  CudaProbe cuda = cuda129();
  cuda.ptx_cuda_version = 12050;  // scripts/build/build-cuda12.sh: clang 19 writes PTX ISA 8.5
  const ResultDocument doc = old_card_inventory(sys, cuda);
  EXPECT_EQ(doc.gpu_status.state, "ok") << doc.gpu_status.message;
  EXPECT_FALSE(gpu_unusable(doc.gpu_status));
}

TEST(OldCards, PtxJitOnANewDriverIsAWarningNotAnError) {
  FakeSystem sys;
  sys.driver_version = "580.65.06";
  sys.cuda_driver_version = 13000;
  sys.devices = {rtx_5090()};
  const ResultDocument doc = old_card_inventory(sys, cuda129());
  EXPECT_EQ(doc.gpu_status.state, "ok") << doc.gpu_status.message;
  ASSERT_EQ(doc.software.warnings.size(), 1u);
  EXPECT_TRUE(has(doc.software.warnings[0], "JIT-compiles the compute_90 PTX")) << doc.software.warnings[0];
}
