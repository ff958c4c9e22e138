// sm/census: how many SMs actually run work. Several waves of short one-warp blocks (four times
// what the device holds at once, measure/sizing.hpp says why) record %smid per block; the figure
// is the number of distinct SMs seen. It must equal the SM count of the full card (132 on an
// H100/H200 SXM) or of the MIG slice; fewer means the card is sliced or shared (MPS limits, vGPU).
#include "benchmarks/framework/bench_common.hpp"
#include "benchmarks/framework/registry.hpp"
#include "cuda/cuda_raii.hpp"
#include "measure/sizing.hpp"
#include "measure/timer_guard.hpp"
#include "kernels/sm_census.cuh"

#include <algorithm>
#include <set>

namespace gpuaudit {

namespace {

Measurement run_census(const BenchEnv& env) {
  const int resident_per_sm = kernels::sm_census_blocks_per_sm();
  const int blocks = census_blocks(env.info.sm_count, resident_per_sm);
  const unsigned long long spin_ns = 20000;  // long enough that every SM gets blocks while others still spin
  const int repetitions = env.mode == "full" ? 7 : 3;
  Stream s;
  DeviceBuffer<unsigned> ids(static_cast<std::size_t>(blocks));
  DeviceBuffer<unsigned> stalled(1);
  std::vector<unsigned> host(static_cast<std::size_t>(blocks));
  Measurement m;
  std::set<unsigned> all_seen;
  m.window_begin_s = steady_seconds();
  for (int r = 0; r < repetitions; ++r) {
    ids.poison(s.get());
    stalled.zero(s.get());
    const double t0 = steady_seconds();
    GA_CUDA(kernels::launch_sm_census(ids.get(), blocks, spin_ns, spin_cycle_cap(spin_ns), stalled.get(), s.get()));
    s.sync();
    m.seconds_per_sample = steady_seconds() - t0;
    unsigned timer_stalled = 0;
    GA_CUDA(cudaMemcpy(&timer_stalled, stalled.get(), sizeof timer_stalled, cudaMemcpyDeviceToHost));
    if (timer_stalled)
      return measurement_error("the GPU's %globaltimer stopped advancing: a census block ran " +
                               std::to_string(spin_cycle_cap(spin_ns)) + " SM cycles in a " + std::to_string(spin_ns) +
                               " ns wait (a frozen or virtualised timer)");
    GA_CUDA(cudaMemcpy(host.data(), ids.get(), ids.bytes(), cudaMemcpyDeviceToHost));
    // Poison left behind means a block never ran (or never wrote): no figure from this run.
    const auto unwritten = std::count(host.begin(), host.end(), 0xffffffffu);
    if (unwritten) return check_failed(std::to_string(unwritten) + " of " + std::to_string(blocks) + " blocks did not record their SM");
    const std::set<unsigned> seen(host.begin(), host.end());
    all_seen.insert(seen.begin(), seen.end());
    m.samples.push_back(static_cast<double>(seen.size()));
  }
  m.window_end_s = steady_seconds();
  m.params["blocks"] = blocks;
  m.params["blocks_resident_per_sm"] = resident_per_sm;
  m.params["waves"] = static_cast<double>(blocks) / (static_cast<double>(resident_per_sm) * std::max(env.info.sm_count, 1));
  m.params["spin_ns"] = spin_ns;
  m.params["reported_sm_count"] = env.info.sm_count;
  m.params["distinct_sm_ids_all_runs"] = all_seen.size();
  m.params["largest_sm_id"] = all_seen.empty() ? 0u : *all_seen.rbegin();
  if (static_cast<int>(all_seen.size()) != env.info.sm_count)
    m.message = std::to_string(all_seen.size()) + " SMs ran work; the CUDA runtime reports " +
                std::to_string(env.info.sm_count);
  return m;
}

const RegisterGpuBenchmarks registered{{.name = "sm/census", .order = 10, .run = run_census}};

}  // namespace

}  // namespace gpuaudit
