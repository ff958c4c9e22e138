// mem/allocatable: device memory a program can really use, in GiB: the total of the largest chunks
// cudaMalloc grants until it refuses, every byte written and verified on the device (a vGPU that
// over-commits memory fails here, not in the middle of a training run). Derived:
// fraction_of_reported (of the total the runtime reports) and largest_single_gib.
// Runs last on each GPU: for a moment it holds all free memory.
#include "benchmarks/framework/bench_common.hpp"
#include "benchmarks/framework/registry.hpp"
#include "cuda/cuda_raii.hpp"
#include "measure/random_bits.hpp"
#include "measure/sizing.hpp"
#include "kernels/fill.cuh"

namespace gpuaudit {

namespace {

constexpr std::uint64_t kStep = 64 * kMiB;

bool try_malloc(void** p, std::uint64_t bytes) {
  if (cudaMalloc(p, bytes) == cudaSuccess) return true;
  (void)cudaGetLastError();  // out of memory is not sticky: clear it
  *p = nullptr;
  return false;
}

// The largest single allocation, to 64 MiB: binary search between what works and what does not.
std::uint64_t largest_single(std::uint64_t free_bytes) {
  std::uint64_t lo = 0, hi = free_bytes / kStep + 1;
  while (hi - lo > 1) {
    const std::uint64_t mid = (lo + hi) / 2;
    void* p = nullptr;
    if (try_malloc(&p, mid * kStep)) {
      cudaFree(p);
      lo = mid;
    } else {
      hi = mid;
    }
  }
  return lo * kStep;
}

struct Chunks {
  std::vector<std::pair<void*, std::uint64_t>> list;
  ~Chunks() {
    for (auto& [p, n] : list) cudaFree(p);
  }
  std::uint64_t total() const {
    std::uint64_t t = 0;
    for (const auto& c : list) t += c.second;
    return t;
  }
};

Measurement run_allocatable(const BenchEnv& env) {
  // The stream and the mismatch counter first: after the chunks, nothing else can be allocated.
  Stream s;
  DeviceBuffer<unsigned long long> bad(1);
  bad.zero(s.get());
  // Load both kernels now, with empty launches (n = 0 writes nothing): under CUDA's lazy module
  // loading (the default since 12.2) a kernel's code is loaded into device memory on first launch,
  // which fails once the chunks below hold all of it.
  GA_CUDA(kernels::fill_random(bad.get(), 0, kernels::FillKind::word, 0, 0, s.get()));
  GA_CUDA(kernels::count_word_mismatches(reinterpret_cast<const std::uint32_t*>(bad.get()), 0, 0, 0, bad.get(), s.get()));
  s.sync();
  size_t free_b = 0, total_b = 0;
  GA_CUDA(cudaMemGetInfo(&free_b, &total_b));
  const std::uint64_t largest = largest_single(free_b);
  Chunks chunks;
  for (std::uint64_t size = largest; size >= kStep;) {
    void* p = nullptr;
    if (try_malloc(&p, size)) chunks.list.emplace_back(p, size);
    else size = size / 2 / kStep * kStep;
  }
  if (chunks.list.empty()) return measurement_error("cudaMalloc refused even 64 MiB");

  // Write every word, then count mismatches on the device; also copy samples back to the host.
  const std::uint64_t seed = fresh_seed();
  Measurement m;
  m.window_begin_s = steady_seconds();
  std::uint64_t first = 0;
  for (const auto& [p, n] : chunks.list) {
    GA_CUDA(kernels::fill_random(p, n / 4, kernels::FillKind::word, seed, first, s.get()));
    first += n / 4;
  }
  first = 0;
  for (const auto& [p, n] : chunks.list) {
    GA_CUDA(kernels::count_word_mismatches(static_cast<const std::uint32_t*>(p), n / 4, seed, first, bad.get(), s.get()));
    first += n / 4;
  }
  s.sync();
  m.window_end_s = steady_seconds();
  m.seconds_per_sample = *m.window_end_s - *m.window_begin_s;
  unsigned long long mismatches = 0;
  GA_CUDA(cudaMemcpy(&mismatches, bad.get(), sizeof mismatches, cudaMemcpyDeviceToHost));
  if (mismatches)
    return check_failed(std::to_string(mismatches) + " words read back differently from what was written");
  first = 0;
  for (std::size_t i = 0; i < chunks.list.size(); ++i) {
    const auto& [p, n] = chunks.list[i];
    if (i == 0 || i + 1 == chunks.list.size()) {
      const auto g = gather_chunks(static_cast<const std::uint32_t*>(p), n / 4, 4096, 8, seed);
      std::vector<std::uint32_t> want;
      for (std::uint64_t idx : g.index) want.push_back(rnd::word(seed, first + idx));
      const CheckOutcome r = check_equal(g.values, want, g.index);
      if (!r.ok) return check_failed("chunk " + std::to_string(i) + ": " + r.message);
    }
    first += n / 4;
  }

  const double total = static_cast<double>(chunks.total());
  m.samples.push_back(total / static_cast<double>(kGiB));
  m.derived["fraction_of_reported"] = total / static_cast<double>(total_b);
  m.derived["largest_single_gib"] = static_cast<double>(largest) / static_cast<double>(kGiB);
  m.params["reported_total_bytes"] = total_b;
  m.params["free_before_bytes"] = free_b;
  m.params["allocated_bytes"] = chunks.total();
  m.params["chunks"] = chunks.list.size();
  m.params["granularity_bytes"] = kStep;
  (void)env;
  return m;
}

const RegisterGpuBenchmarks registered{{.name = "mem/allocatable", .order = 1000, .run = run_allocatable}};

}  // namespace

}  // namespace gpuaudit
