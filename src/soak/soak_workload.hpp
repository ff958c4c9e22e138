// What `gpuaudit soak` runs on a GPU, as an interface: the CUDA implementation lives in
// kernels/soak_workload.cu (cuBLASLt bf16 GEMM + a copy kernel); a build without CUDA gets
// src/nocuda/soak_workload_none.cpp; the tests use scripted fakes. Each object belongs to one
// thread at a time (the runner gives every GPU its own thread).
#pragma once

#include "core/result.hpp"

#include <memory>
#include <string>

namespace gpuaudit {

struct SoakWorkload {
  virtual ~SoakWorkload() = default;
  // Keeps the GPU busy with the heavy GEMM for about `seconds`; returns the TFLOP/s it reached.
  virtual double gemm_tflops_for(double seconds) = 0;
  // Streams device memory (copy: read + write) for about `seconds`; returns GB/s (1e9 B/s).
  virtual double hbm_gbs_for(double seconds) = 0;
  // One line naming the work, e.g. "bf16 GEMM 8192^3 (cuBLASLt) + device copy 2 x 1024 MiB".
  virtual std::string describe() const = 0;
};

// The workload for GPU `gpu` (matched to a CUDA device by UUID, then PCI bus id). Returns null
// with `error` set when it cannot be made (no CUDA in this build, out of memory, no GEMM for the card).
std::unique_ptr<SoakWorkload> make_soak_workload(const GpuInfo& gpu, std::string& error);

}  // namespace gpuaudit
