// host/cpu_single and host/cpu_all: one fixed integer + floating-point workload, on one thread
// and on one thread per allowed vCPU. all_core_ratio = all / (single x vCPUs) is ~0.8-1.0 on a
// healthy host (turbo makes one core a little faster than all of them together) and falls far
// below on oversubscribed vCPUs, SMT siblings sold as vCPUs, a CPU quota or thermal throttling.
#pragma once

#include "core/result.hpp"
#include "host/cpu_contention.hpp"

#include <cstdint>
#include <vector>

namespace gpuaudit {

// Operations counted per iteration of cpu_workload (4 chains x (4 integer + 3 floating-point)).
inline constexpr double kCpuOpsPerIteration = 28;

// The workload: deterministic for a given (iterations, seed), so every thread's result must be
// identical; returning it (and checking it) keeps the compiler from dropping the loop.
std::uint64_t cpu_workload(std::uint64_t iterations, std::uint64_t seed);

struct CpuCheckOptions {
  int samples = 5;
  double sample_s = 0.2;    // target seconds per single-thread sample
  std::vector<int> cpus;    // CPUs for cpu_all; empty = every CPU this process may use
};

struct CpuCheckResults {
  BenchmarkResult single;  // host/cpu_single, Mops/s, derived foreign_cpu_pct
  BenchmarkResult all;     // host/cpu_all, Mops/s, derived all_core_ratio and foreign_cpu_pct[_single|_all]
};

// Records other processes' share of the CPUs during each phase (cpu_contention.hpp) on the rows:
// foreign_cpu_pct on cpu_single (its phase), on cpu_all each phase's and the larger of the two
// (the all-core ratio divides one phase by the other, so either can distort it). Also used by the
// JPEG decode check, whose two phases are the same shape.
void record_contention(BenchmarkResult& single, BenchmarkResult& all, const std::optional<CpuContention>& during_single,
                       const std::optional<CpuContention>& during_all);

CpuCheckResults run_cpu_check(const CpuCheckOptions& opt);

}  // namespace gpuaudit
