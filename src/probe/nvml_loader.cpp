#include "probe/nvml_api.hpp"

#include <dlfcn.h>

namespace gpuaudit {

NvmlLoad load_nvml(const char* library) {
  NvmlLoad out;
  void* handle = ::dlopen(library, RTLD_NOW | RTLD_LOCAL);
  if (!handle) {
    const char* e = ::dlerror();
    out.error = std::string("cannot load ") + library + " (" + (e ? e : "unknown error") + ")";
    return out;
  }
#define GA_NVML_RESOLVE(fn) \
  out.api.fn = reinterpret_cast<decltype(out.api.fn)>(::dlsym(handle, GA_NVML_SYMBOL(fn)));
  GA_NVML_FUNCTIONS(GA_NVML_RESOLVE)
#undef GA_NVML_RESOLVE
  if (!out.api.nvmlInit || !out.api.nvmlDeviceGetCount || !out.api.nvmlDeviceGetHandleByIndex) {
    out.error = std::string(library) + " lacks nvmlInit_v2/nvmlDeviceGetCount_v2: driver too old";
    return out;
  }
  out.loaded = true;
  return out;
}

}  // namespace gpuaudit
