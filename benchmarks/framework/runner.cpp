#include "benchmarks/framework/runner.hpp"

#include "cuda/cuda_check.hpp"
#include "measure/burst_sustained.hpp"
#include "measure/gbench_names.hpp"
#include "measure/numa.hpp"

#include <cuda_runtime.h>

namespace gpuaudit {

std::vector<RunTarget> plan_targets(const std::vector<GpuBenchmark>& benchmarks, const std::vector<SelectedDevice>& devices,
                                    const std::string& mode, const std::function<bool(const std::string&)>& selected) {
  std::vector<RunTarget> out;
  if (devices.empty()) return out;
  std::vector<int> ordinals;
  for (const auto& d : devices) ordinals.push_back(d.ordinal);
  const auto wanted = [&](const GpuBenchmark& b) {
    return (mode == "full" || !b.full_only) && (!selected || selected(b.info.name));
  };
  for (const auto& d : devices)
    for (const auto& b : benchmarks)
      if (!b.all_gpus && wanted(b))
        out.push_back({b, d.ordinal, d.gpu, ordinals, registration_name(b.info.name, d.gpu)});
  for (const auto& b : benchmarks)
    if (b.all_gpus && wanted(b))
      out.push_back({b, devices.front().ordinal, std::nullopt, ordinals, registration_name(b.info.name, std::nullopt)});
  return out;
}

Measurement execute(const RunTarget& t, const RunnerConfig& config) {
  if (config.interrupted && config.interrupted()) return status_only("skipped", "interrupted");
  if (config.on_start) config.on_start(t);
  Measurement m;
  try {
    GA_CUDA(cudaSetDevice(t.device));
    BenchEnv env;
    env.device = t.device;
    env.info = device_info(t.device);
    env.mode = config.mode;
    env.policy = default_policy(config.mode);
    env.devices = t.devices;
    env.numa_node = pci_numa_node("/sys", env.info.pci_bus_id);
    m = t.bench.run(env);
    // Work a benchmark forgot to wait for, or an asynchronous fault, must not pass as a figure.
    GA_CUDA(cudaDeviceSynchronize());
    GA_CUDA(cudaGetLastError());
  } catch (const std::exception& e) {
    m = measurement_error(e.what());
  }
  if (config.sampler && t.gpu && m.window_begin_s && m.window_end_s)
    m.telemetry = config.sampler->summary(*t.gpu, *m.window_begin_s, *m.window_end_s);
  if (config.sampler && t.gpu) {
    const WindowTelemetry tel = [&](double a, double b) { return config.sampler->summary(*t.gpu, a, b); };
    for (const auto& [phase, w] : m.phase_windows) attach_phase_telemetry(m.params, phase, w.first, w.second, tel);
  }
  return m;
}

}  // namespace gpuaudit
