// What `gpuaudit run` runs. A suite is a family of measurements with one owner (host checks,
// single-GPU benchmarks, multi-GPU collectives); it registers itself with one static object and
// hands each finished figure to RunContext::record, which appends it to the document and saves
// the document atomically at once, so Ctrl-C, a crash or a failing benchmark never loses what was
// already measured.
#pragma once

#include "core/result.hpp"
#include "run/progress.hpp"

#include <atomic>
#include <functional>
#include <string>
#include <vector>

namespace gpuaudit {

struct RunOptions {
  std::string mode = "quick";             // quick | full
  std::vector<std::string> only;          // name prefixes ("hbm", "host/disk", "gemm/bf16"); empty = all
  std::vector<int> gpus;                  // GPU indices; empty = all usable
  std::string disk_path;                  // host/disk target folder; empty = skip host/disk
  bool nccl_multinode = false;
  bool sequential = false;                // gpu suite: one GPU after another (default: all GPUs at once)
};

class RunContext {
 public:
  RunContext(const RunOptions& options, ResultDocument& doc, std::function<void()> checkpoint,
             const std::atomic<bool>& interrupted)
      : options_(options), doc_(doc), checkpoint_(std::move(checkpoint)), interrupted_(interrupted) {}

  const RunOptions& options() const { return options_; }
  const ResultDocument& document() const { return doc_; }
  ResultDocument& mutable_document() { return doc_; }

  // True when `name` ("hbm/copy") is selected by --only (prefix match on '/' boundaries).
  bool selected(const std::string& name) const;
  // True once Ctrl-C was pressed: suites stop starting new measurements.
  bool interrupted() const { return interrupted_.load(); }

  // Appends a finished figure (any status) and saves the document.
  void record(BenchmarkResult result);
  // A one-line note for the person ("[host] disk: skipped ..."), to the listener (stderr without one).
  void progress(const std::string& line) const;
  // The steps a suite is about to run, then each as it starts: the listener shows them with an
  // ETA ("[3/14] hbm/copy on GPU 0 ... 41 s left"). Without a listener, nothing.
  void plan_steps(const std::vector<PlannedStep>& steps) const;
  void start_step(const std::string& label) const;
  void set_listener(ProgressListener* listener) { listener_ = listener; }

 private:
  const RunOptions& options_;
  ResultDocument& doc_;
  std::function<void()> checkpoint_;
  const std::atomic<bool>& interrupted_;
  ProgressListener* listener_ = nullptr;
};

struct Suite {
  std::string name;   // "host", "gpu", "multi-gpu"
  int order = 0;      // run order
  bool needs_gpu = false;
  std::function<void(RunContext&)> run;
  // Every figure name the suite can record ("hbm/copy", "host/steal"): `run --only` starts a suite
  // only when one of them is selected, so `--only host` never wants (or waits for) a GPU.
  std::function<std::vector<std::string>()> measurements;
  // Runs even after Ctrl-C: it only closes what an earlier suite opened (host/steal over the run).
  bool runs_after_interrupt = false;
};

// Whether --only selects any of the suite's measurements (always true without --only).
bool suite_selected(const Suite& s, const std::vector<std::string>& only);

std::vector<Suite>& suite_registry();

struct RegisterSuite {
  explicit RegisterSuite(Suite s) { suite_registry().push_back(std::move(s)); }
};

// Matches `name` against --only prefixes: "hbm" selects "hbm/copy"; "host/disk" selects itself.
bool name_selected(const std::string& name, const std::vector<std::string>& only);

}  // namespace gpuaudit

namespace gpuaudit {

// Called after every suite ran, in registration order (scoring registers one): may add an
// assessment to the document and print it; returns the exit code it implies (0 when nothing).
using PostRunHook = std::function<int(ResultDocument&)>;
std::vector<PostRunHook>& post_run_hooks();

struct RegisterPostRunHook {
  explicit RegisterPostRunHook(PostRunHook h) { post_run_hooks().push_back(std::move(h)); }
};

}  // namespace gpuaudit
