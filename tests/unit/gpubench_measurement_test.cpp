#include "probe/gpu_map.hpp"
#include "gpubench/measurement.hpp"
#include "gpubench/numa.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>

#include <unistd.h>

using namespace gpuaudit;

namespace {
const BenchmarkInfo kCopy{"hbm/copy", "GB/s", true};
}

TEST(Measurement, OkSamplesBecomeASummaryAndTheMedianIsTheFigure) {
  Measurement m;
  m.samples = {4300, 4310, 4290};
  m.derived["x"] = 1;
  m.params["array_bytes"] = 1024;
  const auto r = to_benchmark_result(kCopy, 0, m);
  EXPECT_EQ(r.status, "ok");
  ASSERT_TRUE(r.value());
  EXPECT_DOUBLE_EQ(*r.value(), 4300);
  EXPECT_EQ(r.summary->n, 3);
  EXPECT_EQ(r.gpu, 0);
  EXPECT_EQ(r.unit, "GB/s");
  EXPECT_EQ(r.params["array_bytes"], 1024);
  EXPECT_EQ(r.derived.at("x"), 1);
}

TEST(Measurement, AFailedCheckKeepsNoFigureAndNoSamples) {
  Measurement m = check_failed("element 7: got nan");
  m.samples = {1, 2, 3};
  const auto r = to_benchmark_result(kCopy, 1, m);
  EXPECT_EQ(r.status, "check-failed");
  EXPECT_FALSE(r.value());
  EXPECT_TRUE(r.samples.empty());
  EXPECT_EQ(r.message, "element 7: got nan");
}

TEST(Measurement, OkWithoutSamplesOrWithABadSampleIsAnError) {
  EXPECT_EQ(to_benchmark_result(kCopy, 0, Measurement{}).status, "error");
  Measurement m;
  m.samples = {1.0, NAN};
  EXPECT_EQ(to_benchmark_result(kCopy, 0, m).status, "error");
  m.samples = {1.0, 0.0};
  EXPECT_EQ(to_benchmark_result(kCopy, 0, m).status, "error");
}

TEST(Measurement, NotApplicableAndAllGpuResultsKeepTheirStatusAndNullGpu) {
  const auto r = to_benchmark_result({"gemm/fp8", "TFLOP/s", true}, std::nullopt, not_applicable("FP8 needs sm_89"));
  EXPECT_EQ(r.status, "not-applicable");
  EXPECT_FALSE(r.gpu);
  EXPECT_GT(steady_seconds(), 0);
}

TEST(GpuMap, MatchesByUuidThenByUniqueBusId) {
  std::vector<GpuInfo> doc(3);
  doc[0].index = 0, doc[0].uuid = "GPU-b", doc[0].pci_bus_id = "00000000:3B:00.0";
  doc[1].index = 1, doc[1].uuid = "GPU-a", doc[1].pci_bus_id = "00000000:18:00.0";
  doc[2].index = 2, doc[2].uuid = "GPU-c", doc[2].pci_bus_id = "00000000:AF:00.0";
  std::vector<CudaDevice> cuda(3);
  cuda[0].uuid = "GPU-a";
  cuda[1].uuid = "GPU-zz", cuda[1].pci_bus_id = "0000:af:00.0";
  cuda[2].uuid = "GPU-unknown";
  const auto map = document_index_by_ordinal(doc, cuda);
  EXPECT_EQ(map[0], 1);
  EXPECT_EQ(map[1], 2);
  EXPECT_FALSE(map[2]);
  EXPECT_EQ(pci_bus_key("00000000:AF:00.0"), "0000:af:00.0");
}

TEST(GpuMap, MigSlicesSharingABusIdNeedTheirUuid) {
  std::vector<GpuInfo> doc(2);
  doc[0].index = 0, doc[0].uuid = "MIG-1", doc[0].pci_bus_id = "00000000:18:00.0";
  doc[1].index = 1, doc[1].uuid = "MIG-2", doc[1].pci_bus_id = "00000000:18:00.0";
  std::vector<CudaDevice> cuda(1);
  cuda[0].uuid = "MIG-x", cuda[0].pci_bus_id = "0000:18:00.0";
  EXPECT_FALSE(document_index_by_ordinal(doc, cuda)[0]);
}

TEST(Numa, ReadsTheGpuNodeAndTheNodesWithMemory) {
  const auto root = std::filesystem::temp_directory_path() / ("gpuaudit-numa-" + std::to_string(::getpid()));
  std::filesystem::create_directories(root / "bus/pci/devices/0000:18:00.0");
  std::filesystem::create_directories(root / "bus/pci/devices/0000:19:00.0");
  std::ofstream(root / "bus/pci/devices/0000:18:00.0/numa_node") << "1\n";
  std::ofstream(root / "bus/pci/devices/0000:19:00.0/numa_node") << "-1\n";
  for (int n : {0, 1, 2}) {
    std::filesystem::create_directories(root / ("devices/system/node/node" + std::to_string(n)));
    std::ofstream(root / ("devices/system/node/node" + std::to_string(n)) / "meminfo")
        << "Node " << n << " MemTotal:       " << (n == 2 ? 0 : 1056515584) << " kB\n";
  }
  std::filesystem::create_directories(root / "devices/system/node/power");
  EXPECT_EQ(pci_numa_node(root.string(), "00000000:18:00.0"), 1);
  EXPECT_FALSE(pci_numa_node(root.string(), "0000:19:00.0"));
  EXPECT_FALSE(pci_numa_node(root.string(), "0000:99:00.0"));
  const auto nodes = memory_nodes(root.string());
  EXPECT_EQ(nodes, (std::vector<int>{0, 1}));
  EXPECT_EQ(remote_node(nodes, 1), 0);
  EXPECT_FALSE(remote_node({0}, 0));
  std::filesystem::remove_all(root);
}
