// Commands whose issue has not landed yet. Each says so and exits 2; the issue that builds one
// deletes its line here and adds src/cli/cmd_<name>.cpp.
#include "cli/command.hpp"
#include "core/exit_codes.hpp"

#include <cstdio>

namespace gpuaudit::cli {
namespace {

CommandSetup not_built(const char* name) {
  return [name](CLI::App& sub) -> std::function<int()> {
    sub.allow_extras();
    return [name] {
      std::fprintf(stderr, "gpuaudit: '%s' is not built yet in this version\n", name);
      return exit_code::usage;
    };
  };
}

const RegisterCommand score_cmd{{"score", "Score a result document against the baselines", 30, not_built("score")}};
const RegisterCommand report_cmd{{"report", "Summarise many results by provider, region, GPU", 50, not_built("report")}};

}  // namespace
}  // namespace gpuaudit::cli
