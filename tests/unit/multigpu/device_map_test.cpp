// Which CUDA ordinal is which GPU of the document under CUDA_VISIBLE_DEVICES and MIG (device_map.hpp).
#include "multigpu/device_map.hpp"

#include <gtest/gtest.h>

using namespace gpuaudit;
using namespace gpuaudit::multigpu;

namespace {
GpuInfo gpu(int i, const std::string& bus, const std::string& uuid, bool mig = false) {
  GpuInfo g;
  g.index = i;
  g.pci_bus_id = bus;
  g.uuid = uuid;
  g.mig.is_mig_device = mig;
  return g;
}
}  // namespace

TEST(MultiGpuDeviceMap, CudaVisibleDevicesReordersAndHides) {
  const std::vector<GpuInfo> doc{gpu(0, "00000000:18:00.0", "GPU-a"), gpu(1, "00000000:2A:00.0", "GPU-b"),
                                 gpu(2, "00000000:3A:00.0", "GPU-c")};
  // CUDA_VISIBLE_DEVICES=2,0: CUDA 0 is the document's GPU 2; GPU 1 is hidden. UUIDs unknown.
  const std::vector<CudaDeviceId> cuda{{0, "0000:3a:00.0", ""}, {1, "0000:18:00.0", ""}};
  std::vector<int> missing;
  const auto m = map_gpus_to_cuda(doc, cuda, {}, &missing);
  ASSERT_EQ(m.size(), 2u);
  EXPECT_EQ(m[0].doc_index, 0);
  EXPECT_EQ(m[0].cuda_ordinal, 1);
  EXPECT_EQ(m[1].doc_index, 2);
  EXPECT_EQ(m[1].cuda_ordinal, 0);
  EXPECT_EQ(missing, (std::vector<int>{1}));
  EXPECT_EQ(map_gpus_to_cuda(doc, cuda, {2}).size(), 1u);
}

TEST(MultiGpuDeviceMap, MigSlicesMatchOnlyByUuid) {
  const std::vector<GpuInfo> doc{gpu(0, "00000000:18:00.0", "MIG-1", true), gpu(1, "00000000:18:00.0", "MIG-2", true)};
  const std::vector<CudaDeviceId> cuda{{0, "0000:18:00.0", "MIG-2"}};
  const auto m = map_gpus_to_cuda(doc, cuda, {});
  ASSERT_EQ(m.size(), 1u);
  EXPECT_EQ(m[0].doc_index, 1);
  EXPECT_TRUE(m[0].mig);
}
