#include "run/suite.hpp"

#include "text/escape.hpp"

#include <cstdio>

namespace gpuaudit {

std::vector<Suite>& suite_registry() {
  static std::vector<Suite> registry;
  return registry;
}

bool name_selected(const std::string& name, const std::vector<std::string>& only) {
  if (only.empty()) return true;
  for (const auto& o : only) {
    if (o.empty()) continue;
    if (name == o) return true;
    if (name.size() > o.size() && name.compare(0, o.size(), o) == 0 && (o.back() == '/' || name[o.size()] == '/'))
      return true;
  }
  return false;
}

bool suite_selected(const Suite& s, const std::vector<std::string>& only) {
  if (only.empty()) return true;
  if (!s.measurements) return false;
  for (const auto& name : s.measurements())
    if (name_selected(name, only)) return true;
  return false;
}

bool RunContext::selected(const std::string& name) const { return name_selected(name, options_.only); }

void RunContext::record(BenchmarkResult result) {
  doc_.benchmarks.push_back(std::move(result));
  if (checkpoint_) checkpoint_();
}

void RunContext::progress(const std::string& line) const {
  if (listener_) listener_->note(line);
  else std::fprintf(stderr, "%s\n", terminal_text(line).c_str());  // GPU names and messages come from outside
}

void RunContext::plan_steps(const std::vector<PlannedStep>& steps) const {
  if (listener_) listener_->steps_planned(steps);
}

void RunContext::start_step(const std::string& label) const {
  if (listener_) listener_->step_started(label);
}

}  // namespace gpuaudit

namespace gpuaudit {

std::vector<PostRunHook>& post_run_hooks() {
  static std::vector<PostRunHook> hooks;
  return hooks;
}

}  // namespace gpuaudit
