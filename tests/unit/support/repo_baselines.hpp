// The repository's baselines/ loaded once per test binary: the set the scoring tests judge against.
#pragma once

#include "baselines/baseline_set.hpp"

#include <filesystem>

namespace gpuaudit {

inline const BaselineSet& repo_baselines() {
  static const BaselineSet set = load_baselines(std::filesystem::path(GPUAUDIT_SOURCE_DIR) / "baselines");
  return set;
}

}  // namespace gpuaudit
