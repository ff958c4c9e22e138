// The order in which `gpuaudit run` measures the per-GPU benchmarks, and running one step of it on
// several GPUs at once. Host code with no CUDA in it: the device side (benchmarks/framework/gpu_suite.cpp)
// plugs in a StepBackend; the unit tests plug in a fake one (docs/architecture.md, "concurrency").
//
// By default every per-GPU benchmark runs on all selected GPUs together: one host thread per GPU
// (each with its own device context and stream), released at once by a barrier, so the box is
// measured at full load (power, cooling, shared links) and an 8-GPU box takes about one GPU's time.
// Copies over the host link (pcie/*) share the PCIe switch and root complex, so a figure measured
// with every GPU copying is not the link's own: those run on each GPU alone first, then on all GPUs
// together, and each row says which (params.concurrency). --sequential keeps one GPU after another.
#pragma once

#include "measure/measurement.hpp"

#include <functional>
#include <string>
#include <vector>

namespace gpuaudit {

// What the planner needs to know of a registered benchmark (benchmarks/framework/registry.hpp).
struct ScheduleBench {
  std::string name;
  int order = 0;
  bool full_only = false;
  bool all_gpus = false;  // one measurement across every GPU (gpu = null in the document)
};

inline constexpr const char* kAlone = "alone";        // no other GPU ran a measurement meanwhile
inline constexpr const char* kAllGpus = "all-gpus";   // every selected GPU ran the same one at once

// One step: `bench` on the GPUs at `slots` (positions in the selected-device list), all at once.
struct ScheduleStep {
  std::string bench;
  std::vector<int> slots;
  std::string concurrency;  // kAlone | kAllGpus (also for an all-GPU benchmark's single step)
  bool all_gpus_bench = false;
};

// Copies through the host link (pcie/*): their rows measured together are labelled and not judged.
bool shares_host_link(const std::string& bench);
// The host-link copies that also get an alone pass (each GPU by itself) when several GPUs are
// selected: every one under --full; under --quick pcie/h2d_pinned only (the link figure the
// pcie rules read first), since an alone pass costs one run per GPU and --quick on 8 GPUs must
// stay about one GPU's time; the other copies are then shown measured together only.
bool needs_alone_pass(const std::string& bench, const std::string& mode);

// Steps in run order. sequential: per GPU every per-GPU benchmark (as before), then the all-GPU
// ones. Concurrent: per benchmark one step on every GPU; host-link copies that need an alone pass
// first on each GPU alone, then together. One GPU selected: every step is "alone". `selected` filters by name (null: all).
std::vector<ScheduleStep> plan_schedule(const std::vector<ScheduleBench>& benches, int devices, const std::string& mode,
                                        bool sequential, const std::function<bool(const std::string&)>& selected);

// Runs fn(slot) for every slot on its own thread; the threads wait at a barrier until all are
// ready, so the measurements start together. An exception becomes a measurement error of that slot.
// Results in the order of `slots`.
std::vector<Measurement> run_together(const std::vector<int>& slots, const std::function<Measurement(int slot)>& fn);

// The device side of a step (a fake in the tests).
struct StepBackend {
  virtual ~StepBackend() = default;
  // Runs step.bench on the GPU at `slot`; called from the step's thread for that slot.
  virtual Measurement run(const ScheduleStep& step, int slot) = 0;
};

struct ScheduleHooks {
  std::function<bool()> interrupted;                 // checked before each step
  std::function<void(const ScheduleStep&)> on_start;
  // Every finished measurement, in step order and slot order within a step (the document's order).
  std::function<void(const ScheduleStep&, int slot, const Measurement&)> record;
};

// Runs the steps in order, each step's slots together. Returns the number of steps run.
int execute_schedule(const std::vector<ScheduleStep>& steps, StepBackend& backend, const ScheduleHooks& hooks);

// Stamps how a row was measured into its params: params.concurrency and, for a step of several
// GPUs, params.concurrent_gpus; a host-link copy measured together also gets
// params.shares_host_link = true (its "alone" row is the link's own figure).
void stamp_concurrency(Measurement& m, const ScheduleStep& step);

}  // namespace gpuaudit
