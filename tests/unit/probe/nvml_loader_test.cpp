// Opening NVML at run time (nvml_loader.cpp, load_nvml in nvml_api.hpp): a library that is not
// there and one that is not NVML each give one line saying why, and this machine's own driver
// library either loads with its entry points or says why not.
#include "probe/nvml_api.hpp"

#include <gtest/gtest.h>

namespace gpuaudit {
namespace {

TEST(NvmlLoader, AMissingLibrarySaysItCannotLoadIt) {
  const NvmlLoad l = load_nvml("libgpuaudit-no-such-library.so.1");
  EXPECT_FALSE(l.loaded);
  EXPECT_EQ(l.error.rfind("cannot load libgpuaudit-no-such-library.so.1 (", 0), 0u) << l.error;
  EXPECT_EQ(l.error.find('\n'), std::string::npos);
  EXPECT_EQ(l.api.nvmlInit, nullptr);
}

TEST(NvmlLoader, ALibraryWithoutNvmlIsADriverTooOld) {
  const NvmlLoad l = load_nvml("libc.so.6");  // opens, but has no nvmlInit_v2
  EXPECT_FALSE(l.loaded);
  EXPECT_EQ(l.error, "libc.so.6 lacks nvmlInit_v2/nvmlDeviceGetCount_v2: driver too old");
}

TEST(NvmlLoader, ThisMachinesDriverLoadsOrSaysWhyNot) {
  const NvmlLoad l = load_nvml();
  if (l.loaded) {
    EXPECT_TRUE(l.error.empty());
    EXPECT_NE(l.api.nvmlInit, nullptr);
    EXPECT_NE(l.api.nvmlDeviceGetCount, nullptr);
    EXPECT_NE(l.api.nvmlDeviceGetHandleByIndex, nullptr);
  } else {
    EXPECT_FALSE(l.error.empty());
    EXPECT_EQ(l.error.find('\n'), std::string::npos) << l.error;
  }
}

}  // namespace
}  // namespace gpuaudit
