// The data rate of a PCIe link, one fact used by the scorer (the link a copy ran on) and the watch
// (how near a job's traffic came to its link's limit).
#pragma once

namespace gpuaudit {

// Raw data rate of one PCIe lane in GB/s per direction after line encoding (PCI-SIG: 2.5, 5, 8,
// 16, 32, 64 GT/s; 8b/10b for Gen1-2, 128b/130b for Gen3-5, FLIT for Gen6); 0 for an unknown
// generation.
constexpr double pcie_lane_gbs(int gen) {
  switch (gen) {
    case 1: return 0.25;
    case 2: return 0.5;
    case 3: return 0.985;
    case 4: return 1.969;
    case 5: return 3.938;
    case 6: return 7.563;
    default: return 0;
  }
}

}  // namespace gpuaudit
