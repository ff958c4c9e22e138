// Small device-only helpers shared by the kernel families (included by .cu files only). The three
// that are PTX (%globaltimer, %smid, ld.global.cg) have a second body for the CPU stand-in
// (tests/cpusim, GPUAUDIT_CPUSIM): its virtual timer, its pretend SM ids and a counted load.
#pragma once

#include <cuda_runtime.h>

#include <cstdint>

namespace gpuaudit::kernels {

// Nanoseconds of the GPU's global timer (same clock on every SM; its resolution varies by part,
// typically 32 ns to 1 us).
__device__ __forceinline__ unsigned long long global_timer_ns() {
#if defined(GPUAUDIT_CPUSIM)
  return ::cpusim::global_timer_ns();
#else
  unsigned long long t;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
  return t;
#endif
}

// True once a loop that started at SM cycle `start_cycles` has run past `max_cycles`: the guard
// of every %globaltimer wait against a timer that stopped (measure/timer_guard.hpp, which also
// computes the cap on the host).
__device__ __forceinline__ bool cycles_exceeded(long long start_cycles, unsigned long long max_cycles) {
  return static_cast<unsigned long long>(clock64() - start_cycles) > max_cycles;
}

// The SM this thread runs on. Under MIG the ids need not be contiguous.
__device__ __forceinline__ unsigned sm_id() {
#if defined(GPUAUDIT_CPUSIM)
  return ::cpusim::sm_id();
#else
  unsigned id;
  asm volatile("mov.u32 %0, %%smid;" : "=r"(id));
  return id;
#endif
}

// A 16-byte load cached in L2 only (ld.global.cg), written out because clang has no __ldcg.
// Volatile: the passes of l2/read reload the same addresses on purpose.
__device__ __forceinline__ uint4 load_l2_only(const uint4* p) {
#if defined(GPUAUDIT_CPUSIM)
  return ::cpusim::load_l2_only(p);
#else
  uint4 v;
  asm volatile("ld.global.cg.v4.u32 {%0, %1, %2, %3}, [%4];" : "=r"(v.x), "=r"(v.y), "=r"(v.z), "=r"(v.w) : "l"(p));
  return v;
#endif
}

// Sum of a value over the warp (all 32 lanes active).
__device__ __forceinline__ unsigned warp_sum(unsigned v) {
  for (int o = 16; o > 0; o /= 2) v += __shfl_xor_sync(0xffffffffu, v, o);
  return v;
}

// Grid-stride loops index 64-bit arrays.
__device__ __forceinline__ std::uint64_t global_thread() {
  return static_cast<std::uint64_t>(blockIdx.x) * blockDim.x + threadIdx.x;
}
__device__ __forceinline__ std::uint64_t grid_threads() {
  return static_cast<std::uint64_t>(gridDim.x) * blockDim.x;
}

}  // namespace gpuaudit::kernels
