// Where gpuaudit looks for libnccl.so.2 at run time: the search of probe/library_search.hpp with
// NCCL's override variable (GPUAUDIT_NCCL_LIBRARY), soname and wheel folder.
//
// Why dlopen and not -lnccl: (1) the binary must start, and run every single-GPU benchmark, on a
// machine without NCCL; (2) NCCL is often present only as a Python wheel (nvidia-nccl-cu12/cu13,
// pulled in by PyTorch) under site-packages, which the dynamic loader never searches; (3) NCCL
// keeps its C ABI stable across 2.x, so one binary works with whichever 2.x the machine has, and
// the document records which one ran. The header nccl.h still types every entry point.
#pragma once

#include "probe/library_search.hpp"

#include <string>
#include <vector>

namespace gpuaudit::multigpu {

using gpuaudit::EnvLookup;

LibrarySearch nccl_library();

// The paths of library_candidates(nccl_library(), ...) with no binary folder: `root` prefixes the
// fixed system folders (tests use a fake tree).
std::vector<std::string> nccl_library_candidates(const EnvLookup& env, const std::string& root = "");

// NCCL_VERSION_CODE 22703 -> "2.27.3"
std::string nccl_version_string(int code);

}  // namespace gpuaudit::multigpu
