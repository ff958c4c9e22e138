#include "probe/build_platform.hpp"

#include <cstdio>  // any libc header defines __GLIBC__

namespace gpuaudit {

std::string build_compiler() {
#if defined(__clang__)
  std::string compiler = std::string("clang ") + __clang_version__;
#elif defined(__GNUC__)
  std::string compiler = std::string("gcc ") + __VERSION__;
#else
  std::string compiler = "an unknown compiler";
#endif
  // "clang 19.1.7 (3~deb12u1)" -> "clang 19.1.7"
  if (auto space = compiler.find(' ', compiler.find(' ') + 1); space != std::string::npos) compiler.erase(space);
  return compiler;
}

std::string build_glibc() {
#if defined(__GLIBC__)
  return std::to_string(__GLIBC__) + "." + std::to_string(__GLIBC_MINOR__);
#else
  return "";
#endif
}

}  // namespace gpuaudit
