// Every cudaError_t (the CUDA runtime's) and CUresult (the driver API's) code: name, number, the
// runtime's message (cudaGetErrorString) and the header's comment, generated from the CUDA headers
// and runtimes into import/cuda_error_table.cpp (scripts/data/gen_cuda_error_table.py;
// tests/unit/import/errors/cuda_error_table_test.cpp compares it with the headers both ways). Any tool prints
// these: PyTorch "CUDA error: uncorrectable ECC error encountered", nccl-tests "Cuda failure
// 'system not yet initialized'", the CUDA samples "code=100(cudaErrorNoDevice)", JAX
// "CUDA_ERROR_NO_DEVICE: no CUDA-capable device is detected". cuda_error_meaning() says what a code
// is evidence of (import/cuda_errors.cpp: the software stack, the card, or the program itself).
#pragma once

#include "import/errors/error_meaning.hpp"

#include <optional>
#include <span>
#include <string_view>

namespace gpuaudit::imports {

struct CudaErrorCode {
  int number = 0;
  const char* name = "";     // cudaErrorECCUncorrectable / CUDA_ERROR_ECC_UNCORRECTABLE
  const char* message = "";  // cudaGetErrorString(): "uncorrectable ECC error encountered" ("" for CUresult)
  const char* comment = "";  // the first sentence of the header's comment on the enumerator
};

// The toolkit versions the table was generated from ("13.0, 12.9").
extern const char* const kCudaErrorTableVersions;
std::span<const CudaErrorCode> cuda_runtime_errors();  // cudaError_t, by number
std::span<const CudaErrorCode> cuda_driver_errors();   // CUresult, by number

// Look-ups (names exact; messages case-insensitive, without trailing punctuation).
const CudaErrorCode* cuda_error_named(std::string_view name);  // either enum
const CudaErrorCode* cuda_runtime_error(int number);
const CudaErrorCode* cuda_driver_error(int number);
const CudaErrorCode* cuda_error_with_message(std::string_view message);

// cudaErrorInsufficientDriver's meaning, which tools that word the error their own way (PyTorch's
// "The NVIDIA driver on your system is too old", import/software_errors.cpp) share.
inline constexpr const char* kDriverOlderThanRuntime =
    "the NVIDIA driver is older than the CUDA runtime the program was built with: update the driver, or use a build for the "
    "CUDA version the driver supports (nvidia-smi's 'CUDA Version')";

// What a code is evidence of. A CUresult is classed as the cudaError_t of the same number (the
// two enums share numbers for the same condition since CUDA 10.1; the test checks the pairs).
ErrorMeaning cuda_error_meaning(const CudaErrorCode& code);

}  // namespace gpuaudit::imports
