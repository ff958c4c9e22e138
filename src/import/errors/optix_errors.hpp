// OptiX's result codes (OptixResult, the OptiX SDK's optix_7_types.h, 7001-7999) with what each is
// evidence of, and a code found in a line about OptiX: "Optix call (optixInit()) failed with code
// 7804 (line 157)" (the SDK samples' OPTIX_CHECK, copied by OWL, NVISII and most OptiX programs),
// "OPTIX_ERROR_UNSUPPORTED_ABI_VERSION". OptiX's library ships with the display driver, so the
// codes optixInit() returns when the driver cannot serve the SDK the program was built with speak of
// the stack: an ABI version the driver does not support (a driver older than the SDK), a function
// table or entry point it lacks, the library not found. The rest are the program's (invalid values,
// a PTX that does not compile) or say that something failed, not what (a launch failure, a CUDA
// error, an internal error). Later SDKs add codes this table (OptiX 7.0's) does not have.
#pragma once

#include "import/errors/status_table.hpp"

#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace gpuaudit::imports {

using OptixCode = StatusCode;

std::span<const OptixCode> optix_codes();

using OptixError = StatusError;

// The first OptiX result in `line`: by its name (OPTIX_ERROR_...), else by its number (7001-7999) on
// a line that speaks of OptiX, after "code", "error", "failed with" or "returned". `lower_line` is
// `line` in lower case.
std::optional<OptixError> optix_error(std::string_view line, const std::string& lower_line);

}  // namespace gpuaudit::imports
