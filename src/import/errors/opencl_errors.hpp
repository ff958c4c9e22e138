// OpenCL's status codes (Khronos OpenCL-Headers, CL/cl.h; CL_PLATFORM_NOT_FOUND_KHR from
// CL/cl_ext.h, the ICD loader's cl_khr_icd) with what each is evidence of, and their names or
// numbers found in a line: "OpenCL driver API error (code: -1, ...): CL_DEVICE_NOT_FOUND",
// "clBuildProgram failed: -11". NVIDIA's OpenCL driver answers with these codes like any other, so a
// render engine or a miner on an NVIDIA GPU prints them; what they say is the class of the code:
// no platform at all or no compiler is the stack (software); running out of memory, a kernel that
// does not build and an invalid call are the program's; no device of a kind on one platform (normal
// while a program walks several), a device not available, or out of resources (which NVIDIA's
// driver also returns for a kernel that faulted or timed out) says that something failed, not what.
#pragma once

#include "import/errors/status_table.hpp"

#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace gpuaudit::imports {

using OpenClCode = StatusCode;

std::span<const OpenClCode> opencl_codes();

using OpenClError = StatusError;

// The first OpenCL status in `line` by its name, else by its number where the line speaks of OpenCL
// or an OpenCL call (clXxx) and gives "error -N", "code: -N" or "returned -N"; nullopt when none.
std::optional<OpenClError> opencl_error(std::string_view line, const std::string& lower_line);

}  // namespace gpuaudit::imports
