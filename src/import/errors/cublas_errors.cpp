#include "import/errors/cublas_errors.hpp"

#include <array>
#include <string>

namespace gpuaudit::imports {

namespace {

constexpr const char* S = kClassSoftware;
constexpr const char* P = kClassProgram;
constexpr const char* U = kClassUnknown;

// cublas_api.h's cublasStatus_t in its order (tests/data/references/cublas-status-codes.tsv, checked
// both ways by cublas_errors_test.cpp); the meanings follow the cuBLAS documentation's table of them.
constexpr std::array kCodes = std::to_array<CublasCode>({
    {1, "CUBLAS_STATUS_NOT_INITIALIZED", U, "cublas-not-initialized", "",
     "cuBLAS could not initialise: at cublasCreate most often no GPU memory left for its context, or CUDA itself did not "
     "start (an earlier error says which)"},
    {3, "CUBLAS_STATUS_ALLOC_FAILED", P, "out-of-memory", "", "cuBLAS could not allocate the memory it needed"},
    {7, "CUBLAS_STATUS_INVALID_VALUE", P, "invalid-call", "", "the program passed cuBLAS an unsupported value or parameter"},
    {8, "CUBLAS_STATUS_ARCH_MISMATCH", S, "gpu-arch-unsupported", "medium",
     "the call needs a feature this GPU's architecture lacks (a data type or operation of a newer architecture): use a "
     "GPU that has it, or a path of the program that does not ask for it"},
    {11, "CUBLAS_STATUS_MAPPING_ERROR", P, "program-error", "", "cuBLAS could not access GPU memory (a texture binding)"},
    {13, "CUBLAS_STATUS_EXECUTION_FAILED", U, "cublas-execution-failed", "",
     "a cuBLAS kernel failed to launch or run: no kernel for this GPU in the cuBLAS the program loaded, or an earlier "
     "error of the program's"},
    {14, "CUBLAS_STATUS_INTERNAL_ERROR", U, "cublas-internal-error", "",
     "an internal cuBLAS operation failed (often a CUDA call inside it: memory, or an earlier error)"},
    {15, "CUBLAS_STATUS_NOT_SUPPORTED", U, "cublas-not-supported", "", "the functionality asked for is not supported here"},
    {16, "CUBLAS_STATUS_LICENSE_ERROR", S, "cublas-licence", "medium", "cuBLAS found a licensing problem"},
});

}  // namespace

std::span<const CublasCode> cublas_codes() { return kCodes; }

std::optional<CublasError> cublas_error(std::string_view line) {
  const CublasCode* c = status_named(kCodes, line, "CUBLAS_STATUS_");
  if (!c) return std::nullopt;
  return CublasError{c, status_meaning(*c, "cuBLAS")};
}

}  // namespace gpuaudit::imports
