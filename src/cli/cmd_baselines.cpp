// gpuaudit baselines list|show MODEL|check: look at and vet the per-model reference data.
#include "baselines/baseline_set.hpp"
#include "cli/command.hpp"
#include "core/error.hpp"
#include "core/exit_codes.hpp"
#include "multigpu/topology_baseline.hpp"
#include "report/baselines_text.hpp"
#include "text/terminal.hpp"

#include <cctype>
#include <cstdio>
#include <memory>
#include <unistd.h>

namespace gpuaudit::cli {
namespace {

struct BaselinesOptions {
  bool json = false;
  std::string dir;    // empty: default_baselines_dir()
  std::string model;  // for show
};

void print(const std::string& s) { std::fwrite(s.data(), 1, s.size(), stdout); }

BaselineSet load(const BaselinesOptions& opt) {
  return load_baselines(opt.dir.empty() ? default_baselines_dir() : std::filesystem::path(opt.dir));
}

int run_list(const BaselinesOptions& opt) {
  const BaselineSet set = load(opt);
  if (!opt.json) {
    print(baselines_list_text(set, terminal_width(STDOUT_FILENO)));
    return exit_code::ok;
  }
  json out = {{"version", set.version}, {"dir", set.dir.string()}, {"models", json::array()}};
  for (const Baseline& b : set.models) {
    auto value = [](const std::optional<Sourced>& v) { return v ? json(v->value) : json(nullptr); };
    out["models"].push_back({{"id", b.id},
                             {"model", b.model},
                             {"sm_count", b.sm_count},
                             {"memory_gib", b.memory_gib},
                             {"memory_bandwidth_gbs", value(b.memory_bandwidth_gbs)},
                             {"bf16_tensor_tflops", value(b.bf16_tensor_tflops)}});
  }
  print(out.dump(2) + "\n");
  return exit_code::ok;
}

int run_show(const BaselinesOptions& opt) {
  const BaselineSet set = load(opt);
  const Baseline* b = set.find(opt.model);
  if (!b) {
    // "h20" or "H100": name the ids that contain it, so the next try works.
    std::string key, close;
    for (char c : opt.model) key += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    for (const Baseline& m : set.models)
      if (!key.empty() && m.id.find(key) != std::string::npos) close += (close.empty() ? "" : ", ") + m.id;
    throw input_error("no baseline \"" + opt.model + "\"" + (close.empty() ? "" : " (did you mean " + close + "?)") +
                      " (see `gpuaudit baselines list`)");
  }
  print(opt.json ? json(*b).dump(2) + "\n" : baseline_show_text(*b, terminal_width(STDOUT_FILENO)));
  return exit_code::ok;
}

int run_check(const BaselinesOptions& opt) {
  const BaselineSet set = load(opt);
  std::vector<std::string> problems = check_baselines(set);
  // Every file score loads: the topology baselines beside the models too, one line per bad file.
  const std::filesystem::path topologies = set.dir / "topologies";
  if (std::error_code ec; std::filesystem::is_directory(topologies, ec))
    for (auto& p : multigpu::check_topology_baselines(topologies)) problems.push_back(std::move(p));
  if (opt.json) {
    const json out = {{"version", set.version}, {"dir", set.dir.string()}, {"models", set.models.size()},
                      {"problems", problems}};
    print(out.dump(2) + "\n");
  } else {
    print(baselines_check_text(set, problems));
  }
  return problems.empty() ? exit_code::ok : exit_code::finding;
}

CommandSetup setup() {
  return [](CLI::App& sub) -> std::function<int()> {
    auto opt = std::make_shared<BaselinesOptions>();
    sub.require_subcommand(1);
    // Options given to `baselines` itself are seen by its subcommands too: both
    // `baselines --json list` and `baselines list --json` work.
    sub.fallthrough();
    sub.add_flag("--json", opt->json, "Print JSON");
    sub.add_option("--dir", opt->dir, "Baselines folder (default: $GPUAUDIT_BASELINES, the installed set, the source tree)");
    CLI::App* list = sub.add_subcommand("list", "One line per model: id, model, SMs, memory, bandwidth, BF16");
    CLI::App* show = sub.add_subcommand("show", "Everything about one model, with sources");
    show->add_option("MODEL", opt->model, "Id (h100-sxm5-80gb), model name or nvidia-smi name")->required();
    CLI::App* check = sub.add_subcommand("check", "Check the set; exit 1 if anything is wrong");
    return [opt, list, show, check]() -> int {
      if (list->parsed()) return run_list(*opt);
      if (show->parsed()) return run_show(*opt);
      if (check->parsed()) return run_check(*opt);
      return exit_code::usage;
    };
  };
}

const RegisterCommand baselines_cmd{{"baselines", "List, show and check the reference baselines", 60, setup(),
                                     {{0, ""}, {1, "check: a problem in the set"}, {2, ""}}}};

}  // namespace
}  // namespace gpuaudit::cli
