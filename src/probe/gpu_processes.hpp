// Who holds a context on a GPU now: NVML's compute and graphics process lists merged (a process on
// both is "C+G"), with the GPU memory each uses, and the processes with a video encoder session open
// that neither list holds ("E": nvmlDeviceGetEncoderSessions, what `nvidia-smi encodersessions`
// prints; an encoder-only tenant the process lists miss), each with its session in extra["encoder"]. NVML names the processes by their ids in the host's
// PID namespace, also inside a container and for other containers' processes
// (host/pid_namespace.hpp); so a name is read from /proc only when `read_names` says this
// process shares that namespace, else /proc/PID would name an unrelated process.
#pragma once

#include "core/result.hpp"
#include "probe/nvml_api.hpp"

#include <vector>

namespace gpuaudit {

// NVML must be initialised. A list call that is missing or fails leaves its processes out.
std::vector<GpuProcess> read_gpu_processes(const NvmlApi& api, nvmlDevice_t device, bool read_names);

}  // namespace gpuaudit
