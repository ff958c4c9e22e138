#include "cuda/cuda_check.hpp"

#include <cstring>

namespace gpuaudit {

void throw_cuda_error(cudaError_t e, const char* expr, const char* file, int line) {
  (void)cudaGetLastError();
  const char* base = std::strrchr(file, '/');
  std::string where = std::string(base ? base + 1 : file) + ":" + std::to_string(line);
  std::string call = expr;
  if (const auto paren = call.find('('); paren != std::string::npos) call = call.substr(0, paren);
  throw CudaError(e, call + " failed: " + cudaGetErrorString(e) + " (" + cudaGetErrorName(e) + ") at " + where);
}

}  // namespace gpuaudit
