// The whole inventory (`gpuaudit info`, and the start of every `run`): host, software and GPUs,
// merged from NVML and the CUDA runtime, with one verdict on whether the GPUs are usable.
#pragma once

#include "core/result.hpp"
#include "probe/cuda_probe.hpp"
#include "probe/nvml_api.hpp"

namespace gpuaudit {

struct InventorySources {
  const NvmlLoad* nvml = nullptr;  // null or !loaded: no driver library
  const CudaProbe* cuda = nullptr;
  HostInfo host;
  std::vector<CudaToolkit> cuda_toolkits;  // find_cuda_toolkits(); empty in tests unless given
  json video_libraries;                    // probe_video_libraries() where a driver was found; null in tests unless given
};

// Fills host, software, gpus and gpu_status of a fresh document (mode "info").
ResultDocument take_inventory(const InventorySources& src);

// The inventory of this machine as `info`, `run` and `soak` take it: the loaded NVML and CUDA
// probe (the caller keeps them: soak reads NVML afterwards), the host under "/" with a CPU steal
// sample of `steal_window_s` (0: none), and the installed CUDA toolkits.
ResultDocument take_machine_inventory(const NvmlLoad& nvml, const CudaProbe& cuda, double steal_window_s);

// The states of gpu_status.state that mean "nothing can be measured here".
bool gpu_unusable(const GpuStatus& s);

}  // namespace gpuaudit
