// Commands whose issue has not landed yet. Each says so and exits 2; the issue that builds one
// deletes its line here and adds src/cli/cmd_<name>.cpp.
#include "cli/command.hpp"
#include "core/exit_codes.hpp"

#include <cstdio>

namespace gpuaudit::cli {
namespace {

// maybe_unused: once every command has landed, nothing is left to call it.
[[maybe_unused]] CommandSetup not_built(const char* name) {
  return [name](CLI::App& sub) -> std::function<int()> {
    sub.allow_extras();
    return [name] {
      std::fprintf(stderr, "gpuaudit: '%s' is not built yet in this version\n", name);
      return exit_code::usage;
    };
  };
}

}  // namespace
}  // namespace gpuaudit::cli
