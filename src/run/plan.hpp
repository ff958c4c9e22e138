// What `gpuaudit run` says before it measures: the GPUs, the driver, the suites it will run (and
// those it cannot), and where the document goes. Why no GPU is usable is named by its state only
// ("no-driver"): the whole message is said once, in the verdict the run ends with.
#pragma once

#include "core/result.hpp"
#include "run/suite.hpp"

#include <string>
#include <vector>

namespace gpuaudit {

struct RunPlan {
  std::string mode;                        // "quick", "full", "quick+only"
  std::vector<std::string> gpus;           // "0: NVIDIA H100 80GB HBM3" (the selected ones)
  std::string driver;                      // "570.86.15 (CUDA 12.8)"; empty: none
  std::vector<std::string> suites;         // will run, in order
  std::vector<std::string> skipped;        // wanted, but need a GPU this machine cannot give
  std::string gpu_state;                   // gpu_status.state ("no-driver") when no GPU is usable; else 
  std::string output;                      // the document's path ("-" for stdout)
};

// From the inventory and the registry (sorted by order), as run_run is about to use them.
RunPlan make_run_plan(const ResultDocument& doc, const std::vector<Suite>& suites, const RunOptions& options,
                      bool gpu_ok, const std::string& output);

std::string run_plan_text(const RunPlan& plan);

}  // namespace gpuaudit
