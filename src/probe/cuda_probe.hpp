// What the CUDA runtime says about the devices. Implemented in src/cuda/cuda_probe.cu when the
// build has CUDA, and by src/probe/cuda_probe_none.cpp otherwise; everything above this interface
// is plain data, so the tests feed it scripted values.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace gpuaudit {

struct CudaDevice {
  int ordinal = 0;
  std::string name;
  std::string pci_bus_id;  // "0000:18:00.0" as cudaDeviceGetPCIBusId prints it
  std::string uuid;        // "GPU-..." or "MIG-..."
  int cc_major = 0, cc_minor = 0;
  int sm_count = 0;
  std::uint64_t memory_total_bytes = 0;
  std::uint64_t memory_free_bytes = 0;
  std::uint64_t l2_bytes = 0;
};

// How this binary was built and what it needs, for --version and the document's tool.build:
// "CUDA 12.9 (runtime linked statically), clang 19.1.7, glibc 2.31" and "NVIDIA driver >= 525.60.13; ...";
// a build without CUDA says so.
struct BuildSummary {
  std::string toolchain;
  std::string needs;
};
BuildSummary build_summary();

struct CudaProbe {
  bool built_with_cuda = false;
  BuildSummary build;                  // build_summary(), set by probe_cuda()
  std::optional<int> runtime_version;  // e.g. 13000
  std::optional<int> driver_version;   // what cudaDriverGetVersion reports, e.g. 12080
  std::vector<int> sass_archs;         // device code in the binary: 75, 80, 86, 89, 90, ...
  std::vector<int> ptx_archs;          // PTX shipped for JIT on newer cards
  std::vector<int> specific_archs;     // sm_90a-style cubins: run only on exactly that capability
  int ptx_cuda_version = 0;            // CUDA release of the PTX ISA in the binary; 0: the runtime's
  std::string error;                   // cudaGetDeviceCount's error, if any ("" when fine)
  std::string error_name;              // e.g. "cudaErrorInsufficientDriver"
  std::vector<CudaDevice> devices;
  // Filled by probe_cuda_libraries() only: cuBLASLt and NCCL are opened when first needed.
  std::optional<std::string> cublas_version;
  std::optional<std::string> nccl_version;
  std::optional<std::string> cublas_library;  // the file loaded, e.g. .../site-packages/nvidia/cublas/lib/libcublasLt.so.12
  std::optional<std::string> nccl_library;
  std::vector<std::string> library_notes;     // one line per library not found: what was searched, what to install
};

// The runtime's view of the devices; opens no library but the driver's (cuBLASLt and NCCL are
// left closed, so `check --state-only` stays fast).
CudaProbe probe_cuda();

// Opens cuBLASLt and NCCL (probe/library_search.hpp) and records which file of which version was
// found, or what was searched: for `info` and `run`, which say it.
void probe_cuda_libraries(CudaProbe& p);

}  // namespace gpuaudit
