// The order the verdict rules run in, what each gives and what it defers to (rule_table.hpp).
#include "score/rule_table.hpp"

namespace gpuaudit {

using namespace finding_id;

const std::vector<GpuRule>& gpu_rules() {
  static const std::vector<GpuRule> rules{
      {.file = "rule_unknown_gpu",
       .run = [](GpuScoring& g, const GpuRuleContext& c) { rule_unknown_gpu(g, c.notes); },
       .gives = {kUnknownGpu}},
      // Never deferred: a GPU that computes wrong answers is the worst news whatever else holds.
      {.file = "rule_wrong_results",
       .run = [](GpuScoring& g, const GpuRuleContext& c) { rule_wrong_results(g, c.wrong, c.t); },
       .gives = {kWrongResults}},
      {.file = "rule_gpu_fault", .run = [](GpuScoring& g, const GpuRuleContext& c) { rule_gpu_fault(g, c.t); }, .gives = {kGpuFault}},
      {.file = "rule_sliced", .run = [](GpuScoring& g, const GpuRuleContext& c) { rule_sliced(g, c.t); }, .gives = {kSliced}},
      {.file = "rule_power", .run = [](GpuScoring& g, const GpuRuleContext& c) { rule_power(g, c.t); }, .gives = {kPowerCapped}},
      {.file = "rule_thermal",
       .run = [](GpuScoring& g, const GpuRuleContext& c) { rule_thermal(g, c.t); },
       .gives = {kThermalThrottled}},
      // A low clock on a capped, hot or time-shared card is that cause, not a second finding.
      {.file = "rule_clock",
       .run = [](GpuScoring& g, const GpuRuleContext& c) { rule_clock(g, c.t); },
       .gives = {kClockLimited},
       .defers_to = {kPowerCapped, kThermalThrottled, kSliced}},
      {.file = "rule_sustained",
       .run = [](GpuScoring& g, const GpuRuleContext& c) { rule_sustained(g, c.t); },
       .gives = {kSustainedDrop}},
      {.file = "rule_memory",
       .run = [](GpuScoring& g, const GpuRuleContext& c) { rule_memory(g, c.t); },
       .gives = {kMemoryDegraded},
       .defers_to = {kSliced}},
      {.file = "rule_numa", .run = [](GpuScoring& g, const GpuRuleContext& c) { rule_numa(g, c.t); }, .gives = {kNumaMisplaced}},
      // Slow copies with a full link are the far NUMA node's, not the link's.
      {.file = "rule_pcie",
       .run = [](GpuScoring& g, const GpuRuleContext& c) { rule_pcie(g, c.t); },
       .gives = {kPcieDegraded},
       .defers_to = {kNumaMisplaced}},
      {.file = "rule_nvlink",
       .run = [](GpuScoring& g, const GpuRuleContext& c) { rule_nvlink(g, c.t); },
       .gives = {kNoNvlink, kNvlinkDegraded}},
      // Xid 74 and friends join the link-count finding when there is one.
      {.file = "rule_nvlink_errors",
       .run = [](GpuScoring& g, const GpuRuleContext& c) { rule_nvlink_errors(g, c.t); },
       .gives = {kNvlinkDegraded},
       .defers_to = {kNvlinkDegraded, kNoNvlink}},
      // A key figure low that no rule explained (an unknown model's estimate aside): the software
      // when tensor alone is low, sharing when everything is.
      {.file = "rule_unexplained",
       .run = [](GpuScoring& g, const GpuRuleContext& c) { rule_unexplained(g, c.t); },
       .gives = {kSoftware, kSliced},
       .defers_to = {kUnknownGpu},
       .last_word = true},
      {.file = "rule_straggler",
       .run = [](GpuScoring& g, const GpuRuleContext& c) { rule_straggler(g, c.all, c.t); },
       .gives = {kStraggler}},
      {.file = "rule_healthy",
       .run = [](GpuScoring& g, const GpuRuleContext& c) { rule_healthy(g, c.t); },
       .gives = {kHealthy},
       .last_word = true},
  };
  return rules;
}

const std::vector<DocRule>& doc_rules() {
  static const std::vector<DocRule> rules{
      // The collectives are not the fabric's fault when a GPU's own links are already down.
      {.file = "rule_collectives", .run = rule_collectives, .gives = {kNvlinkDegraded, kPcieDegraded}, .defers_to = {kNvlinkDegraded, kNoNvlink}},
      {.file = "rule_healthy", .run = rule_machine_healthy, .gives = {kHealthy}, .defers_to = {kNvlinkDegraded, kPcieDegraded, kNoNvlink}},
      {.file = "rule_host", .run = rule_host, .gives = {kHostBound}},
      // A lost GPU's errors are the gpu-fault finding's, not the software's.
      {.file = "rule_software", .run = rule_software, .gives = {kSoftware}, .defers_to = {kGpuFault}},
      {.file = "rule_reported_errors", .run = rule_reported_errors, .gives = {kGpuFault, kMemoryDegraded, kNvlinkDegraded, kSliced}},
      {.file = "rule_peer_access", .run = rule_peer_access, .gives = {kNoPeerAccess}},
      // A GPU whose fabric registration failed joins the software finding for the fabric manager.
      {.file = "rule_fabric", .run = rule_fabric, .gives = {kSoftware}, .defers_to = {kSoftware}},
      {.file = "rule_kernel_notes", .run = rule_kernel_notes},
      {.file = "rule_stopped_rows", .run = rule_stopped_rows},
      // Last: it speaks only where nothing else could decide.
      {.file = "rule_inconclusive", .run = rule_inconclusive, .gives = {kInconclusive}, .defers_to = {kHealthy}, .last_word = true},
  };
  return rules;
}

}  // namespace gpuaudit
