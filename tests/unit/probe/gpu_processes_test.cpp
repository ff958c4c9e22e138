// NVML's process lists read into GpuProcess (probe/gpu_processes.hpp) on the fake NVML (synthetic
// boards): the list grown when NVML says it is too short, names read from /proc only when asked.
#include "probe/gpu_processes.hpp"

#include "fakes/fake_nvml.hpp"

#include <gtest/gtest.h>

#include <unistd.h>

namespace gpuaudit {
namespace {

TEST(GpuProcesses, ReadsEveryComputeProcessWithItsMemory) {
  fake::FakeSystem sys;
  sys.devices.push_back(fake::h100_sxm());
  for (unsigned i = 0; i < 70; ++i) sys.devices[0].compute_processes.push_back({1000 + i, (i + 1) * 1048576ull});
  sys.devices[0].compute_processes.push_back({static_cast<unsigned>(::getpid()), 1});
  const NvmlApi api = fake::install(sys);
  ASSERT_EQ(api.nvmlInit(), NVML_SUCCESS);
  nvmlDevice_t d{};
  ASSERT_EQ(api.nvmlDeviceGetHandleByIndex(0, &d), NVML_SUCCESS);
  const auto named = read_gpu_processes(api, d, true);
  ASSERT_EQ(named.size(), 71u);  // more than the first guess of 64: asked again
  EXPECT_EQ(*named[69].pid, 1069);
  EXPECT_EQ(named[69].type, "C");
  EXPECT_EQ(*named[69].used_memory_bytes, 70 * 1048576ull);
  EXPECT_FALSE(named[70].name.empty());  // this test's own process, named from /proc
  EXPECT_EQ(named[70].name.find('\n'), std::string::npos);
  EXPECT_TRUE(read_gpu_processes(api, d, false)[70].name.empty());
}

TEST(GpuProcesses, AMissingCallReadsNothing) {
  NvmlApi none{};
  EXPECT_TRUE(read_gpu_processes(none, nullptr, true).empty());
}

}  // namespace
}  // namespace gpuaudit
