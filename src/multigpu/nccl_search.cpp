#include "multigpu/nccl_search.hpp"

#include "probe/library_search.hpp"

namespace gpuaudit::multigpu {

LibrarySearch nccl_library() {
  // NCCL's wheels keep nvidia/nccl/lib for CUDA 13 too, where the other CUDA 13 wheels moved to
  // nvidia/cu13/lib (rapidsai/cuml#7304 shows both paths in one cu13 environment).
  return {.override_env = "GPUAUDIT_NCCL_LIBRARY", .soname = "libnccl.so.2", .wheel_dirs = {"nvidia/nccl/lib"},
          .conda_lib = true};
}

std::vector<std::string> nccl_library_candidates(const EnvLookup& env, const std::string& root) {
  SearchPlaces at;
  at.root = root;
  std::vector<std::string> out;
  for (const auto& c : library_candidates(nccl_library(), env, at)) out.push_back(c.path);
  return out;
}

std::string nccl_version_string(int code) {
  // Since 2.9 the code is major*10000 + minor*100 + patch; before, major*1000 + minor*100 + patch.
  const int major = code >= 10000 ? code / 10000 : code / 1000;
  const int minor = code >= 10000 ? (code % 10000) / 100 : (code % 1000) / 100;
  const int patch = code % 100;
  return std::to_string(major) + "." + std::to_string(minor) + "." + std::to_string(patch);
}

}  // namespace gpuaudit::multigpu
