// A GPU's NUMA node and the nodes with memory, read from a fake /sys tree (numa.hpp; synthetic).
#include "measure/numa.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include <unistd.h>

using namespace gpuaudit;

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
