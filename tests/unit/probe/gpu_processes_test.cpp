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

// An encoder session of a process no list holds is an encoder-only tenant ("E"), its session kept;
// one of a process already listed adds nothing (NVML's two-call pattern for the sessions).
TEST(GpuProcesses, EncoderOnlySessionsJoinAsE) {
  fake::FakeSystem sys;
  sys.devices.push_back(fake::h100_sxm());
  sys.devices[0].compute_processes.push_back({1000, 1048576ull});
  nvmlEncoderSessionInfo_t own{}, other{};
  own.sessionId = 1, own.pid = 1000, own.codecType = NVML_ENCODER_QUERY_H264;
  other.sessionId = 2, other.pid = 2000, other.codecType = NVML_ENCODER_QUERY_HEVC;
  other.hResolution = 1920, other.vResolution = 1080, other.averageFps = 60, other.averageLatency = 900;
  sys.devices[0].encoder_session_list = {own, other};
  const NvmlApi api = fake::install(sys);
  ASSERT_EQ(api.nvmlInit(), NVML_SUCCESS);
  nvmlDevice_t d{};
  ASSERT_EQ(api.nvmlDeviceGetHandleByIndex(0, &d), NVML_SUCCESS);
  const auto list = read_gpu_processes(api, d, false);
  ASSERT_EQ(list.size(), 2u);
  EXPECT_EQ(list[0].type, "C");
  EXPECT_EQ(*list[1].pid, 2000);
  EXPECT_EQ(list[1].type, "E");
  EXPECT_EQ(list[1].extra["encoder"]["codec"], "HEVC");
  EXPECT_EQ(list[1].extra["encoder"]["width"], 1920);
  EXPECT_EQ(list[1].extra["encoder"]["fps"], 60);
  sys.devices[0].has_session_stats = false;  // NOT_SUPPORTED (a vGPU that hides them): the lists alone
  EXPECT_EQ(read_gpu_processes(api, d, false).size(), 1u);
}

TEST(GpuProcesses, AMissingCallReadsNothing) {
  NvmlApi none{};
  EXPECT_TRUE(read_gpu_processes(none, nullptr, true).empty());
}

}  // namespace
}  // namespace gpuaudit
