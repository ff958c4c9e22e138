// import/errors/vulkan_errors: the table against vulkan_core.h's VkResult errors (tests/data/
// references/vulkan-result-codes.tsv, both ways), and results found by name or a call's number in
// real lines (FRESH-2026-12-75: Upscayl, Video2X and waifu2x-ncnn-vulkan, as posted).
#include "import/errors/vulkan_errors.hpp"
#include "import/errors/software_errors.hpp"

#include "unit/support/reference_codes.hpp"

#include <gtest/gtest.h>

namespace gpuaudit::imports {
namespace {

TEST(VulkanErrors, TheTableIsTheHeadersErrorsBothWays) {
  test_support::expect_table_is_reference(vulkan_codes(), "vulkan-result-codes.tsv", 13);
}

std::optional<StatusError> in(const std::string& line) { return test_support::read_line(vulkan_error, line); }

TEST(VulkanErrors, NoDriverIsTheStackMemoryTheProgram) {
  EXPECT_EQ(in("vkCreateInstance failed -9")->meaning.kind, "vulkan-driver-missing");
  EXPECT_EQ(in("vkEnumeratePhysicalDevices failed -3")->meaning.cls, kClassSoftware);
  EXPECT_EQ(in("vkAllocateMemory failed -2")->meaning.kind, "out-of-memory");
  EXPECT_EQ(in("vkWaitForFences failed -4")->meaning.cls, kClassUnknown);
  EXPECT_EQ(in("result: VK_ERROR_INCOMPATIBLE_DRIVER")->meaning.kind, "vulkan-driver-missing");
  EXPECT_FALSE(in("vkCreateInstance failed 3"));   // not an error code
  EXPECT_FALSE(in("step failed -9 times"));         // no Vulkan call or word
  EXPECT_FALSE(in("vkCreateInstance failed -99"));  // no such code
  // Omniverse's carb without "VK_", Vulkan-Hpp's spelling (FRESH-2026-12-82: Isaac Sim, ManiSkill, as posted).
  EXPECT_EQ(in("[Error] [carb.graphics-vulkan.plugin] VkResult: ERROR_INCOMPATIBLE_DRIVER")->meaning.kind, "vulkan-driver-missing");
  // vulkaninfo's words after the call that failed (holohub PR #884, FRESH-2026-12-115, as posted).
  EXPECT_EQ(in("vkCreateInstance failed with ERROR_INCOMPATIBLE_DRIVER")->meaning.kind, "vulkan-driver-missing");
  EXPECT_STREQ(in("RuntimeError: vk::Instance::enumeratePhysicalDevices: ErrorInitializationFailed")->code->name,
               "VK_ERROR_INITIALIZATION_FAILED");
  EXPECT_STREQ(in("vk::SystemError: eErrorOutOfDeviceMemory")->code->name, "VK_ERROR_OUT_OF_DEVICE_MEMORY");
  EXPECT_FALSE(in("ERROR_INCOMPATIBLE_DRIVER"));           // no VkResult on the line
  EXPECT_FALSE(in("vk::Device: MyErrorInitializationFailed"));  // not an identifier's start
  EXPECT_FALSE(in("vk::Device: ErrorSomethingElse"));
  const auto found = find_software_errors("vkCreateInstance failed -9\n", "x");
  ASSERT_EQ(found.size(), 1u);
  EXPECT_NE(found[0].reference.find("vulkan_core.h"), std::string::npos);
}

// The Vulkan-Loader's messages that an ICD could not be used (FRESH-2026-12-82, as posted).
TEST(VulkanErrors, TheLoadersSkippedIcdIsTheStack) {
  for (const char* line : {"ERROR: [Loader Message] Code 0 : libGLX_nvidia.so.0: cannot open shared object file: No such file or directory",
                           "ERROR: [Loader Message] Code 0 : loader_scanned_icd_add: Could not get 'vkCreateInstance' via "
                           "'vk_icdGetInstanceProcAddr' for ICD libGLX_nvidia.so.0",
                           "WARNING: [Loader Message] Code 0 : terminator_CreateInstance: Failed to CreateInstance in ICD 0.  Skipping ICD."}) {
    const auto found = find_software_errors(std::string(line) + "\n", "x");
    ASSERT_EQ(found.size(), 1u) << line;
    EXPECT_EQ(found[0].cls, kClassSoftware);  // the first line is the library reader's (driver-graphics-library-missing)
  }
  EXPECT_TRUE(find_software_errors("INFO: [Loader Message] Code 0 : Found ICD libGLX_nvidia.so.0\n", "x").empty());
}

}  // namespace
}  // namespace gpuaudit::imports
