// The result document, schema "gpuaudit.result/1": one JSON file per run. Field meanings and units
// are documented in docs/result-document.md and checked by schema/gpuaudit.result.schema.json.
// Units live in the field names (_mhz, _w, _bytes, _c, _pct) so a reader never has to guess.
#pragma once

#include "core/json.hpp"
#include "core/stats.hpp"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace gpuaudit {

inline constexpr const char* kResultSchema = "gpuaudit.result/1";
inline constexpr int kResultSchemaMajor = 1;

struct ToolInfo {
  std::string name = "gpuaudit";
  std::string version;
  std::optional<int> cuda_runtime_built;  // CUDART_VERSION the binary was built with, e.g. 12090
  std::vector<std::string> cuda_archs;    // device code in the binary, e.g. "sm_90", "compute_90"
  json extra;
};
GA_JSON_TYPE(ToolInfo, name, version, cuda_runtime_built, cuda_archs)

struct HostInfo {
  std::string hostname;
  std::string cpu_model;
  std::optional<int> vcpus;
  std::optional<std::uint64_t> memory_bytes;
  std::optional<int> numa_nodes;
  std::string kernel;
  std::string os;
  std::string sys_vendor;    // DMI, often names the cloud
  std::string product_name;  // DMI, often names the instance family
  std::string provider_guess;
  std::string provider_evidence;
  std::optional<std::string> hypervisor;      // "KVM", "Microsoft Hyper-V", ... or null on bare metal
  std::optional<std::string> container;       // "docker", "kubernetes", "podman", ... or null
  std::optional<double> steal_pct;            // CPU steal over the sampling window, all vCPUs
  std::optional<double> steal_window_s;
  json extra;
};
GA_JSON_TYPE(HostInfo, hostname, cpu_model, vcpus, memory_bytes, numa_nodes, kernel, os, sys_vendor,
             product_name, provider_guess, provider_evidence, hypervisor, container, steal_pct,
             steal_window_s)

// A CUDA toolkit installed on the machine (probe/cuda_toolkits.hpp).
struct CudaToolkit {
  std::string path;                   // "/usr/local/cuda-12.8" (the real folder)
  std::string version;                // "12.8.1"
  std::optional<int> version_number;  // 12080, comparable with cuda_driver_version
  bool is_default = false;            // /usr/local/cuda points here
  json extra;
};
GA_JSON_TYPE(CudaToolkit, path, version, version_number, is_default)

struct SoftwareInfo {
  std::optional<std::string> driver_version;  // "570.124.06"
  std::optional<int> cuda_driver_version;     // what the driver supports, e.g. 12080
  std::optional<int> cuda_runtime_version;    // the runtime this binary uses
  std::optional<std::string> nvml_version;
  std::optional<std::string> cublas_version;
  std::optional<std::string> nccl_version;
  std::vector<std::string> warnings;          // e.g. runtime newer than the driver supports
  std::vector<CudaToolkit> cuda_toolkits;     // installed on the machine (what its programs build with)
  json extra;
};
GA_JSON_TYPE(SoftwareInfo, driver_version, cuda_driver_version, cuda_runtime_version, nvml_version,
             cublas_version, nccl_version, warnings, cuda_toolkits)

struct MigInfo {
  std::optional<bool> mode_enabled;  // MIG mode of the physical GPU
  bool is_mig_device = false;        // this entry is a MIG slice
  std::optional<std::string> profile;  // "1g.10gb"
  std::optional<std::string> parent_uuid;
  std::optional<int> gpu_instance_id;
  json extra;
};
GA_JSON_TYPE(MigInfo, mode_enabled, is_mig_device, profile, parent_uuid, gpu_instance_id)

struct PowerInfo {
  std::optional<double> limit_w;          // the limit in force now
  std::optional<double> default_limit_w;  // the board's default (TDP as shipped)
  std::optional<double> min_limit_w;
  std::optional<double> max_limit_w;
  std::optional<double> enforced_limit_w;
  std::optional<double> usage_w;
  json extra;
};
GA_JSON_TYPE(PowerInfo, limit_w, default_limit_w, min_limit_w, max_limit_w, enforced_limit_w, usage_w)

struct ClockInfo {
  std::optional<int> sm_max_mhz;
  std::optional<int> mem_max_mhz;
  std::optional<int> sm_now_mhz;
  std::optional<int> mem_now_mhz;
  json extra;
};
GA_JSON_TYPE(ClockInfo, sm_max_mhz, mem_max_mhz, sm_now_mhz, mem_now_mhz)

struct PcieInfo {
  std::optional<int> gen_now;
  std::optional<int> gen_max;      // of the link (GPU and slot together)
  std::optional<int> gen_gpu_max;  // of the GPU alone
  std::optional<int> width_now;
  std::optional<int> width_max;
  json extra;
};
GA_JSON_TYPE(PcieInfo, gen_now, gen_max, gen_gpu_max, width_now, width_max)

struct NvlinkInfo {
  int links_up = 0;
  int links_queried = 0;
  std::optional<int> version;
  json extra;
};
GA_JSON_TYPE(NvlinkInfo, links_up, links_queried, version)

struct EccInfo {
  std::optional<bool> enabled;
  std::optional<std::uint64_t> volatile_corrected;
  std::optional<std::uint64_t> volatile_uncorrected;
  std::optional<std::uint64_t> aggregate_uncorrected;
  std::optional<int> retired_pages;               // pre-Ampere page retirement
  std::optional<int> remapped_rows_correctable;   // Ampere+ row remapping
  std::optional<int> remapped_rows_uncorrectable;
  std::optional<bool> remap_pending;
  std::optional<bool> remap_failure;
  json extra;
};
GA_JSON_TYPE(EccInfo, enabled, volatile_corrected, volatile_uncorrected, aggregate_uncorrected,
             retired_pages, remapped_rows_correctable, remapped_rows_uncorrectable, remap_pending,
             remap_failure)

// A process using the GPU (NVML's running-process lists, nvidia-smi's "Processes"): a co-tenant
// when it is not gpuaudit.
struct GpuProcess {
  std::optional<std::int64_t> pid;
  std::string name;
  std::string type;  // "C" compute, "G" graphics, "C+G"
  std::optional<std::uint64_t> used_memory_bytes;
  json extra;
};
GA_JSON_TYPE(GpuProcess, pid, name, type, used_memory_bytes)

struct GpuInfo {
  int index = 0;
  std::string name;
  std::string uuid;
  std::string pci_bus_id;                     // "00000000:18:00.0"
  std::optional<std::string> pci_device_id;   // "10de:2335"
  std::optional<std::string> pci_subsystem_id;
  std::optional<std::string> compute_capability;  // "9.0"
  std::optional<int> sm_count;
  std::optional<std::uint64_t> memory_total_bytes;
  std::optional<std::uint64_t> memory_free_bytes;
  std::optional<std::uint64_t> l2_bytes;
  MigInfo mig;
  std::optional<std::string> virtualization_mode;  // none|passthrough|vgpu|host-vgpu|host-vsga
  PowerInfo power;
  ClockInfo clocks;
  std::vector<std::string> clock_event_reasons;  // active now
  PcieInfo pcie;
  NvlinkInfo nvlink;
  EccInfo ecc;
  std::optional<int> temperature_c;
  // The card's own thresholds (NVML / nvidia-smi "GPU Slowdown Temp"...): above slowdown it clocks down.
  std::optional<int> temperature_slowdown_c;
  std::optional<int> temperature_shutdown_c;
  std::optional<int> temperature_max_operating_c;
  std::optional<double> utilization_pct;  // GPU utilisation at inventory time (before gpuaudit's own work)
  std::vector<GpuProcess> processes;      // at inventory time
  std::optional<bool> persistence_mode;
  std::optional<std::string> compute_mode;  // default|exclusive-process|prohibited
  std::optional<int> numa_node;
  json extra;
};
GA_JSON_TYPE(GpuInfo, index, name, uuid, pci_bus_id, pci_device_id, pci_subsystem_id,
             compute_capability, sm_count, memory_total_bytes, memory_free_bytes, l2_bytes, mig,
             virtualization_mode, power, clocks, clock_event_reasons, pcie, nvlink, ecc,
             temperature_c, temperature_slowdown_c, temperature_shutdown_c, temperature_max_operating_c,
             utilization_pct, processes, persistence_mode, compute_mode, numa_node)

// Why there is (or is not) a usable GPU. `state` is one of:
// ok | no-driver | driver-not-loaded | no-device | driver-too-old | no-kernel-image | not-built
struct GpuStatus {
  std::string state = "ok";
  std::string message;
  json extra;
};
GA_JSON_TYPE(GpuStatus, state, message)

struct Range {
  double min = 0, median = 0, max = 0;
};
GA_JSON_VALUE(Range, min, median, max)

// What the card did while one benchmark ran, from the NVML sampler.
struct TelemetrySummary {
  int samples = 0;
  std::optional<Range> sm_clock_mhz;
  std::optional<Range> mem_clock_mhz;
  std::optional<Range> power_w;
  std::optional<Range> temperature_c;
  std::optional<Range> gpu_util_pct;
  std::vector<std::string> clock_event_reasons;  // seen in any sample, "gpu-idle" left out
  std::optional<int> pcie_gen_max_seen;
  std::optional<int> pcie_width_max_seen;
  json extra;
};
GA_JSON_TYPE(TelemetrySummary, samples, sm_clock_mhz, mem_clock_mhz, power_w, temperature_c,
             gpu_util_pct, clock_event_reasons, pcie_gen_max_seen, pcie_width_max_seen)

// One measurement. `status`: ok | check-failed (output did not match the host reference: no figure) |
// error (CUDA/library/OS error) | skipped (not selected here, e.g. no disk path) | not-applicable
// (e.g. FP8 on an Ampere card, scaling on a single GPU) | interrupted (SIGINT/SIGTERM cut it short:
// no figure, whatever samples were taken kept; compare leaves it out).
struct BenchmarkResult {
  std::string name;        // "hbm/copy"
  std::optional<int> gpu;  // GPU index; null for host or all-GPU measurements
  std::string status = "ok";
  std::string message;
  std::string unit;        // "GB/s", "TFLOP/s", "us", "count"
  bool higher_is_better = true;
  json params = json::object();
  std::vector<double> samples;
  std::optional<Summary> summary;
  std::map<std::string, double> derived;  // figures computed from this one, e.g. effective_sm_clock_mhz
  std::optional<TelemetrySummary> telemetry;
  json extra;

  // The figure we report: the median, when the benchmark produced one.
  std::optional<double> value() const {
    if (status == "ok" && summary) return summary->median;
    return std::nullopt;
  }
};
GA_JSON_TYPE(BenchmarkResult, name, gpu, status, message, unit, higher_is_better, params, samples,
             summary, derived, telemetry)

// One conclusion of `score`, with the figures and telemetry that support it.
struct Finding {
  std::string id;              // wrong-results | sliced | power-capped | thermal-throttled | clock-limited |
                               // sustained-drop | straggler | pcie-degraded | numa-misplaced | memory-degraded |
                               // nvlink-degraded | no-nvlink | host-bound | software | healthy | unknown-gpu
  std::optional<int> gpu;      // null: host-wide
  std::string confidence;      // high | medium | low
  std::string summary;         // one line a person understands
  std::vector<std::string> evidence;       // one line each: figure, expected, ratio, telemetry
  std::map<std::string, double> figures;   // the numbers behind it
  json extra;
};
GA_JSON_TYPE(Finding, id, gpu, confidence, summary, evidence, figures)

// What `score` (and the end of `run`) concluded; re-scoring replaces it.
struct Assessment {
  std::string scored_utc;
  std::string baselines_version;  // of the baseline set used
  std::string headline;           // "NVIDIA H100 80GB HBM3 - sliced: MIG 3g.40gb, 60 of 132 SMs; delivers 45% of a full card"
  std::optional<double> delivered_fraction;  // of a full healthy card of the same model
  std::vector<Finding> findings;
  json extra;
};
GA_JSON_TYPE(Assessment, scored_utc, baselines_version, headline, delivered_fraction, findings)

struct ResultDocument {
  std::string schema = kResultSchema;
  ToolInfo tool;
  std::string created_utc;  // ISO 8601, "2026-11-30T00:18:29Z"
  bool synthetic = false;   // true for a fixture that did not come from a real card
  std::string synthetic_source;  // for a synthetic document: what its figures are built from
  std::map<std::string, std::string> tags;  // provider, region, instance, ...
  std::optional<double> price_per_hour;
  std::optional<std::string> currency;
  std::string mode;  // quick|full|info|custom
  HostInfo host;
  SoftwareInfo software;
  GpuStatus gpu_status;
  std::vector<GpuInfo> gpus;
  std::vector<BenchmarkResult> benchmarks;
  std::optional<Assessment> assessment;
  json extra;

  const BenchmarkResult* find(const std::string& name, std::optional<int> gpu) const;
};
GA_JSON_TYPE(ResultDocument, schema, tool, created_utc, synthetic, synthetic_source, tags,
             price_per_hour, currency, mode, host, software, gpu_status, gpus, benchmarks, assessment)

std::string utc_now_iso8601();

}  // namespace gpuaudit
