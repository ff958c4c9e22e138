// `run --record-env` / `info --record-env`: the environment variables that steer a GPU job's
// libraries (NCCL_*, CUDA_*, NVIDIA_*, UCX_*, FI_* for EFA's libfabric, LD_LIBRARY_PATH,
// OMP_NUM_THREADS), stored in the document as `extra.workload_env` so that `drift` can compare them
// across a fleet (docs/drift.md). An allow-list of names, never the whole environment: and a name that
// reads like a secret (KEY, TOKEN, SECRET, PASSWORD, CREDENTIAL) is left out even when its prefix is
// allowed. Recorded only when asked: the default document holds no environment.
#pragma once

#include "core/json.hpp"

#include <string>
#include <vector>

namespace gpuaudit {

// From "NAME=value" entries (the process's environ): the allowed ones, as {"NAME": "value"}.
json workload_environment(const std::vector<std::string>& entries);

// The process's own environment, as entries for workload_environment().
std::vector<std::string> process_environment();

}  // namespace gpuaudit
