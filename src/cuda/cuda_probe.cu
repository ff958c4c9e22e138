// The CUDA runtime's view of the devices, plus the versions of the libraries this binary uses.
#include "probe/cuda_probe.hpp"

#include "cuda/cublaslt_api.hpp"
#include "cuda/nccl_api.hpp"
#include "probe/build_platform.hpp"
#include "probe/usability.hpp"

#include <cuda_runtime.h>

#include <string>

namespace gpuaudit {

namespace {

// GPUAUDIT_CUDA_ARCHS is CMake's list, e.g. "75-real,80-real,...,90a-real,120-virtual".
void parse_archs(CudaProbe& p) {
  BuildTargets t;
  parse_cmake_archs(GPUAUDIT_CUDA_ARCHS, t);
  p.sass_archs = t.sass_archs;
  p.ptx_archs = t.ptx_archs;
  p.specific_archs = t.specific_archs;
#ifdef GPUAUDIT_PTX_CUDA_VERSION
  p.ptx_cuda_version = GPUAUDIT_PTX_CUDA_VERSION;  // clang writes an older PTX ISA than the toolkit's
#endif
}

std::string uuid_string(const cudaUUID_t& u, bool mig) {
  static const char* hex = "0123456789abcdef";
  std::string s = mig ? "MIG-" : "GPU-";
  for (int i = 0; i < 16; ++i) {
    if (i == 4 || i == 6 || i == 8 || i == 10) s += '-';
    const auto b = static_cast<unsigned char>(u.bytes[i]);
    s += hex[b >> 4];
    s += hex[b & 15];
  }
  return s;
}

}  // namespace

CudaProbe probe_cuda() {
  CudaProbe p;
  p.built_with_cuda = true;
  p.build = build_summary();
  p.runtime_version = CUDART_VERSION;
  parse_archs(p);
  int v = 0;
  if (cudaDriverGetVersion(&v) == cudaSuccess && v > 0) p.driver_version = v;

  int count = 0;
  cudaError_t err = cudaGetDeviceCount(&count);
  if (err != cudaSuccess) {
    p.error_name = cudaGetErrorName(err);
    p.error = cudaGetErrorString(err);
    (void)cudaGetLastError();
    return p;
  }
  for (int i = 0; i < count; ++i) {
    cudaDeviceProp prop{};
    if (cudaGetDeviceProperties(&prop, i) != cudaSuccess) continue;
    CudaDevice d;
    d.ordinal = i;
    d.name = prop.name;
    char bus[32] = {};
    if (cudaDeviceGetPCIBusId(bus, sizeof bus, i) == cudaSuccess) d.pci_bus_id = bus;
    d.uuid = uuid_string(prop.uuid, d.name.find("MIG") != std::string::npos);
    d.cc_major = prop.major;
    d.cc_minor = prop.minor;
    d.sm_count = prop.multiProcessorCount;
    d.memory_total_bytes = prop.totalGlobalMem;
    d.l2_bytes = static_cast<std::uint64_t>(prop.l2CacheSize);
    size_t free_b = 0, total_b = 0;
    if (cudaSetDevice(i) == cudaSuccess && cudaMemGetInfo(&free_b, &total_b) == cudaSuccess)
      d.memory_free_bytes = free_b;
    p.devices.push_back(d);
  }
  return p;
}

void probe_cuda_libraries(CudaProbe& p) {
  const CublasLtLoad& lt = load_cublaslt();
  if (lt.loaded) {
    p.cublas_version = lt.version;
    p.cublas_library = lt.path;
  } else {
    p.library_notes.push_back("cuBLASLt: " + lt.error);
  }
  const multigpu::NcclLoad& nccl = multigpu::load_nccl();
  if (nccl.loaded) {
    p.nccl_version = nccl.version;
    p.nccl_library = nccl.path;
  } else {
    p.library_notes.push_back("NCCL: " + nccl.error);
  }
}

BuildSummary build_summary() {
  BuildTargets t;
  parse_cmake_archs(GPUAUDIT_CUDA_ARCHS, t);
  std::string archs;
  for (int a : t.sass_archs) archs += " sm_" + std::to_string(a);
  for (int a : t.specific_archs) archs += " sm_" + std::to_string(a) + "a";
  for (int a : t.ptx_archs) archs += " compute_" + std::to_string(a);
  const std::string glibc = build_glibc();
  return {"CUDA " + cuda_version_string(CUDART_VERSION) + " (runtime linked statically), " + build_compiler() +
              (glibc.empty() ? "" : ", glibc " + glibc),
          (glibc.empty() ? "" : "glibc >= " + glibc + ", ") + "NVIDIA driver >= " + min_driver_for(CUDART_VERSION) +
              "; device code" + archs + "; cuBLASLt " + std::to_string(CUBLAS_VER_MAJOR) +
              ".x and NCCL 2.x, opened when a measurement needs them"};
}

}  // namespace gpuaudit
