// Unit tests of the deviceQuery parser (src/import/formats/parse_device_query.cpp): old and new layouts,
// MIG devices, error outputs and excerpts.
#include "baselines/baseline_set.hpp"
#include "core/error.hpp"
#include "import/import.hpp"
#include "import/text/smi_command_line.hpp"
#include "import/errors/software_errors.hpp"
#include "score/assess.hpp"
#include "score/baseline_lookup.hpp"
#include "score/thresholds.hpp"
#include "unit/support/import_test_support.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <string>

namespace gpuaudit::imports {
namespace {

using import_test::detected;
using import_test::read_bytes;
namespace fs = std::filesystem;

const fs::path kData = fs::path(GPUAUDIT_TEST_DATA) / "imports";

ImportPart parse(const char* format, const std::string& raw) { return import_test::parse_as(format, raw, "paste.txt"); }

TEST(ImportDeviceQuery, TheOldMultiprocessorLineAndGpuClockRate) {
  // CUDA 4-5 samples: "14 Multiprocessors x ( 32) CUDA Cores/MP", "GPU Clock rate", the old
  // two-number PCI line.
  const std::string raw =
      "./deviceQuery Starting...\n\n"
      " CUDA Device Query (Runtime API) version (CUDART static linking)\n\n"
      "Found 1 CUDA Capable device(s)\n\n"
      "Device 0: \"Tesla C2050\"\n"
      "  CUDA Driver Version / Runtime Version          4.2 / 4.2\n"
      "  CUDA Capability Major/Minor version number:    2.0\n"
      "  Total amount of global memory:                 2687 MBytes (2817982464 bytes)\n"
      "  (14) Multiprocessors x ( 32) CUDA Cores/MP:    448 CUDA Cores\n"
      "  GPU Clock rate:                                1147 MHz (1.15 GHz)\n"
      "  Device PCI Bus ID / PCI location ID:           2 / 0\n"
      "  Compute Mode:\n"
      "     < Exclusive Process (many threads in one process is able to use ::cudaSetDevice() with this device) >\n";
  EXPECT_EQ(detected(raw), "deviceQuery");
  const auto p = parse("deviceQuery", raw);
  ASSERT_EQ(p.gpus.size(), 1u);
  const GpuInfo& g = p.gpus[0];
  EXPECT_EQ(g.sm_count.value_or(0), 14);
  EXPECT_EQ(g.clocks.sm_max_mhz.value_or(0), 1147);
  EXPECT_EQ(g.compute_capability.value_or(""), "2.0");
  EXPECT_EQ(g.memory_total_bytes.value_or(0), 2817982464u);
  EXPECT_EQ(g.pci_bus_id, "00000000:02:00.0");
  EXPECT_EQ(g.compute_mode.value_or(""), "exclusive-process");
  EXPECT_EQ(p.software.cuda_driver_version.value_or(0), 4020);
}

TEST(ImportDeviceQuery, AMigDeviceIsASliceWithItsOwnSmCount) {
  const std::string raw =
      "Detected 1 CUDA Capable device(s)\n\n"
      "Device 0: \"NVIDIA A100-SXM4-40GB MIG 1g.5gb\"\n"
      "  CUDA Driver Version / Runtime Version          11.4 / 11.4\n"
      "  CUDA Capability Major/Minor version number:    8.0\n"
      "  (14) Multiprocessors, (064) CUDA Cores/MP:     896 CUDA Cores\n"
      "Result = PASS\n";
  const auto p = parse("deviceQuery", raw);
  ASSERT_EQ(p.gpus.size(), 1u);
  EXPECT_TRUE(p.gpus[0].mig.is_mig_device);
  EXPECT_EQ(p.gpus[0].mig.profile.value_or(""), "1g.5gb");
  EXPECT_EQ(p.gpus[0].sm_count.value_or(0), 14);
}

TEST(ImportDeviceQuery, ErrorOutputsAreEvidenceNotBadInput) {
  const fs::path f = kData / "deviceQuery" / "error35-tensorflow-990.txt";
  const ResultDocument doc = import_files({f.string()}, {}, nullptr);
  ASSERT_TRUE(doc.extra.contains("software_errors"));
  EXPECT_EQ(doc.extra["software_errors"][0]["kind"], "driver-too-old");
  EXPECT_TRUE(doc.gpus.empty());
  // An unknown error (999) is recorded, not refused: the document says what deviceQuery said.
  const ResultDocument d999 = import_files({(kData / "deviceQuery" / "error999-cuda-samples-13.txt").string()}, {}, nullptr);
  EXPECT_EQ(d999.extra["imported"]["deviceQuery"]["error_code"], 999);
  // It is read (cudaErrorUnknown), classed as saying nothing about the machine: no software finding.
  for (const auto& e : d999.extra.value("software_errors", json::array())) EXPECT_EQ(e.value("class", ""), "unknown") << e.dump();
  // Error 3 (cudaErrorInitializationError) and 100 (no device) as the samples print them.
  const auto e3 = find_software_errors("cudaGetDeviceCount returned 3\n-> initialization error\nResult = FAIL\n", "dq.txt");
  ASSERT_EQ(e3.size(), 1u);
  EXPECT_EQ(e3[0].kind, "cuda-init-failed");
  EXPECT_EQ(e3[0].line, 2);
  const auto e100 = find_software_errors("cudaGetDeviceCount returned 100\n-> no CUDA-capable device is detected\n", "dq.txt");
  ASSERT_EQ(e100.size(), 1u);
  EXPECT_EQ(e100[0].kind, "no-device");
  EXPECT_TRUE(find_software_errors("an initialization error in the config parser\n", "log.txt").empty());
}

TEST(ImportDeviceQuery, NeitherFormatStealsTheOthersOrBandwidthTest) {
  EXPECT_EQ(detected(read_bytes(kData / "deviceQuery" / "gls-gtx680.txt")), "deviceQuery");  // deviceQueryDrv
  EXPECT_EQ(detected(read_bytes(kData / "lspci" / "gpud-a10-nn-listing.txt")), "lspci");
  for (const char* other : {"bandwidthTest", "p2pBandwidthLatencyTest", "nvidia-smi-q", "nvidia-smi-topo"})
    for (const auto& e : fs::directory_iterator(kData / other)) {
      if (e.path().extension() == ".json") continue;
      const std::string got = detected(read_bytes(e.path()));
      EXPECT_NE(got, "lspci") << e.path();
      EXPECT_NE(got, "deviceQuery") << e.path();
    }
}

}  // namespace
}  // namespace gpuaudit::imports

namespace gpuaudit::imports {
namespace {

using import_test::detected;
using import_test::parse_as;

TEST(ImportDeviceQuery, AnExcerptStartingAtALaterDeviceIsRecognised) {
  // https://github.com/aikitoria/open-gpu-kernel-modules/issues/1 (verbatim excerpt)
  const std::string raw =
      "     < Default (multiple host threads can use ::cudaSetDevice() with device simultaneously) >\n"
      "\n"
      "Device 2: \"NVIDIA GeForce RTX 5090\"\n"
      "  CUDA Driver Version / Runtime Version          12.8 / 12.8\n"
      "  CUDA Capability Major/Minor version number:    12.0\n"
      "  Total amount of global memory:                 32117 MBytes (33677180928 bytes)\n"
      "  (170) Multiprocessors, (128) CUDA Cores/MP:    21760 CUDA Cores\n";
  EXPECT_EQ(detected(raw), "deviceQuery");
  const auto p = parse_as("deviceQuery", raw);
  ASSERT_EQ(p.gpus.size(), 1u);
  EXPECT_EQ(p.gpus[0].index, 2);
  EXPECT_EQ(p.gpus[0].compute_capability, "12.0");
  EXPECT_EQ(p.gpus[0].sm_count, 170);
}

TEST(ImportDeviceQuery, ThePostsHtmlAroundALineIsNotPartOfIt) {
  // https://github.com/AlexeyAB/darknet/issues/3334 (verbatim excerpt): the poster bolded the line
  // with HTML inside a <pre> block.
  const std::string raw =
      "<pre>C:\\ProgramData\\NVIDIA Corporation\\CUDA Samples\\v10.1\\bin\\win64\\Release\\deviceQuery.exe Starting...\n"
      "\n"
      " CUDA Device Query (Runtime API) version (CUDART static linking)\n"
      "\n"
      "Detected 1 CUDA Capable device(s)\n"
      "\n"
      "Device 0: \"GeForce GTX 970\"\n"
      "  CUDA Driver Version / Runtime Version          10.2 / 10.1\n"
      "  <b>CUDA Capability Major/Minor version number:    5.2</b>\n"
      "  (13) Multiprocessors, (128) CUDA Cores/MP:     1664 CUDA Cores\n";
  const auto p = parse_as("deviceQuery", raw);
  ASSERT_EQ(p.gpus.size(), 1u);
  EXPECT_EQ(p.gpus[0].compute_capability, "5.2");
  EXPECT_EQ(p.gpus[0].sm_count, 13);
}

}  // namespace
}  // namespace gpuaudit::imports
