// One shape for the status-code tables of NVIDIA's and Khronos' libraries (OpenCL's cl_int codes,
// NVENC's NVENCSTATUS, OptiX's OptixResult, cuBLAS's cublasStatus_t): each code's number and header
// name with what it is evidence of, and the look-ups every table needs - by number, and by a
// whole identifier with the table's prefix in a line ("CL_", "NV_ENC_ERR_", "OPTIX_ERROR_",
// "CUBLAS_STATUS_"). Each library's file keeps its table and its own way of finding numbers in a line.
#pragma once

#include "import/errors/error_meaning.hpp"

#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace gpuaudit::imports {

struct StatusCode {
  int number = 0;
  const char* name = "";  // the header's enumerator: CL_DEVICE_NOT_FOUND, NV_ENC_ERR_OUT_OF_MEMORY
  const char* cls = kClassProgram;
  const char* kind = "";
  const char* confidence = "";
  const char* meaning = "";
};

// A code found in a line, and what it means there (a table's reader may say more than its row).
struct StatusError {
  const StatusCode* code = nullptr;
  ErrorMeaning meaning;
};

// The code numbered `n`, or nullptr.
const StatusCode* status_numbered(std::span<const StatusCode> table, long n);

// The first of `numbers` (a line's numbers after its keys, text/number_after.hpp) that is a code of
// `table`, or nullptr.
const StatusCode* status_first_numbered(std::span<const StatusCode> table, const std::vector<long>& numbers);

// The first whole identifier in `line` that starts with `prefix` and is a name of `table` (not a
// part of a longer name: "MY_CUBLAS_STATUS_..." is none), or nullptr.
const StatusCode* status_named(std::span<const StatusCode> table, std::string_view line, std::string_view prefix);

// The code's row as a meaning, said as "<library> <name>: <meaning>".
ErrorMeaning status_meaning(const StatusCode& code, std::string_view library);

}  // namespace gpuaudit::imports
