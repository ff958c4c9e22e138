// gpuaudit info: the inventory, no benchmark.
#include "baselines/baseline_set.hpp"
#include "cli/command.hpp"
#include "cli/validators.hpp"
#include "core/document_io.hpp"
#include "core/exit_codes.hpp"
#include "probe/inventory.hpp"
#include "probe/workload_env.hpp"
#include "report/inventory_text.hpp"
#include "text/terminal.hpp"

#include <cstdio>
#include <memory>
#include <optional>

namespace gpuaudit::cli {
namespace {

struct InfoOptions {
  bool json = false;
  bool record_env = false;
  double steal_window_s = 1.0;
};

// The baselines, which name each model's video engines in the text; none installed: no such names.
std::optional<BaselineSet> installed_baselines() {
  try {
    return load_baselines(default_baselines_dir());
  } catch (const std::exception&) {
    return std::nullopt;
  }
}

int run_info(const InfoOptions& opt) {
  const NvmlLoad nvml = load_nvml();
  CudaProbe cuda = probe_cuda();
  probe_cuda_libraries(cuda);  // says which cuBLASLt and NCCL were found (check leaves them closed: it must start fast)
  ResultDocument doc = take_machine_inventory(nvml, cuda, opt.steal_window_s);
  if (opt.record_env) doc.extra["workload_env"] = workload_environment(process_environment());
  const std::optional<BaselineSet> baselines = opt.json ? std::nullopt : installed_baselines();
  const std::string out = opt.json ? to_pretty_json(doc)
                                   : inventory_text(doc, terminal_width_known(1) ? terminal_width(1) : 0,
                                                    baselines ? &*baselines : nullptr);
  std::fwrite(out.data(), 1, out.size(), stdout);
  if (opt.json && gpu_unusable(doc.gpu_status))
    std::fprintf(stderr, "gpuaudit: no usable GPU: %s\n", doc.gpu_status.message.c_str());
  return gpu_unusable(doc.gpu_status) ? exit_code::no_gpu : exit_code::ok;
}

const RegisterCommand info_cmd{{"info", "Show the host, software and GPU inventory (no benchmark)", 10,
                                [](CLI::App& sub) -> std::function<int()> {
                                  auto opt = std::make_shared<InfoOptions>();
                                  sub.add_flag("--json", opt->json, "Print the inventory as a gpuaudit.result/1 document");
                                  sub.add_flag("--record-env", opt->record_env,
                                               "With --json: store the job-steering variables (NCCL_*, CUDA_*, ...; no "
                                               "secrets) for drift");
                                  sub.add_option("--steal-window", opt->steal_window_s,
                                                 "Seconds to sample CPU steal time (0: skip)")
                                      ->check(between(0.0, 60.0));
                                  return [opt] { return run_info(*opt); };
                                },
     {{0, "the inventory is printed"}, {2, ""}, {3, ""}}}};

}  // namespace
}  // namespace gpuaudit::cli
