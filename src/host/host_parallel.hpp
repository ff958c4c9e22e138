// Runs one body on N threads that start together, optionally pinned, and times the whole: the
// all-core host checks (cpu_all, membw, decode_all) measure "wall time until the last thread is
// done", which is what a data loader with N workers experiences.
#pragma once

#include <functional>
#include <vector>

namespace gpuaudit {

struct ParallelPlan {
  int threads = 1;
  // pins[i]: the CPUs thread i may run on; empty (or shorter than threads) = not pinned.
  std::vector<std::vector<int>> pins;
};

// Calls body(i) on thread i for i in [0, threads); all start at one signal. Returns the wall
// seconds from that signal until the last thread returned. Exceptions in a body are rethrown.
double run_parallel(const ParallelPlan& plan, const std::function<void(int)>& body);

// One thread per CPU in `cpus`, each pinned to its own CPU.
ParallelPlan one_thread_per_cpu(const std::vector<int>& cpus);

}  // namespace gpuaudit
