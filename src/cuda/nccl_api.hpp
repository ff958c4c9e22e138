// The NCCL entry points gpuaudit uses, typed by <nccl.h> and resolved at run time with dlopen,
// like NVML (src/probe/nvml_api.hpp). Why: see src/multigpu/nccl_search.hpp (the binary starts
// without NCCL; pip wheels under site-packages are found; any NCCL 2.x works).
#pragma once

#if __has_include(<nccl.h>)
#include <nccl.h>
#define GPUAUDIT_HAVE_NCCL_H 1
#else
#define GPUAUDIT_HAVE_NCCL_H 0
#endif

#include <string>
#include <vector>

namespace gpuaudit::multigpu {

#if GPUAUDIT_HAVE_NCCL_H
// Every entry but the ones marked optional must resolve; ncclGetLastError came with 2.13 and
// ncclCommGetAsyncError with 2.4.
#define GA_NCCL_FUNCTIONS(X)                                                                        \
  X(ncclGetVersion) X(ncclGetUniqueId) X(ncclCommInitRank) X(ncclCommInitAll) X(ncclCommDestroy)    \
  X(ncclCommAbort) X(ncclGetErrorString) X(ncclAllReduce) X(ncclAllGather) X(ncclReduceScatter)     \
  X(ncclSend) X(ncclRecv) X(ncclGroupStart) X(ncclGroupEnd)
#define GA_NCCL_OPTIONAL_FUNCTIONS(X) X(ncclGetLastError) X(ncclCommGetAsyncError)

struct NcclApi {
#define GA_NCCL_MEMBER(fn) decltype(&::fn) fn = nullptr;
  GA_NCCL_FUNCTIONS(GA_NCCL_MEMBER)
  GA_NCCL_OPTIONAL_FUNCTIONS(GA_NCCL_MEMBER)
#undef GA_NCCL_MEMBER
};
#else
struct NcclApi {};
#endif

struct NcclLoad {
  bool loaded = false;
  NcclApi api;
  std::string path;                // the library that was loaded
  std::string where;               // which place of the search found it ("pip wheel", ...)
  int version_code = 0;            // ncclGetVersion
  std::string version;             // "2.27.3"
  std::string error;               // why not, one line
  std::vector<std::string> tried;  // candidates, in order, each "PATH (place)"
};

// Loads NCCL once per process (kept open); later calls return the same result.
const NcclLoad& load_nccl();

}  // namespace gpuaudit::multigpu
