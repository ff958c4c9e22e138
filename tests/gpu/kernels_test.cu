// Each kernel family, run small on device 0 and checked against the host (exit 77 without a GPU).
#include "gpu/gpu_test.hpp"
#include "measure/mma_reference.hpp"
#include "measure/random_bits.hpp"
#include "measure/sizing.hpp"
#include "measure/timer_guard.hpp"
#include "measure/wgmma_reference.hpp"
#include "kernels/contention.cuh"
#include "kernels/fill.cuh"
#include "kernels/fma.cuh"
#include "kernels/l2.cuh"
#include "kernels/launch.cuh"
#include "kernels/mma.cuh"
#include "kernels/sm_census.cuh"
#include "kernels/stream.cuh"
#include "kernels/wgmma.cuh"

#include <cmath>
#include <cstring>
#include <set>
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

void test_fill_and_mismatch_count() {
  // More words than the launchers' grid cap (8192 blocks x 256 threads = 2^21), so both
  // grid-stride loops run a second, partial trip (2^20 never did).
  const std::uint64_t n = (3 << 20) + 5;
  auto* w = device_alloc<std::uint32_t>(n);
  GT_CUDA(fill_random(w, n, FillKind::word, 5, 100, nullptr));
  const auto h = to_host(w, n);
  GT_EXPECT(h[7] == rnd::word(5, 107), "fill with offset");
  auto* bad = device_alloc<unsigned long long>(1);
  GT_CUDA(cudaMemset(bad, 0, 8));
  GT_CUDA(count_word_mismatches(w, n, 5, 100, bad, nullptr));
  GT_EXPECT(to_host(bad, 1)[0] == 0, "no mismatches in a fresh fill");
  GT_CUDA(cudaMemset(w + 1234, 0, 4));
  GT_CUDA(count_word_mismatches(w, n, 5, 100, bad, nullptr));
  GT_EXPECT(to_host(bad, 1)[0] == 1, "one planted mismatch is found");
  std::uint16_t* h16 = device_alloc<std::uint16_t>(1000);
  GT_CUDA(fill_random(h16, 1000, FillKind::bf16, 9, 0, nullptr));
  GT_EXPECT(to_host(h16, 1000)[999] == rnd::bf16_bits(9, 999), "bf16 fill");
  cudaFree(w);
  cudaFree(bad);
  cudaFree(h16);
}

void test_census(int sms) {
  const int per_sm = sm_census_blocks_per_sm();
  GT_EXPECT(per_sm >= 16 && per_sm <= 32, "one-warp census blocks resident per SM: %d", per_sm);
  const int blocks = gpuaudit::census_blocks(sms, per_sm);
  auto* ids = device_alloc<unsigned>(static_cast<std::size_t>(blocks));
  auto* stalled = device_alloc<unsigned>(1);
  GT_CUDA(cudaMemset(ids, 0xff, static_cast<std::size_t>(blocks) * sizeof(unsigned)));
  GT_CUDA(cudaMemset(stalled, 0, sizeof(unsigned)));
  GT_CUDA(launch_sm_census(ids, blocks, 20000, gpuaudit::spin_cycle_cap(20000), stalled, nullptr));
  GT_CUDA(cudaDeviceSynchronize());
  const auto h = to_host(ids, static_cast<std::size_t>(blocks));
  const std::set<unsigned> seen(h.begin(), h.end());
  GT_EXPECT(!seen.count(0xffffffffu), "every block wrote its SM id");
  GT_EXPECT(static_cast<int>(seen.size()) == sms, "census %zu == SM count %d", seen.size(), sms);
  GT_EXPECT(to_host(stalled, 1)[0] == 0, "a working timer never trips the cycle cap");
  // A cap far below the wait stands in for a frozen timer: the spin must end, flagged.
  GT_CUDA(launch_sm_census(ids, 64, 10000000000ull, 10000, stalled, nullptr));
  GT_CUDA(cudaDeviceSynchronize());
  GT_EXPECT(to_host(stalled, 1)[0] == 1, "a 10 s wait capped at 10k cycles ends and says the timer stalled");
  cudaFree(ids);
  cudaFree(stalled);
}

void test_fma() {
  const int blocks = 4, threads = 64, iters = 64;
  const std::size_t n = static_cast<std::size_t>(blocks) * threads * kFmaChains;
  auto* f = device_alloc<float>(n);
  GT_CUDA(launch_fma(FmaType::fp32, blocks, threads, iters, 3, f, nullptr));
  const auto hf = to_host(f, n);
  for (std::uint64_t t : {0ull, 255ull}) {
    const float a = 1.0f - 0x1p-12f * rnd::unit_float(4, t), b = 0x1p-12f * rnd::unit_float(5, t);
    float x = rnd::unit_float(3, t * kFmaChains + 2);
    for (int i = 0; i < iters; ++i) x = std::fma(x, a, b);
    GT_EXPECT(hf[t * kFmaChains + 2] == x, "fp32 chain of thread %llu", static_cast<unsigned long long>(t));
  }
  auto* u = device_alloc<std::uint32_t>(n);
  GT_CUDA(launch_fma(FmaType::int32, blocks, threads, iters, 3, u, nullptr));
  const auto hu = to_host(u, n);
  std::uint32_t x = rnd::word(3, 10 * kFmaChains + 1);
  const std::uint32_t a = rnd::word(4, 10) | 1u, b = rnd::word(5, 10);
  for (int i = 0; i < iters; ++i) x = x * a + b;
  GT_EXPECT(hu[10 * kFmaChains + 1] == x, "int32 chain");
  auto* d = device_alloc<double>(n);
  GT_CUDA(launch_fma(FmaType::fp64, blocks, threads, iters, 3, d, nullptr));
  const auto hd = to_host(d, n);
  GT_EXPECT(std::isfinite(hd[n - 1]) && std::fabs(hd[n - 1] - 1.0) < 0.6, "fp64 chain stays near 1: %g", hd[n - 1]);
  GT_EXPECT(fma_blocks_per_sm(FmaType::fp32, 256) >= 1, "occupancy");
  cudaFree(f);
  cudaFree(u);
  cudaFree(d);
}

void test_launch() {
  auto* c = device_alloc<unsigned>(1);
  GT_CUDA(cudaMemset(c, 0, 4));
  for (int i = 0; i < 50; ++i) GT_CUDA(launch_tiny(c, nullptr));
  GT_EXPECT(to_host(c, 1)[0] == 50, "50 launches counted");
  cudaFree(c);
}

void test_mma(int major, int minor) {
  for (MmaType type : {MmaType::fp16, MmaType::bf16}) {
    const auto shape = mma_shape_for(type, major, minor);
    if (!shape) continue;
    const int blocks = 2, threads = 128, iters = 100;
    const std::size_t lanes = static_cast<std::size_t>(blocks) * threads;
    auto* out = device_alloc<float>(lanes * 4);
    GT_CUDA(launch_mma(type, blocks, threads, iters, 17, out, nullptr));
    const auto h = to_host(out, lanes * 4);
    for (std::uint64_t w : {0ull, 7ull}) {
      const auto want = mma_expected(*shape, 17, w, iters, kMmaChains);
      for (int i = 0; i < 128; ++i)
        if (static_cast<double>(h[w * 128 + static_cast<std::uint64_t>(i)]) != want[static_cast<std::size_t>(i)]) {
          GT_EXPECT(false, "mma %s warp %llu element %d: got %g want %g", type == MmaType::fp16 ? "fp16" : "bf16",
                    static_cast<unsigned long long>(w), i, h[w * 128 + static_cast<std::uint64_t>(i)],
                    want[static_cast<std::size_t>(i)]);
          break;
        }
    }
    cudaFree(out);
  }
}

void test_stream(int sms) {
  const std::uint64_t n_vec = (1 << 20) + 7;  // not a multiple of anything: the tail loop runs
  auto* a = device_alloc<float4>(n_vec);
  auto* b = device_alloc<float4>(n_vec);
  auto* c = device_alloc<float4>(n_vec);
  auto* sum = device_alloc<unsigned>(1);
  GT_CUDA(fill_random(b, n_vec * 4, FillKind::unit_float, 1, 0, nullptr));
  GT_CUDA(fill_random(c, n_vec * 4, FillKind::unit_float, 2, 0, nullptr));
  const float s = 0.75f;
  for (int unroll : {1, 2, 4}) {
    const StreamShape sh{256, sms * stream_blocks_per_sm(StreamOp::triad, 256, unroll), unroll};
    GT_CUDA(cudaMemset(a, 0xff, n_vec * 16));
    GT_CUDA(launch_stream(StreamOp::triad, sh, a, b, c, n_vec, s, nullptr, nullptr));
    const auto h = to_host(reinterpret_cast<float*>(a), n_vec * 4);
    for (std::uint64_t i : {std::uint64_t{0}, std::uint64_t{12345}, n_vec * 4 - 1}) {
      const float want = std::fma(s, rnd::unit_float(2, i), rnd::unit_float(1, i));
      GT_EXPECT(h[i] == want, "triad unroll %d element %llu", unroll, static_cast<unsigned long long>(i));
    }
    GT_CUDA(launch_stream(StreamOp::copy, sh, a, b, nullptr, n_vec, s, nullptr, nullptr));
    GT_EXPECT(to_host(reinterpret_cast<float*>(a), n_vec * 4)[n_vec * 4 - 3] == rnd::unit_float(1, n_vec * 4 - 3), "copy");
    GT_CUDA(launch_stream(StreamOp::write, sh, a, nullptr, nullptr, n_vec, s, nullptr, nullptr));
    GT_EXPECT(to_host(reinterpret_cast<float*>(a), n_vec * 4)[n_vec * 4 - 1] == s, "write");
    GT_CUDA(cudaMemset(sum, 0, 4));
    GT_CUDA(launch_stream(StreamOp::read, sh, nullptr, b, nullptr, n_vec, s, sum, nullptr));
    std::uint32_t want = 0;
    for (std::uint64_t i = 0; i < n_vec * 4; ++i) {
      const float f = rnd::unit_float(1, i);
      std::uint32_t bits;
      std::memcpy(&bits, &f, 4);
      want += bits;
    }
    GT_EXPECT(to_host(sum, 1)[0] == want, "read checksum, unroll %d", unroll);
  }
  cudaFree(a);
  cudaFree(b);
  cudaFree(c);
  cudaFree(sum);
}

void test_l2(int sms) {
  // The size comes from the grid stride (a fixed 2^16 was less than one stride on an H100/H200, so
  // the kernel's 4-load main loop never ran there): two main-loop trips per thread, then the
  // remainder loop once for every thread and again for the first third of them.
  const int threads = 256, blocks = sms * l2_read_blocks_per_sm(threads);
  const std::uint64_t stride = static_cast<std::uint64_t>(blocks) * threads;
  const std::uint64_t n_vec = 9 * stride + stride / 3 + 5;
  auto* d = device_alloc<uint4>(n_vec);
  auto* sum = device_alloc<unsigned>(1);
  GT_CUDA(fill_random(d, n_vec * 4, FillKind::word, 8, 0, nullptr));
  GT_CUDA(cudaMemset(sum, 0, 4));
  GT_CUDA(launch_l2_read(d, n_vec, 3, blocks, threads, sum, nullptr));
  std::uint32_t want = 0;
  for (std::uint64_t i = 0; i < n_vec * 4; ++i) want += rnd::word(8, i);
  GT_EXPECT(to_host(sum, 1)[0] == want * 3u, "l2 checksum of 3 passes");
  cudaFree(d);
  cudaFree(sum);
}

void test_contention(int sms) {
  auto* r = device_alloc<ContentionRecord>(static_cast<std::size_t>(sms));
  GT_CUDA(launch_contention(r, sms, 10000000ull, 1000000ull, gpuaudit::spin_cycle_cap(10000000ull), nullptr));
  const auto h = to_host(r, static_cast<std::size_t>(sms));
  for (const auto& rec : h) {
    GT_EXPECT(rec.reads > 100 && rec.end_ns - rec.start_ns >= 10000000ull, "a block watched the timer for 10 ms");
    GT_EXPECT(rec.max_gap_ns > 0 && rec.max_gap_ns < 10000000ull, "gap %llu ns", rec.max_gap_ns);
    GT_EXPECT(rec.timer_stalled == 0, "a working timer never trips the cycle cap");
  }
  GT_CUDA(launch_contention(r, 1, 10000000000ull, 1000000ull, 10000, nullptr));  // 10 s wait, 10k-cycle cap
  GT_EXPECT(to_host(r, 1)[0].timer_stalled == 1, "the capped wait ends and says the timer stalled");
  cudaFree(r);
}

// The Hopper path: every accumulator of a few warpgroups against the host reference.
void test_wgmma(int major, int minor) {
  if (!(wgmma_built() && major == 9 && minor == 0)) {
    std::printf("wgmma: skipped (%s)\n", wgmma_built() ? "not compute capability 9.0" : "built without sm_90a");
    return;
  }
  GT_EXPECT(wgmma_blocks_per_sm() >= 1, "wgmma blocks per SM: %d", wgmma_blocks_per_sm());
  const int blocks = 3, iters = 37;
  const std::uint64_t seed = gpuaudit::wgmma_seed_with_nonzero_sum(77);
  const std::size_t n = static_cast<std::size_t>(blocks) * kWgmmaThreads * kWgmmaAccumulators;
  auto* out = device_alloc<float>(n);
  GT_CUDA(launch_wgmma_bf16(blocks, iters, seed, out, nullptr));
  const auto h = to_host(out, n);
  const double want = gpuaudit::wgmma_expected(seed, iters, kWgmmaPerRound);
  std::size_t wrong = 0;
  for (float v : h) wrong += static_cast<double>(v) != want ? 1 : 0;
  GT_EXPECT(wrong == 0, "wgmma: %zu of %zu accumulators differ from %g (first %g)", wrong, n, want, h[0]);
  cudaFree(out);
}

}  // namespace

int main() {
  gpu_test::require_device();
  GT_CUDA(cudaSetDevice(0));
  cudaDeviceProp p{};
  GT_CUDA(cudaGetDeviceProperties(&p, 0));
  std::printf("device 0: %s, cc %d.%d, %d SMs\n", p.name, p.major, p.minor, p.multiProcessorCount);
  test_fill_and_mismatch_count();
  test_census(p.multiProcessorCount);
  test_fma();
  test_launch();
  test_mma(p.major, p.minor);
  test_wgmma(p.major, p.minor);
  test_stream(p.multiProcessorCount);
  test_l2(p.multiProcessorCount);
  test_contention(p.multiProcessorCount);
  GT_CUDA(cudaDeviceSynchronize());
  return gpu_test::finish("kernels");
}
