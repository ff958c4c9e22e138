#include "kernels/ptx.cuh"
#include "kernels/sm_census.cuh"

namespace gpuaudit::kernels {

namespace {

constexpr int kCensusThreads = 32;

__global__ void census_kernel(unsigned* smids, unsigned long long spin_ns, unsigned long long max_cycles,
                              unsigned* timer_stalled) {
  const long long c0 = clock64();
  const unsigned long long start = global_timer_ns();
  while (global_timer_ns() - start < spin_ns) {
    if (cycles_exceeded(c0, max_cycles)) {
      if (threadIdx.x == 0) atomicOr(timer_stalled, 1u);
      break;
    }
  }
  if (threadIdx.x == 0) smids[blockIdx.x] = sm_id();
}

}  // namespace

cudaError_t launch_sm_census(unsigned* smids, int blocks, unsigned long long spin_ns, unsigned long long max_cycles,
                             unsigned* timer_stalled, cudaStream_t s) {
  census_kernel<<<blocks, kCensusThreads, 0, s>>>(smids, spin_ns, max_cycles, timer_stalled);
  return cudaGetLastError();
}

int sm_census_blocks_per_sm() {
  int n = 0;
  if (cudaOccupancyMaxActiveBlocksPerMultiprocessor(&n, census_kernel, kCensusThreads, 0) != cudaSuccess) n = 32;
  return n > 0 ? n : 32;
}

}  // namespace gpuaudit::kernels
