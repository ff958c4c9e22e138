#include "import/errors/optix_errors.hpp"

#include "text/number_after.hpp"

#include <array>

namespace gpuaudit::imports {

namespace {

constexpr const char* S = kClassSoftware;
constexpr const char* P = kClassProgram;
constexpr const char* U = kClassUnknown;

constexpr const char* kDriverOlderThanSdk =
    "the NVIDIA driver is older than the OptiX SDK the program was built with (OptiX ships in the driver): update the "
    "driver, or use a build of the program made with an older OptiX SDK";

// optix_7_types.h's OptixResult, in its order (the table is tests/data/references/optix-result-codes.tsv's,
// checked both ways by optix_errors_test.cpp).
constexpr std::array kCodes = std::to_array<OptixCode>({
    {7001, "OPTIX_ERROR_INVALID_VALUE", P, "invalid-call", "", "the program passed an invalid value"},
    {7002, "OPTIX_ERROR_HOST_OUT_OF_MEMORY", P, "out-of-memory", "", "OptiX could not allocate host memory"},
    {7003, "OPTIX_ERROR_INVALID_OPERATION", P, "invalid-call", "", "the operation is not valid here"},
    {7004, "OPTIX_ERROR_FILE_IO_ERROR", P, "program-error", "", "a file could not be read or written"},
    {7005, "OPTIX_ERROR_INVALID_FILE_FORMAT", P, "program-error", "", "a file is not in the format expected"},
    {7010, "OPTIX_ERROR_DISK_CACHE_INVALID_PATH", P, "program-error", "", "the disk cache's path is not usable"},
    {7011, "OPTIX_ERROR_DISK_CACHE_PERMISSION_ERROR", P, "program-error", "", "the disk cache cannot be written (permissions)"},
    {7012, "OPTIX_ERROR_DISK_CACHE_DATABASE_ERROR", P, "program-error", "", "the disk cache's database failed"},
    {7013, "OPTIX_ERROR_DISK_CACHE_INVALID_DATA", P, "program-error", "", "the disk cache holds invalid data"},
    {7050, "OPTIX_ERROR_LAUNCH_FAILURE", U, "optix-launch-failed", "", "an OptiX launch failed (the program's kernel, or the GPU)"},
    {7051, "OPTIX_ERROR_INVALID_DEVICE_CONTEXT", P, "invalid-call", "", "an invalid device context was given"},
    {7052, "OPTIX_ERROR_CUDA_NOT_INITIALIZED", P, "invalid-call", "", "OptiX was called before CUDA was initialised"},
    {7200, "OPTIX_ERROR_INVALID_PTX", P, "kernel-build-failed", "", "the program's PTX for OptiX is invalid"},
    {7201, "OPTIX_ERROR_INVALID_LAUNCH_PARAMETER", P, "invalid-call", "", "an invalid launch parameter was given"},
    {7202, "OPTIX_ERROR_INVALID_PAYLOAD_ACCESS", P, "invalid-call", "", "a program accessed the ray payload invalidly"},
    {7203, "OPTIX_ERROR_INVALID_ATTRIBUTE_ACCESS", P, "invalid-call", "", "a program accessed attributes invalidly"},
    {7204, "OPTIX_ERROR_INVALID_FUNCTION_USE", P, "invalid-call", "", "an OptiX device function was used where it is not allowed"},
    {7205, "OPTIX_ERROR_INVALID_FUNCTION_ARGUMENTS", P, "invalid-call", "", "an OptiX device function got invalid arguments"},
    {7250, "OPTIX_ERROR_PIPELINE_OUT_OF_CONSTANT_MEMORY", P, "program-error", "", "the pipeline needs more constant memory than there is"},
    {7251, "OPTIX_ERROR_PIPELINE_LINK_ERROR", P, "kernel-build-failed", "", "the pipeline's programs did not link"},
    {7299, "OPTIX_ERROR_INTERNAL_COMPILER_ERROR", U, "optix-compiler-error", "", "OptiX's compiler failed internally"},
    {7300, "OPTIX_ERROR_DENOISER_MODEL_NOT_SET", P, "invalid-call", "", "the denoiser's model was not set"},
    {7301, "OPTIX_ERROR_DENOISER_NOT_INITIALIZED", P, "invalid-call", "", "the denoiser was used before it was initialised"},
    {7400, "OPTIX_ERROR_ACCEL_NOT_COMPATIBLE", U, "optix-accel-incompatible", "",
     "an acceleration structure built elsewhere is not compatible with this device or driver"},
    {7800, "OPTIX_ERROR_NOT_SUPPORTED", U, "optix-not-supported", "", "the feature is not supported by this device or driver"},
    {7801, "OPTIX_ERROR_UNSUPPORTED_ABI_VERSION", S, "driver-too-old", "high", kDriverOlderThanSdk},
    {7802, "OPTIX_ERROR_FUNCTION_TABLE_SIZE_MISMATCH", S, "driver-too-old", "medium", kDriverOlderThanSdk},
    {7803, "OPTIX_ERROR_INVALID_ENTRY_FUNCTION_OPTIONS", P, "invalid-call", "", "invalid options were given to optixInit"},
    {7804, "OPTIX_ERROR_LIBRARY_NOT_FOUND", S, "optix-library-missing", "high",
     "the driver's OptiX library (libnvoptix.so.1, nvoptix.dll, installed with the display driver) was not found or does "
     "not serve this SDK: the driver is missing or older than the program's OptiX, or a container does not hold the "
     "driver's OptiX library"},
    {7805, "OPTIX_ERROR_ENTRY_SYMBOL_NOT_FOUND", S, "driver-too-old", "medium", kDriverOlderThanSdk},
    {7900, "OPTIX_ERROR_CUDA_ERROR", U, "optix-cuda-error", "", "a CUDA call inside OptiX failed (the lines around it may say which)"},
    {7990, "OPTIX_ERROR_INTERNAL_ERROR", U, "optix-internal-error", "", "an internal error of OptiX"},
    {7999, "OPTIX_ERROR_UNKNOWN", U, "optix-unknown-error", "", "an unknown error of OptiX"},
});

const OptixCode* by_number_in(const std::string& l) {
  if (l.find("optix") == std::string::npos) return nullptr;
  return status_first_numbered(kCodes, numbers_after(l, {"code", "error", "failed with", "returned"}, {" :=(", false, 4, ".:"}));
}

}  // namespace

std::span<const OptixCode> optix_codes() { return kCodes; }

std::optional<OptixError> optix_error(std::string_view line, const std::string& lower_line) {
  const OptixCode* c = status_named(kCodes, line, "OPTIX_ERROR_");
  if (!c) c = by_number_in(lower_line);
  if (!c) return std::nullopt;
  return OptixError{c, status_meaning(*c, "OptiX")};
}

}  // namespace gpuaudit::imports
