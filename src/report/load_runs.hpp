// The documents a report reads: files as given, folders searched (recursively) for *.json.
#pragma once

#include "report/fleet.hpp"

#include <filesystem>
#include <string>
#include <vector>

namespace gpuaudit {

struct LoadOptions {
  bool skip_invalid = false;  // warn on stderr and go on, instead of exit 2 naming the file
};

// Throws Error(exit_code::usage) naming the path: a missing path, a folder without documents, or
// (without skip_invalid) a file that is not a readable gpuaudit result. The documents come back
// slimmed for reporting: no samples, telemetry, params or raw `extra` (except extra.soak), so
// never write them back.
// The files a list of paths names: files as given, folders searched recursively for *.json
// (sorted), a file named twice once. Throws Error(usage) on a missing path or an empty folder.
std::vector<std::filesystem::path> list_result_files(const std::vector<std::string>& paths);

std::vector<LoadedRun> load_runs(const std::vector<std::string>& paths, const LoadOptions& options = {});

}  // namespace gpuaudit
