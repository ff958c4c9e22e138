// The cuBLASLt entry points gpuaudit uses, typed by <cublasLt.h> and resolved with dlopen only when
// a GEMM runs (benchmarks/gemm.cpp, kernels/soak_workload.cu) or `info`/`run` report the
// version, like NCCL (cuda/nccl_api.hpp) and NVML. Linking cuBLASLt made every start map ~0.5 GB
// (0.14 s and 219 MB for `gpuaudit --version`) and made the binary refuse to start without it.
// Where it is looked for: probe/library_search.hpp (system CUDA, pip wheels, a bundled copy).
#pragma once

#include <cublasLt.h>

#include <string>
#include <vector>

namespace gpuaudit {

#define GA_CUBLASLT_FUNCTIONS(X)                                                                           \
  X(cublasLtGetVersion) X(cublasLtGetStatusString) X(cublasLtCreate) X(cublasLtDestroy)                     \
  X(cublasLtMatmul) X(cublasLtMatmulAlgoGetHeuristic) X(cublasLtMatmulDescCreate)                           \
  X(cublasLtMatmulDescDestroy) X(cublasLtMatmulDescSetAttribute) X(cublasLtMatmulPreferenceCreate)          \
  X(cublasLtMatmulPreferenceDestroy) X(cublasLtMatmulPreferenceSetAttribute) X(cublasLtMatrixLayoutCreate)  \
  X(cublasLtMatrixLayoutDestroy)

struct CublasLtApi {
#define GA_CUBLASLT_MEMBER(fn) decltype(&::fn) fn = nullptr;
  GA_CUBLASLT_FUNCTIONS(GA_CUBLASLT_MEMBER)
#undef GA_CUBLASLT_MEMBER
};

struct CublasLtLoad {
  bool loaded = false;
  CublasLtApi api;
  std::string path;                // the library that was loaded
  std::string where;               // which place of the search found it ("pip wheel", ...)
  std::string version;             // "12.9.1" (cublasLtGetVersion)
  std::string error;               // why not, one line
  std::vector<std::string> tried;  // candidates, in order, each "PATH (place)"
};

// The soname this build needs: libcublasLt.so.<CUBLAS_VER_MAJOR of the headers it was built with>.
std::string cublaslt_soname();

// Loads cuBLASLt once per process (kept open); later calls return the same result.
const CublasLtLoad& load_cublaslt();

// The entry points, for code about to run a GEMM; throws std::runtime_error with load_cublaslt()'s
// error (what was searched, what to install) when there is no usable cuBLASLt.
const CublasLtApi& cublaslt();

}  // namespace gpuaudit
