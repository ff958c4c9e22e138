#include "import/errors/vulkan_errors.hpp"

#include "text/number_after.hpp"

#include <array>
#include <cctype>

namespace gpuaudit::imports {

namespace {

constexpr const char* S = kClassSoftware;
constexpr const char* P = kClassProgram;
constexpr const char* U = kClassUnknown;

constexpr const char* kNoVulkanDriver =
    "no Vulkan driver the program can use answered: NVIDIA's Vulkan driver (its ICD, nvidia_icd.json and libGLX_nvidia) is "
    "not installed or not visible here (a container needs NVIDIA_DRIVER_CAPABILITIES with graphics), or only a CPU "
    "device (llvmpipe) is";

// vulkan_core.h's VkResult errors of Vulkan 1.0, in its order (tests/data/references/
// vulkan-result-codes.tsv, checked both ways by vulkan_errors_test.cpp).
constexpr std::array kCodes = std::to_array<StatusCode>({
    {-1, "VK_ERROR_OUT_OF_HOST_MEMORY", P, "out-of-memory", "", "a host memory allocation failed"},
    {-2, "VK_ERROR_OUT_OF_DEVICE_MEMORY", P, "out-of-memory", "", "a device memory allocation failed (the GPU's memory is full)"},
    {-3, "VK_ERROR_INITIALIZATION_FAILED", S, "vulkan-driver-missing", "medium", kNoVulkanDriver},
    {-4, "VK_ERROR_DEVICE_LOST", U, "vulkan-device-lost", "",
     "the logical or physical device was lost (a GPU hang or reset, a kernel the watchdog ended, or an Xid: the kernel log "
     "says which)"},
    {-5, "VK_ERROR_MEMORY_MAP_FAILED", P, "program-error", "", "mapping a memory object failed"},
    {-6, "VK_ERROR_LAYER_NOT_PRESENT", P, "program-error", "", "a requested layer is not present"},
    {-7, "VK_ERROR_EXTENSION_NOT_PRESENT", U, "vulkan-extension-missing", "",
     "a requested extension is not supported (by this driver or GPU, or by a CPU device standing in for it)"},
    {-8, "VK_ERROR_FEATURE_NOT_PRESENT", U, "vulkan-feature-missing", "", "a requested feature is not supported by the device"},
    {-9, "VK_ERROR_INCOMPATIBLE_DRIVER", S, "vulkan-driver-missing", "medium", kNoVulkanDriver},
    {-10, "VK_ERROR_TOO_MANY_OBJECTS", P, "program-error", "", "too many objects of the type were created"},
    {-11, "VK_ERROR_FORMAT_NOT_SUPPORTED", P, "program-error", "", "a requested format is not supported on this device"},
    {-12, "VK_ERROR_FRAGMENTED_POOL", P, "program-error", "", "a pool allocation failed from fragmentation"},
    {-13, "VK_ERROR_UNKNOWN", U, "vulkan-unknown-error", "", "an unknown error of the Vulkan driver or the program"},
});

// A Vulkan API call named on the line: "vk", a capital, a small letter (vkCreateInstance).
bool vulkan_call(std::string_view line) {
  for (std::size_t at = line.find("vk"); at != std::string_view::npos; at = line.find("vk", at + 1))
    if ((at == 0 || !std::isalnum(static_cast<unsigned char>(line[at - 1]))) && at + 3 < line.size() &&
        std::isupper(static_cast<unsigned char>(line[at + 2])) && std::islower(static_cast<unsigned char>(line[at + 3])))
      return true;
  return false;
}

// The code a program printed without the header's "VK_" or in Vulkan-Hpp's spelling: Omniverse's
// carb "VkResult: ERROR_INCOMPATIBLE_DRIVER" or after the call that returned it ("vkCreateInstance
// failed with ERROR_INCOMPATIBLE_DRIVER", vulkaninfo's), Vulkan-Hpp's vk::to_string "vk::Instance::
// enumeratePhysicalDevices: ErrorInitializationFailed" (its enumerator eErrorInitializationFailed).
const StatusCode* respelled(std::string_view line) {
  if (line.find("VkResult") != std::string_view::npos || vulkan_call(line))
    for (std::size_t at = line.find("ERROR_"); at != std::string_view::npos; at = line.find("ERROR_", at + 1)) {
      std::size_t end = at;
      while (end < line.size() && (std::isupper(static_cast<unsigned char>(line[end])) || line[end] == '_')) ++end;
      const std::string name = "VK_" + std::string(line.substr(at, end - at));
      if (const StatusCode* c = status_named(kCodes, name, "VK_ERROR_")) return c;
    }
  if (line.find("vk::") == std::string_view::npos) return nullptr;
  for (std::size_t at = line.find("Error"); at != std::string_view::npos; at = line.find("Error", at + 1)) {
    const auto alnum_at = [&](std::size_t i) { return std::isalnum(static_cast<unsigned char>(line[i])) != 0; };
    const bool starts = at == 0 || !alnum_at(at - 1) || (line[at - 1] == 'e' && (at == 1 || !alnum_at(at - 2)));
    if (!starts) continue;
    std::string name = "VK_ERROR";
    std::size_t end = at + 5;
    for (; end < line.size() && std::isalnum(static_cast<unsigned char>(line[end])); ++end) {
      if (std::isupper(static_cast<unsigned char>(line[end]))) name += '_';
      name += static_cast<char>(std::toupper(static_cast<unsigned char>(line[end])));
    }
    if (const StatusCode* c = status_named(kCodes, name, "VK_ERROR_")) return c;
  }
  return nullptr;
}

}  // namespace

std::span<const StatusCode> vulkan_codes() { return kCodes; }

std::optional<ErrorMeaning> vulkan_loader_icd_failed(const std::string& l) {
  if (l.find("loader message") == std::string::npos) return std::nullopt;
  const bool nvidia_icd_missing = l.find("libglx_nvidia") != std::string::npos &&
                                  (l.find("cannot open shared object") != std::string::npos || l.find("could not get") != std::string::npos);
  if (!nvidia_icd_missing && l.find("failed to createinstance in icd") == std::string::npos) return std::nullopt;
  return ErrorMeaning{kClassSoftware, "vulkan-driver-missing", "medium",
                      nvidia_icd_missing ? std::string(kNoVulkanDriver)
                                         : "a Vulkan driver (ICD) the loader found failed to start and was skipped: " +
                                               std::string(kNoVulkanDriver)};
}

std::optional<StatusError> vulkan_error(std::string_view line, const std::string& lower_line) {
  const StatusCode* c = status_named(kCodes, line, "VK_ERROR_");
  if (!c) c = respelled(line);
  // Every code of the table is negative: a positive number is no code.
  if (!c && (vulkan_call(line) || lower_line.find("vulkan") != std::string::npos))
    c = status_first_numbered(kCodes, numbers_after(lower_line, {"failed", "error", "result"}, {" :=(", true, 3, ".:"}));
  if (!c) return std::nullopt;
  return StatusError{c, status_meaning(*c, "Vulkan")};
}

}  // namespace gpuaudit::imports
