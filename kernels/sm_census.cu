#include "kernels/ptx.cuh"
#include "kernels/sm_census.cuh"

namespace gpuaudit::kernels {

namespace {

__global__ void census_kernel(unsigned* smids, unsigned long long spin_ns) {
  const unsigned long long start = global_timer_ns();
  while (global_timer_ns() - start < spin_ns) {
  }
  if (threadIdx.x == 0) smids[blockIdx.x] = sm_id();
}

}  // namespace

cudaError_t launch_sm_census(unsigned* smids, int blocks, unsigned long long spin_ns, cudaStream_t s) {
  census_kernel<<<blocks, 32, 0, s>>>(smids, spin_ns);
  return cudaGetLastError();
}

}  // namespace gpuaudit::kernels
