#include "run/progress.hpp"

#include "text/escape.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace gpuaudit {

void EtaEstimator::finished(std::size_t step, double took_s) {
  if (step >= expected_.size() || took_s < 0) return;
  done_expected_ += expected_[step];
  done_took_ += took_s;
}

double EtaEstimator::scale() const {
  if (done_expected_ <= 0) return 1.0;
  return std::clamp(done_took_ / done_expected_, 0.25, 4.0);
}

double EtaEstimator::remaining_s(std::size_t current, double elapsed_s) const {
  if (current >= expected_.size()) return 0;
  const double k = scale();
  double left = std::max(0.0, k * expected_[current] - elapsed_s);
  for (std::size_t i = current + 1; i < expected_.size(); ++i) left += k * expected_[i];
  return left;
}

std::string eta_text(double seconds) {
  const long s = std::lround(std::max(0.0, seconds));
  if (s < 90) return std::to_string(s) + " s left";
  const long m = (s + 30) / 60;
  if (m < 60) return std::to_string(m) + " min left";
  return std::to_string(m / 60) + " h " + std::to_string(m % 60) + " min left";
}

std::string step_line(std::size_t index, std::size_t total, const std::string& label, double left_s) {
  return "[" + std::to_string(index + 1) + "/" + std::to_string(total) + "] " + label + " ... " + eta_text(left_s);
}

StderrProgress::StderrProgress(bool show_steps, Clock clock, std::FILE* out)
    : show_steps_(show_steps), clock_(std::move(clock)), out_(out) {
  if (!clock_)
    clock_ = [] {
      return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
    };
}

void StderrProgress::steps_planned(const std::vector<PlannedStep>& steps) {
  steps_ = steps;
  std::vector<double> expected;
  for (const auto& s : steps) expected.push_back(s.expected_s);
  eta_ = EtaEstimator(std::move(expected));
  next_ = 0;
}

void StderrProgress::step_started(const std::string& label) {
  const double now = clock_();
  if (next_ > 0) eta_.finished(next_ - 1, now - started_at_);
  started_at_ = now;
  const std::size_t index = next_++;
  if (!show_steps_) return;
  const std::size_t total = std::max(steps_.size(), index + 1);
  std::fprintf(out_, "%s\n", terminal_text(step_line(index, total, label, eta_.remaining_s(index))).c_str());
}

void StderrProgress::note(const std::string& line) {
  std::fprintf(out_, "%s\n", terminal_text(line).c_str());  // GPU names and messages come from outside
}

}  // namespace gpuaudit
