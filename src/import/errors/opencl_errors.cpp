#include "import/errors/opencl_errors.hpp"

#include "text/number_after.hpp"

#include <array>
#include <cctype>

namespace gpuaudit::imports {

namespace {

constexpr const char* S = kClassSoftware;
constexpr const char* P = kClassProgram;
constexpr const char* U = kClassUnknown;

// A platform without a device of the kind asked for is normal while a program walks every platform
// (a CPU's platform has no GPU; hashcat's and miners' enumerations print it beside working GPUs), so
// it decides nothing alone; no platform at all (the ICD loader's -1001) is the stack.
constexpr const char* kNoDevice =
    "no OpenCL device of the kind asked for on a platform: normal while a program walks several platforms; where it is "
    "the only one, the GPU driver's OpenCL part (its ICD) is missing or not visible here";

// CL/cl.h's error codes, in its order.
constexpr std::array kCodes = std::to_array<OpenClCode>({
    {-1, "CL_DEVICE_NOT_FOUND", U, "device-not-found", "", kNoDevice},
    {-2, "CL_DEVICE_NOT_AVAILABLE", U, "device-not-available", "", "the OpenCL device exists but is not available (busy in an exclusive mode, or failed)"},
    {-3, "CL_COMPILER_NOT_AVAILABLE", S, "compiler-missing", "medium", "the OpenCL implementation has no compiler for the program's kernels"},
    {-4, "CL_MEM_OBJECT_ALLOCATION_FAILURE", P, "out-of-memory", "", "the program asked for more device memory than was free"},
    {-5, "CL_OUT_OF_RESOURCES", U, "out-of-resources", "",
     "the device ran out of resources: memory, or, on NVIDIA's OpenCL, also a kernel that faulted or ran past the watchdog"},
    {-6, "CL_OUT_OF_HOST_MEMORY", P, "out-of-memory", "", "the OpenCL runtime could not allocate host memory"},
    {-7, "CL_PROFILING_INFO_NOT_AVAILABLE", P, "program-error", "", "profiling was not enabled for the queue"},
    {-8, "CL_MEM_COPY_OVERLAP", P, "program-error", "", "a copy's source and destination overlap"},
    {-9, "CL_IMAGE_FORMAT_MISMATCH", P, "program-error", "", "the images of a copy have different formats"},
    {-10, "CL_IMAGE_FORMAT_NOT_SUPPORTED", P, "program-error", "", "the device does not support the image format asked for"},
    {-11, "CL_BUILD_PROGRAM_FAILURE", P, "kernel-build-failed", "", "the program's OpenCL kernels did not compile for the device (its build log says why)"},
    {-12, "CL_MAP_FAILURE", P, "program-error", "", "a buffer could not be mapped"},
    {-13, "CL_MISALIGNED_SUB_BUFFER_OFFSET", P, "program-error", "", "a sub-buffer's offset is not aligned as the device needs"},
    {-14, "CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST", P, "program-error", "", "an event the command waited for had failed"},
    {-15, "CL_COMPILE_PROGRAM_FAILURE", P, "kernel-build-failed", "", "the program's OpenCL kernels did not compile"},
    {-16, "CL_LINKER_NOT_AVAILABLE", S, "compiler-missing", "medium", "the OpenCL implementation has no linker for the program's kernels"},
    {-17, "CL_LINK_PROGRAM_FAILURE", P, "kernel-build-failed", "", "the program's OpenCL kernels did not link"},
    {-18, "CL_DEVICE_PARTITION_FAILED", P, "program-error", "", "the device could not be partitioned as asked"},
    {-19, "CL_KERNEL_ARG_INFO_NOT_AVAILABLE", P, "program-error", "", "the kernel's argument information is not available"},
    {-30, "CL_INVALID_VALUE", P, "invalid-call", "", "an OpenCL call was given an invalid value"},
    {-31, "CL_INVALID_DEVICE_TYPE", P, "invalid-call", "", "an invalid device type was asked for"},
    {-32, "CL_INVALID_PLATFORM", P, "invalid-call", "", "an invalid OpenCL platform was given"},
    {-33, "CL_INVALID_DEVICE", P, "invalid-call", "", "an invalid OpenCL device was given"},
    {-34, "CL_INVALID_CONTEXT", P, "invalid-call", "", "an invalid OpenCL context was given"},
    {-35, "CL_INVALID_QUEUE_PROPERTIES", P, "invalid-call", "", "the device does not support the queue properties asked for"},
    {-36, "CL_INVALID_COMMAND_QUEUE", P, "invalid-call", "", "an invalid command queue was given"},
    {-37, "CL_INVALID_HOST_PTR", P, "invalid-call", "", "an invalid host pointer was given"},
    {-38, "CL_INVALID_MEM_OBJECT", P, "invalid-call", "", "an invalid memory object was given"},
    {-39, "CL_INVALID_IMAGE_FORMAT_DESCRIPTOR", P, "invalid-call", "", "an invalid image format was given"},
    {-40, "CL_INVALID_IMAGE_SIZE", P, "invalid-call", "", "an image size the device does not support was asked for"},
    {-41, "CL_INVALID_SAMPLER", P, "invalid-call", "", "an invalid sampler was given"},
    {-42, "CL_INVALID_BINARY", P, "invalid-call", "", "a program binary the device cannot load was given"},
    {-43, "CL_INVALID_BUILD_OPTIONS", P, "invalid-call", "", "invalid build options were given"},
    {-44, "CL_INVALID_PROGRAM", P, "invalid-call", "", "an invalid program object was given"},
    {-45, "CL_INVALID_PROGRAM_EXECUTABLE", P, "invalid-call", "", "the program was not built for the device (its build failed earlier)"},
    {-46, "CL_INVALID_KERNEL_NAME", P, "invalid-call", "", "no kernel of that name is in the program"},
    {-47, "CL_INVALID_KERNEL_DEFINITION", P, "invalid-call", "", "the kernel's definition differs between devices"},
    {-48, "CL_INVALID_KERNEL", P, "invalid-call", "", "an invalid kernel object was given"},
    {-49, "CL_INVALID_ARG_INDEX", P, "invalid-call", "", "an invalid kernel argument index was given"},
    {-50, "CL_INVALID_ARG_VALUE", P, "invalid-call", "", "an invalid kernel argument value was given"},
    {-51, "CL_INVALID_ARG_SIZE", P, "invalid-call", "", "a kernel argument of the wrong size was given"},
    {-52, "CL_INVALID_KERNEL_ARGS", P, "invalid-call", "", "the kernel's arguments were not all set"},
    {-53, "CL_INVALID_WORK_DIMENSION", P, "invalid-call", "", "an invalid number of work dimensions was given"},
    {-54, "CL_INVALID_WORK_GROUP_SIZE", P, "invalid-call", "", "a work-group size the device or kernel does not allow was given"},
    {-55, "CL_INVALID_WORK_ITEM_SIZE", P, "invalid-call", "", "a work-item size the device does not allow was given"},
    {-56, "CL_INVALID_GLOBAL_OFFSET", P, "invalid-call", "", "an invalid global offset was given"},
    {-57, "CL_INVALID_EVENT_WAIT_LIST", P, "invalid-call", "", "an invalid event wait list was given"},
    {-58, "CL_INVALID_EVENT", P, "invalid-call", "", "an invalid event was given"},
    {-59, "CL_INVALID_OPERATION", P, "invalid-call", "", "the operation is not valid here"},
    {-60, "CL_INVALID_GL_OBJECT", P, "invalid-call", "", "an invalid OpenGL object was given"},
    {-61, "CL_INVALID_BUFFER_SIZE", P, "invalid-call", "", "a buffer size of 0 or above the device's maximum was asked for"},
    {-62, "CL_INVALID_MIP_LEVEL", P, "invalid-call", "", "an invalid mip level was given"},
    {-63, "CL_INVALID_GLOBAL_WORK_SIZE", P, "invalid-call", "", "an invalid global work size was given"},
    {-64, "CL_INVALID_PROPERTY", P, "invalid-call", "", "an invalid property was given"},
    {-65, "CL_INVALID_IMAGE_DESCRIPTOR", P, "invalid-call", "", "an invalid image descriptor was given"},
    {-66, "CL_INVALID_COMPILER_OPTIONS", P, "invalid-call", "", "invalid compiler options were given"},
    {-67, "CL_INVALID_LINKER_OPTIONS", P, "invalid-call", "", "invalid linker options were given"},
    {-68, "CL_INVALID_DEVICE_PARTITION_COUNT", P, "invalid-call", "", "an invalid device partition count was given"},
    {-69, "CL_INVALID_PIPE_SIZE", P, "invalid-call", "", "an invalid pipe size was given"},
    {-70, "CL_INVALID_DEVICE_QUEUE", P, "invalid-call", "", "an invalid device queue was given"},
    {-71, "CL_INVALID_SPEC_ID", P, "invalid-call", "", "an invalid specialization constant id was given"},
    {-72, "CL_MAX_SIZE_RESTRICTION_EXCEEDED", P, "invalid-call", "", "a size beyond the device's limit was asked for"},
    {-1001, "CL_PLATFORM_NOT_FOUND_KHR", S, "no-device", "medium",
     "no OpenCL platform is installed for the ICD loader: the GPU driver's OpenCL part is missing (its ICD file in "
     "/etc/OpenCL/vendors; a container needs NVIDIA_DRIVER_CAPABILITIES with compute)"},
});

bool ident(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

// "-N" right after one of the keys, on a line about OpenCL or an OpenCL call (clBuildProgram, ...).
const OpenClCode* by_number_in(std::string_view line, const std::string& l) {
  bool call = false;
  for (std::size_t at = line.find("cl"); at != std::string_view::npos && !call; at = line.find("cl", at + 1))
    call = (at == 0 || !ident(line[at - 1])) && at + 2 < line.size() && std::isupper(static_cast<unsigned char>(line[at + 2]));
  if (!call && l.find("opencl") == std::string::npos) return nullptr;
  return status_first_numbered(kCodes, numbers_after(l, {"error", "code", "returned", "failed"}, {" :=(", true, 9, ""}));
}

}  // namespace

std::span<const OpenClCode> opencl_codes() { return kCodes; }

std::optional<OpenClError> opencl_error(std::string_view line, const std::string& lower_line) {
  const OpenClCode* c = status_named(kCodes, line, "CL_");
  if (!c) c = by_number_in(line, lower_line);
  if (!c) return std::nullopt;
  return OpenClError{c, status_meaning(*c, "OpenCL")};
}

}  // namespace gpuaudit::imports
