// What `gpuaudit run` tells a person while it measures: the steps a suite plans, each one as it
// starts ("[12/27] gemm/bf16 on GPU 0 ... 41 s left"), and one-line notes (a skipped check, an
// error). Suites speak to a ProgressListener through RunContext; the terminal printer below is the
// one `run` installs, a test installs its own.
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdio>
#include <functional>
#include <string>
#include <vector>

namespace gpuaudit {

struct PlannedStep {
  std::string label;        // "gemm/bf16 on GPU 0"
  double expected_s = 0;    // from the sampling policy (expected_duration_s)
};

// The hook between the run loop and whoever shows its progress.
class ProgressListener {
 public:
  virtual ~ProgressListener() = default;
  // A suite is about to run these steps, in this order (a later call replaces the plan).
  virtual void steps_planned(const std::vector<PlannedStep>& steps) = 0;
  // The next planned step starts; `label` is what it is (normally its planned label).
  virtual void step_started(const std::string& label) = 0;
  // A line for the person: a skip reason, an error, what a check is doing.
  virtual void note(const std::string& line) = 0;
};

// Seconds left in a plan: the expected durations of the steps not yet done, scaled by how long
// the finished ones took against what they were expected to take (setup and warm-up, a slow card),
// the scale kept within [1/4, 4] so that one odd step does not make the estimate absurd.
class EtaEstimator {
 public:
  explicit EtaEstimator(std::vector<double> expected_s) : expected_(std::move(expected_s)) {}
  void finished(std::size_t step, double took_s);
  // When step `current` has been running for `elapsed_s`.
  double remaining_s(std::size_t current, double elapsed_s = 0) const;
  double scale() const;

 private:
  std::vector<double> expected_;
  double done_expected_ = 0, done_took_ = 0;
};

// "41 s left", "3 min left", "1 h 5 min left".
std::string eta_text(double seconds);

// "[12/27] gemm/bf16 on GPU 0 ... 41 s left" (index counts from 0).
std::string step_line(std::size_t index, std::size_t total, const std::string& label, double left_s);

// What `run` installs: notes always go to stderr; step lines only when `show_steps` (stderr is a
// terminal, or --progress), since a log or CI job wants the table and the findings, not a ticker.
class StderrProgress : public ProgressListener {
 public:
  using Clock = std::function<double()>;  // seconds, monotonic
  explicit StderrProgress(bool show_steps, Clock clock = {}, std::FILE* out = stderr);
  void steps_planned(const std::vector<PlannedStep>& steps) override;
  void step_started(const std::string& label) override;
  void note(const std::string& line) override;

 private:
  bool show_steps_;
  Clock clock_;
  std::FILE* out_;
  std::vector<PlannedStep> steps_;
  EtaEstimator eta_{{}};
  std::size_t next_ = 0;
  double started_at_ = 0;
};

}  // namespace gpuaudit
