// The CUDA toolkits installed on the machine (/usr/local/cuda, /usr/local/cuda-X.Y): what the
// user's own programs are built with. A default toolkit a major version newer than the driver
// supports is the classic image-upgrade breakage (cudaErrorInsufficientDriver at the first call);
// gpuaudit's own runtime says nothing about it, so the files on disk are read instead.
#pragma once

#include "core/result.hpp"

#include <string>
#include <vector>

namespace gpuaudit {

// Toolkits under <root>/usr/local (the version from version.json, else version.txt, else
// include/cuda.h's CUDA_VERSION), one per real folder; `is_default` for the one
// /usr/local/cuda points to. Unreadable or versionless folders are left out.
std::vector<CudaToolkit> find_cuda_toolkits(const std::string& root = "/");

}  // namespace gpuaudit
