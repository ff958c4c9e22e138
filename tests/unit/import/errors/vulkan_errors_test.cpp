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
  const auto header = test_support::reference_codes("vulkan-result-codes.tsv");
  ASSERT_EQ(header.size(), 13u);
  EXPECT_EQ(vulkan_codes().size(), header.size());
  for (const auto& c : vulkan_codes()) {
    const auto it = header.find(c.number);
    ASSERT_NE(it, header.end()) << c.name;
    EXPECT_EQ(it->second, c.name);
  }
}

std::optional<StatusError> in(const std::string& line) {
  std::string l = line;
  for (char& c : l) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return vulkan_error(line, l);
}

TEST(VulkanErrors, NoDriverIsTheStackMemoryTheProgram) {
  EXPECT_EQ(in("vkCreateInstance failed -9")->meaning.kind, "vulkan-driver-missing");
  EXPECT_EQ(in("vkEnumeratePhysicalDevices failed -3")->meaning.cls, kClassSoftware);
  EXPECT_EQ(in("vkAllocateMemory failed -2")->meaning.kind, "out-of-memory");
  EXPECT_EQ(in("vkWaitForFences failed -4")->meaning.cls, kClassUnknown);
  EXPECT_EQ(in("result: VK_ERROR_INCOMPATIBLE_DRIVER")->meaning.kind, "vulkan-driver-missing");
  EXPECT_FALSE(in("vkCreateInstance failed 3"));   // not an error code
  EXPECT_FALSE(in("step failed -9 times"));         // no Vulkan call or word
  EXPECT_FALSE(in("vkCreateInstance failed -99"));  // no such code
  const auto found = find_software_errors("vkCreateInstance failed -9\n", "x");
  ASSERT_EQ(found.size(), 1u);
  EXPECT_NE(found[0].reference.find("vulkan_core.h"), std::string::npos);
}

}  // namespace
}  // namespace gpuaudit::imports
