// Finds and opens NCCL at run time (cuda/nccl_api.hpp): the first candidate of the search
// (multigpu/nccl_search.hpp) that opens and has the 2.7+ entry points gpuaudit calls.
#include "cuda/nccl_api.hpp"

#include "multigpu/nccl_search.hpp"

#include <cuda_runtime_api.h>
#include <dlfcn.h>

namespace gpuaudit::multigpu {

namespace {

NcclLoad try_load() {
  NcclLoad out;
#if !GPUAUDIT_HAVE_NCCL_H
  out.error = "this gpuaudit was built without nccl.h (install NCCL's headers and rebuild)";
  return out;
#else
  std::string last_error;
  const std::vector<LibraryCandidate> candidates = library_candidates(nccl_library());
  for (const LibraryCandidate& c : candidates) {
    const std::string& candidate = c.path;
    out.tried.push_back(candidate + " (" + c.where + ")");
    void* handle = ::dlopen(candidate.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (!handle) {
      const char* e = ::dlerror();
      if (c.where != "loader path") last_error = e ? e : "dlopen failed";
      continue;
    }
    NcclApi api;
    bool complete = true;
#define GA_NCCL_RESOLVE(fn)                                                         \
  api.fn = reinterpret_cast<decltype(api.fn)>(::dlsym(handle, #fn));               \
  complete = complete && api.fn != nullptr;
    GA_NCCL_FUNCTIONS(GA_NCCL_RESOLVE)
#undef GA_NCCL_RESOLVE
#define GA_NCCL_RESOLVE_OPTIONAL(fn) api.fn = reinterpret_cast<decltype(api.fn)>(::dlsym(handle, #fn));
    GA_NCCL_OPTIONAL_FUNCTIONS(GA_NCCL_RESOLVE_OPTIONAL)
#undef GA_NCCL_RESOLVE_OPTIONAL
    if (!complete) {
      last_error = candidate + " lacks ncclSend/ncclRecv or other 2.7+ entry points (too old)";
      ::dlclose(handle);
      continue;
    }
    int code = 0;
    if (api.ncclGetVersion(&code) != ncclSuccess) {
      last_error = candidate + ": ncclGetVersion failed";
      ::dlclose(handle);
      continue;
    }
    out.loaded = true;
    out.api = api;
    out.path = candidate;
    out.where = c.where;
    out.version_code = code;
    out.version = nccl_version_string(code);
    return out;
  }
  out.error = "libnccl.so.2 not found (searched: " + describe_candidates(candidates) + "); install it with pip install " +
              "nvidia-nccl-cu" + std::to_string(CUDART_VERSION / 1000) + " (or pip install 'gpuaudit[cuda]'), or set GPUAUDIT_NCCL_LIBRARY";
  if (!last_error.empty()) out.error += "; last error: " + last_error;
  return out;
#endif
}

}  // namespace

const NcclLoad& load_nccl() {
  static const NcclLoad loaded = try_load();
  return loaded;
}

}  // namespace gpuaudit::multigpu
