// A per-model reference: how to recognise the card, what its datasheet says, and what a healthy
// one really achieves in each measurement family, every value with its source.
// File format: baselines/<id>.json, schema schema/gpuaudit.baseline.schema.json (docs/baselines.md).
#pragma once

#include "baselines/video_engines.hpp"
#include "core/json.hpp"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace gpuaudit {

// A number with where it came from. `uncertain` marks a single weak source, an inference, or
// conflicting sources (a '?' in the reference CSV).
struct Sourced {
  double value = 0;
  std::string source;
  bool uncertain = false;
};
GA_JSON_VALUE(Sourced, value, source, uncertain)

struct MigProfile {
  std::string name;                 // "1g.10gb"
  std::optional<int> sm_count;      // null where no real `nvidia-smi mig -lgip` showed it
  std::optional<int> max_instances;
  int memory_slices = 0;            // of 8: memory bandwidth of a slice scales with this
  std::optional<double> memory_gib;
  std::string source;
  bool uncertain = false;           // SM count inferred (same die as a model where lgip showed it)
};
GA_JSON_VALUE(MigProfile, name, sm_count, max_instances, memory_slices, memory_gib, source, uncertain)

// What a healthy card achieves for one measurement ("hbm/copy", "gemm/bf16", "sm/fp32",
// "pcie/h2d_pinned", ...), in the unit the benchmark reports.
struct Expectation {
  double value = 0;
  std::string unit;
  std::string source;      // a public measurement, a results/ file, or "datasheet x fraction (why)"
  bool uncertain = false;
  std::optional<double> tolerance;  // override of the family's default relative tolerance
  std::string note;        // required when the value is above the datasheet peak (GeForce boost)
};
GA_JSON_VALUE(Expectation, value, unit, source, uncertain, tolerance, note)

struct Baseline {
  std::string id;                            // "h100-sxm5-80gb", the file name without .json
  std::string model;                         // "H100 SXM5 80GB"
  std::vector<std::string> nvidia_smi_names; // "NVIDIA H100 80GB HBM3"
  bool nvidia_smi_names_uncertain = false;   // names by analogy (no real nvidia-smi output seen)
  std::vector<std::string> pci_device_ids;   // "10de:2330"
  std::optional<double> memory_gib;          // marketed size, to split same-name boards
  std::optional<double> memory_mib_reported;  // total as nvidia-smi prints it (81920), where seen
  std::string architecture;                  // "Hopper"
  std::string chip;                          // "GH100"
  std::string compute_capability;            // "9.0"
  // The model whose per-SM figures stand in for an unknown card of the same compute capability
  // (one per capability; see match_baseline's architecture fallback).
  bool architecture_reference = false;
  int sm_count = 0;
  bool sm_count_uncertain = false;           // e.g. H20's 78 SMs come from one weak source
  std::optional<Sourced> boost_clock_mhz;
  std::string memory_type;                     // "HBM3", "GDDR6X"
  std::optional<int> memory_bus_width_bits;
  std::optional<Sourced> memory_bandwidth_gbs;
  std::optional<Sourced> fp32_tflops;
  std::optional<Sourced> fp64_tflops;
  std::optional<Sourced> fp16_tensor_tflops;   // dense, FP32 accumulate
  std::optional<Sourced> bf16_tensor_tflops;
  std::optional<Sourced> tf32_tensor_tflops;
  std::optional<Sourced> fp8_tensor_tflops;
  std::optional<Sourced> tdp_w;
  std::optional<Sourced> l2_mb;
  std::string host_interface;                  // "PCIe 5.0 x16"
  std::optional<int> pcie_gen;
  std::optional<int> pcie_width;
  std::optional<Sourced> nvlink_gbs;           // per GPU, both directions; null: none
  // The die-temperature thresholds nvidia-smi -q reports for the model ("GPU Slowdown Temp",
  // "GPU Shutdown Temp", "GPU Max Operating Temp"), from real outputs; absent where none was seen.
  // They stand in for the card's own when a document does not carry them (the plain table, dmon).
  std::optional<Sourced> temperature_slowdown_c;
  std::optional<Sourced> temperature_shutdown_c;
  std::optional<Sourced> temperature_max_operating_c;
  std::vector<MigProfile> mig_profiles;
  // NVENC/NVDEC/NVJPG/OFA counts from NVIDIA's tables; absent where none gave any (video_engines.hpp).
  std::optional<VideoEngines> video_engines;
  std::map<std::string, Expectation> expected; // by benchmark name
  std::vector<std::string> sources;
  std::string notes;
  json extra;
};
GA_JSON_TYPE(Baseline, id, model, nvidia_smi_names, nvidia_smi_names_uncertain, pci_device_ids,
             memory_gib, memory_mib_reported, architecture, chip, compute_capability,
             architecture_reference, sm_count, sm_count_uncertain, boost_clock_mhz,
             memory_type, memory_bus_width_bits, memory_bandwidth_gbs, fp32_tflops,
             fp64_tflops, fp16_tensor_tflops, bf16_tensor_tflops, tf32_tensor_tflops,
             fp8_tensor_tflops, tdp_w, l2_mb, host_interface, pcie_gen, pcie_width, nvlink_gbs,
             temperature_slowdown_c, temperature_shutdown_c, temperature_max_operating_c,
             mig_profiles, video_engines, expected, sources, notes)

}  // namespace gpuaudit
