// The documents a report reads: files as given, folders searched (recursively) for *.json.
#pragma once

#include "report/fleet.hpp"

#include <filesystem>
#include <functional>
#include <string>
#include <vector>

namespace gpuaudit {

// The files a list of paths names: files as given, folders searched recursively for *.json
// (sorted), a file named twice once. Throws Error(usage) on a missing path or an empty folder.
std::vector<std::filesystem::path> list_result_files(const std::vector<std::string>& paths);

struct LoadOptions {
  bool skip_invalid = false;  // warn on stderr and go on, instead of exit 2 naming the file
  // load_run_digests: called on each whole document that has no assessment (an imported one) before
  // it is digested, so the report judges it too (cmd_report scores it against the installed
  // baselines; the report room does not know the rules). Runs on worker threads. Empty: left unscored.
  std::function<void(ResultDocument&)> assess_unscored = nullptr;
};

// Throws Error(exit_code::usage) naming the path: a missing path, a folder without documents, or
// (without skip_invalid) a file that is not a readable gpuaudit result. The documents come back
// slimmed for reporting: no samples, telemetry, params or raw `extra` (except extra.soak), so
// never write them back.
std::vector<LoadedRun> load_runs(const std::vector<std::string>& paths, const LoadOptions& options = {});

// The report's way: every document streamed (a window at a time, stream_documents.hpp) and kept
// only as its RunDigest, so memory grows by a few hundred bytes per document, not by the
// document. Soak timelines are kept for the first `keep_soak` documents of each group (what the
// HTML draws); the others only count. Errors as load_runs.
// healthy: the baselines' figures for the HTML's marks (digest_run); null: none.
std::vector<RunDigest> load_run_digests(const std::vector<std::string>& paths, const LoadOptions& options,
                                        const std::vector<std::string>& group_by, size_t keep_soak,
                                        const HealthyReference* healthy = nullptr);

}  // namespace gpuaudit
