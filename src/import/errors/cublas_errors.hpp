// cuBLAS's status codes (cublasStatus_t, the CUDA toolkit's cublas_api.h) with what each is
// evidence of, found by name in a line: PyTorch's "CUDA error: CUBLAS_STATUS_NOT_INITIALIZED when
// calling `cublasCreate(handle)`", "CUBLAS_STATUS_EXECUTION_FAILED when calling `cublasSgemm(...)`".
// Allocation and invalid values are the program's; a GPU whose architecture lacks what the call
// needs (ARCH_MISMATCH) and a licence error are the stack's; an uninitialised handle (at cublasCreate:
// most often no memory left for the context, or a CUDA that did not start), a kernel that failed and
// an internal error say that something failed, not what.
#pragma once

#include "import/errors/status_table.hpp"

#include <optional>
#include <span>
#include <string_view>

namespace gpuaudit::imports {

using CublasCode = StatusCode;

std::span<const CublasCode> cublas_codes();

using CublasError = StatusError;

// The first cuBLAS status named in `line` (CUBLAS_STATUS_..., not part of a longer name); nullopt
// for none and for CUBLAS_STATUS_SUCCESS.
std::optional<CublasError> cublas_error(std::string_view line);

}  // namespace gpuaudit::imports
