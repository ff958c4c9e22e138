// Where gpuaudit looks for libnccl.so.2 at run time.
//
// Why dlopen and not -lnccl: (1) the binary must start, and run every single-GPU benchmark, on a
// machine without NCCL; (2) NCCL is often present only as a Python wheel (nvidia-nccl-cu12/cu13,
// pulled in by PyTorch) under site-packages, which the dynamic loader never searches; (3) NCCL
// keeps its C ABI stable across 2.x, so one binary works with whichever 2.x the machine has, and
// the document records which one ran. The header nccl.h still types every entry point.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace gpuaudit::multigpu {

using EnvLookup = std::function<std::optional<std::string>(const std::string&)>;

// In order: $GPUAUDIT_NCCL_LIBRARY (a file), "libnccl.so.2" (the loader's own search:
// LD_LIBRARY_PATH, ldconfig, the toolkit), then nvidia/nccl/lib/libnccl.so.2 under every
// Python package folder we can name: $PYTHONPATH entries, $VIRTUAL_ENV, $CONDA_PREFIX (and its
// lib/ for conda's nccl package), ~/.local, /usr/local/lib/python3*/{dist,site}-packages,
// /usr/lib/python3*/{dist,site}-packages, and the project's .deps/cuda12. Only wheel paths that
// exist are listed; `root` prefixes the fixed system folders (tests use a fake tree).
std::vector<std::string> nccl_library_candidates(const EnvLookup& env, const std::string& root = "");
std::vector<std::string> nccl_library_candidates();  // the real environment

// NCCL_VERSION_CODE 22703 -> "2.27.3"
std::string nccl_version_string(int code);

}  // namespace gpuaudit::multigpu
