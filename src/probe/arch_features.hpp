// Which benchmark families a card of compute capability X.Y can run at all: BF16 tensor cores
// need Ampere, FP8 needs Ada or Hopper, and so on. The benchmark list uses it to record
// "not available on this architecture" (status not-applicable) instead of launching a kernel that
// was compiled out (kernels/arch_features.cuh holds the same thresholds for device code).
#pragma once

#include <optional>
#include <string>

namespace gpuaudit {

// What the hardware has, by compute capability (CUDA C++ Programming Guide; PTX ISA targets).
struct ArchFeatures {
  bool native_fp16 = false;  // hfma2: 5.3+ (Pascal P100 at full rate, GP10x at 1/64)
  bool dp4a = false;         // 6.1+
  bool fp16_mma = false;     // tensor cores, FP16 in: 7.0+
  bool int8_mma = false;     // 7.5+
  bool bf16_mma = false;     // 8.0+
  bool tf32_mma = false;     // 8.0+
  bool fp8_mma = false;      // 8.9, 9.0 and newer (not 8.6/8.7)
  bool clusters_tma = false; // 9.0+
  bool wgmma = false;        // 9.0 only, and only with an sm_90a build
  bool tcgen05 = false;      // 10.0/10.3 data-center Blackwell, only with an sm_100a build
};

ArchFeatures arch_features(int cc_major, int cc_minor);

// "Pascal", "Turing", "Ada Lovelace", ...; "compute capability X.Y" when unknown.
std::string architecture_name(int cc_major, int cc_minor);

// The smallest compute capability (major*10+minor) a benchmark family needs, or nullopt when it
// runs everywhere gpuaudit runs (SM census, FP32, HBM, PCIe, ...). Takes a full benchmark name
// ("gemm/bf16") or a family prefix.
std::optional<int> min_compute_capability(const std::string& benchmark);

// Why `benchmark` cannot run on this card, as the one-line message of a not-applicable result
// ("not available on this architecture: gemm/bf16 needs compute capability 8.0 (Ampere) or newer;
// this card is 7.5 (Turing)"), or nullopt when it can.
std::optional<std::string> unavailable_reason(const std::string& benchmark, int cc_major, int cc_minor);

}  // namespace gpuaudit
