// Unit tests of the rows nvbandwidth's results become (src/import/rows/nvbandwidth_rows.cpp), the one
// mapping its text and -j JSON parsers share: versions, bus ids, matrices, pcie/* and p2p/matrix.
#include "import/import.hpp"
#include "import/rows/nvbandwidth_rows.hpp"

#include <gtest/gtest.h>

#include <string>

namespace gpuaudit::imports::nvb {
namespace {

const BenchmarkResult* row(const ImportPart& p, const std::string& name, std::optional<int> gpu = std::nullopt) {
  for (const auto& b : p.benchmarks)
    if (b.name == name && b.gpu == gpu) return &b;
  return nullptr;
}

// Synthetic: two GPUs, one host-to-device line and one device-to-device matrix with an N/A pair.
Run two_gpu_run() {
  Run run;
  run.version = "v0.8";
  run.cuda_runtime = 12040;
  run.cuda_driver = 12040;
  run.driver_version = "550.54.15";
  run.devices = {{0, "NVIDIA H100 80GB HBM3", "00000000:1b:00", ""}, {1, "NVIDIA H100 80GB HBM3", "00000000:43:00", ""}};
  Testcase h2d{"host_to_device_memcpy_ce", "Passed", "", {}, 10};
  Matrix m;
  m.key = "host_to_device_memcpy_ce";
  m.description = "memcpy CE CPU(row) -> GPU(column) bandwidth (GB/s)";
  m.row_labels = {"0"};
  m.column_labels = {"0", "1"};
  m.cells = {{55.5, 56.5}};
  m.sum = 112.0;
  m.line = 12;
  h2d.matrices.push_back(m);
  Testcase d2d{"device_to_device_memcpy_write_ce", "Passed", "", {}, 20};
  Matrix p;
  p.key = "device_to_device_memcpy_write_ce";
  p.description = "memcpy CE GPU(row) <- GPU(column) bandwidth (GB/s)";
  p.row_labels = p.column_labels = {"0", "1"};
  p.cells = {{std::nullopt, 370.0}, {std::nullopt, std::nullopt}};
  p.line = 22;
  d2d.matrices.push_back(p);
  Testcase waived{"device_local_copy", "Waived", "", {}, 30};
  run.testcases = {h2d, d2d, waived};
  return run;
}

TEST(NvbandwidthRows, CudaVersionsAndBusIds) {
  EXPECT_EQ(cuda_version_number("12040"), 12040);
  EXPECT_EQ(cuda_version_number("13.3 (13030)"), 13030);
  EXPECT_FALSE(cuda_version_number("N/A"));
  EXPECT_FALSE(cuda_version_number(""));
  EXPECT_EQ(bus_id_from_nvbandwidth("00000000:1b:00"), "00000000:1B:00.0");
  EXPECT_EQ(bus_id_from_nvbandwidth("0000:1b:00"), "");
  EXPECT_EQ(bus_id_from_nvbandwidth("0000000g:1b:00"), "");
}

TEST(NvbandwidthRows, ARunBecomesGpusMatrixRowsAndGpuauditsOwnRows) {
  ImportPart part;
  part.source = {"nvbandwidth", "", "nvb.txt", 0};
  fill_part(two_gpu_run(), part);
  EXPECT_EQ(part.source.version, "v0.8");
  EXPECT_EQ(part.software.driver_version, "550.54.15");
  ASSERT_EQ(part.gpus.size(), 2u);
  EXPECT_EQ(part.gpus[1].pci_bus_id, "00000000:43:00.0");
  EXPECT_EQ(part.gpus[1].name, "NVIDIA H100 80GB HBM3");

  const BenchmarkResult* h2d = row(part, "nvbandwidth/host_to_device_memcpy_ce");
  ASSERT_NE(h2d, nullptr);
  EXPECT_DOUBLE_EQ(h2d->value().value_or(0), 112.0);  // the tool's SUM for a CPU x GPU line
  EXPECT_EQ(h2d->params.at("figure"), "sum");
  ASSERT_NE(row(part, "pcie/h2d_pinned", 1), nullptr);
  EXPECT_DOUBLE_EQ(row(part, "pcie/h2d_pinned", 1)->value().value_or(0), 56.5);

  const BenchmarkResult* p2p = row(part, "p2p/matrix");
  ASSERT_NE(p2p, nullptr);
  EXPECT_EQ(p2p->status, "ok");
  EXPECT_EQ(p2p->samples, std::vector<double>{370.0});
  EXPECT_EQ(p2p->derived.at("pairs_without_peer_access"), 1);
  ASSERT_NE(row(part, "nvbandwidth/device_local_copy"), nullptr);
  EXPECT_EQ(row(part, "nvbandwidth/device_local_copy")->status, "skipped");
  EXPECT_EQ(part.imported.at("nvbandwidth").at("testcases").size(), 3u);
}

TEST(NvbandwidthRows, AllNaIsNotApplicableAndAFailedCheckIsWrongResults) {
  nvb::Run run = two_gpu_run();
  run.testcases[1].matrices[0].cells = {{std::nullopt, std::nullopt}, {std::nullopt, std::nullopt}};
  run.testcases.push_back({"device_to_host_memcpy_sm", "Error", "Invalid value when checking the pattern", {}, 40});
  ImportPart part;
  fill_part(run, part);
  ASSERT_NE(row(part, "p2p/matrix"), nullptr);
  EXPECT_EQ(row(part, "p2p/matrix")->status, "not-applicable");
  ASSERT_NE(row(part, "nvbandwidth/device_to_host_memcpy_sm"), nullptr);
  EXPECT_EQ(row(part, "nvbandwidth/device_to_host_memcpy_sm")->status, "check-failed");
  ImportPart empty;
  fill_part(nvb::Run{}, empty);
  EXPECT_TRUE(empty.benchmarks.empty());
  EXPECT_TRUE(empty.gpus.empty());
}

}  // namespace
}  // namespace gpuaudit::imports::nvb
