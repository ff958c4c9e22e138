// The compiler and C library this binary was built with, read from the compiler's own macros
// (__clang_version__ / __VERSION__, and __GLIBC__ / __GLIBC_MINOR__ of the headers it compiled
// against). The glibc is the oldest one the binary runs on.
#pragma once

#include <string>

namespace gpuaudit {

std::string build_compiler();  // "clang 19.1.7", "gcc 12.2.0"
std::string build_glibc();     // "2.31"; "" when not built against glibc

}  // namespace gpuaudit
