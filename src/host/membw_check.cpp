#include "host/membw_check.hpp"

#include "host/host_parallel.hpp"
#include "host/host_result.hpp"

#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <fstream>
#include <memory>
#include <string>

namespace gpuaudit {

namespace {

constexpr double kB = 1.0, kC = 2.0, kS = 3.0, kA = kB + kS * kC;  // triad result: 7, exact in double

std::uint64_t mem_available_bytes() {
  std::ifstream f("/proc/meminfo");
  std::string key;
  std::uint64_t kb = 0;
  std::string unit;
  while (f >> key >> kb >> unit)
    if (key == "MemAvailable:") return kb * 1024;
  return 0;
}

struct Slice {
  size_t lo, hi;
};
Slice slice_of(size_t n, int threads, int i) {
  const auto t = static_cast<size_t>(threads);
  const auto k = static_cast<size_t>(i);
  return {n * k / t, n * (k + 1) / t};
}

// Three arrays, each thread's slice first-touched by the thread that `touch` pins.
struct Arrays {
  size_t n;
  std::unique_ptr<double[]> a, b, c;
  Arrays(size_t count, const ParallelPlan& touch)
      : n(count), a(new double[count]), b(new double[count]), c(new double[count]) {
    run_parallel(touch, [&](int i) {
      const Slice s = slice_of(n, touch.threads, i);
      for (size_t j = s.lo; j < s.hi; ++j) {
        a[j] = 0;
        b[j] = kB;
        c[j] = kC;
      }
    });
  }
};

struct Measured {
  std::vector<double> triad_gbs;
  double read_gbs = 0;
  bool check_ok = true;
};

// `run` decides which CPUs stream; it may differ from the plan that touched the memory.
Measured measure(Arrays& m, const ParallelPlan& run, int samples, double min_sample_s) {
  Measured out;
  auto triad_pass = [&](int i) {
    const Slice s = slice_of(m.n, run.threads, i);
    double* __restrict a = m.a.get();
    const double* __restrict b = m.b.get();
    const double* __restrict c = m.c.get();
    for (size_t j = s.lo; j < s.hi; ++j) a[j] = b[j] + kS * c[j];
  };
  // Warm-up pass (page-table walks, frequency ramp), which also tells how many passes fill a sample.
  const double first = run_parallel(run, triad_pass);
  const int passes = std::max(1, static_cast<int>(min_sample_s / std::max(first, 1e-6) + 0.999));
  const double bytes = 3.0 * sizeof(double) * static_cast<double>(m.n);
  for (int s = 0; s < samples; ++s) {
    double wall = 0;
    for (int p = 0; p < passes; ++p) wall += run_parallel(run, triad_pass);
    out.triad_gbs.push_back(bytes * passes / wall / 1e9);
  }
  // Read-only pass: a sum the check below must find exactly (n x 7), so it cannot be dropped.
  std::vector<double> sums(static_cast<size_t>(run.threads), 0.0);
  const double wall = run_parallel(run, [&](int i) {
    const Slice s = slice_of(m.n, run.threads, i);
    double acc0 = 0, acc1 = 0;
    size_t j = s.lo;
    for (; j + 1 < s.hi; j += 2) {
      acc0 += m.a[j];
      acc1 += m.a[j + 1];
    }
    if (j < s.hi) acc0 += m.a[j];
    sums[static_cast<size_t>(i)] = acc0 + acc1;
  });
  double total = 0;
  for (double x : sums) total += x;
  out.read_gbs = sizeof(double) * static_cast<double>(m.n) / wall / 1e9;
  out.check_ok = total == kA * static_cast<double>(m.n);
  return out;
}

double median(std::vector<double> v) { return v.empty() ? 0 : summarize(v).median; }

}  // namespace

std::uint64_t default_membw_array_bytes(std::uint64_t llc_total, std::uint64_t mem_available) {
  std::uint64_t bytes = std::max<std::uint64_t>(4 * llc_total, 256ull << 20);
  if (mem_available > 0) bytes = std::min<std::uint64_t>(bytes, mem_available / 8 / 3);
  return std::max<std::uint64_t>(bytes, 1ull << 20);
}

BenchmarkResult run_membw_check(const MembwOptions& opt, const CpuTopology& topo) {
  const std::uint64_t bytes =
      opt.bytes_per_array ? opt.bytes_per_array : default_membw_array_bytes(topo.llc_bytes_total, mem_available_bytes());
  const size_t n = std::max<size_t>(bytes / sizeof(double), 1024);

  std::vector<int> all_cpus;
  for (const auto& node : topo.nodes) all_cpus.insert(all_cpus.end(), node.cpus.begin(), node.cpus.end());
  const ParallelPlan all_plan = one_thread_per_cpu(all_cpus);

  Measured whole;
  {
    Arrays m(n, all_plan);
    whole = measure(m, all_plan, opt.samples, opt.min_sample_s);
  }
  BenchmarkResult r = host_figure("host/membw", "GB/s", whole.triad_gbs);
  r.params = {{"kernel", "triad a=b+s*c, 24 bytes per element"},
              {"bytes_per_array", n * sizeof(double)},
              {"threads", all_plan.threads},
              {"llc_bytes_total", topo.llc_bytes_total},
              {"numa_nodes", topo.nodes.size()}};
  r.derived["read_gbs"] = whole.read_gbs;
  bool ok = whole.check_ok;

  if (opt.per_node && topo.nodes.size() > 1) {
    json per_node = json::array();
    const size_t per_n = std::max<size_t>(n / topo.nodes.size(), 1024);
    for (const auto& node : topo.nodes) {
      const ParallelPlan plan = one_thread_per_cpu(node.cpus);
      Arrays m(per_n, plan);
      const Measured got = measure(m, plan, opt.samples, opt.min_sample_s);
      ok &= got.check_ok;
      const double gbs = median(got.triad_gbs);
      per_node.push_back({{"node", node.node}, {"cpus", node.cpus.size()}, {"triad_gbs", gbs}, {"read_gbs", got.read_gbs}});
      r.derived["node" + std::to_string(node.node) + "_gbs"] = gbs;
    }
    // Node 0's CPUs on memory first-touched by the last node: the cost of a misplaced buffer.
    const ParallelPlan local = one_thread_per_cpu(topo.nodes.front().cpus);
    ParallelPlan touch;  // same slicing as the run below, every slice touched from the far node
    touch.threads = local.threads;
    touch.pins.assign(static_cast<size_t>(local.threads), topo.nodes.back().cpus);
    Arrays m(per_n, touch);
    const Measured remote = measure(m, local, opt.samples, opt.min_sample_s);
    ok &= remote.check_ok;
    const double remote_gbs = median(remote.triad_gbs);
    r.derived["remote_gbs"] = remote_gbs;
    const double local_gbs = r.derived["node" + std::to_string(topo.nodes.front().node) + "_gbs"];
    if (local_gbs > 0) r.derived["remote_fraction"] = remote_gbs / local_gbs;
    r.params["per_node"] = per_node;
    r.params["remote"] = {{"cpus_node", topo.nodes.front().node}, {"memory_node", topo.nodes.back().node}};
  }
  if (!ok) {
    r.status = "check-failed";
    r.message = "host memory returned a wrong sum after the triad";
  }
  return r;
}

}  // namespace gpuaudit
