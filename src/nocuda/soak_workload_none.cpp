// The soak workload of a build without CUDA (-DGPUAUDIT_CUDA=OFF): there is nothing to run.
#include "soak/soak_workload.hpp"

namespace gpuaudit {

std::unique_ptr<SoakWorkload> make_soak_workload(const GpuInfo&, std::string& error) {
  error = "this gpuaudit was built without CUDA";
  return nullptr;
}

}  // namespace gpuaudit
