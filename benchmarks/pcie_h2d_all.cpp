// pcie/h2d_all: host-to-device copies on every selected GPU at once, in GB/s summed over GPUs
// (gpu = null in the document). Below the sum of the single-GPU figures when GPUs share a PCIe
// switch or root complex; not-applicable with one GPU.
#include "benchmarks/pcie_common.hpp"

namespace gpuaudit {
namespace {
const RegisterGpuBenchmark reg{{{"pcie/h2d_all", "GB/s", true}, 80, false, true, run_h2d_all}};
}  // namespace
}  // namespace gpuaudit
