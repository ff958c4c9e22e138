// Which instructions the architecture being compiled has, as 0/1 macros, so that a kernel family
// compiles its tensor-core, FP8 or Hopper path only for the architectures that have it, with
// both CUDA 13 (sm_75+) and the CUDA 12.9 build (sm_52/60/70+, see scripts/build/build-cuda12.sh).
//
// The host never launches a kernel on a card that lacks its feature: it asks
// src/probe/arch_features.hpp (same thresholds, unit-tested) and records the figure as
// "not-applicable". So the #else branch of a kernel is unreachable; make it trap, not be empty:
//
//   #include "kernels/arch_features.cuh"
//   __global__ void mma_bf16_loop(...) {
//   #if GA_HAS_BF16_MMA
//     ... mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32 ...
//   #else
//     GA_UNAVAILABLE_ON_THIS_ARCH();
//   #endif
//   }
//
// In the host pass of a .cu file (and in .cpp files) __CUDA_ARCH__ is undefined: every macro is 0
// there, so never use them to decide anything on the host.
//
// Sources: CUDA C++ Programming Guide (compute capabilities, "Warp Matrix Functions") and the PTX
// ISA "Warp-level matrix instructions" target requirements (mma.sync f16: sm_70 (m8n8k4) / sm_75
// (m16n8k8); bf16 and tf32: sm_80; e4m3/e5m2: sm_89; wgmma: sm_90a; tcgen05: sm_100a).
#pragma once

#if defined(__CUDA_ARCH__)
#define GA_DEVICE_ARCH __CUDA_ARCH__
#else
#define GA_DEVICE_ARCH 0
#endif

// Native half-precision arithmetic (hfma2): sm_53+, full rate on sm_60 (P100), 1/64 on sm_61.
#define GA_HAS_NATIVE_FP16 (GA_DEVICE_ARCH >= 530)
// dp4a / dp2a 8-bit dot products: sm_61+.
#define GA_HAS_DP4A (GA_DEVICE_ARCH >= 610)
// Warp-level tensor-core MMA on FP16 (WMMA / mma.sync m8n8k4): Volta sm_70+.
#define GA_HAS_FP16_MMA (GA_DEVICE_ARCH >= 700)
// mma.sync m16n8k8 FP16 and INT8/INT4 IMMA: Turing sm_75+.
#define GA_HAS_MMA_M16N8K8 (GA_DEVICE_ARCH >= 750)
#define GA_HAS_INT8_MMA (GA_DEVICE_ARCH >= 750)
// mma.sync m16n8k16, BF16 and TF32 tensor cores, cp.async: Ampere sm_80+.
#define GA_HAS_MMA_M16N8K16 (GA_DEVICE_ARCH >= 800)
#define GA_HAS_BF16_MMA (GA_DEVICE_ARCH >= 800)
#define GA_HAS_TF32_MMA (GA_DEVICE_ARCH >= 800)
#define GA_HAS_CP_ASYNC (GA_DEVICE_ARCH >= 800)
// FP8 (e4m3/e5m2) mma.sync: Ada sm_89, Hopper sm_90 and newer. (sm_86/sm_87 have none.)
#define GA_HAS_FP8_MMA (GA_DEVICE_ARCH >= 890)
// Thread-block clusters, TMA (cp.async.bulk): Hopper sm_90+.
#define GA_HAS_CLUSTERS (GA_DEVICE_ARCH >= 900)
#define GA_HAS_TMA (GA_DEVICE_ARCH >= 900)
// Warpgroup MMA (wgmma.mma_async): only in an sm_90a build, which runs only on compute capability
// 9.0. The default architecture lists build sm_90 (no "a"), so this is 0 unless someone adds 90a.
#if defined(__CUDA_ARCH_FEAT_SM90_ALL)
#define GA_HAS_WGMMA 1
#else
#define GA_HAS_WGMMA 0
#endif
// tcgen05 (Blackwell data-center tensor memory MMA): only in an sm_100a build.
#if defined(__CUDA_ARCH_FEAT_SM100_ALL)
#define GA_HAS_TCGEN05 1
#else
#define GA_HAS_TCGEN05 0
#endif

// The body of a kernel path the host never launches on this architecture (see above): stop loudly
// if it ever is, rather than return a plausible, wrong, figure.
#if defined(__CUDA_ARCH__)
#define GA_UNAVAILABLE_ON_THIS_ARCH() __trap()
#else
#define GA_UNAVAILABLE_ON_THIS_ARCH() ((void)0)
#endif
