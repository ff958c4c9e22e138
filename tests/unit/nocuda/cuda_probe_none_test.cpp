// The CUDA probe of a build without CUDA (src/nocuda/cuda_probe_none.cpp): no devices, no error,
// and a build summary naming the compiler and glibc and saying it measures nothing.
// The unit binary links the host library only (neither src/cuda nor src/nocuda), so the stub's
// one source file is compiled into this test here.
#include "nocuda/cuda_probe_none.cpp"

#include "probe/build_platform.hpp"

#include <gtest/gtest.h>

namespace gpuaudit {
namespace {

TEST(CudaProbeNone, NothingIsProbedAndNothingFails) {
  CudaProbe p = probe_cuda();
  EXPECT_FALSE(p.built_with_cuda);
  EXPECT_FALSE(p.runtime_version.has_value());
  EXPECT_FALSE(p.driver_version.has_value());
  EXPECT_TRUE(p.devices.empty());
  EXPECT_TRUE(p.sass_archs.empty());
  EXPECT_TRUE(p.error.empty());
  probe_cuda_libraries(p);
  EXPECT_FALSE(p.cublas_version.has_value());
  EXPECT_FALSE(p.nccl_version.has_value());
  EXPECT_EQ(p.build.toolchain, build_summary().toolchain);
}

TEST(CudaProbeNone, TheSummaryNamesTheToolchainAndWhatTheBuildCannotDo) {
  const BuildSummary s = build_summary();
  EXPECT_EQ(s.toolchain.rfind("no CUDA, " + build_compiler(), 0), 0u) << s.toolchain;
  const std::string glibc = build_glibc();
  if (!glibc.empty()) {
    EXPECT_NE(s.toolchain.find(", glibc " + glibc), std::string::npos) << s.toolchain;
    EXPECT_EQ(s.needs.rfind("glibc >= " + glibc + "; ", 0), 0u) << s.needs;
  }
  EXPECT_NE(s.needs.find("measures nothing"), std::string::npos) << s.needs;
  EXPECT_EQ(s.needs.find('\n'), std::string::npos);
}

}  // namespace
}  // namespace gpuaudit
