// Which document GPU each CUDA ordinal is (gpu_map.hpp): by UUID, then by a bus id only one GPU has.
#include "probe/gpu_map.hpp"

#include <gtest/gtest.h>

using namespace gpuaudit;

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
