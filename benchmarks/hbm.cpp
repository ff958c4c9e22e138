// hbm/*: device-memory bandwidth in GB/s (1e9 B/s), one figure per operation of kernels/stream.cu.
// Arrays sized from free memory (>= 8x L2 where it fits), random non-zero inputs, poisoned output;
// a short search over launch shapes; a check of the chosen shape against the host; then timing.
// Bytes counted are bytes read plus bytes written.
#include "benchmarks/framework/bench_common.hpp"
#include "benchmarks/framework/registry.hpp"
#include "core/stats.hpp"
#include "cuda/cuda_raii.hpp"
#include "measure/random_bits.hpp"
#include "measure/sizing.hpp"
#include "kernels/fill.cuh"
#include "kernels/stream.cuh"

#include <algorithm>
#include <cmath>
#include <cstring>

namespace gpuaudit {

namespace {

using kernels::StreamOp;
using kernels::StreamShape;

struct Variant {
  std::string name;
  StreamShape shape;
  bool driver_memcpy = false;  // cudaMemcpyAsync device-to-device instead of our kernel
};

// Persistent grids (blocks from the SM count and occupancy) and flat grids (one pass over the
// array): which wins differs between parts, so each run tries them and keeps the best.
std::vector<Variant> variants(StreamOp op, int sm_count, std::uint64_t n_vec) {
  std::vector<Variant> out;
  for (auto [threads, unroll] : {std::pair{256, 4}, {512, 2}, {1024, 1}}) {
    StreamShape s{threads, sm_count * kernels::stream_blocks_per_sm(op, threads, unroll), unroll};
    out.push_back({"persistent-" + std::to_string(threads) + "x" + std::to_string(unroll), s});
  }
  for (auto [threads, unroll] : {std::pair{256, 4}, {256, 1}}) {
    const std::uint64_t per_block = static_cast<std::uint64_t>(threads) * unroll;
    const std::uint64_t blocks = std::min<std::uint64_t>((n_vec + per_block - 1) / per_block, 0x7fffffffu);
    out.push_back({"flat-" + std::to_string(threads) + "x" + std::to_string(unroll),
                   StreamShape{threads, static_cast<int>(blocks), unroll}});
  }
  // For a copy, the driver's own device-to-device copy is a candidate too: it is what frameworks
  // call for contiguous tensors (torch's copy_), so the figure is never below what they get.
  if (op == StreamOp::copy) out.push_back({"cudaMemcpyAsync", StreamShape{}, true});
  return out;
}

double bytes_per_launch(StreamOp op, std::uint64_t array_bytes) {
  switch (op) {
    case StreamOp::read:
    case StreamOp::write: return static_cast<double>(array_bytes);
    case StreamOp::copy: return 2.0 * static_cast<double>(array_bytes);
    case StreamOp::triad: return 3.0 * static_cast<double>(array_bytes);
  }
  return 0;
}

// Host value of element `i` (a float index) of the output after one launch.
float expected_output(StreamOp op, std::uint64_t seed_b, std::uint64_t seed_c, float scalar, std::uint64_t i) {
  switch (op) {
    case StreamOp::write: return scalar;
    case StreamOp::copy: return rnd::unit_float(seed_b, i);
    default: return std::fma(scalar, rnd::unit_float(seed_c, i), rnd::unit_float(seed_b, i));
  }
}

Measurement run_stream_benchmark(const BenchEnv& env, StreamOp op) {
  const StreamSizing size = stream_sizing(env.mode, device_free_bytes(), env.info.l2_bytes);
  if (size.array_bytes == 0) return measurement_error("too little free device memory for the arrays");
  const std::uint64_t n_vec = size.array_bytes / 16, n_float = n_vec * 4;
  const bool needs_a = op != StreamOp::read, needs_b = op != StreamOp::write, needs_c = op == StreamOp::triad;
  Stream s;
  DeviceBuffer<float4> a(needs_a ? n_vec : 0), b(needs_b ? n_vec : 0), c(needs_c ? n_vec : 0);
  DeviceBuffer<unsigned> checksum(1);
  const std::uint64_t seed = fresh_seed(), seed_b = seed, seed_c = seed + 1;
  const float scalar = rnd::unit_float(seed + 2, 0);
  if (needs_b) GA_CUDA(kernels::fill_random(b.get(), n_float, kernels::FillKind::unit_float, seed_b, 0, s.get()));
  if (needs_c) GA_CUDA(kernels::fill_random(c.get(), n_float, kernels::FillKind::unit_float, seed_c, 0, s.get()));
  if (needs_a) a.poison(s.get());
  s.sync();

  Variant current;
  const auto launch = [&](cudaStream_t st) {
    if (current.driver_memcpy)
      GA_CUDA(cudaMemcpyAsync(a.get(), b.get(), a.bytes(), cudaMemcpyDeviceToDevice, st));
    else
      GA_CUDA(kernels::launch_stream(op, current.shape, a.get(), b.get(), c.get(), n_vec, scalar, checksum.get(), st));
  };

  // Short search: the fastest of two single launches per variant.
  json tried = json::array();
  double best_time = 0;
  Variant best;
  for (const Variant& v : variants(op, env.info.sm_count, n_vec)) {
    current = v;
    const double t = std::min(time_one_launch(s.get(), launch), time_one_launch(s.get(), launch));
    tried.push_back({{"variant", v.name}, {"gb_per_s", bytes_per_launch(op, size.array_bytes) / t / 1e9}});
    if (best_time == 0 || t < best_time) {
      best_time = t;
      best = v;
    }
  }
  current = best;
  const StreamShape shape = best.shape;

  // Check the chosen variant before timing it.
  if (op == StreamOp::read) {
    // The host cannot sum gigabytes quickly: check the kernel on the first 64 MiB (same shape,
    // so the same code path), against the host sum of the same words.
    const std::uint64_t check_vec = std::min<std::uint64_t>(n_vec, (64ull << 20) / 16);
    checksum.zero(s.get());
    GA_CUDA(kernels::launch_stream(op, shape, nullptr, b.get(), nullptr, check_vec, scalar, checksum.get(), s.get()));
    s.sync();
    unsigned got = 0;
    GA_CUDA(cudaMemcpy(&got, checksum.get(), sizeof got, cudaMemcpyDeviceToHost));
    std::uint32_t want = 0;
    for (std::uint64_t i = 0; i < check_vec * 4; ++i) {
      const float f = rnd::unit_float(seed_b, i);
      std::uint32_t bits;
      std::memcpy(&bits, &f, sizeof bits);
      want += bits;
    }
    if (got != want)
      return check_failed("read checksum over the first " + std::to_string(check_vec * 16) + " bytes: got " +
                          std::to_string(got) + ", expected " + std::to_string(want));
  } else {
    a.poison(s.get());
    launch(s.get());
    s.sync();
    const auto g = gather_chunks(reinterpret_cast<const float*>(a.get()), n_float, 16384, 32, seed);
    std::vector<float> want(g.index.size());
    for (std::size_t i = 0; i < want.size(); ++i) want[i] = expected_output(op, seed_b, seed_c, scalar, g.index[i]);
    const CheckOutcome r = check_equal(float_bits(g.values), float_bits(want), g.index);
    if (!r.ok) return check_failed(best.name + ": " + r.message);
  }

  TimingOptions o;
  o.policy = env.policy;
  const LaunchTiming timing = time_launches(s.get(), launch, o);
  Measurement m = measurement_from_timing(timing, bytes_per_launch(op, size.array_bytes), 1e9);
  m.params["array_bytes"] = size.array_bytes;
  m.params["arrays"] = (needs_a ? 1 : 0) + (needs_b ? 1 : 0) + (needs_c ? 1 : 0);
  m.params["bytes_per_launch"] = bytes_per_launch(op, size.array_bytes);
  m.params["l2_bytes"] = env.info.l2_bytes;
  m.params["variant"] = best.name;
  if (!best.driver_memcpy) {
    m.params["threads_per_block"] = best.shape.threads;
    m.params["blocks"] = best.shape.blocks;
    m.params["vectors_per_thread_step"] = best.shape.unroll;
  }
  m.params["variants_tried"] = tried;
  if (size.below_8x_l2) m.message = "arrays smaller than 8x L2 (too little free memory): may include cache hits";
  return m;
}

// A member of the family: the body above, for one operation.
RunBenchmark stream_run(StreamOp op) {
  return [op](const BenchEnv& env) { return run_stream_benchmark(env, op); };
}

const RegisterGpuBenchmarks registered{
    // hbm/read: reading one array (a checksum of it, so nothing is written per element).
    {.name = "hbm/read", .order = 50, .run = stream_run(StreamOp::read)},
    // hbm/write: writing one array with a constant.
    {.name = "hbm/write", .order = 51, .run = stream_run(StreamOp::write)},
    // hbm/copy: a[i] = b[i] (bytes read + bytes written).
    {.name = "hbm/copy", .order = 52, .run = stream_run(StreamOp::copy)},
    // hbm/triad: a[i] = b[i] + s*c[i] (two arrays read, one written).
    {.name = "hbm/triad", .order = 53, .run = stream_run(StreamOp::triad)},
};

}  // namespace

}  // namespace gpuaudit
