// Finds and opens cuBLASLt at run time (cuda/cublaslt_api.hpp): the first candidate of the search
// (probe/library_search.hpp) that opens and has every entry point gpuaudit calls.
#include "cuda/cublaslt_api.hpp"

#include "probe/library_search.hpp"

#include <dlfcn.h>

#include <stdexcept>

namespace gpuaudit {

namespace {

LibrarySearch cublaslt_library() {
  // The wheels: nvidia-cublas-cu12 keeps nvidia/cublas/lib, the CUDA 13 wheels share nvidia/cu13/lib.
  const std::string wheel = CUBLAS_VER_MAJOR >= 13 ? "nvidia/cu" + std::to_string(CUBLAS_VER_MAJOR) + "/lib"
                                                   : std::string("nvidia/cublas/lib");
  return {.override_env = "GPUAUDIT_CUBLASLT_LIBRARY", .soname = cublaslt_soname(), .wheel_dirs = {wheel},
          .conda_lib = true};
}

std::string version_string(std::size_t v) {  // 120901 -> "12.9.1"
  return std::to_string(v / 10000) + "." + std::to_string((v / 100) % 100) + "." + std::to_string(v % 100);
}

CublasLtLoad try_load() {
  CublasLtLoad out;
  std::string last_error;
  for (const LibraryCandidate& c : library_candidates(cublaslt_library())) {
    out.tried.push_back(c.path + " (" + c.where + ")");
    void* handle = ::dlopen(c.path.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (!handle) {
      const char* e = ::dlerror();
      if (c.where != "loader path") last_error = e ? e : "dlopen failed";
      continue;
    }
    CublasLtApi api;
    bool complete = true;
#define GA_CUBLASLT_RESOLVE(fn)                                              \
  api.fn = reinterpret_cast<decltype(api.fn)>(::dlsym(handle, #fn));         \
  complete = complete && api.fn != nullptr;
    GA_CUBLASLT_FUNCTIONS(GA_CUBLASLT_RESOLVE)
#undef GA_CUBLASLT_RESOLVE
    if (!complete) {
      last_error = c.path + " lacks entry points gpuaudit calls";
      ::dlclose(handle);
      continue;
    }
    out.loaded = true;
    out.api = api;
    out.path = c.path;
    out.where = c.where;
    out.version = version_string(api.cublasLtGetVersion());
    return out;
  }
  out.error = cublaslt_soname() + " not found (searched: " + describe_candidates(library_candidates(cublaslt_library())) +
              "); install it with pip install " + (CUBLAS_VER_MAJOR >= 13 ? "nvidia-cublas" : "nvidia-cublas-cu12") +
              " (or pip install 'gpuaudit[cuda]'), or set GPUAUDIT_CUBLASLT_LIBRARY";
  if (!last_error.empty()) out.error += "; last error: " + last_error;
  return out;
}

}  // namespace

std::string cublaslt_soname() { return "libcublasLt.so." + std::to_string(CUBLAS_VER_MAJOR); }

const CublasLtLoad& load_cublaslt() {
  static const CublasLtLoad loaded = try_load();
  return loaded;
}

const CublasLtApi& cublaslt() {
  const CublasLtLoad& lt = load_cublaslt();
  if (!lt.loaded) throw std::runtime_error(lt.error);
  return lt.api;
}

}  // namespace gpuaudit
