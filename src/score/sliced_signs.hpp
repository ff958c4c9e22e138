// What the sliced rule's judgements share (rule_sliced.cpp puts them together in one finding): the
// finding being built, its short words and its summary clauses. One file per thing judged:
// sliced_partition.cpp (MIG, SM census), sliced_memory.cpp (memory visible or allocatable),
// sliced_sharing.cpp (co-tenants: preemption gaps, other processes), sliced_vgpu.cpp (a vGPU
// guest, a vGPU host's board). Each adds its evidence in the order the finding prints it.
#pragma once

#include "score/gpu_scoring.hpp"
#include "score/thresholds.hpp"

#include <optional>
#include <string>
#include <vector>

namespace gpuaudit::sliced {

inline constexpr double kGiB = 1024.0 * 1024.0 * 1024.0;

struct SlicedFinding {
  Verdict v;
  std::vector<std::string> shorts;   // the headline's words, joined at the end
  std::vector<std::string> summary;  // the summary's clauses, joined with "; "
  Finding& f() { return v.finding; }
  void raise(const char* confidence) { v.finding.confidence = stronger(v.finding.confidence, confidence); }
};

// A MIG slice, a MIG device the reference cannot scale, a board in MIG mode, or an SM census
// below the model's.
void judge_partition(const GpuScoring& g, SlicedFinding& out);

// Memory below the model's, or memory another process holds: the headline's words when so.
std::optional<std::string> judge_memory(const GpuScoring& g, const Thresholds& t, SlicedFinding& out);

// Compute throughput against the model: the lower of the tensor and vector groups.
std::optional<double> throughput_ratio(const GpuScoring& g);

// Long preemption gaps with every SM present and throughput well below: the longest gap (us).
std::optional<double> judge_preemption(const GpuScoring& g, const Thresholds& t, std::optional<double> tp, SlicedFinding& out);

// Other compute processes, or the GPU busy, in the inventory gpuaudit took before its own work.
bool judge_inventory_cotenants(const GpuScoring& g, const Thresholds& t, SlicedFinding& out);

// The device is a vGPU (virtualization mode vgpu, or a vGPU profile for its name).
bool is_vgpu_guest(const GpuInfo& gpu);

// A vGPU guest: time-sliced unless MIG-backed; `loss_shows` (memory, gaps, co-tenants or low
// throughput) makes it high. Its evidence goes first.
void judge_vgpu_guest(const GpuScoring& g, bool loss_shows, SlicedFinding& out);

// A vGPU host's view of a board that carries vGPUs.
void judge_vgpu_host(const GpuScoring& g, SlicedFinding& out);

}  // namespace gpuaudit::sliced
