// The CPU stand-in's device side (tests/cpusim, docs/architecture.md "The CPU stand-in"): what a
// kernel source of kernels/ needs to compile as host C++ and run on the CPU. The CUDA qualifiers
// are defined away, the built-in variables (threadIdx, blockIdx, blockDim, gridDim) read the
// fiber that plays the running GPU thread, and the warp and block primitives are barriers among
// the fibers of a warp or block (tests/cpusim/grid.cpp). Included by the stand-in's own
// cuda_runtime.h, which every kernel header includes; never by the real build.
#pragma once

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <math.h>  // fmaf, fma in the global namespace, as CUDA's math API has them
#include <tuple>
#include <type_traits>
#include <utility>

#define __global__
#define __device__
#define __host__
#define __forceinline__ inline
// One block runs at a time (grid.cpp), so a function-static object is exactly one block's copy.
#define __shared__ static
#define __align__(n) __attribute__((aligned(n)))
#define __launch_bounds__(...)

struct uint3 {
  unsigned x = 0, y = 0, z = 0;
};
struct dim3 {
  unsigned x = 1, y = 1, z = 1;
  constexpr dim3(unsigned vx = 1, unsigned vy = 1, unsigned vz = 1) : x(vx), y(vy), z(vz) {}
};
// 16-byte vector types with CUDA's alignment (vector_types.h), so a kernel's 128-bit accesses
// land where they would on the device.
struct alignas(16) float4 {
  float x, y, z, w;
};
struct alignas(16) uint4 {
  unsigned x, y, z, w;
};
inline float4 make_float4(float x, float y, float z, float w) { return {x, y, z, w}; }
inline uint4 make_uint4(unsigned x, unsigned y, unsigned z, unsigned w) { return {x, y, z, w}; }
inline constexpr int warpSize = 32;

namespace cpusim {

// The running GPU thread's coordinates (grid.cpp).
const uint3& thread_idx();
const uint3& block_idx();
const dim3& block_dim();
const dim3& grid_dim();

// Virtual clocks: %globaltimer in ns, advanced by every read (kTimerStepNs, a real timer's
// resolution), and the SM cycle counter at kCyclesPerNs of that time. Both only move forward.
inline constexpr unsigned long long kTimerStepNs = 1000;
inline constexpr unsigned long long kCyclesPerNs = 2;
unsigned long long global_timer_ns();
long long clock64();
unsigned sm_id();  // %smid of the SM the current block was given (grid.cpp says how)

// The loads kernels/ptx.cuh spells out in PTX, counted so a test can tie bytes moved to the
// benchmark's formula.
uint4 load_l2_only(const uint4* p);
struct Counters {
  unsigned long long l2_only_load_bytes = 0;
};
Counters& counters();

// Block and warp primitives. Each is a barrier: the calling fiber waits for the threads it names.
void syncthreads();
std::uint64_t warp_exchange(unsigned mask, std::uint64_t value, int source_lane, const char* what);
int lane_id();
// A point where the scheduler may switch to another fiber (the "interleaved" schedule does).
void preemption_point();
// A fault that would end the kernel on a GPU (trap, misuse of a warp primitive): reported, and
// the launch returns `error` (a cudaError_t value).
[[noreturn]] void fault(int error, const char* fmt, ...) __attribute__((format(printf, 2, 3)));

template <typename T>
T shuffle(unsigned mask, T value, int source_lane, const char* what) {
  static_assert(sizeof(T) <= 8 && std::is_trivially_copyable_v<T>, "a shuffle moves up to 64 bits");
  std::uint64_t bits = 0;
  std::memcpy(&bits, &value, sizeof(T));
  bits = warp_exchange(mask, bits, source_lane, what);
  T out;
  std::memcpy(&out, &bits, sizeof(T));
  return out;
}

// Launch: `k<<<grid, block, smem, stream>>>(args)` becomes `::cpusim::launcher("k", k, grid,
// block, smem, stream)(args)` in the host copy of a kernel source (host_source.cmake).
using KernelBody = void (*)(void* closure);
int run_grid(const char* name, dim3 grid, dim3 block, std::size_t shared_bytes, KernelBody body, void* closure);

template <typename... P>
struct Launcher {
  const char* name;
  void (*kernel)(P...);
  dim3 grid, block;
  std::size_t shared_bytes;
  template <typename... A>
  void operator()(A&&... args) const {
    // The arguments are converted to the kernel's parameter types once, as a launch copies them.
    std::tuple<std::decay_t<P>...> params(static_cast<P>(std::forward<A>(args))...);
    struct Closure {
      void (*kernel)(P...);
      std::tuple<std::decay_t<P>...>* params;
    } c{kernel, &params};
    run_grid(name, grid, block, shared_bytes,
             [](void* p) {
               auto* cl = static_cast<Closure*>(p);
               std::apply(cl->kernel, *cl->params);
             },
             &c);
  }
};
template <typename... P, typename S = std::nullptr_t>
Launcher<P...> launcher(const char* name, void (*kernel)(P...), dim3 grid, dim3 block, std::size_t shared_bytes = 0,
                        S = nullptr) {
  return {name, kernel, grid, block, shared_bytes};
}

}  // namespace cpusim

#define threadIdx (::cpusim::thread_idx())
#define blockIdx (::cpusim::block_idx())
#define blockDim (::cpusim::block_dim())
#define gridDim (::cpusim::grid_dim())

inline long long clock64() { return ::cpusim::clock64(); }
inline void __syncthreads() { ::cpusim::syncthreads(); }
inline void __trap() { ::cpusim::fault(719 /* cudaErrorLaunchFailure */, "__trap()"); }

template <typename T>
T __shfl_sync(unsigned mask, T v, int src, int width = 32) {
  const int base = ::cpusim::lane_id() & ~(width - 1);
  return ::cpusim::shuffle(mask, v, base + (src & (width - 1)), "__shfl_sync");
}
template <typename T>
T __shfl_xor_sync(unsigned mask, T v, int lane_mask, int width = 32) {
  const int lane = ::cpusim::lane_id(), src = lane ^ lane_mask;
  // CUDA: a source outside the caller's segment of `width` lanes gives the caller's own value.
  const bool inside = (src & ~(width - 1)) == (lane & ~(width - 1));
  return ::cpusim::shuffle(mask, v, inside ? src : lane, "__shfl_xor_sync");
}
template <typename T>
T __shfl_down_sync(unsigned mask, T v, unsigned delta, int width = 32) {
  const int lane = ::cpusim::lane_id(), src = lane + static_cast<int>(delta);
  const bool inside = (src & ~(width - 1)) == (lane & ~(width - 1));
  return ::cpusim::shuffle(mask, v, inside ? src : lane, "__shfl_down_sync");
}

// Atomics: fibers of one launch run on one host thread, so a read-modify-write is atomic by
// construction; the interleaved schedule switches fibers just before it.
template <typename T>
T atomicAdd(T* p, T v) {
  ::cpusim::preemption_point();
  const T old = *p;
  *p = static_cast<T>(old + v);
  return old;
}
template <typename T>
T atomicOr(T* p, T v) {
  ::cpusim::preemption_point();
  const T old = *p;
  *p = old | v;
  return old;
}

inline unsigned __float_as_uint(float f) {
  unsigned u;
  std::memcpy(&u, &f, 4);
  return u;
}
inline float __uint_as_float(unsigned u) {
  float f;
  std::memcpy(&f, &u, 4);
  return f;
}
inline int __float_as_int(float f) {
  int i;
  std::memcpy(&i, &f, 4);
  return i;
}
inline float __int_as_float(int i) {
  float f;
  std::memcpy(&f, &i, 4);
  return f;
}
inline float __fmaf_rn(float a, float b, float c) { return std::fma(a, b, c); }
