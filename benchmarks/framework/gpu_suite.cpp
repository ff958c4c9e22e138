// The "gpu" suite of `gpuaudit run`: every registered GPU measurement on every selected GPU. By
// default each benchmark runs on all selected GPUs at once (run/gpu_schedule.hpp: one thread per
// GPU behind a barrier; host-link copies also alone). --sequential runs one GPU after another
// through Google Benchmark (the same registrations gpuaudit-gbench runs) with a filter built from
// --only/--gpus, and a reporter that turns each finished run into a document entry at once.
#include "benchmarks/framework/gbench_adapter.hpp"
#include "benchmarks/framework/runner.hpp"
#include "measure/gbench_names.hpp"
#include "probe/cuda_probe.hpp"
#include "probe/gpu_map.hpp"
#include "probe/nvml_api.hpp"
#include "run/gpu_schedule.hpp"
#include "run/run_estimate.hpp"
#include "run/suite.hpp"
#include "telemetry/nvml_reading.hpp"

#include <algorithm>
#include <map>
#include <memory>

namespace gpuaudit {

namespace {

// CUDA devices that are in the document and selected by --gpus, in document order.
std::vector<SelectedDevice> select_devices(const RunContext& ctx) {
  const CudaProbe cuda = probe_cuda();
  const auto by_ordinal = document_index_by_ordinal(ctx.document().gpus, cuda.devices);
  const auto& wanted = ctx.options().gpus;
  std::vector<SelectedDevice> out;
  for (size_t i = 0; i < by_ordinal.size(); ++i) {
    if (!by_ordinal[i]) continue;
    if (!wanted.empty() && std::find(wanted.begin(), wanted.end(), *by_ordinal[i]) == wanted.end()) continue;
    out.push_back({cuda.devices[i].ordinal, *by_ordinal[i]});
  }
  std::sort(out.begin(), out.end(), [](const SelectedDevice& a, const SelectedDevice& b) { return a.gpu < b.gpu; });
  return out;
}

// NVML telemetry for the selected GPUs; null when NVML is not there (the figures then carry none).
std::unique_ptr<TelemetrySampler> start_telemetry(const RunContext& ctx, const std::vector<SelectedDevice>& devices) {
  static const NvmlLoad nvml = load_nvml();  // kept for the process: the sampler calls into it
  if (!nvml.loaded || nvml.api.nvmlInit() != NVML_SUCCESS) return nullptr;
  std::vector<GpuInfo> gpus;
  for (const auto& g : ctx.document().gpus)
    for (const auto& d : devices)
      if (d.gpu == g.index) gpus.push_back(g);
  auto handles = telemetry_handles(nvml.api, gpus);
  if (handles.empty()) return nullptr;
  auto sampler = make_nvml_sampler(nvml.api, handles);
  sampler->start();
  return sampler;
}

void record(RunContext& ctx, const RunTarget& t, const Measurement& m) {
  if (m.status == "skipped" && m.message == "interrupted") return;  // never started: not a result
  if (m.params.is_object() && m.params.contains("concurrency")) {
    ctx.record(to_benchmark_result(t.bench.info, t.gpu, m));
    return;
  }
  // The sequential path: every per-GPU row alone, an all-GPU measurement across all of them.
  Measurement stamped = m;
  stamp_concurrency(stamped, {t.bench.info.name, {0}, t.gpu ? kAlone : kAllGpus, !t.gpu});
  ctx.record(to_benchmark_result(t.bench.info, t.gpu, stamped));
}

#if GPUAUDIT_HAVE_GBENCH
// Each finished Google Benchmark run -> the Measurement it left behind -> the document.
class DocumentReporter : public benchmark::BenchmarkReporter {
 public:
  DocumentReporter(RunContext& ctx, const std::map<std::string, const RunTarget*>& targets)
      : ctx_(ctx), targets_(targets) {}
  bool ReportContext(const Context&) override { return true; }
  void ReportRuns(const std::vector<Run>& runs) override {
    for (const auto& run : runs) {
      if (run.run_type != Run::RT_Iteration) continue;
      const std::string name = run.run_name.function_name;
      auto it = targets_.find(name);
      if (it == targets_.end()) continue;
      std::optional<Measurement> m = take_measurement(name);
      if (!m) {
        const std::string e = gbench_run_error(run);
        m = measurement_error(e.empty() ? "Google Benchmark did not run the measurement" : e);
      }
      record(ctx_, *it->second, *m);
    }
  }
  void Finalize() override {}

 private:
  RunContext& ctx_;
  const std::map<std::string, const RunTarget*>& targets_;
};
#endif

// The schedule's view of the registrations.
std::vector<ScheduleBench> schedule_benches(const std::vector<GpuBenchmark>& all) {
  std::vector<ScheduleBench> out;
  for (const auto& b : all) out.push_back({b.info.name, b.order, b.full_only, b.all_gpus});
  return out;
}

// Each step's GPUs on their own threads (run/gpu_schedule.hpp), each thread through the same
// execute() as the sequential path: device made current, errors caught, telemetry attached.
class DeviceStepBackend final : public StepBackend {
 public:
  DeviceStepBackend(const std::vector<GpuBenchmark>& all, const std::vector<SelectedDevice>& devices, const RunnerConfig& config)
      : devices_(devices), config_(config) {
    for (const auto& b : all) by_name_.emplace(b.info.name, b);
    for (const auto& d : devices) ordinals_.push_back(d.ordinal);
  }
  RunTarget target(const ScheduleStep& step, int slot) const {
    const GpuBenchmark& b = by_name_.at(step.bench);
    const SelectedDevice& d = devices_.at(static_cast<size_t>(slot));
    const std::optional<int> gpu = step.all_gpus_bench ? std::nullopt : std::optional<int>(d.gpu);
    return {b, d.ordinal, gpu, ordinals_, registration_name(b.info.name, gpu)};
  }
  Measurement run(const ScheduleStep& step, int slot) override { return execute(target(step, slot), config_); }

 private:
  std::map<std::string, GpuBenchmark> by_name_;
  const std::vector<SelectedDevice>& devices_;
  std::vector<int> ordinals_;
  RunnerConfig config_;  // without interrupted/on_start: the schedule checks those once per step
};

void run_concurrently(RunContext& ctx, const std::vector<SelectedDevice>& devices, const RunnerConfig& config) {
  const std::vector<GpuBenchmark> all = gpu_benchmarks();
  const std::string& mode = ctx.options().mode;
  const auto steps = plan_schedule(schedule_benches(all), static_cast<int>(devices.size()), mode, false,
                                   [&ctx](const std::string& n) { return ctx.selected(n); });
  const auto sequential = plan_schedule(schedule_benches(all), static_cast<int>(devices.size()), mode, true,
                                        [&ctx](const std::string& n) { return ctx.selected(n); });
  ctx.progress("gpu suite: " + std::to_string(devices.size()) + " GPUs at once, about " +
               std::to_string(static_cast<int>(schedule_seconds(steps, mode))) + " s (one after another: about " +
               std::to_string(static_cast<int>(schedule_seconds(sequential, mode))) + " s)");
  DeviceStepBackend backend(all, devices, config);
  int started = 0;
  ScheduleHooks hooks;
  hooks.interrupted = [&ctx] { return ctx.interrupted(); };
  hooks.on_start = [&](const ScheduleStep& st) {
    std::string where = st.all_gpus_bench ? "all selected GPUs (one measurement)"
                        : st.slots.size() > 1 ? std::to_string(st.slots.size()) + " GPUs at once"
                                              : "GPU " + std::to_string(devices.at(static_cast<size_t>(st.slots.front())).gpu) + " alone";
    ctx.progress("[" + std::to_string(++started) + "/" + std::to_string(steps.size()) + "] " + st.bench + " on " + where);
  };
  hooks.record = [&](const ScheduleStep& st, int slot, const Measurement& m) { record(ctx, backend.target(st, slot), m); };
  execute_schedule(steps, backend, hooks);
}

void run_gpu_suite(RunContext& ctx) {
  const std::vector<SelectedDevice> devices = select_devices(ctx);
  if (devices.empty()) {
    ctx.progress("gpu suite: no CUDA device matches the selected GPUs of the inventory");
    return;
  }
  const std::unique_ptr<TelemetrySampler> sampler = start_telemetry(ctx, devices);
  if (!ctx.options().sequential) {
    RunnerConfig config;
    config.mode = ctx.options().mode;
    config.sampler = sampler.get();
    run_concurrently(ctx, devices, config);
    if (sampler) sampler->stop();
    return;
  }

  const std::vector<RunTarget> targets = plan_targets(gpu_benchmarks(), devices, ctx.options().mode, nullptr);
  const auto label = [](const RunTarget& t) {
    return t.bench.info.name + (t.gpu ? " on GPU " + std::to_string(*t.gpu) : " on all selected GPUs");
  };
  std::vector<PlannedStep> steps;
  for (const auto& t : targets)
    if (ctx.selected(t.bench.info.name)) steps.push_back({label(t), expected_duration_s(default_policy(ctx.options().mode))});
  ctx.plan_steps(steps);
  RunnerConfig config;
  config.mode = ctx.options().mode;
  config.sampler = sampler.get();
  config.interrupted = [&ctx] { return ctx.interrupted(); };
  config.on_start = [&](const RunTarget& t) { ctx.start_step(label(t)); };

#if GPUAUDIT_HAVE_GBENCH
  std::map<std::string, const RunTarget*> by_name;
  for (const auto& t : targets) by_name[t.registration] = &t;
  benchmark::ClearRegisteredBenchmarks();
  register_with_gbench(targets, config);
  DocumentReporter reporter(ctx, by_name);
  std::vector<int> gpus;
  for (const auto& d : devices) gpus.push_back(d.gpu);
  benchmark::RunSpecifiedBenchmarks(&reporter, gbench_filter(ctx.options().only, gpus));
  benchmark::ClearRegisteredBenchmarks();
#else
  for (const auto& t : targets)
    if (ctx.selected(t.bench.info.name)) record(ctx, t, execute(t, config));
#endif
  if (sampler) sampler->stop();
}

std::vector<std::string> gpu_measurements() {
  std::vector<std::string> names;
  for (const auto& b : gpu_benchmarks()) names.push_back(b.info.name);
  return names;
}

const RegisterSuite gpu_suite{{"gpu", 20, true, run_gpu_suite, gpu_measurements}};

}  // namespace

}  // namespace gpuaudit
