// The "host" suite of `gpuaudit run`: can this machine feed its GPUs? Registered twice: first
// (order 10) it starts the /proc/stat reader and runs the active checks (CPU, memory, JPEG decode,
// disk); last (order 1000, after every GPU suite) it stops the reader and records steal and iowait
// over the whole run. Both halves carry the suite name "host" so --only selects them together.
#include "host/cpu_check.hpp"
#include "host/cpu_topology.hpp"
#include "host/decode_check.hpp"
#include "host/disk_check.hpp"
#include "host/membw_check.hpp"
#include "host/host_result.hpp"
#include "host/steal_check.hpp"
#include "run/suite.hpp"

#include <chrono>
#include <exception>
#include <initializer_list>
#include <string>
#include <thread>
#include <vector>

namespace gpuaudit {
namespace {

bool wanted(const RunContext& ctx, const std::string& group, std::initializer_list<const char*> names) {
  if (ctx.selected(group)) return true;
  for (const char* n : names)
    if (ctx.selected(n)) return true;
  return false;
}

void record_if(RunContext& ctx, BenchmarkResult r) {
  if (ctx.selected(r.name) || ctx.selected(r.name.substr(0, r.name.find('_')))) ctx.record(std::move(r));
}

// Runs one check; an unexpected failure (no memory, no threads) becomes status "error" on its figures.
template <typename F>
void guarded(RunContext& ctx, std::initializer_list<std::pair<const char*, const char*>> names, F&& body) {
  try {
    body();
  } catch (const std::exception& e) {
    for (const auto& [name, unit] : names) record_if(ctx, host_status(name, unit, "error", e.what()));
  }
}

// Said as it happens, so a person watching a run on a busy machine knows why its figures are low
// (scoring decides what that means: rule_host.cpp).
void say_contention(RunContext& ctx, const char* check, const BenchmarkResult& all) {
  const auto it = all.derived.find("foreign_cpu_pct");
  if (it == all.derived.end() || it->second < 1) return;
  ctx.progress(std::string("[host] ") + check + ": other processes used " + std::to_string(static_cast<int>(it->second + 0.5)) +
               "% of the CPUs meanwhile");
}

void run_host_checks(RunContext& ctx) {
  run_proc_stat_sampler().start();  // steal/iowait cover the whole run, from here to run_host_late
  const bool full = ctx.options().mode == "full";
  const int samples = full ? 10 : 5;
  const CpuTopology topo = read_cpu_topology();
  const double sample_s = full ? 0.5 : 0.2;
  const bool cpu = wanted(ctx, "host/cpu", {"host/cpu_single", "host/cpu_all"}), membw = wanted(ctx, "host/membw", {}),
             decode = wanted(ctx, "host/decode", {"host/decode_single", "host/decode_all"}),
             disk = wanted(ctx, "host/disk", {"host/disk_seq_read", "host/disk_rand_read"}) && !ctx.options().disk_path.empty();
  // The steps for run's progress line, each expected to take its sampling time (single core and
  // all cores: twice); what setup adds, the ETA learns from the steps done.
  std::vector<PlannedStep> steps;
  const std::string cores = std::to_string(topo.allowed.size()) + " cores";
  if (cpu) steps.push_back({"host/cpu: single core and " + cores, 2 * samples * sample_s});
  if (membw) steps.push_back({"host/membw over " + std::to_string(topo.nodes.size()) + " NUMA node(s)", samples * (full ? 0.4 : 0.1)});
  if (decode) steps.push_back({"host/decode: JPEG on a single core and " + cores, 2 * samples * sample_s});
  if (disk) steps.push_back({"host/disk: sequential and random reads in " + ctx.options().disk_path, 2 * (full ? 10 : 2.5)});
  ctx.plan_steps(steps);
  std::size_t step = 0;
  const auto start = [&] { ctx.start_step(steps[step++].label); };

  if (!ctx.interrupted() && cpu) {
    start();
    guarded(ctx, {{"host/cpu_single", "Mops/s"}, {"host/cpu_all", "Mops/s"}}, [&] {
      auto r = run_cpu_check({.samples = samples, .sample_s = sample_s, .cpus = topo.allowed});
      say_contention(ctx, "cpu", r.all);
      record_if(ctx, std::move(r.single));
      record_if(ctx, std::move(r.all));
    });
  }
  if (!ctx.interrupted() && membw) {
    start();
    guarded(ctx, {{"host/membw", "GB/s"}}, [&] {
      MembwOptions mo;
      mo.samples = samples;
      mo.min_sample_s = full ? 0.2 : 0.05;
      record_if(ctx, run_membw_check(mo, topo));
    });
  }
  if (!ctx.interrupted() && decode) {
    start();
    guarded(ctx, {{"host/decode_single", "images/s"}, {"host/decode_all", "images/s"}}, [&] {
      auto r = run_decode_check({.samples = samples, .sample_s = sample_s, .cpus = topo.allowed});
      say_contention(ctx, "JPEG decode", r.all);
      const auto gpus = ctx.document().gpus.size();
      if (gpus > 0 && r.all.derived.count("feeds_images_per_s"))
        r.all.derived["feeds_images_per_s_per_gpu"] = r.all.derived["feeds_images_per_s"] / static_cast<double>(gpus);
      record_if(ctx, std::move(r.single));
      record_if(ctx, std::move(r.all));
    });
  }
  if (!ctx.interrupted() && wanted(ctx, "host/disk", {"host/disk_seq_read", "host/disk_rand_read"})) {
    const std::string& folder = ctx.options().disk_path;
    if (disk) start();
    else ctx.progress("[host] disk: skipped (--disk PATH names the dataset's disk)");
    guarded(ctx, {{"host/disk_seq_read", "MB/s"}, {"host/disk_rand_read", "IOPS"}}, [&] {
      DiskCheckOptions d;
      d.folder = folder;
      d.file_bytes = full ? 1ull << 30 : 256ull << 20;
      d.seconds_per_test = full ? 10 : 2.5;
      d.samples = samples;
      d.interrupted = [&ctx] { return ctx.interrupted(); };
      auto r = run_disk_check(d);
      if (r.seq.status == "error") ctx.progress("[host] disk: " + r.seq.message);
      record_if(ctx, std::move(r.seq));
      record_if(ctx, std::move(r.rand));
    });
  }
}

void run_host_late(RunContext& ctx) {
  // A run of nothing but steal/iowait (`--only host/steal`) would end within a clock tick: give
  // /proc/stat a few seconds to count in, as the inventory's own steal sample does.
  constexpr double kMinWindowS = 3.0;
  ProcStatSampler& sampler = run_proc_stat_sampler();
  if (const double t = sampler.elapsed_s(); t > 0 && t < kMinWindowS && !ctx.interrupted() &&
                                            wanted(ctx, "host/steal", {"host/iowait"})) {
    ctx.progress("[host] steal and iowait: sampling /proc/stat for " + std::to_string(static_cast<int>(kMinWindowS)) + " s");
    std::this_thread::sleep_for(std::chrono::duration<double>(kMinWindowS - t));
  }
  auto snaps = sampler.stop();
  if (snaps.size() < 2 || !wanted(ctx, "host/steal", {"host/iowait"})) return;  // never started: nothing to say
  auto r = steal_results(snaps, read_cpu_topology().allowed);
  if (ctx.selected("host/steal")) ctx.record(std::move(r.steal));
  if (ctx.selected("host/iowait") || ctx.selected("host/steal")) ctx.record(std::move(r.iowait));
}

std::vector<std::string> host_measurements() {
  // The group names ("host/disk") select both figures of a check, so they are names here too.
  return {"host/cpu",    "host/cpu_single",    "host/cpu_all",      "host/membw",          "host/decode",
          "host/decode_single", "host/decode_all", "host/disk", "host/disk_seq_read", "host/disk_rand_read",
          "host/steal",  "host/iowait"};
}

// Both halves claim every host figure: the first starts the /proc/stat reader the second needs.
const RegisterSuite host_suite{{"host", 10, false, run_host_checks, host_measurements}};
const RegisterSuite host_late_suite{{"host", 1000, false, run_host_late, host_measurements, true}};

}  // namespace
}  // namespace gpuaudit
