// The compiler and C library this binary was built with (build_platform.hpp): "gcc X.Y.Z" or
// "clang X.Y.Z" without the vendor's suffix, and the glibc as "major.minor".
#include "probe/build_platform.hpp"

#include <gtest/gtest.h>

#include <cstdio>  // any libc header defines __GLIBC__
#include <regex>

namespace gpuaudit {
namespace {

TEST(BuildPlatform, CompilerIsItsNameAndVersionOnly) {
  const std::string c = build_compiler();
  EXPECT_TRUE(std::regex_match(c, std::regex("(gcc|clang) [0-9]+\\.[0-9]+\\.[0-9]+"))) << c;
#if defined(__clang__)
  EXPECT_EQ(c.rfind("clang ", 0), 0u) << c;
#elif defined(__GNUC__)
  EXPECT_EQ(c, "gcc " + std::to_string(__GNUC__) + "." + std::to_string(__GNUC_MINOR__) + "." +
                   std::to_string(__GNUC_PATCHLEVEL__));
#endif
}

TEST(BuildPlatform, GlibcIsMajorDotMinorOrEmpty) {
  const std::string g = build_glibc();
#if defined(__GLIBC__)
  EXPECT_EQ(g, std::to_string(__GLIBC__) + "." + std::to_string(__GLIBC_MINOR__));
#else
  EXPECT_EQ(g, "");
#endif
}

}  // namespace
}  // namespace gpuaudit
