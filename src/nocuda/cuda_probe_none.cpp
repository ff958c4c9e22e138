// The CUDA probe of a build without CUDA (-DGPUAUDIT_CUDA=OFF): offline commands only.
#include "probe/cuda_probe.hpp"

#include "probe/build_platform.hpp"

namespace gpuaudit {

CudaProbe probe_cuda() {
  CudaProbe p;
  p.build = build_summary();
  return p;
}

void probe_cuda_libraries(CudaProbe&) {}

BuildSummary build_summary() {
  const std::string glibc = build_glibc();
  return {"no CUDA, " + build_compiler() + (glibc.empty() ? "" : ", glibc " + glibc),
          (glibc.empty() ? "" : "glibc >= " + glibc + "; ") +
              "no GPU: it reads, scores, compares and reports results, and measures nothing; the prebuilt "
              "gpuaudit measures (pip install gpuaudit), or a build with a CUDA toolkit (scripts/run.sh)"};
}

}  // namespace gpuaudit
