// Runs a program (no shell: arguments are passed as they are) and captures its output.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace gpuaudit {

struct ProcessResult {
  int exit_code = -1;  // -1: could not start; 128+N: killed by signal N
  std::string out, err;
};

ProcessResult run_capture(const std::vector<std::string>& argv);

// The full path of `name` on $PATH, when it is there and executable.
std::optional<std::string> find_on_path(const std::string& name);

}  // namespace gpuaudit
