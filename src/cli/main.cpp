// gpuaudit: what did you actually rent?
#include "cli/command.hpp"
#include "core/error.hpp"
#include "core/exit_codes.hpp"
#include "report/escape.hpp"

#include <algorithm>
#include <cstdio>
#include <iostream>
#include <memory>

namespace gpuaudit::cli {

std::vector<CommandSpec>& command_registry() {
  static std::vector<CommandSpec> registry;
  return registry;
}

}  // namespace gpuaudit::cli

namespace {

constexpr const char* kExitCodes =
    "Exit codes:\n"
    "  0  healthy / no regression        1  a finding or a regression\n"
    "  2  usage or input error           3  no usable GPU (no driver, no device, driver too old)\n"
    "  4  a benchmark failed its check   5  could not write the output (disk full, read-only)\n"
    "  130 SIGINT, 143 SIGTERM: interrupted (what was measured is written)";

}  // namespace

int main(int argc, char** argv) {
  using namespace gpuaudit;
  CLI::App app{"gpuaudit: what did you actually rent? Benchmarks a cloud GPU against its reference "
               "and says whether it is a full card, sliced, throttled, on a degraded link or host-bound."};
  app.footer(kExitCodes);
  app.set_version_flag("--version", std::string("gpuaudit ") + GPUAUDIT_VERSION);
  app.require_subcommand(1);

  auto& registry = cli::command_registry();
  std::sort(registry.begin(), registry.end(), [](const auto& a, const auto& b) { return a.order < b.order; });
  std::function<int()> selected;
  for (auto& spec : registry) {
    CLI::App* sub = app.add_subcommand(spec.name, spec.help);
    sub->footer(kExitCodes);
    auto runner = std::make_shared<std::function<int()>>(spec.setup(*sub));
    sub->callback([runner, &selected] { selected = *runner; });
  }

  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForVersion& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    std::fprintf(stderr, "gpuaudit: %s (see --help)\n", e.what());
    return exit_code::usage;
  }
  try {
    return selected ? selected() : exit_code::usage;
  } catch (const Error& e) {
    // Messages quote file names, tags and fields of documents: no raw escape reaches the terminal.
    std::fflush(stdout);
    std::fprintf(stderr, "gpuaudit: %s\n", terminal_text(e.what()).c_str());
    return e.code();
  } catch (const std::exception& e) {
    std::fflush(stdout);
    std::fprintf(stderr, "gpuaudit: internal error: %s\n", terminal_text(e.what()).c_str());
    return exit_code::usage;
  }
}
