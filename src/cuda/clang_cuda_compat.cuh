// nvcc's cache-hinted load/store intrinsics (__ldcg, __ldca, __ldcs, __ldlu, __ldcv and __stcg,
// __stcs, __stwb, __stwt), which clang 19's CUDA headers do not declare. The CUDA 12.9 build
// compiles with clang (scripts/build/build-cuda12.sh), so cmake/CudaClang.cmake force-includes this file
// into every .cu there; kernels keep writing what nvcc accepts. Same PTX as CUDA's own
// sm_32_intrinsics.hpp: ld.global.<cop> / st.global.<cop> (PTX ISA 2.0+, every sm_5x and newer).
#pragma once

#if defined(__clang__) && defined(__CUDA__) && !defined(__NVCC__)

#define GA_COMPAT_LD1(NAME, COP, T, PTX, C)                                       \
  static __device__ __forceinline__ T NAME(const T* p) {                          \
    T r;                                                                          \
    asm volatile("ld.global." #COP "." #PTX " %0, [%1];" : "=" C(r) : "l"(p));     \
    return r;                                                                     \
  }
#define GA_COMPAT_LD2(NAME, COP, T, PTX, C)                                                               \
  static __device__ __forceinline__ T NAME(const T* p) {                                                  \
    T r;                                                                                                  \
    asm volatile("ld.global." #COP ".v2." #PTX " {%0, %1}, [%2];" : "=" C(r.x), "=" C(r.y) : "l"(p));      \
    return r;                                                                                             \
  }
#define GA_COMPAT_LD4(NAME, COP, T, PTX, C)                                                      \
  static __device__ __forceinline__ T NAME(const T* p) {                                         \
    T r;                                                                                         \
    asm volatile("ld.global." #COP ".v4." #PTX " {%0, %1, %2, %3}, [%4];"                        \
                 : "=" C(r.x), "=" C(r.y), "=" C(r.z), "=" C(r.w)                                \
                 : "l"(p));                                                                      \
    return r;                                                                                    \
  }
#define GA_COMPAT_ST1(NAME, COP, T, PTX, C)                                                         \
  static __device__ __forceinline__ void NAME(T* p, T v) {                                          \
    asm volatile("st.global." #COP "." #PTX " [%0], %1;" ::"l"(p), C(v) : "memory");                \
  }
#define GA_COMPAT_ST2(NAME, COP, T, PTX, C)                                                          \
  static __device__ __forceinline__ void NAME(T* p, T v) {                                           \
    asm volatile("st.global." #COP ".v2." #PTX " [%0], {%1, %2};" ::"l"(p), C(v.x), C(v.y) : "memory"); \
  }
#define GA_COMPAT_ST4(NAME, COP, T, PTX, C)                                                            \
  static __device__ __forceinline__ void NAME(T* p, T v) {                                             \
    asm volatile("st.global." #COP ".v4." #PTX " [%0], {%1, %2, %3, %4};" ::"l"(p), C(v.x), C(v.y),    \
                 C(v.z), C(v.w)                                                                        \
                 : "memory");                                                                          \
  }

#define GA_COMPAT_TYPES(X, NAME, COP)                                                         \
  X##1(NAME, COP, int, s32, "r") X##1(NAME, COP, unsigned int, u32, "r")                     \
  X##1(NAME, COP, long long, s64, "l") X##1(NAME, COP, unsigned long long, u64, "l")         \
  X##1(NAME, COP, float, f32, "f") X##1(NAME, COP, double, f64, "d")                         \
  X##2(NAME, COP, int2, s32, "r") X##2(NAME, COP, uint2, u32, "r")                           \
  X##2(NAME, COP, float2, f32, "f") X##2(NAME, COP, double2, f64, "d")                       \
  X##4(NAME, COP, int4, s32, "r") X##4(NAME, COP, uint4, u32, "r") X##4(NAME, COP, float4, f32, "f")

GA_COMPAT_TYPES(GA_COMPAT_LD, __ldcg, cg)
GA_COMPAT_TYPES(GA_COMPAT_LD, __ldca, ca)
GA_COMPAT_TYPES(GA_COMPAT_LD, __ldcs, cs)
GA_COMPAT_TYPES(GA_COMPAT_LD, __ldlu, lu)
GA_COMPAT_TYPES(GA_COMPAT_LD, __ldcv, cv)
GA_COMPAT_TYPES(GA_COMPAT_ST, __stcg, cg)
GA_COMPAT_TYPES(GA_COMPAT_ST, __stcs, cs)
GA_COMPAT_TYPES(GA_COMPAT_ST, __stwb, wb)
GA_COMPAT_TYPES(GA_COMPAT_ST, __stwt, wt)

#undef GA_COMPAT_TYPES
#undef GA_COMPAT_LD1
#undef GA_COMPAT_LD2
#undef GA_COMPAT_LD4
#undef GA_COMPAT_ST1
#undef GA_COMPAT_ST2
#undef GA_COMPAT_ST4

#endif
