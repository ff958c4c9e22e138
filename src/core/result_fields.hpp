// The field lists of the result document's structs (core/result.hpp, core/stats.hpp) for a
// reader other than nlohmann's: json_fields(obj, visit) calls visit(name, member) for each field in
// declaration order, and json_keeps_unknown says whether the struct keeps unknown members in
// `extra` (GA_JSON_TYPE) or drops them (GA_JSON_VALUE). Only core/document_read_simd.cpp reads it.
//
// A copy of the lists in GA_JSON_TYPE/GA_JSON_VALUE, kept here rather than added to those macros
// so that a header every file includes does not change for one reader. It cannot drift unnoticed:
// document_read_simd_test compares each list with the fields to_json writes (ResultFields*).
#pragma once

#include "core/result.hpp"
#include "core/stats.hpp"

#define GA_JSON_READ_VISIT(field) visit(#field, nlohmann_json_t.field);
#define GA_JSON_READ_FIELDS(Type, keeps_unknown, ...)                                      \
  template <class Visit> void json_fields(Type& nlohmann_json_t, Visit&& visit) {         \
    NLOHMANN_JSON_EXPAND(NLOHMANN_JSON_PASTE(GA_JSON_READ_VISIT, __VA_ARGS__))            \
  }                                                                                       \
  constexpr bool json_keeps_unknown(const Type*) { return keeps_unknown; }

namespace gpuaudit {

GA_JSON_READ_FIELDS(ToolInfo, true, name, version, cuda_runtime_built, cuda_archs)
GA_JSON_READ_FIELDS(HostInfo, true, hostname, cpu_model, vcpus, memory_bytes, numa_nodes, kernel, os,
                    sys_vendor, product_name, provider_guess, provider_evidence, hypervisor, container,
                    steal_pct, steal_window_s)
GA_JSON_READ_FIELDS(CudaToolkit, true, path, version, version_number, is_default)
GA_JSON_READ_FIELDS(SoftwareInfo, true, driver_version, cuda_driver_version, cuda_runtime_version,
                    nvml_version, cublas_version, nccl_version, warnings, cuda_toolkits)
GA_JSON_READ_FIELDS(MigInfo, true, mode_enabled, is_mig_device, profile, parent_uuid, gpu_instance_id)
GA_JSON_READ_FIELDS(PowerInfo, true, limit_w, default_limit_w, min_limit_w, max_limit_w, enforced_limit_w,
                    usage_w)
GA_JSON_READ_FIELDS(ClockInfo, true, sm_max_mhz, mem_max_mhz, sm_now_mhz, mem_now_mhz)
GA_JSON_READ_FIELDS(PcieInfo, true, gen_now, gen_max, gen_gpu_max, width_now, width_max)
GA_JSON_READ_FIELDS(NvlinkInfo, true, links_up, links_queried, version)
GA_JSON_READ_FIELDS(EccInfo, true, enabled, volatile_corrected, volatile_uncorrected, aggregate_uncorrected,
                    retired_pages, remapped_rows_correctable, remapped_rows_uncorrectable, remap_pending,
                    remap_failure)
GA_JSON_READ_FIELDS(GpuProcess, true, pid, name, type, used_memory_bytes)
GA_JSON_READ_FIELDS(GpuInfo, true, index, name, uuid, pci_bus_id, pci_device_id, pci_subsystem_id,
                    compute_capability, sm_count, memory_total_bytes, memory_free_bytes, l2_bytes, mig,
                    virtualization_mode, power, clocks, clock_event_reasons, pcie, nvlink, ecc,
                    temperature_c, temperature_slowdown_c, temperature_shutdown_c,
                    temperature_max_operating_c, utilization_pct, processes, persistence_mode, compute_mode,
                    numa_node)
GA_JSON_READ_FIELDS(GpuStatus, true, state, message)
GA_JSON_READ_FIELDS(Range, false, min, median, max)
GA_JSON_READ_FIELDS(TelemetrySummary, true, samples, sm_clock_mhz, mem_clock_mhz, power_w, temperature_c,
                    gpu_util_pct, clock_event_reasons, pcie_gen_max_seen, pcie_width_max_seen)
GA_JSON_READ_FIELDS(BenchmarkResult, true, name, gpu, status, message, unit, higher_is_better, params,
                    samples, summary, derived, telemetry)
GA_JSON_READ_FIELDS(Finding, true, id, gpu, confidence, summary, evidence, figures)
GA_JSON_READ_FIELDS(Assessment, true, scored_utc, baselines_version, headline, delivered_fraction, findings)
GA_JSON_READ_FIELDS(ResultDocument, true, schema, tool, created_utc, synthetic, synthetic_source, tags,
                    price_per_hour, currency, mode, host, software, gpu_status, gpus, benchmarks,
                    assessment)
GA_JSON_READ_FIELDS(Summary, false, n, median, min, max, mean, stddev, cv)

}  // namespace gpuaudit

#undef GA_JSON_READ_FIELDS
#undef GA_JSON_READ_VISIT
