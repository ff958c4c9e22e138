#include "kernels/contention.cuh"
#include "kernels/ptx.cuh"

namespace gpuaudit::kernels {

namespace {

__global__ void contention_kernel(ContentionRecord* out, unsigned long long duration_ns,
                                  unsigned long long threshold_ns) {
  if (threadIdx.x != 0) return;
  const unsigned long long start = global_timer_ns();
  unsigned long long last = start, max_gap = 0, over = 0, reads = 0, now = start;
  while (now - start < duration_ns) {
    now = global_timer_ns();
    const unsigned long long gap = now - last;
    max_gap = gap > max_gap ? gap : max_gap;
    over += gap > threshold_ns ? 1 : 0;
    last = now;
    ++reads;
  }
  out[blockIdx.x] = ContentionRecord{max_gap, over, reads, start, now};
}

}  // namespace

cudaError_t launch_contention(ContentionRecord* out, int blocks, unsigned long long duration_ns,
                              unsigned long long threshold_ns, cudaStream_t s) {
  contention_kernel<<<blocks, 32, 0, s>>>(out, duration_ns, threshold_ns);
  return cudaGetLastError();
}

}  // namespace gpuaudit::kernels
