#include "host/cpu_check.hpp"

#include "host/cpu_contention.hpp"
#include "host/cpu_topology.hpp"
#include "host/host_parallel.hpp"
#include "host/host_result.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstring>

namespace gpuaudit {

std::uint64_t cpu_workload(std::uint64_t iterations, std::uint64_t seed) {
  // Four independent chains so an out-of-order core can overlap them (like real code), each an
  // LCG step (integer multiply-add), a shift-xor mix, and a damped float update fed by the integer
  // state. The LCG has no closed form the compiler could use to skip iterations.
  std::uint64_t x[4] = {seed | 1, seed * 3 + 7, seed * 5 + 11, seed * 7 + 13};
  std::uint64_t h = 0x9e3779b97f4a7c15ull;
  double f[4] = {0.25, 0.5, 0.75, 1.0};
  constexpr double kScale = 1.0 / 9007199254740992.0;  // 2^-53: (x >> 11) * kScale is in [0, 1)
  for (std::uint64_t i = 0; i < iterations; ++i) {
    for (int k = 0; k < 4; ++k) {
      x[k] = x[k] * 6364136223846793005ull + 1442695040888963407ull;
      h ^= x[k] >> 29;
      f[k] = f[k] * 0.5 + static_cast<double>(x[k] >> 11) * kScale;
    }
  }
  const double sum = f[0] + f[1] + f[2] + f[3];
  std::uint64_t bits = 0;
  std::memcpy(&bits, &sum, sizeof bits);  // std::bit_cast, which Debian 11's libstdc++ 10 lacks (scripts/deploy/dist.sh)
  return h ^ bits;
}

namespace {

constexpr std::uint64_t kSeed = 20240601;

double seconds_since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

}  // namespace

void record_contention(BenchmarkResult& single, BenchmarkResult& all, const std::optional<CpuContention>& during_single,
                       const std::optional<CpuContention>& during_all) {
  // The all-core ratio is one phase over the other, so the busier phase is the one it is exposed to.
  if (during_single) {
    single.derived["foreign_cpu_pct"] = during_single->foreign_pct;
    all.derived["foreign_cpu_pct_single"] = during_single->foreign_pct;
  }
  if (during_all) all.derived["foreign_cpu_pct_all"] = during_all->foreign_pct;
  if (during_single || during_all)
    all.derived["foreign_cpu_pct"] = std::max(during_single ? during_single->foreign_pct : 0.0,
                                              during_all ? during_all->foreign_pct : 0.0);
}

CpuCheckResults run_cpu_check(const CpuCheckOptions& opt) {
  CpuCheckResults out;
  std::vector<int> cpus = opt.cpus.empty() ? read_cpu_topology().allowed : opt.cpus;
  if (cpus.empty()) cpus.push_back(0);
  const int vcpus = static_cast<int>(cpus.size());

  // Calibrate on one thread so a sample lasts about sample_s, then keep that count fixed: every
  // sample and every thread does the same work, and the checksums must agree.
  std::uint64_t iters = 1 << 14;
  for (;;) {
    const auto t0 = std::chrono::steady_clock::now();
    volatile std::uint64_t sink = cpu_workload(iters, kSeed);
    (void)sink;
    const double s = seconds_since(t0);
    if (s >= 0.02 || iters >= (1ull << 40)) {
      iters = std::max<std::uint64_t>(1024, static_cast<std::uint64_t>(static_cast<double>(iters) * opt.sample_s /
                                                                        std::max(s, 1e-9)));
      break;
    }
    iters *= 4;
  }
  const std::uint64_t reference = cpu_workload(iters, kSeed);
  const double mops_per_run = static_cast<double>(iters) * kCpuOpsPerIteration / 1e6;

  bool mismatch = false;
  std::vector<double> single, all;
  // Who else used these CPUs during each phase: the ratio below means something only when
  // gpuaudit had them to itself (cpu_contention.hpp).
  const CpuUsageMark m0 = mark_cpu_usage();
  for (int s = 0; s < opt.samples; ++s) {
    const auto t0 = std::chrono::steady_clock::now();
    const std::uint64_t r = cpu_workload(iters, kSeed);
    single.push_back(mops_per_run / seconds_since(t0));
    mismatch |= r != reference;
  }
  const CpuUsageMark m1 = mark_cpu_usage();
  const ParallelPlan plan = one_thread_per_cpu(cpus);
  std::atomic<bool> bad{false};
  for (int s = 0; s < opt.samples; ++s) {
    const double wall = run_parallel(plan, [&](int) {
      if (cpu_workload(iters, kSeed) != reference) bad = true;
    });
    all.push_back(mops_per_run * vcpus / wall);
  }
  mismatch |= bad.load();
  const CpuUsageMark m2 = mark_cpu_usage();

  json params = {{"vcpus", vcpus}, {"iterations", iters}, {"ops_per_iteration", kCpuOpsPerIteration},
                 {"workload", "4 chains of 64-bit LCG + shift-xor + damped double update"}};
  if (const auto lim = read_cpu_topology().cgroup_cpu_limit) params["cgroup_cpu_limit"] = *lim;

  out.single = host_figure("host/cpu_single", "Mops/s", std::move(single));
  out.all = host_figure("host/cpu_all", "Mops/s", std::move(all));
  out.single.params = params;
  out.all.params = params;
  out.all.params["threads"] = vcpus;
  if (mismatch) {
    // A core that computes a different answer for the same input is broken, not slow.
    for (auto* r : {&out.single, &out.all}) {
      r->status = "check-failed";
      r->message = "the CPU workload returned different results on different runs or cores";
    }
    return out;
  }
  if (out.single.summary && out.all.summary && out.single.summary->median > 0)
    out.all.derived["all_core_ratio"] = out.all.summary->median / (out.single.summary->median * vcpus);
  record_contention(out.single, out.all, cpu_contention(m0, m1, cpus), cpu_contention(m1, m2, cpus));
  return out;
}

}  // namespace gpuaudit
