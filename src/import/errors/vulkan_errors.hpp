// Vulkan's VkResult error codes (Khronos Vulkan-Headers, vulkan_core.h; the core 1.0 ones, -1 to
// -13) with what each is evidence of, found by name (VK_ERROR_INCOMPATIBLE_DRIVER) or as a call's
// negative number ("vkCreateInstance failed -9", "vkEnumeratePhysicalDevices failed -3": ncnn's
// and its programs' wording). A GPU program that renders or computes with Vulkan (waifu2x-ncnn,
// Real-ESRGAN-ncnn, Video2X, Upscayl) gets these from NVIDIA's Vulkan driver like any other: no
// compatible driver or a failed initialisation is the stack (the NVIDIA ICD missing or not
// visible: in a container, the driver's graphics capability); out of memory is the program's; a
// lost device says something failed, not what.
#pragma once

#include "import/errors/status_table.hpp"

#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace gpuaudit::imports {

std::span<const StatusCode> vulkan_codes();

// The first VkResult in `line`: by name, else a negative number after "failed" on a line naming a
// Vulkan call (vk and a capital: vkCreateInstance) or Vulkan. `lower_line` is `line` in lower case.
// Also found without the header's "VK_" after "VkResult", and in Vulkan-Hpp's spelling on a line
// naming vk:: ("vk::Instance::enumeratePhysicalDevices: ErrorInitializationFailed").
std::optional<StatusError> vulkan_error(std::string_view line, const std::string& lower_line);

// The Khronos Vulkan-Loader's "[Loader Message]" that an ICD (a Vulkan driver) could not be used:
// NVIDIA's libGLX_nvidia.so.0 not there or without vkCreateInstance, or "terminator_CreateInstance:
// Failed to CreateInstance in ICD N. Skipping ICD." `lower_line` is the line in lower case.
std::optional<ErrorMeaning> vulkan_loader_icd_failed(const std::string& lower_line);

}  // namespace gpuaudit::imports
