// sm/contention: is anyone else on this GPU? One block per SM reads %globaltimer in a tight loop
// for a fixed time and records the longest gap between consecutive reads. On a dedicated card the
// gaps are the timer's resolution (about a microsecond); time-slicing with another tenant, or a
// vGPU scheduler, shows up as millisecond gaps while this kernel was switched out.
#pragma once

#include <cuda_runtime.h>

#include <cstdint>

namespace gpuaudit::kernels {

struct ContentionRecord {
  unsigned long long max_gap_ns;
  unsigned long long gaps_over_threshold;
  unsigned long long reads;
  unsigned long long start_ns, end_ns;
  unsigned long long timer_stalled;  // 1: the loop passed max_cycles before duration_ns (measure/timer_guard.hpp)
};

cudaError_t launch_contention(ContentionRecord* out, int blocks, unsigned long long duration_ns,
                              unsigned long long threshold_ns, unsigned long long max_cycles, cudaStream_t stream);

}  // namespace gpuaudit::kernels
