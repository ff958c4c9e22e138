// The plain kernels at every launch shape the benchmarks use, every output element checked (the GPU
// test checks a few): the five hbm/* variants of benchmarks/hbm.cpp for each operation,
// l2/read as benchmarks/l2_read.cpp sizes and launches it, and sm/fp32..int32 at
// benchmarks/sm_fma.cpp's shape. On the CPU stand-in only: it also reads the stand-in's
// count of the bytes l2/read's kernel loaded, which must be the passes x working set the figure
// divides by.
#include "gpu/gpu_test.hpp"
#include "measure/random_bits.hpp"
#include "measure/sizing.hpp"
#include "kernels/fill.cuh"
#include "kernels/fma.cuh"
#include "kernels/l2.cuh"
#include "kernels/stream.cuh"

#include <cmath>
#include <cstring>
#include <string>
#include <type_traits>
#include <vector>

using namespace gpuaudit;
using namespace gpuaudit::kernels;

namespace {

template <typename T>
std::vector<T> to_host(const T* dev, std::size_t n) {
  std::vector<T> h(n);
  GT_CUDA(cudaMemcpy(h.data(), dev, n * sizeof(T), cudaMemcpyDeviceToHost));
  return h;
}

template <typename T>
T* device_alloc(std::size_t n) {
  T* p = nullptr;
  GT_CUDA(cudaMalloc(&p, n * sizeof(T)));
  GT_CUDA(cudaMemset(p, 0xff, n * sizeof(T)));
  return p;
}

struct Variant {
  std::string name;
  StreamShape shape;
};

// benchmarks/hbm.cpp variants(): three persistent grids, two flat ones.
std::vector<Variant> stream_variants(StreamOp op, int sms, std::uint64_t n_vec) {
  std::vector<Variant> out;
  for (auto [threads, unroll] : {std::pair{256, 4}, {512, 2}, {1024, 1}})
    out.push_back({"persistent-" + std::to_string(threads) + "x" + std::to_string(unroll),
                   StreamShape{threads, sms * stream_blocks_per_sm(op, threads, unroll), unroll}});
  for (auto [threads, unroll] : {std::pair{256, 4}, {256, 1}}) {
    const std::uint64_t per_block = static_cast<std::uint64_t>(threads) * unroll;
    out.push_back({"flat-" + std::to_string(threads) + "x" + std::to_string(unroll),
                   StreamShape{threads, static_cast<int>((n_vec + per_block - 1) / per_block), unroll}});
  }
  return out;
}

std::uint32_t bits(float f) {
  std::uint32_t b;
  std::memcpy(&b, &f, 4);
  return b;
}

void test_stream_every_element(int sms) {
  // Three strides of the widest persistent grid and a tail: every variant runs main loop and tail.
  const std::uint64_t n_vec = 3ull * sms * 2048 + 13;
  auto* a = device_alloc<float4>(n_vec);
  auto* b = device_alloc<float4>(n_vec);
  auto* c = device_alloc<float4>(n_vec);
  auto* sum = device_alloc<unsigned>(1);
  GT_CUDA(fill_random(b, n_vec * 4, FillKind::unit_float, 11, 0, nullptr));
  GT_CUDA(fill_random(c, n_vec * 4, FillKind::unit_float, 12, 0, nullptr));
  const float s = 0.625f;
  std::uint32_t read_want = 0;
  for (std::uint64_t i = 0; i < n_vec * 4; ++i) read_want += bits(rnd::unit_float(11, i));
  for (StreamOp op : {StreamOp::read, StreamOp::write, StreamOp::copy, StreamOp::triad})
    for (const Variant& v : stream_variants(op, sms, n_vec)) {
      GT_CUDA(cudaMemset(a, 0xff, n_vec * 16));
      GT_CUDA(cudaMemset(sum, 0, 4));
      GT_CUDA(launch_stream(op, v.shape, op == StreamOp::read ? nullptr : a, b, c, n_vec, s, sum, nullptr));
      if (op == StreamOp::read) {
        GT_EXPECT(to_host(sum, 1)[0] == read_want, "read %s: checksum", v.name.c_str());
        continue;
      }
      const auto h = to_host(reinterpret_cast<float*>(a), n_vec * 4);
      std::uint64_t wrong = 0, first = 0;
      for (std::uint64_t i = 0; i < n_vec * 4; ++i) {
        const float want = op == StreamOp::write  ? s
                           : op == StreamOp::copy ? rnd::unit_float(11, i)
                                                  : std::fma(s, rnd::unit_float(12, i), rnd::unit_float(11, i));
        if (bits(h[i]) != bits(want) && !wrong++) first = i;
      }
      GT_EXPECT(wrong == 0, "op %d %s: %llu of %llu floats wrong, first %llu", static_cast<int>(op), v.name.c_str(),
                static_cast<unsigned long long>(wrong), static_cast<unsigned long long>(n_vec * 4),
                static_cast<unsigned long long>(first));
    }
  cudaFree(a);
  cudaFree(b);
  cudaFree(c);
  cudaFree(sum);
}

void test_l2_bytes(int sms) {
  // benchmarks/l2_read.cpp on a split 50 MiB L2 (H100): a quarter of it, 256 threads, SMs x occupancy.
  const std::uint64_t bytes = l2_working_set_bytes(50ull << 20, true);
  const std::uint64_t n_vec = bytes / 16;
  const int threads = 256, blocks = sms * l2_read_blocks_per_sm(threads), passes = 3;
  auto* d = device_alloc<uint4>(n_vec);
  auto* sum = device_alloc<unsigned>(1);
  GT_CUDA(fill_random(d, n_vec * 4, FillKind::word, 21, 0, nullptr));
  GT_CUDA(cudaMemset(sum, 0, 4));
  const unsigned long long before = cpusim::counters().l2_only_load_bytes;
  GT_CUDA(launch_l2_read(d, n_vec, passes, blocks, threads, sum, nullptr));
  const unsigned long long loaded = cpusim::counters().l2_only_load_bytes - before;
  std::uint32_t want = 0;
  for (std::uint64_t i = 0; i < n_vec * 4; ++i) want += rnd::word(21, i);
  GT_EXPECT(to_host(sum, 1)[0] == want * static_cast<std::uint32_t>(passes), "l2: checksum of %d passes", passes);
  GT_EXPECT(loaded == passes * bytes, "l2: the kernel loaded %llu bytes, the figure counts %llu", loaded,
            static_cast<unsigned long long>(passes * bytes));
  cudaFree(d);
  cudaFree(sum);
}

// kernels/fma.cuh's chain c of thread t after `iters` rounds, on the host.
template <typename T>
T chain(std::uint64_t seed, std::uint64_t t, int c, int iters) {
  const std::uint64_t i = t * kFmaChains + static_cast<std::uint64_t>(c);
  if constexpr (std::is_integral_v<T>) {
    std::uint32_t x = rnd::word(seed, i);
    const std::uint32_t a = rnd::word(seed + 1, t) | 1u, b = rnd::word(seed + 2, t);
    for (int k = 0; k < iters; ++k) x = x * a + b;
    return x;
  } else {
      T x = static_cast<T>(rnd::unit_float(seed, i));
    const T a = T(1) - T(0x1p-12) * static_cast<T>(rnd::unit_float(seed + 1, t));
    const T b = T(0x1p-12) * static_cast<T>(rnd::unit_float(seed + 2, t));
    for (int k = 0; k < iters; ++k) x = std::fma(x, a, b);
    return x;
  }
}

template <typename T>
void test_fma_every_chain(FmaType type, int sms) {
  const int threads = 256, blocks = sms * fma_blocks_per_sm(type, threads), iters = 96;
  const std::size_t n = static_cast<std::size_t>(blocks) * threads * kFmaChains;
  auto* out = device_alloc<T>(n);
  GT_CUDA(launch_fma(type, blocks, threads, iters, 31, out, nullptr));
  const auto h = to_host(out, n);
  std::size_t wrong = 0;
  for (std::uint64_t t = 0; t < n / kFmaChains; ++t)
    for (int c = 0; c < kFmaChains; ++c) {
      const T want = chain<T>(31, t, c, iters);
      wrong += std::memcmp(&h[t * kFmaChains + static_cast<std::uint64_t>(c)], &want, sizeof(T)) != 0 ? 1 : 0;
    }
  GT_EXPECT(wrong == 0, "fma type %d: %zu of %zu chains differ from the host recurrence", static_cast<int>(type), wrong, n);
  cudaFree(out);
}

}  // namespace

int main() {
  gpu_test::require_device();
  cudaDeviceProp p{};
  GT_CUDA(cudaGetDeviceProperties(&p, 0));
  std::printf("device 0: %s, %d SMs\n", p.name, p.multiProcessorCount);
  test_stream_every_element(p.multiProcessorCount);
  test_l2_bytes(p.multiProcessorCount);
  test_fma_every_chain<float>(FmaType::fp32, p.multiProcessorCount);
  test_fma_every_chain<double>(FmaType::fp64, p.multiProcessorCount);
  test_fma_every_chain<std::uint32_t>(FmaType::int32, p.multiProcessorCount);
  return gpu_test::finish("benchmark shapes");
}
