// What a healthy multi-GPU machine of a given kind achieves: expected bus bandwidth and peer-copy
// bandwidth per topology, every figure with its source. Files: baselines/topologies/*.json,
// schema "gpuaudit.topology/1" (docs/multi-gpu.md). The scoring rules nvlink-degraded, no-nvlink
// and pcie-degraded read them through the figures the multi-gpu suite derives from them
// ("expected_busbw_gbs", "fraction_of_expected") and through these functions.
#pragma once

#include "baselines/baseline.hpp"
#include "core/json.hpp"

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace gpuaudit::multigpu {

inline constexpr const char* kTopologySchema = "gpuaudit.topology/1";

struct TopologyMatchRule {
  std::vector<std::string> nvidia_smi_names;  // model-specific profiles; empty for generic PCIe ones
  std::string interconnect;                   // "nvlink" | "pcie"
  std::optional<int> pcie_gen;                // generic PCIe profiles: the GPUs' PCIe generation
  json extra;
};
GA_JSON_TYPE(TopologyMatchRule, nvidia_smi_names, interconnect, pcie_gen)

struct TopologyLink {
  std::string kind;                        // "nvlink" | "pcie"
  std::optional<int> nvlink_generation;
  std::optional<int> links_per_gpu;
  std::optional<bool> via_nvswitch;
  std::optional<int> pcie_gen;
  std::optional<int> pcie_width;
  Sourced gbs_per_direction;               // the link's nominal one-way rate per GPU
  json extra;
};
GA_JSON_TYPE(TopologyLink, kind, nvlink_generation, links_per_gpu, via_nvswitch, pcie_gen, pcie_width,
             gbs_per_direction)

struct BusbwExpectation {
  int gpus = 0;  // 0: any GPU count not listed
  double value = 0;
  std::string source;
  bool uncertain = false;
};
GA_JSON_VALUE(BusbwExpectation, gpus, value, source, uncertain)

struct TopologyExpected {
  Sourced p2p_gbs_peer_on;                                // one pair, one direction, peer access on
  std::optional<Sourced> p2p_gbs_peer_on_across_sockets;  // PCIe: pairs without a common switch
  Sourced p2p_gbs_peer_off;                               // staged through host memory
  std::vector<BusbwExpectation> allreduce_busbw_gbs;
  double tolerance = 0.2;  // a figure below (1 - tolerance) x expected is degraded
  json extra;
};
GA_JSON_TYPE(TopologyExpected, p2p_gbs_peer_on, p2p_gbs_peer_on_across_sockets, p2p_gbs_peer_off,
             allreduce_busbw_gbs, tolerance)

struct TopologyBaseline {
  std::string schema = kTopologySchema;
  std::string id;
  std::string title;
  TopologyMatchRule match;
  TopologyLink link;
  TopologyExpected expected;
  std::string notes;
  json extra;
};
GA_JSON_TYPE(TopologyBaseline, schema, id, title, match, link, expected, notes)

// Every *.json of `dir`, sorted by id. Throws input_error naming the file on unreadable or
// invalid JSON, a wrong schema, an id different from the file name, or a figure without source.
std::vector<TopologyBaseline> load_topology_baselines(const std::filesystem::path& dir);

// One file of that folder, with the same checks; throws input_error naming the file.
TopologyBaseline read_topology_baseline(const std::filesystem::path& file);

// `baselines check`: every file load_topology_baselines would read, each read on its own, so that
// one line per broken file is listed (score would stop at the first); empty when all are good.
std::vector<std::string> check_topology_baselines(const std::filesystem::path& dir);

// baselines/topologies below the per-model baselines folder (default_baselines_dir()).
std::filesystem::path default_topology_baselines_dir();

struct TopologyBaselineMatch {
  const TopologyBaseline* baseline = nullptr;
  std::string method = "none";  // "name" (the model's own board) | "pcie-gen" (generic) | "none"
};

// The model's own profile when its nvidia-smi name is listed (what a healthy board of that
// model has, whatever this one shows); otherwise the generic PCIe profile of the GPU's PCIe
// generation (`pcie_gen`: the GPU's maximum, not the degraded current one).
TopologyBaselineMatch match_topology_baseline(const std::vector<TopologyBaseline>& set, const std::string& gpu_name,
                                              std::optional<int> pcie_gen);

// The expected all-reduce bus bandwidth for `gpus` GPUs: the entry for that count, else the
// "any count" entry (gpus 0); none when the profile has neither.
std::optional<BusbwExpectation> expected_allreduce_busbw(const TopologyBaseline& b, int gpus);

}  // namespace gpuaudit::multigpu
