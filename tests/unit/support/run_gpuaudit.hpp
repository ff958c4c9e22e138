// The built gpuaudit binary (GPUAUDIT_BINARY) run with arguments, its exit code and output captured:
// how the tests of src/cli/cmd_*.cpp check a command end to end on fixtures under tests/data.
#pragma once

#include "host/subprocess.hpp"

#include <unistd.h>

#include <filesystem>
#include <string>
#include <vector>

namespace gpuaudit {

inline ProcessResult run_gpuaudit(const std::vector<std::string>& args, double timeout_s = 120) {
  std::vector<std::string> argv{GPUAUDIT_BINARY};
  argv.insert(argv.end(), args.begin(), args.end());
  ProcessOptions opt;
  opt.timeout_s = timeout_s;
  return run_capture(argv, opt);
}

inline std::string test_data(const std::string& relative) { return std::string(GPUAUDIT_TEST_DATA) + "/" + relative; }

inline std::string source_dir(const std::string& relative) { return std::string(GPUAUDIT_SOURCE_DIR) + "/" + relative; }

inline bool contains(const std::string& hay, const std::string& needle) { return hay.find(needle) != std::string::npos; }

// A scratch folder for one test, removed at its end.
struct ScratchDir {
  std::filesystem::path path;
  explicit ScratchDir(const std::string& name)
      : path(std::filesystem::temp_directory_path() / ("gpuaudit-cli-" + std::to_string(::getpid()) + "-" + name)) {
    std::filesystem::remove_all(path);
    std::filesystem::create_directories(path);
  }
  ~ScratchDir() { std::filesystem::remove_all(path); }
  std::string file(const std::string& name) const { return (path / name).string(); }
};

}  // namespace gpuaudit
