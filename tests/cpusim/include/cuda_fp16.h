// The CPU stand-in's <cuda_fp16.h>: the names kernels/mma.cu's host-compiled part refers to. The
// tensor-core path itself is not simulated (docs/architecture.md): these never run there.
#pragma once

#include <cstdint>

struct __half {
  std::uint16_t bits;
};
__half __float2half_rn(float f);
inline unsigned short __half_as_ushort(__half h) { return h.bits; }
