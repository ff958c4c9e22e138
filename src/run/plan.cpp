#include "run/plan.hpp"

#include "core/join.hpp"
#include "probe/usability.hpp"

#include <algorithm>

namespace gpuaudit {
RunPlan make_run_plan(const ResultDocument& doc, const std::vector<Suite>& suites, const RunOptions& options,
                      bool gpu_ok, const std::string& output) {
  RunPlan p;
  p.mode = doc.mode.empty() ? options.mode : doc.mode;
  for (const auto& g : doc.gpus)
    if (options.gpus.empty() || std::find(options.gpus.begin(), options.gpus.end(), g.index) != options.gpus.end())
      p.gpus.push_back(std::to_string(g.index) + ": " + g.name);
  if (doc.software.driver_version)
    p.driver = *doc.software.driver_version +
               (doc.software.cuda_driver_version ? " (CUDA " + cuda_version_string(*doc.software.cuda_driver_version) + ")" : "");
  for (const auto& s : suites) {
    if (!suite_selected(s, options.only)) continue;
    auto& into = s.needs_gpu && !gpu_ok ? p.skipped : p.suites;
    if (std::find(into.begin(), into.end(), s.name) == into.end()) into.push_back(s.name);
  }
  if (!gpu_ok) p.gpu_state = doc.gpu_status.state.empty() ? "unusable" : doc.gpu_status.state;
  p.output = output;
  return p;
}

std::string run_plan_text(const RunPlan& p) {
  std::string o = "gpuaudit run (" + p.mode + ")\n";
  const std::string state = p.gpu_state.empty() ? "" : " (" + p.gpu_state + ")";
  o += "  GPUs     " + (p.gpus.empty() ? "none" + state : join(p.gpus, ", ")) + "\n";
  o += "  driver   " + (p.driver.empty() ? std::string("none") : p.driver) + "\n";
  o += "  suites   " + (p.suites.empty() ? std::string("none") : join(p.suites, ", ")) + "\n";
  if (!p.skipped.empty())
    o += "  skipped  " + join(p.skipped, ", ") + ": no usable GPU" + state + "\n";
  o += "  writing  " + (p.output == "-" ? std::string("the document to stdout") : p.output) + "\n";
  return o;
}

}  // namespace gpuaudit
