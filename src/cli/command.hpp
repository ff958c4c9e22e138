// Subcommand registration: each src/cli/cmd_*.cpp registers itself with one static object, so a
// new command is one new file. The CLI sources are linked straight into the executable (not via
// a static library), which keeps these registrations from being dropped by the linker.
#pragma once

#include "core/exit_code_text.hpp"

#include <CLI/CLI.hpp>

#include <functional>
#include <string>
#include <vector>

namespace gpuaudit::cli {

// Called with the subcommand's CLI11 app to add its options; returns what runs it (its exit code).
using CommandSetup = std::function<std::function<int()>(CLI::App&)>;

struct CommandSpec {
  std::string name;
  std::string help;
  int order;  // position in --help
  CommandSetup setup;
  // The codes it can return, for its help page's table ({code, ""}: the shared meaning).
  std::vector<ExitCodeUse> exit_codes;
};

std::vector<CommandSpec>& command_registry();

struct RegisterCommand {
  explicit RegisterCommand(CommandSpec spec) { command_registry().push_back(std::move(spec)); }
};

}  // namespace gpuaudit::cli
