// framework-gpus (parse_framework_gpus.cpp): the GPUs TensorFlow's, PyTorch's, Ultralytics' and hashcat's own log lines name.
#include "import/import.hpp"
#include "import/importer.hpp"
#include "unit/support/import_test_support.hpp"

#include <gtest/gtest.h>

#include <filesystem>

namespace gpuaudit::imports {
namespace {

TEST(FrameworkGpus, PyTorchsCapabilityCheckNamesItsGpu) {
  // Kaggle docker-python #1546, as posted.
  const std::string raw =
      import_test::read_bytes(import_test::fixture_dir("framework-gpus") / "kaggle-docker-1546_torch_p100.txt");
  EXPECT_EQ(import_test::detected(raw), "framework-gpus");
  const ImportPart p = import_test::parse_as("framework-gpus", raw);
  ASSERT_EQ(p.gpus.size(), 1u);
  EXPECT_EQ(p.gpus[0].index, 0);
  EXPECT_EQ(p.gpus[0].name, "Tesla P100-PCIE-16GB");
  EXPECT_EQ(*p.gpus[0].compute_capability, "6.0");
  EXPECT_TRUE(p.fills_only);
}

TEST(FrameworkGpus, TensorFlowsDeviceDescriptionGivesBusAndCapability) {
  // A blog's TensorFlow log on an AWS K80 (as stored by the public code index), and TensorFlow 2's
  // "Created device" line in the same description format (gpu_device.cc, GetShortDeviceDescription).
  const ImportPart p = import_test::parse_as(
      "framework-gpus",
      "Ignoring visible gpu device (device: 0, name: Tesla K80, pci bus id: 0000:00:1e.0, compute capability: 3.7) with "
      "Cuda compute capability 3.7. The minimum required Cuda capability is 7.0.\n"
      "I tensorflow/core/common_runtime/gpu/gpu_device.cc:1532] Created device /job:localhost/replica:0/task:0/device:GPU:1 "
      "with 14764 MB memory:  -> device: 1, name: Tesla T4, pci bus id: 0000:00:05.0, compute capability: 7.5\n");
  ASSERT_EQ(p.gpus.size(), 2u);
  EXPECT_EQ(p.gpus[0].name, "Tesla K80");
  EXPECT_EQ(p.gpus[0].pci_bus_id, "00000000:00:1e.0");  // widened to 8 digits, case as printed
  EXPECT_EQ(*p.gpus[1].compute_capability, "7.5");
  EXPECT_EQ(p.gpus[1].index, 1);
  // TensorFlow's ROCm build names an AMD device without a compute capability: not read.
  EXPECT_TRUE(import_test::parse_as("framework-gpus",
                                    "Ignoring visible gpu device (device: 0, name: Radeon RX 7900 XTX, pci bus id: 0000:0c:00.0) "
                                    "with AMDGPU version : gfx1100.\n")
                  .gpus.empty());
}

// Ultralytics' select_device line (ultralytics #6143, as posted).
TEST(FrameworkGpus, UltralyticsDeviceLineNamesItsGpu) {
  const ImportPart p = import_test::parse_as(
      "framework-gpus",
      "Ultralytics YOLOv8.0.202 \xf0\x9f\x9a\x80 Python-3.11.6 torch-2.1.0+cu118 CUDA:0 (NVIDIA GeForce RTX 3070 Ti Laptop GPU, 8192MiB)\n");
  ASSERT_EQ(p.gpus.size(), 1u);
  EXPECT_EQ(p.gpus[0].name, "NVIDIA GeForce RTX 3070 Ti Laptop GPU");
  EXPECT_TRUE(import_test::parse_as("framework-gpus", "export CUDA:0 (see docs)\n").gpus.empty());
}

// hashcat's device list, in the three forms its versions print (the corpus's hashcat cases, as
// posted); AMD's and the CPU's devices in the same list are not GPUs of NVIDIA's.
TEST(FrameworkGpus, HashcatsDeviceListGivesMemoryAndMultiprocessors) {
  const ImportPart p = import_test::parse_as("framework-gpus",
                                             "CUDA API (CUDA 11.3)\n====================\n"
                                             "* Device #1: NVIDIA GeForce GTX 1660 Ti, 5163/6144 MB, 24MCU\n"
                                             "* Device #2: GeForce GTX 1080 Ti, 2794/11178 MB allocatable, 28MCU\n"
                                             "* Device #3: NVIDIA GeForce RTX 3060, 11904/12050 MB (3012 MB allocatable), 28MCU\n"
                                             "* Device #4: NVIDIA GeForce GTX 1660 Ti, skipped\n"
                                             "* Device #5: AMD Radeon RX 6800 XT, 16368/16368 MB, 36MCU\n"
                                             "* Device #6: Intel(R) Core(TM) i7-9700K CPU @ 3.60GHz, 7950/15964 MB (1995 MB allocatable), 8MCU\n");
  ASSERT_EQ(p.gpus.size(), 3u);
  EXPECT_EQ(p.gpus[0].index, 0);
  EXPECT_EQ(p.gpus[0].name, "NVIDIA GeForce GTX 1660 Ti");
  EXPECT_EQ(*p.gpus[0].sm_count, 24);
  EXPECT_EQ(*p.gpus[0].memory_total_bytes, 6144ull << 20);
  EXPECT_EQ(p.gpus[1].name, "GeForce GTX 1080 Ti");
  EXPECT_EQ(*p.gpus[1].memory_total_bytes, 11178ull << 20);
  EXPECT_EQ(p.gpus[2].index, 2);
  EXPECT_EQ(*p.gpus[2].memory_total_bytes, 12050ull << 20);
  EXPECT_EQ(import_test::detected("* Device #1: NVIDIA GeForce GTX 1660 Ti, 5163/6144 MB, 24MCU\n"), "framework-gpus");
  EXPECT_TRUE(import_test::parse_as("framework-gpus", "* Device #0: NVIDIA GeForce GTX 1660 Ti, 5163/6144 MB, 24MCU\n"
                                                      "* Device #1: NVIDIA, MCU\n* Device #1: , 1/2 MB, 3MCU\n")
                  .gpus.empty());
}

// NVIDIA Warp's start-up list (TRELLIS #72, as posted): the CPU line is no GPU.
TEST(FrameworkGpus, WarpsDeviceListGivesNameAndArchitecture) {
  const ImportPart p = import_test::parse_as("framework-gpus",
                                             "Warp 1.5.0 initialized:\n   CUDA Toolkit 12.6, Driver 12.7\n   Devices:\n"
                                             "     \"cpu\"      : \"x86_64\"\n"
                                             "     \"cuda:0\"   : \"NVIDIA GeForce RTX 3090\" (24 GiB, sm_86, mempool enabled)\n"
                                             "     \"cuda:1\"   : \"NVIDIA B200\" (179 GiB, sm_100, mempool enabled)\n");
  ASSERT_EQ(p.gpus.size(), 2u);
  EXPECT_EQ(p.gpus[0].name, "NVIDIA GeForce RTX 3090");
  EXPECT_EQ(*p.gpus[0].compute_capability, "8.6");
  EXPECT_EQ(*p.gpus[1].compute_capability, "10.0");
  EXPECT_TRUE(import_test::parse_as("framework-gpus", "x = \"cuda:0\" : \"a\"\n\"cuda:0\" : \"\" (1 GiB, sm_86)\n\"cuda:0\"\n").gpus.empty());
}

// CUDA.jl's CUDA.versioninfo(): today's device list (the MIG line as Lux.jl's CI log printed it,
// the A10 line as a Slurm job's output printed it) with the versions above it, and CUDA.jl 1.x's
// (JuliaGPU/CUDA.jl PR #245, FRESH-2026-12-83, as posted).
TEST(FrameworkGpus, CudaJlsVersioninfoGivesDevicesAndDriver) {
  const ImportPart p = import_test::parse_as("framework-gpus",
                                             "CUDA runtime 12.6, artifact installation\nCUDA driver 12.6\nNVIDIA driver 560.35.3\n\n"
                                             "2 devices:\n"
                                             "  0: NVIDIA A100-PCIE-40GB MIG 1g.5gb (sm_80, 4.391 GiB / 4.750 GiB available)\n"
                                             "  1: NVIDIA A10 (sm_86, 21.972 GiB / 22.488 GiB available)\n");
  ASSERT_EQ(p.gpus.size(), 2u);
  EXPECT_TRUE(p.gpus[0].mig.is_mig_device);
  EXPECT_EQ(*p.gpus[0].mig.profile, "1g.5gb");
  EXPECT_EQ(p.gpus[1].name, "NVIDIA A10");
  EXPECT_EQ(*p.gpus[1].compute_capability, "8.6");
  EXPECT_EQ(*p.gpus[1].memory_total_bytes, 23028ull << 20);  // 22.488 GiB
  EXPECT_EQ(*p.software.driver_version, "560.35.3");
  EXPECT_EQ(*p.software.cuda_driver_version, 12060);
  const ImportPart old = import_test::parse_as("framework-gpus", "CUDA driver 11.0.0\n\n1 device(s):\n- Quadro RTX 5000 (14.251 GiB, sm_75)\n");
  ASSERT_EQ(old.gpus.size(), 1u);
  EXPECT_EQ(old.gpus[0].name, "Quadro RTX 5000");
  EXPECT_EQ(*old.gpus[0].compute_capability, "7.5");
  EXPECT_FALSE(old.gpus[0].memory_total_bytes);  // free memory, not the total
  EXPECT_EQ(*old.software.cuda_driver_version, 11000);
  // Not a GPU: another vendor's name, no architecture, a list item of something else.
  EXPECT_TRUE(import_test::parse_as("framework-gpus", "  0: AMD Radeon (sm_86, 1 GiB / 2 GiB available)\n- CUDNN: 7.6.5\n- Tesla (notes)\n")
                  .gpus.empty());
}

// ComfyUI's (and Forge's) start-up lines (Forge #790, FRESH-2026-12-85, as posted): the memory line
// comes before the device line.
TEST(FrameworkGpus, ComfyUisDeviceLineWithTheVramBeforeIt) {
  const std::string raw = import_test::read_bytes(std::filesystem::path(GPUAUDIT_TEST_DATA) / "real-world" /
                                                  "forge-790-rtx2060-launch-log-cuda-stream-false-excerpt" / "console.txt");
  const ImportPart p = import_test::parse_as("framework-gpus", raw);
  ASSERT_EQ(p.gpus.size(), 1u);
  EXPECT_EQ(p.gpus[0].name, "NVIDIA GeForce RTX 2060");
  EXPECT_EQ(*p.gpus[0].memory_total_bytes, 6144ull << 20);
  EXPECT_TRUE(import_test::parse_as("framework-gpus", "Device: cuda:x NVIDIA A10 : native\nDevice: cuda:0  : native\n").gpus.empty());
}

// MLCommons CM's get-cuda-devices block (mlcommons/inference #1679, FRESH-2026-12-70, as posted):
// a MIG instance's CUDA name is that slice.
TEST(FrameworkGpus, CmsDeviceBlockNamesAMigSlice) {
  const ImportPart p = import_test::parse_as("framework-gpus",
                                             "GPU Device ID: 0\nGPU Name: NVIDIA GH200 480GB MIG 2g.24gb\n"
                                             "GPU compute capability: 9.0\nCUDA driver version: 12.4\nGlobal memory: 24696061952\n");
  ASSERT_EQ(p.gpus.size(), 1u);
  EXPECT_EQ(p.gpus[0].index, 0);
  EXPECT_TRUE(p.gpus[0].mig.is_mig_device);
  EXPECT_EQ(*p.gpus[0].mig.profile, "2g.24gb");
  EXPECT_EQ(*p.gpus[0].compute_capability, "9.0");
  EXPECT_EQ(*p.gpus[0].memory_total_bytes, 24696061952ull);
  EXPECT_TRUE(import_test::parse_as("framework-gpus", "GPU Name: Radeon RX 7900\n").gpus.empty());
}

// ncnn's device line (waifu2x-ncnn-vulkan #92) and perftest's CUDA device (perftest #126, a vGPU
// profile), as posted in FRESH-2026-12-73 and -75.
TEST(FrameworkGpus, NcnnAndPerftestDeviceLines) {
  const ImportPart ncnn = import_test::parse_as(
      "framework-gpus", "[0 GeForce GTX 1050 Ti]  queueC=2[8]  queueG=0[16]  queueT=1[2]\n[1 llvmpipe (LLVM 12.0.0, 256 bits)]  queueC=0[1]\n");
  ASSERT_EQ(ncnn.gpus.size(), 1u);
  EXPECT_EQ(ncnn.gpus[0].name, "GeForce GTX 1050 Ti");
  const ImportPart perftest = import_test::parse_as(
      "framework-gpus", "initializing CUDA\nListing all CUDA devices in system:\nCUDA device 0: PCIe address is 02:00\n\n"
                        "Picking device No. 0\n[pid = 56, dev = 0] device name = [NVIDIA A30-8C]\n");
  ASSERT_EQ(perftest.gpus.size(), 1u);
  EXPECT_EQ(perftest.gpus[0].name, "NVIDIA A30-8C");
}

// NVBench's "# Devices" section (nvbench PR #207, FRESH-2026-12-77, as posted): the results
// section's "### [0] NAME" heading is not a second device.
TEST(FrameworkGpus, NvbenchsDevicesSection) {
  const std::string raw = import_test::read_bytes(std::filesystem::path(GPUAUDIT_TEST_DATA) / "real-world" /
                                                  "nvbench-207-rtx4090-summary-example-clock-scaling-105pct" / "nvbench.txt");
  EXPECT_EQ(import_test::detected(raw), "framework-gpus");
  const ImportPart p = import_test::parse_as("framework-gpus", raw);
  ASSERT_EQ(p.gpus.size(), 1u);
  EXPECT_EQ(p.gpus[0].name, "NVIDIA GeForce RTX 4090");
  EXPECT_EQ(*p.gpus[0].sm_count, 128);
  EXPECT_EQ(*p.gpus[0].compute_capability, "8.9");
  EXPECT_EQ(*p.gpus[0].memory_total_bytes, 24563ull << 20);
}

// PyTorch's repr of torch.cuda.get_device_properties (torch/csrc/cuda/Module.cpp's __repr__), alone
// and in YOLOv3's select_device line (lines constructed in those formats): the name, capability,
// MiB and SM count; the index from "device N" before it, else the place in the paste; a program's
// format string ("name='%s'") and ROCm's AMD device are not GPUs.
TEST(FrameworkGpus, PytorchDevicePropertiesRepr) {
  const std::string list =
      "number of cuda device(s) : 2\n"
      "    - device 0 : _CudaDeviceProperties(name='Tesla P100-PCIE-16GB', major=6, minor=0, total_memory=16280MB, multi_processor_count=56)\n"
      "    - device 1 : _CudaDeviceProperties(name='Tesla P100-PCIE-16GB', major=6, minor=0, total_memory=16280MB, multi_processor_count=56)\n";
  EXPECT_EQ(import_test::detected(list), "framework-gpus");
  const ImportPart p = import_test::parse_as("framework-gpus", list);
  ASSERT_EQ(p.gpus.size(), 2u);
  EXPECT_EQ(p.gpus[1].index, 1);
  EXPECT_EQ(p.gpus[1].name, "Tesla P100-PCIE-16GB");
  EXPECT_EQ(*p.gpus[1].compute_capability, "6.0");
  EXPECT_EQ(*p.gpus[1].sm_count, 56);
  EXPECT_EQ(*p.gpus[1].memory_total_bytes, 16280ull << 20);
  const ImportPart yolo = import_test::parse_as(
      "framework-gpus", "Using CUDA device0 _CudaDeviceProperties(name='GeForce RTX 2080 Ti', total_memory=11019MB)\n"
                        "           device3 _CudaDeviceProperties(name='GeForce RTX 2080 Ti', total_memory=11019MB)\n");
  ASSERT_EQ(yolo.gpus.size(), 2u);
  EXPECT_EQ(yolo.gpus[1].index, 3);
  EXPECT_FALSE(yolo.gpus[1].compute_capability);
  const ImportPart alone = import_test::parse_as(
      "framework-gpus", "_CudaDeviceProperties(name='NVIDIA A100-SXM4-40GB MIG 1g.5gb', major=8, minor=0, total_memory=4864MB, "
                        "multi_processor_count=14, uuid=3e1f0f1c-0000-0000-0000-000000000000, L2_cache_size=40MB)\n");
  ASSERT_EQ(alone.gpus.size(), 1u);
  EXPECT_EQ(alone.gpus[0].index, 0);
  EXPECT_TRUE(alone.gpus[0].mig.is_mig_device);
  EXPECT_EQ(*alone.gpus[0].sm_count, 14);
  EXPECT_EQ(import_test::detected("print(\"%sdevice%g _CudaDeviceProperties(name='%s', total_memory=%dMB)\" % (s, i))\n"), "");
  EXPECT_EQ(import_test::detected("_CudaDeviceProperties(name='AMD Radeon(TM) 8060S Graphics', major=11, minor=5, "
                                  "gcnArchName='gfx1151', total_memory=80065MB, multi_processor_count=20)\n"),
            "");
}

// A program's own device-name line, in QUICK's banner (quick #290) and QMCPACK's log (qmcpack #3114),
// FRESH-2026-12-113's cases as posted: the GPU is named, numbered in its order.
TEST(FrameworkGpus, AProgramsOwnDeviceNameLine) {
  for (const char* dir : {"quick-290-a40-nvcc-112-gpu-information-block", "qmcpack-3114-quadro-p1000-afqmc-cudafree-illegal-address"}) {
    const std::filesystem::path folder = std::filesystem::path(GPUAUDIT_TEST_DATA) / "real-world" / dir;
    for (const auto& entry : std::filesystem::directory_iterator(folder)) {
      if (entry.path().extension() != ".txt") continue;
      const ImportPart p = import_test::parse_as("framework-gpus", import_test::read_bytes(entry.path()));
      ASSERT_EQ(p.gpus.size(), 1u) << dir;
      EXPECT_EQ(p.gpus[0].index, 0);
      EXPECT_EQ(p.gpus[0].name, std::string(dir).starts_with("quick") ? "NVIDIA A40" : "Quadro P1000");
    }
  }
  EXPECT_EQ(import_test::detected("Device name: my-laptop\nGPU name: integrated\n"), "");
}

// inxi's Graphics section as posted (flathub/org.darktable.Darktable #93, FRESH-2026-12-133): the GPU by
// its marketing name and the driver's version; the card's audio function in the Audio section is not one.
TEST(FrameworkGpus, InxisGraphicsDevice) {
  const std::string inxi =
      "Graphics:  Device-1: NVIDIA GP106 [GeForce GTX 1060 3GB] driver: nvidia v: 510.73.05 \n"
      "           Display: server: X.Org 1.20.13 driver: nvidia unloaded: fbdev,modesetting,nouveau,vesa \n"
      "Audio:     Device-1: Intel Cannon Lake PCH cAVS driver: snd_hda_intel \n"
      "           Device-2: NVIDIA GP106 High Definition Audio driver: snd_hda_intel \n";
  EXPECT_EQ(import_test::detected(inxi), "framework-gpus");
  const ImportPart p = import_test::parse_as("framework-gpus", inxi);
  ASSERT_EQ(p.gpus.size(), 1u);
  EXPECT_EQ(p.gpus[0].index, 0);
  EXPECT_EQ(p.gpus[0].name, "GeForce GTX 1060 3GB");
  EXPECT_EQ(p.software.driver_version, "510.73.05");
  // inxi -Fxxz's longer line (constructed in its format): the bus id is read.
  const ImportPart x = import_test::parse_as(
      "framework-gpus", "  Device-1: NVIDIA AD102 [GeForce RTX 4090] vendor: ASUSTeK driver: nvidia v: 550.54.14 arch: Lovelace bus-ID: 01:00.0\n");
  ASSERT_EQ(x.gpus.size(), 1u);
  EXPECT_EQ(x.gpus[0].pci_bus_id, "00000000:01:00.0");
}

// clinfo's device blocks (lines constructed in clinfo's format): the NVIDIA device's name, SMs, memory and
// bus id; an Intel device's block after it gives it nothing and is no GPU; clinfo -l's list names it too.
TEST(FrameworkGpus, ClinfosNvidiaDevice) {
  const std::string clinfo =
      "Number of devices                                 1\n"
      "  Device Name                                     NVIDIA GeForce RTX 3090\n"
      "  Device Vendor                                   NVIDIA Corporation\n"
      "  Max compute units                               82\n"
      "  Global memory size                              25438126080 (23.69GiB)\n"
      "  Device Topology (NV)                            PCI-E, 0000:01:00.0\n"
      "  Platform Name                                   Intel(R) OpenCL HD Graphics\n"
      "  Device Name                                     Intel(R) UHD Graphics 770\n"
      "  Max compute units                               32\n";
  EXPECT_EQ(import_test::detected(clinfo), "framework-gpus");
  const ImportPart p = import_test::parse_as("framework-gpus", clinfo);
  ASSERT_EQ(p.gpus.size(), 1u);
  EXPECT_EQ(p.gpus[0].name, "NVIDIA GeForce RTX 3090");
  EXPECT_EQ(*p.gpus[0].sm_count, 82);
  EXPECT_EQ(*p.gpus[0].memory_total_bytes, 25438126080ull);
  EXPECT_EQ(p.gpus[0].pci_bus_id, "00000000:01:00.0");
  const ImportPart list = import_test::parse_as("framework-gpus", "Platform #0: NVIDIA CUDA\n `-- Device #0: NVIDIA GeForce GTX 1080\n");
  ASSERT_EQ(list.gpus.size(), 1u);
  EXPECT_EQ(list.gpus[0].name, "NVIDIA GeForce GTX 1080");
}

// A MIG instance's CUDA name in any program's print (spaCy #13980, FRESH-2026-12-160, as posted): that slice.
TEST(FrameworkGpus, AMigInstancesNameInAProgramsPrint) {
  const ImportPart p = import_test::parse_as("framework-gpus", "CuPy: 14.1.1 | device: NVIDIA B200 MIG 1g.23gb\nRequire gpu: True\n");
  ASSERT_EQ(p.gpus.size(), 1u);
  EXPECT_EQ(p.gpus[0].name, "NVIDIA B200 MIG 1g.23gb");
  EXPECT_TRUE(p.gpus[0].mig.is_mig_device);
  EXPECT_EQ(import_test::detected("the MIG mode of NVIDIA GPUs is off\n"), "");
}

}  // namespace
}  // namespace gpuaudit::imports
