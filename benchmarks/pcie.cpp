// pcie/*: host<->device copies in GB/s (1e9 B/s), cudaMemcpyAsync between host and device buffers
// of 256 MiB (quick) or 1 GiB (full). Pinned host buffers are placed on the GPU's NUMA node (or, for
// pcie/h2d_pinned_remote, on another node) and timed with CUDA events; pageable ones are timed with
// the host clock, since the driver stages them through its own pinned buffers synchronously.
// Every copy's destination is checked against its source before any time counts.
#include "benchmarks/framework/bench_common.hpp"
#include "benchmarks/framework/registry.hpp"
#include "cuda/cuda_raii.hpp"
#include "cuda/host_memory.hpp"
#include "measure/numa.hpp"
#include "measure/random_bits.hpp"
#include "measure/sizing.hpp"
#include "kernels/fill.cuh"

#include <algorithm>
#include <cstring>
#include <memory>

namespace gpuaudit {

namespace {

enum class CopyDirection { h2d, d2h, bidir };


// Random words, quickly: one random MiB, repeated with each MiB's index mixed in (so a copy that
// lands at the wrong offset still differs from its source).
void fill_host(std::uint32_t* w, std::uint64_t n, std::uint64_t seed) {
  const std::uint64_t block = (1u << 20) / 4;
  for (std::uint64_t i = 0; i < std::min(n, block); ++i) w[i] = rnd::word(seed, i);
  for (std::uint64_t start = block; start < n; start += block) {
    const std::uint64_t len = std::min(block, n - start);
    const auto salt = static_cast<std::uint32_t>(rnd::mix64(seed + start));
    for (std::uint64_t i = 0; i < len; ++i) w[start + i] = w[i] ^ salt;
  }
}

CheckOutcome check_device_against_host(const std::uint32_t* dev, const std::uint32_t* host, std::uint64_t n,
                                       std::uint64_t seed) {
  const auto g = gather_chunks(dev, n, 4096, 16, seed);
  std::vector<std::uint32_t> want;
  for (std::uint64_t i : g.index) want.push_back(host[i]);
  return check_equal(g.values, want, g.index);
}

CheckOutcome check_host_against_pattern(const std::uint32_t* host, std::uint64_t n, std::uint64_t seed) {
  std::vector<std::uint32_t> got, want;
  std::vector<std::uint64_t> idx;
  for (std::uint64_t off : sample_chunk_offsets(n, 4096, 16, seed))
    for (std::uint64_t i = off; i < std::min(n, off + 4096); ++i) {
      got.push_back(host[i]);
      want.push_back(rnd::word(seed, i));
      idx.push_back(i);
    }
  return check_equal(got, want, idx);
}

std::string direction_name(CopyDirection d) {
  return d == CopyDirection::h2d ? "host-to-device" : d == CopyDirection::d2h ? "device-to-host" : "both directions at once";
}

Measurement run_copy_benchmark(const BenchEnv& env, CopyDirection dir, bool pinned, bool remote) {
  std::optional<int> node = env.numa_node;
  if (remote) {
    if (!env.numa_node) return not_applicable("the GPU's NUMA node is unknown (single-node machine or hidden topology)");
    node = remote_node(memory_nodes("/sys"), *env.numa_node);
    if (!node) return not_applicable("no other NUMA node with memory");
  }
  const std::uint64_t bytes = pcie_buffer_bytes(env.mode, device_free_bytes());
  const std::uint64_t words = bytes / 4;
  const bool up = dir != CopyDirection::d2h, down = dir != CopyDirection::h2d;
  const std::uint64_t seed = fresh_seed();
  Stream s, s2;
  Event fork, join;
  std::unique_ptr<HostMemory> host_src, host_dst;
  DeviceBuffer<std::uint32_t> dev_dst(up ? words : 0), dev_src(down ? words : 0);
  if (up) {
    host_src = std::make_unique<HostMemory>(bytes, node, pinned);
    fill_host(static_cast<std::uint32_t*>(host_src->data()), words, seed);
    dev_dst.poison(s.get());
  }
  if (down) {
    host_dst = std::make_unique<HostMemory>(bytes, node, pinned);
    std::memset(host_dst->data(), 0xff, bytes);
    GA_CUDA(kernels::fill_random(dev_src.get(), words, kernels::FillKind::word, seed + 1, 0, s.get()));
  }
  s.sync();

  const auto launch = [&](cudaStream_t st) {
    if (dir == CopyDirection::bidir) {
      fork.record(st);
      GA_CUDA(cudaStreamWaitEvent(s2.get(), fork.get(), 0));
      GA_CUDA(cudaMemcpyAsync(dev_dst.get(), host_src->data(), bytes, cudaMemcpyHostToDevice, st));
      GA_CUDA(cudaMemcpyAsync(host_dst->data(), dev_src.get(), bytes, cudaMemcpyDeviceToHost, s2.get()));
      join.record(s2.get());
      GA_CUDA(cudaStreamWaitEvent(st, join.get(), 0));
    } else if (up) {
      GA_CUDA(cudaMemcpyAsync(dev_dst.get(), host_src->data(), bytes, cudaMemcpyHostToDevice, st));
    } else {
      GA_CUDA(cudaMemcpyAsync(host_dst->data(), dev_src.get(), bytes, cudaMemcpyDeviceToHost, st));
    }
  };

  launch(s.get());
  s.sync();
  if (up) {
    const CheckOutcome r = check_device_against_host(dev_dst.get(), static_cast<const std::uint32_t*>(host_src->data()), words, seed);
    if (!r.ok) return check_failed("host-to-device copy: " + r.message);
  }
  if (down) {
    const CheckOutcome r = check_host_against_pattern(static_cast<const std::uint32_t*>(host_dst->data()), words, seed + 1);
    if (!r.ok) return check_failed("device-to-host copy: " + r.message);
  }

  const double moved = static_cast<double>(bytes) * (dir == CopyDirection::bidir ? 2 : 1);
  Measurement m;
  if (pinned) {
    TimingOptions o;
    o.policy = env.policy;
    o.hold_with_host_flag = false;  // copies of 256 MiB+ dwarf launch overhead
    o.warmup_launches = 1;
    o.max_batch = 8;
    m = measurement_from_timing(time_launches(s.get(), launch, o), moved, 1e9);
  } else {
    std::vector<double> seconds;
    m.window_begin_s = steady_seconds();
    while (true) {
      const double t0 = steady_seconds();
      launch(s.get());
      s.sync();
      const double t = steady_seconds() - t0;
      seconds.push_back(t);
      m.samples.push_back(moved / t / 1e9);
      if (should_stop(seconds, steady_seconds() - *m.window_begin_s, env.policy) != StopReason::keep_going) break;
    }
    m.window_end_s = steady_seconds();
    m.seconds_per_sample = median_of(seconds);
    m.params["timing"] = json{{"clock", "host"}, {"samples", seconds.size()}};
  }
  m.params["direction"] = direction_name(dir);
  m.params["buffer_bytes"] = bytes;
  m.params["bytes_per_copy"] = moved;
  m.params["host_memory"] = pinned ? "pinned" : "pageable";
  m.params["numa_node"] = node ? json(*node) : json(nullptr);
  m.params["gpu_numa_node"] = env.numa_node ? json(*env.numa_node) : json(nullptr);
  const bool bound = (host_src && host_src->numa_bound()) || (host_dst && host_dst->numa_bound());
  m.params["numa_bound"] = bound;
  if (node && !bound) m.message = "could not bind the host buffer to NUMA node " + std::to_string(*node) + " (mbind refused)";
  return m;
}

Measurement run_h2d_all(const BenchEnv& env) {
  if (env.devices.size() < 2) return not_applicable("one GPU selected: nothing to share the link with");
  struct PerGpu {
    int device;
    std::unique_ptr<HostMemory> src;
    std::unique_ptr<DeviceBuffer<std::uint32_t>> dst;
    std::unique_ptr<Stream> stream;
    std::optional<int> node;
  };
  std::uint64_t bytes = pcie_buffer_bytes(env.mode, device_free_bytes());
  std::vector<PerGpu> gpus;
  const std::uint64_t seed = fresh_seed();
  for (int d : env.devices) {
    GA_CUDA(cudaSetDevice(d));
    bytes = std::min(bytes, pcie_buffer_bytes(env.mode, device_free_bytes()));
  }
  const std::uint64_t words = bytes / 4;
  for (int d : env.devices) {
    GA_CUDA(cudaSetDevice(d));
    PerGpu g;
    g.device = d;
    g.node = pci_numa_node("/sys", device_info(d).pci_bus_id);
    g.src = std::make_unique<HostMemory>(bytes, g.node, true);
    fill_host(static_cast<std::uint32_t*>(g.src->data()), words, seed + static_cast<std::uint64_t>(d));
    g.dst = std::make_unique<DeviceBuffer<std::uint32_t>>(words);
    g.stream = std::make_unique<Stream>();
    g.dst->poison(g.stream->get());
    gpus.push_back(std::move(g));
  }
  const auto copy_all = [&](int repeats) {
    for (auto& g : gpus) {
      GA_CUDA(cudaSetDevice(g.device));
      for (int r = 0; r < repeats; ++r)
        GA_CUDA(cudaMemcpyAsync(g.dst->get(), g.src->data(), bytes, cudaMemcpyHostToDevice, g.stream->get()));
    }
    for (auto& g : gpus) g.stream->sync();
  };
  copy_all(1);
  for (auto& g : gpus) {
    GA_CUDA(cudaSetDevice(g.device));
    const CheckOutcome r = check_device_against_host(g.dst->get(), static_cast<const std::uint32_t*>(g.src->data()), words, seed);
    if (!r.ok) return check_failed("GPU (CUDA device " + std::to_string(g.device) + "): " + r.message);
  }
  constexpr int kRepeats = 4;
  Measurement m;
  std::vector<double> seconds;
  m.window_begin_s = steady_seconds();
  while (true) {
    const double t0 = steady_seconds();
    copy_all(kRepeats);
    const double t = steady_seconds() - t0;
    seconds.push_back(t);
    m.samples.push_back(static_cast<double>(gpus.size()) * kRepeats * static_cast<double>(bytes) / t / 1e9);
    if (should_stop(seconds, steady_seconds() - *m.window_begin_s, env.policy) != StopReason::keep_going) break;
  }
  m.window_end_s = steady_seconds();
  m.seconds_per_sample = median_of(seconds);
  GA_CUDA(cudaSetDevice(env.device));
  m.params["gpus"] = gpus.size();
  m.params["buffer_bytes_per_gpu"] = bytes;
  m.params["copies_per_gpu_per_sample"] = kRepeats;
  json nodes = json::array();
  for (const auto& g : gpus) nodes.push_back(g.node ? json(*g.node) : json(nullptr));
  m.params["numa_nodes"] = nodes;
  return m;
}

// A one-GPU member of the family: the copy body above, for one direction and kind of host memory.
RunBenchmark copy_run(CopyDirection direction, bool pinned, bool remote_node = false) {
  return [=](const BenchEnv& env) { return run_copy_benchmark(env, direction, pinned, remote_node); };
}

const RegisterGpuBenchmarks registered{
    // pcie/h2d_pinned: host-to-device copies from pinned memory on the GPU's NUMA node.
    {.name = "pcie/h2d_pinned", .order = 70, .run = copy_run(CopyDirection::h2d, true)},
    // pcie/d2h_pinned: device-to-host copies into pinned memory on the GPU's NUMA node.
    {.name = "pcie/d2h_pinned", .order = 71, .run = copy_run(CopyDirection::d2h, true)},
    // pcie/bidir_pinned: both directions at once (two streams), pinned; bytes of both directions counted.
    {.name = "pcie/bidir_pinned", .order = 72, .run = copy_run(CopyDirection::bidir, true)},
    // pcie/h2d_pageable: host-to-device copies from ordinary (pageable) memory, as a naive data loader does.
    {.name = "pcie/h2d_pageable", .order = 73, .run = copy_run(CopyDirection::h2d, false)},
    // pcie/d2h_pageable: device-to-host copies into ordinary (pageable) memory.
    {.name = "pcie/d2h_pageable", .order = 74, .run = copy_run(CopyDirection::d2h, false)},
    // pcie/h2d_pinned_remote: host-to-device copies from pinned memory on ANOTHER NUMA node: the cost
    // of a misplaced job.
    {.name = "pcie/h2d_pinned_remote", .order = 75, .full_only = true, .run = copy_run(CopyDirection::h2d, true, true)},
    // pcie/bidir_pageable: both directions at once from pageable memory. The driver stages pageable
    // copies through its own pinned buffers, so the two directions barely overlap; next to
    // pcie/bidir_pinned it shows what a data loader without pinned memory gets. Full mode only: it
    // adds seconds and rarely tells more than the one-way pageable figures.
    {.name = "pcie/bidir_pageable", .order = 76, .full_only = true, .run = copy_run(CopyDirection::bidir, false)},
    // pcie/h2d_all: host-to-device copies on every selected GPU at once, summed over GPUs (gpu = null
    // in the document). Below the sum of the single-GPU figures when GPUs share a PCIe switch or
    // root complex; not-applicable with one GPU.
    {.name = "pcie/h2d_all", .order = 80, .all_gpus = true, .run = run_h2d_all},
};

}  // namespace

}  // namespace gpuaudit
