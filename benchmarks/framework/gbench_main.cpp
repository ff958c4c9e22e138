// gpuaudit-gbench: the GPU measurements of `gpuaudit run` as a plain Google Benchmark binary, with
// its usual flags (--benchmark_filter, --benchmark_format=json, --benchmark_out, ...). Each
// registration is named <benchmark>/gpu:<CUDA ordinal>, e.g. hbm/copy/gpu:0. One extra flag:
// --gpuaudit_mode=quick|full (sizes and time budgets, as gpuaudit run --quick/--full).
#include "benchmarks/framework/gbench_adapter.hpp"
#include "benchmarks/framework/runner.hpp"
#include "core/exit_codes.hpp"
#include "cuda/device_info.hpp"
#include "probe/nvml_api.hpp"
#include "telemetry/nvml_reading.hpp"

#include <cstdio>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

namespace {

void print_help() {
  benchmark::PrintDefaultHelp();
  std::fprintf(stdout,
               "          [--gpuaudit_mode=quick|full]\n\n"
               "Benchmarks are named <name>/gpu:<CUDA ordinal>; pcie/h2d_all/gpu:all uses every GPU.\n"
               "Counters: value (the figure, in the label's unit), min, max, cv_pct, samples, derived\n"
               "figures, sm_mhz and power_w_max (NVML telemetry during the timed phase).\n");
}

}  // namespace

int main(int argc, char** argv) {
  using namespace gpuaudit;
  std::string mode = "quick";
  std::vector<char*> args;
  for (int i = 0; i < argc; ++i) {
    constexpr const char* kMode = "--gpuaudit_mode=";
    if (i > 0 && std::strncmp(argv[i], kMode, std::strlen(kMode)) == 0) {
      mode = argv[i] + std::strlen(kMode);
      if (mode != "quick" && mode != "full") {
        std::fprintf(stderr, "gpuaudit-gbench: --gpuaudit_mode takes quick or full, not \"%s\"\n", mode.c_str());
        return exit_code::usage;
      }
      continue;
    }
    args.push_back(argv[i]);
  }
  int n = static_cast<int>(args.size());
  args.push_back(nullptr);
  benchmark::Initialize(&n, args.data(), print_help);
  if (benchmark::ReportUnrecognizedArguments(n, args.data())) return exit_code::usage;

  std::string why;
  const int count = cuda_device_count(&why);
  if (count == 0) {
    std::fprintf(stderr, "gpuaudit-gbench: no usable CUDA device: %s\n", why.c_str());
    return exit_code::no_gpu;
  }
  std::vector<SelectedDevice> devices;
  std::vector<GpuInfo> gpus;
  for (int i = 0; i < count; ++i) {
    devices.push_back({i, i});
    GpuInfo g;
    g.index = i;
    g.pci_bus_id = device_info(i).pci_bus_id;
    gpus.push_back(g);
  }

  std::unique_ptr<TelemetrySampler> sampler;
  static const NvmlLoad nvml = load_nvml();
  if (nvml.loaded && nvml.api.nvmlInit() == NVML_SUCCESS) {
    const auto handles = telemetry_handles(nvml.api, gpus);
    if (!handles.empty()) {
      sampler = make_nvml_sampler(nvml.api, handles);
      sampler->start();
    }
  }

  const std::vector<RunTarget> targets = plan_targets(gpu_benchmarks(), devices, mode, nullptr);
  RunnerConfig config;
  config.mode = mode;
  config.sampler = sampler.get();
  register_with_gbench(targets, config);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  if (sampler) sampler->stop();

  for (const auto& t : targets)
    if (const auto m = take_measurement(t.registration); m && m->status == "check-failed") return exit_code::check_failed;
  return exit_code::ok;
}
