// The CPU stand-in's <cuda_bf16.h>: the names kernels/mma.cu and kernels/wgmma.cu's host-compiled
// parts refer to. The tensor-core paths are not simulated (docs/architecture.md).
#pragma once

#include <cstdint>

struct __nv_bfloat16 {
  std::uint16_t bits;
};
__nv_bfloat16 __float2bfloat16_rn(float f);
inline unsigned short __bfloat16_as_ushort(__nv_bfloat16 h) { return h.bits; }
