// How long `gpuaudit run` spends on the GPU suite, estimated from the sampling policy
// (measure/sampling_policy.hpp) and each family's own budgets, before anything runs: the progress
// line says it, and a unit test holds --quick on an 8-GPU box to about one GPU's time (<= 60 s).
// An estimate of the typical case (a healthy card converging within its budget), not a bound.
#pragma once

#include "run/gpu_schedule.hpp"

#include <string>
#include <vector>

namespace gpuaudit {

// typical: a healthy card whose samples converge at min_samples (a sample is a ~20 ms batch,
// cuda/launch_timer.hpp); budget: every benchmark samples until its budget is spent (a noisy card).
enum class EstimateCase { typical, budget };

// One run of `bench` on one GPU, in seconds: setup (allocation, fill, output check) plus the
// sampled phase, plus the family's own phases: the GEMM shape search and soak window,
// mem/allocatable's fill, sm/contention's kernel.
double bench_seconds(const std::string& bench, const std::string& mode, EstimateCase c = EstimateCase::typical);

// The schedule's wall time: steps run one after another, the GPUs of a step at once (a step
// takes as long as one GPU's run of its benchmark), plus the one-off CUDA context creation.
double schedule_seconds(const std::vector<ScheduleStep>& steps, const std::string& mode,
                        EstimateCase c = EstimateCase::typical);

}  // namespace gpuaudit
