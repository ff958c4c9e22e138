// The order the verdict rules run in, what each gives and what it defers to (rule_table.hpp).
#include "score/rule_table.hpp"

namespace gpuaudit {

using namespace finding_id;

namespace {

// A per-GPU rule that reads only its GPU and the thresholds, as a row's `run`.
template <void (*Rule)(GpuScoring&, const Thresholds&)>
void by_thresholds(GpuScoring& g, const GpuRuleContext& c) {
  Rule(g, c.t);
}

}  // namespace

const std::vector<GpuRule>& gpu_rules() {
  static const std::vector<GpuRule> rules{
      {.file = "rule_unknown_gpu",
       .run = [](GpuScoring& g, const GpuRuleContext& c) { rule_unknown_gpu(g, c.notes); },
       .gives = {kUnknownGpu}},
      // Never deferred: a GPU that computes wrong answers is the worst news whatever else holds.
      {.file = "rule_wrong_results",
       .run = [](GpuScoring& g, const GpuRuleContext& c) { rule_wrong_results(g, c.wrong, c.t); },
       .gives = {kWrongResults}},
      {.file = "rule_gpu_fault", .run = by_thresholds<rule_gpu_fault>, .gives = {kGpuFault}},
      {.file = "rule_sliced", .run = by_thresholds<rule_sliced>, .gives = {kSliced}},
      {.file = "rule_power", .run = by_thresholds<rule_power>, .gives = {kPowerCapped}},
      {.file = "rule_thermal", .run = by_thresholds<rule_thermal>, .gives = {kThermalThrottled}},
      // A low clock on a capped, hot or time-shared card is that cause, not a second finding.
      {.file = "rule_clock",
       .run = by_thresholds<rule_clock>,
       .gives = {kClockLimited},
       .defers_to = {kPowerCapped, kThermalThrottled, kSliced}},
      {.file = "rule_sustained", .run = by_thresholds<rule_sustained>, .gives = {kSustainedDrop}},
      {.file = "rule_memory", .run = by_thresholds<rule_memory>, .gives = {kMemoryDegraded}, .defers_to = {kSliced}},
      {.file = "rule_numa", .run = by_thresholds<rule_numa>, .gives = {kNumaMisplaced}},
      // Slow copies with a full link are the far NUMA node's, not the link's.
      {.file = "rule_pcie", .run = by_thresholds<rule_pcie>, .gives = {kPcieDegraded}, .defers_to = {kNumaMisplaced}},
      {.file = "rule_nvlink", .run = by_thresholds<rule_nvlink>, .gives = {kNoNvlink, kNvlinkDegraded}},
      // Xid 74 and friends join the link-count finding when there is one.
      {.file = "rule_nvlink_errors",
       .run = by_thresholds<rule_nvlink_errors>,
       .gives = {kNvlinkDegraded},
       .defers_to = {kNvlinkDegraded, kNoNvlink}},
      // A key figure low that no rule explained (an unknown model's estimate aside): the software
      // when tensor alone is low, sharing when everything is.
      {.file = "rule_unexplained",
       .run = by_thresholds<rule_unexplained>,
       .gives = {kSoftware, kSliced},
       .defers_to = {kUnknownGpu},
       .last_word = true},
      {.file = "rule_straggler",
       .run = [](GpuScoring& g, const GpuRuleContext& c) { rule_straggler(g, c.all, c.t); },
       .gives = {kStraggler}},
      {.file = "rule_healthy",
       .run = by_thresholds<rule_healthy>,
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
      {.file = "rule_watch", .run = rule_watch, .gives = {kHostBound, kSliced}},
      // A lost GPU's errors are the gpu-fault finding's, not the software's.
      {.file = "rule_software", .run = rule_software, .gives = {kSoftware}, .defers_to = {kGpuFault}},
      {.file = "rule_reported_errors", .run = rule_reported_errors, .gives = {kGpuFault, kMemoryDegraded, kNvlinkDegraded, kSliced, kWrongResults}},
      {.file = "rule_peer_access", .run = rule_peer_access, .gives = {kNoPeerAccess}},
      {.file = "rule_peer_path", .run = rule_peer_path, .gives = {kPcieDegraded}},
      {.file = "rule_moved_data_check", .run = rule_moved_data_check, .gives = {kWrongResults}},
      // A GPU whose fabric registration failed joins the software finding for the fabric manager.
      {.file = "rule_fabric", .run = rule_fabric, .gives = {kSoftware}, .defers_to = {kSoftware}},
      {.file = "rule_kernel_notes", .run = rule_kernel_notes},
      {.file = "rule_video_notes", .run = rule_video_notes},
      {.file = "rule_retired_pages_notes", .run = rule_retired_pages_notes},
      {.file = "rule_stopped_rows", .run = rule_stopped_rows},
      {.file = "rule_peer_state", .run = rule_peer_state},
      // Last: it speaks only where nothing else could decide.
      {.file = "rule_inconclusive", .run = rule_inconclusive, .gives = {kInconclusive}, .defers_to = {kHealthy}, .last_word = true},
  };
  return rules;
}

}  // namespace gpuaudit
