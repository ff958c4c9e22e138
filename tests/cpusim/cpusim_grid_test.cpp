// The CPU stand-in's own checks (tests/cpusim/grid.cpp, runtime.cpp): what it must refuse or
// report, so a kernel bug of these kinds cannot pass on it silently. Small kernels written here,
// launched the way the rewritten kernel sources launch (cpusim::launcher). A fault leaves the
// stand-in's error sticky, as on a GPU, so each faulting launch runs in a death test's child.
#include <cuda_runtime.h>
#include <gtest/gtest.h>

#include <vector>

namespace {

__global__ void warp_sum_kernel(unsigned* out) {
  unsigned v = threadIdx.x + 1;
  for (int o = 16; o > 0; o /= 2) v += __shfl_xor_sync(0xffffffffu, v, o);
  out[blockIdx.x * blockDim.x + threadIdx.x] = v;
}

__global__ void block_sum_kernel(unsigned* out) {
  __shared__ unsigned partial[32];
  const unsigned lane = threadIdx.x % 32, warp = threadIdx.x / 32;
  unsigned v = 1;
  for (int o = 16; o > 0; o /= 2) v += __shfl_xor_sync(0xffffffffu, v, o);
  if (lane == 0) partial[warp] = v;
  __syncthreads();
  if (threadIdx.x == 0) {
    unsigned s = 0;
    for (unsigned w = 0; w < blockDim.x / 32; ++w) s += partial[w];
    out[blockIdx.x] = s;
  }
}

__global__ void early_exit_then_shuffle(unsigned* out) {
  if (threadIdx.x == 5) return;
  out[threadIdx.x] = __shfl_xor_sync(0xffffffffu, threadIdx.x, 1);
}

__global__ void one_past_the_end(float* a, unsigned n) { a[n] = 1.0f; }

__global__ void sync_in_one_branch(unsigned* out) {
  if (threadIdx.x < 16) __syncthreads();
  else out[threadIdx.x] = __shfl_xor_sync(0xffffffffu, threadIdx.x, 1);  // waits for lanes 0-15
}

__global__ void count_launch(unsigned* out) { atomicAdd(out, 1u); }

template <typename T>
T* alloc(std::size_t n) {
  T* p = nullptr;
  EXPECT_EQ(cudaMalloc(&p, n * sizeof(T)), cudaSuccess);
  EXPECT_EQ(cudaMemset(p, 0, n * sizeof(T)), cudaSuccess);
  return p;
}

TEST(CpusimGrid, WarpShuffleSumsEveryLaneOfEveryWarp) {
  auto* out = alloc<unsigned>(4 * 64);
  ::cpusim::launcher("warp_sum_kernel", warp_sum_kernel, 4, 64)(out);
  ASSERT_EQ(cudaGetLastError(), cudaSuccess);
  std::vector<unsigned> h(4 * 64);
  cudaMemcpy(h.data(), out, h.size() * 4, cudaMemcpyDeviceToHost);
  for (std::size_t i = 0; i < h.size(); ++i) {
    const unsigned warp_base = static_cast<unsigned>(i % 64 / 32 * 32);
    EXPECT_EQ(h[i], 32 * warp_base + 32 * 33 / 2) << i;  // sum of threadIdx.x + 1 over the warp
  }
  cudaFree(out);
}

TEST(CpusimGrid, SyncthreadsAndSharedMemoryAcrossWarps) {
  auto* out = alloc<unsigned>(3);
  ::cpusim::launcher("block_sum_kernel", block_sum_kernel, 3, 256)(out);
  ASSERT_EQ(cudaGetLastError(), cudaSuccess);
  std::vector<unsigned> h(3);
  cudaMemcpy(h.data(), out, 12, cudaMemcpyDeviceToHost);
  EXPECT_EQ(h, (std::vector<unsigned>{256, 256, 256}));
  cudaFree(out);
}

TEST(CpusimGrid, LaunchShapeLimitsAreTheRuntimes) {
  auto* out = alloc<unsigned>(1);
  ::cpusim::launcher("count_launch", count_launch, 1, 1025)(out);
  EXPECT_EQ(cudaGetLastError(), cudaErrorInvalidConfiguration);
  ::cpusim::launcher("count_launch", count_launch, 0, 32)(out);
  EXPECT_EQ(cudaGetLastError(), cudaErrorInvalidConfiguration);
  ::cpusim::launcher("count_launch", count_launch, dim3(1, 65536), 32)(out);
  EXPECT_EQ(cudaGetLastError(), cudaErrorInvalidConfiguration);
  ::cpusim::launcher("count_launch", count_launch, 2, dim3(1024, 1, 1))(out);
  EXPECT_EQ(cudaGetLastError(), cudaSuccess);
  unsigned h = 0;
  cudaMemcpy(&h, out, 4, cudaMemcpyDeviceToHost);
  EXPECT_EQ(h, 2048u);  // the refused launches ran nothing
  cudaFree(out);
}

int launch_and_exit_code(void (*launch)()) {
  launch();
  return cudaGetLastError() == cudaErrorLaunchFailure ? 3 : 4;
}

TEST(CpusimGridDeathTest, FullMaskShuffleInAPartialWarpIsAFault) {
  EXPECT_EXIT(std::exit(launch_and_exit_code([] {
                auto* out = alloc<unsigned>(64);
                ::cpusim::launcher("warp_sum_kernel", warp_sum_kernel, 1, 48)(out);
              })),
              testing::ExitedWithCode(3), "names lanes the partial warp does not have");
}

TEST(CpusimGridDeathTest, ShuffleNamingAnExitedLaneIsAFault) {
  EXPECT_EXIT(std::exit(launch_and_exit_code([] {
                auto* out = alloc<unsigned>(32);
                ::cpusim::launcher("early_exit_then_shuffle", early_exit_then_shuffle, 1, 32)(out);
              })),
              testing::ExitedWithCode(3), "lane 5");
}

TEST(CpusimGridDeathTest, ThreadsWaitingOnEachOtherAreADeadlock) {
  EXPECT_EXIT(std::exit(launch_and_exit_code([] {
                auto* out = alloc<unsigned>(32);
                ::cpusim::launcher("sync_in_one_branch", sync_in_one_branch, 1, 32)(out);
              })),
              testing::ExitedWithCode(3), "deadlock");
}

TEST(CpusimGridDeathTest, OneElementPastACudaMallocBufferStopsTheProgram) {
  EXPECT_EXIT(
      {
        auto* a = alloc<float>(1000);
        ::cpusim::launcher("one_past_the_end", one_past_the_end, 1, 1)(a, 1000u);
      },
      testing::ExitedWithCode(1), "kernel one_past_the_end, block \\(0,0,0\\), thread \\(0,0,0\\): access 0 bytes past the end");
}

}  // namespace
