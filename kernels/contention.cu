#include "kernels/contention.cuh"
#include "kernels/ptx.cuh"

namespace gpuaudit::kernels {

namespace {

__global__ void contention_kernel(ContentionRecord* out, unsigned long long duration_ns,
                                  unsigned long long threshold_ns, unsigned long long max_cycles) {
  if (threadIdx.x != 0) return;
  const long long c0 = clock64();
  const unsigned long long start = global_timer_ns();
  unsigned long long last = start, max_gap = 0, over = 0, reads = 0, now = start, stalled = 0;
  while (now - start < duration_ns) {
    if (cycles_exceeded(c0, max_cycles)) {
      stalled = 1;
      break;
    }
    now = global_timer_ns();
    const unsigned long long gap = now - last;
    max_gap = gap > max_gap ? gap : max_gap;
    over += gap > threshold_ns ? 1 : 0;
    last = now;
    ++reads;
  }
  out[blockIdx.x] = ContentionRecord{max_gap, over, reads, start, now, stalled};
}

}  // namespace

cudaError_t launch_contention(ContentionRecord* out, int blocks, unsigned long long duration_ns,
                              unsigned long long threshold_ns, unsigned long long max_cycles, cudaStream_t s) {
  contention_kernel<<<blocks, 32, 0, s>>>(out, duration_ns, threshold_ns, max_cycles);
  return cudaGetLastError();
}

}  // namespace gpuaudit::kernels
