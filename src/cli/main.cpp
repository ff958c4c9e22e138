// gpuaudit: what did you actually rent?
#include "cli/command.hpp"
#include "core/error.hpp"
#include "core/exit_code_text.hpp"
#include "core/exit_codes.hpp"
#include "core/join.hpp"
#include "core/suggest.hpp"
#include "probe/cuda_probe.hpp"
#include "text/escape.hpp"
#include "text/terminal.hpp"

#include <algorithm>
#include <cstdio>
#include <functional>
#include <iostream>
#include <memory>
#include <string>
#include <variant>
#include <vector>

namespace gpuaudit::cli {

std::vector<CommandSpec>& command_registry() {
  static std::vector<CommandSpec> registry;
  return registry;
}

}  // namespace gpuaudit::cli

namespace {

std::vector<std::string> command_names() {
  std::vector<std::string> names;
  for (const auto& spec : gpuaudit::cli::command_registry()) names.push_back(spec.name);
  return names;
}

// What CLI11 would answer with "A subcommand is required" for, said plainly before it parses:
// `gpuaudit infoo` (a typo: the nearest command), `gpuaudit help [CMD]`, `-V`, `--bogus`.
// Returns the argument list to parse (help CMD becomes CMD --help), or an exit code.
std::variant<std::vector<std::string>, int> preflight(int argc, char** argv) {
  std::vector<std::string> args(argv + 1, argv + argc);
  if (args.empty()) return args;
  const std::vector<std::string> names = command_names();
  const auto known = [&](const std::string& a) { return std::find(names.begin(), names.end(), a) != names.end(); };
  std::string& first = args.front();
  if (first == "-V") first = "--version";
  if (first == "help") {
    if (args.size() == 1) return std::vector<std::string>{"--help"};
    if (!known(args[1])) {
      std::fprintf(stderr, "gpuaudit: no command '%s'%s (commands: %s)\n", args[1].c_str(),
                   gpuaudit::did_you_mean(args[1], names).c_str(), gpuaudit::join(names).c_str());
      return gpuaudit::exit_code::usage;
    }
    return std::vector<std::string>{args[1], "--help"};
  }
  if (first.empty() || first[0] != '-') {
    if (!known(first)) {
      std::fprintf(stderr, "gpuaudit: no command '%s'%s (commands: %s; see gpuaudit --help)\n", first.c_str(),
                   gpuaudit::did_you_mean(first, names).c_str(), gpuaudit::join(names).c_str());
      return gpuaudit::exit_code::usage;
    }
    return args;
  }
  if (first != "--help" && first != "-h" && first != "--version") {
    std::fprintf(stderr, "gpuaudit: unknown option '%s' before the command (options there: --help, --version; "
                 "commands: %s)\n", first.c_str(), gpuaudit::join(names).c_str());
    return gpuaudit::exit_code::usage;
  }
  return args;
}

// `gpuaudit compare --junt x.xml a b`: CLI11 would read on and blame whatever fails next (there, the
// file 'a'). An option that the command (or a command above it) does not have is named first, with
// the nearest one it has. Only "--name" tokens before a "--" are options; a command that takes
// arbitrary arguments (allow_extras) is left to itself. Returns the error line, or "".
std::string unknown_option(const CLI::App& app, const std::vector<std::string>& args) {
  const CLI::App* cmd = &app;
  std::string path;  // " baselines check"
  std::vector<std::string> known;
  // A command's options, and those of its option groups (CLI11 keeps each in a nameless subcommand).
  const std::function<void(const CLI::App&)> learn = [&](const CLI::App& a) {
    for (const auto* o : a.get_options())
      for (const auto& n : o->get_lnames()) known.push_back("--" + n);
    for (const auto* group : a.get_subcommands([](const CLI::App* s) { return s->get_name().empty(); })) learn(*group);
  };
  learn(app);
  for (const auto& a : args) {
    if (a == "--" || cmd->get_allow_extras()) break;
    if (a.rfind("--", 0) != 0) {
      const auto subs = cmd->get_subcommands([&a](const CLI::App* s) { return !s->get_name().empty() && s->check_name(a); });
      if (!subs.empty()) {
        learn(*(cmd = subs.front()));
        path += " " + cmd->get_name();
      }
      continue;
    }
    const std::string name = a.substr(0, a.find('='));
    if (std::find(known.begin(), known.end(), name) != known.end()) continue;
    return "gpuaudit" + path + ": unknown option '" + name + "'" + gpuaudit::did_you_mean(name, known) +
           " (see gpuaudit" + path + " --help)";
  }
  return "";
}

// `watch -- CMD ARGS`: CLI11 hands what follows "--" back to the top level, which rejects it. For a
// command that runs another program (prefix_command: its parsing stops at the program's name and
// leaves the rest to it), the first "--" after the command's name is only a separator: dropped.
void drop_program_separator(const CLI::App& app, std::vector<std::string>& args) {
  for (auto it = args.begin(); it != args.end(); ++it) {
    const auto subs = app.get_subcommands([&](const CLI::App* s) { return !s->get_name().empty() && s->check_name(*it); });
    if (subs.empty()) continue;
    if (!subs.front()->get_prefix_command()) return;
    if (auto dash = std::find(it, args.end(), "--"); dash != args.end() && dash + 1 != args.end()) args.erase(dash);
    return;
  }
}

// CLI11's messages name the binary by its full path and the option by its CLI11 name; one line
// that names the command is enough.
std::string plain_parse_error(const CLI::ParseError& e) {
  std::string m = e.what();
  if (auto p = m.find("\nRun with --help"); p != std::string::npos) m.erase(p);
  while (!m.empty() && (m.back() == '\n' || m.back() == ' ')) m.pop_back();
  return m;
}

}  // namespace

int main(int argc, char** argv) {
  using namespace gpuaudit;
  CLI::App app{"gpuaudit: what did you actually rent? Benchmarks a cloud GPU against its reference "
               "and says whether it is a full card, sliced, throttled, on a degraded link or host-bound.",
               "gpuaudit"};
  const BuildSummary build = build_summary();
  app.set_version_flag("--version", std::string("gpuaudit ") + GPUAUDIT_VERSION + "\nbuild: " + build.toolchain +
                                        "\nneeds: " + build.needs);
  app.require_subcommand(1);

  auto& registry = cli::command_registry();
  std::sort(registry.begin(), registry.end(), [](const auto& a, const auto& b) { return a.order < b.order; });
  std::function<int()> selected;
  for (auto& spec : registry) {
    CLI::App* sub = app.add_subcommand(spec.name, spec.help);
    auto runner = std::make_shared<std::function<int()>>(spec.setup(*sub));
    // Every command's text takes colour the same way (text/terminal.hpp).
    sub->add_option_function<std::string>(
           "--color", [](const std::string& m) { set_color_mode(*color_mode_named(m)); },
           "Colour on a terminal: auto (default; NO_COLOR turns it off), always or never")
        ->check(CLI::IsMember({"auto", "always", "never"}));
    // The command's own footer, then the table of the codes it can return (never all of them).
    const std::string own = sub->get_footer();
    sub->footer((own.empty() ? "" : own + "\n\n") + exit_code_table(spec.exit_codes));
    sub->callback([runner, &selected] { selected = *runner; });
  }
  // After the subcommands: each would inherit it, and print the table of every code.
  app.footer(exit_code_table(all_exit_codes()));

  if (argc < 2) {  // bare `gpuaudit`: the help, and the usage code for a script that meant more
    std::fputs(app.help().c_str(), stdout);
    return exit_code::usage;
  }
  auto pre = preflight(argc, argv);
  if (const int* code = std::get_if<int>(&pre)) return *code;
  std::vector<std::string> args = std::get<std::vector<std::string>>(std::move(pre));
  if (const std::string bad = unknown_option(app, args); !bad.empty()) {
    std::fprintf(stderr, "%s\n", terminal_text(bad).c_str());
    return exit_code::usage;
  }
  drop_program_separator(app, args);
  std::reverse(args.begin(), args.end());  // CLI11 takes them last first
  try {
    app.parse(args);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForVersion& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    const std::string cmd = app.get_subcommands().empty() ? "" : app.get_subcommands().front()->get_name();
    std::fprintf(stderr, "gpuaudit%s%s: %s (see gpuaudit %s%s--help)\n", cmd.empty() ? "" : " ", cmd.c_str(),
                 plain_parse_error(e).c_str(), cmd.c_str(), cmd.empty() ? "" : " ");
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
