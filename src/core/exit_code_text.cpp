#include "core/exit_code_text.hpp"

#include "core/exit_codes.hpp"

namespace gpuaudit {

std::string exit_code_meaning(int code) {
  switch (code) {
    case exit_code::ok: return "healthy / no regression";
    case exit_code::finding: return "a finding or a regression";
    case exit_code::usage: return "usage or input error (the file and field are named)";
    case exit_code::no_gpu: return "no usable GPU (no driver, no device, driver too old)";
    case exit_code::check_failed: return "a benchmark's output failed its correctness check";
    case exit_code::io_error: return "could not write an output (disk full, read-only)";
    case exit_code::inconclusive: return "inconclusive: no fault found, the evidence could not decide (never read it as healthy)";
    case exit_code::measurement_error: return "a selected measurement could not run (status error)";
    case exit_code::interrupted: return "SIGINT (Ctrl-C): what was measured is written";
    case exit_code::terminated: return "SIGTERM (scancel, a time limit, Kubernetes): what was measured is written";
    default: return "";
  }
}

std::vector<ExitCodeUse> all_exit_codes() {
  std::vector<ExitCodeUse> v;
  for (const int c : {exit_code::ok, exit_code::finding, exit_code::usage, exit_code::no_gpu, exit_code::check_failed,
                      exit_code::io_error, exit_code::inconclusive, exit_code::measurement_error,
                      exit_code::interrupted, exit_code::terminated})
    v.emplace_back(c, "");
  return v;
}

std::string exit_code_table(const std::vector<ExitCodeUse>& codes) {
  std::string o = "Exit codes:\n";
  for (const auto& [code, meaning] : codes) {
    std::string n = std::to_string(code);
    n.resize(5, ' ');
    o += "  " + n + (meaning.empty() ? exit_code_meaning(code) : meaning) + "\n";
  }
  if (!o.empty()) o.pop_back();  // CLI11 ends the footer itself
  return o;
}

}  // namespace gpuaudit
