// The soak workload of a build without CUDA (src/nocuda/soak_workload_none.cpp): no workload, and
// the reason. The unit binary links the host library only (neither src/cuda nor src/nocuda), so
// the stub's one source file is compiled into this test here.
#include "nocuda/soak_workload_none.cpp"

#include <gtest/gtest.h>

namespace gpuaudit {
namespace {

TEST(SoakWorkloadNone, NoWorkloadAndTheReason) {
  GpuInfo gpu;
  gpu.index = 0;
  std::string error;
  EXPECT_EQ(make_soak_workload(gpu, error), nullptr);
  EXPECT_EQ(error, "this gpuaudit was built without CUDA");
}

}  // namespace
}  // namespace gpuaudit
