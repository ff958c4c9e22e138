// The verdict rules, one file each (rule_<name>.cpp); docs/scoring.md states every rule and the
// evidence it records. They run in the order of score/rule_table.cpp, which also says which
// earlier findings each defers to (a low clock on a power-capped card is the power cap, not a
// second finding).
#pragma once

#include "score/gpu_scoring.hpp"
#include "score/thresholds.hpp"

#include <string>
#include <vector>

namespace gpuaudit {

struct WrongResult;

// unknown-gpu: no baseline for the model; with an architecture estimate, a note instead.
void rule_unknown_gpu(GpuScoring& g, std::vector<std::string>& notes);
// Per GPU. wrong-results first: it never defers (score/wrong_results.hpp).
void rule_wrong_results(GpuScoring& g, const std::vector<WrongResult>& wrong, const Thresholds& t);
// gpu-fault: the kernel log says the GPU fell off the bus or needs a reset (score/xid_catalogue.hpp).
void rule_gpu_fault(GpuScoring& g, const Thresholds& t);
void rule_sliced(GpuScoring& g, const Thresholds& t);       // MIG, SM census, vGPU, memory, co-tenants
void rule_power(GpuScoring& g, const Thresholds& t);        // lowered limit, power reasons under load
void rule_thermal(GpuScoring& g, const Thresholds& t);      // thermal reasons under load
void rule_clock(GpuScoring& g, const Thresholds& t);        // low effective clock with no power/heat cause
void rule_sustained(GpuScoring& g, const Thresholds& t);    // GEMM rate after the soak well below its first seconds
void rule_memory(GpuScoring& g, const Thresholds& t);       // HBM low with compute fine; ECC, row remaps
void rule_numa(GpuScoring& g, const Thresholds& t);         // far-node copies much faster or slower
void rule_pcie(GpuScoring& g, const Thresholds& t);         // link below max under load; slow copies
void rule_nvlink(GpuScoring& g, const Thresholds& t);       // links down
void rule_nvlink_errors(GpuScoring& g, const Thresholds& t);  // Xid 74 in the kernel log
void rule_unexplained(GpuScoring& g, const Thresholds& t);  // a key figure low that no rule explained
// A key figure well below the median of the other GPUs of the same model (`all`: every GPU).
void rule_straggler(GpuScoring& g, const std::vector<GpuScoring>& all, const Thresholds& t);
void rule_healthy(GpuScoring& g, const Thresholds& t);      // nothing found, every key figure within tolerance

// Document-wide (gpu null).
struct DocScoring {
  const ResultDocument* doc = nullptr;
  const std::vector<GpuScoring>* gpus = nullptr;
  std::vector<FigureScore> shared;  // figures with gpu null (collectives), against GPU 0's reference
  // Worth a line in the report but not a verdict on the machine (no exit code): facts about
  // gpuaudit's own build, such as its runtime running under minor-version compatibility.
  std::vector<std::string>* notes = nullptr;
};
void rule_collectives(const DocScoring& d, const Thresholds& t, std::vector<Verdict>& out);
// healthy (gpu null): the multi-GPU figures (nccl/*, p2p/*) judged and all within tolerance.
void rule_machine_healthy(const DocScoring& d, const Thresholds& t, std::vector<Verdict>& out);
void rule_host(const DocScoring& d, const Thresholds& t, std::vector<Verdict>& out);
// The words rule_host's note uses for a host figure taken under other processes' load (the
// assessment counts those notes: such a figure was seen, not judged).
inline constexpr const char* kContendedWords = "contended by other processes";
// host-bound (per GPU) from a `gpuaudit watch` record: the renter's job left a GPU waiting on the host.
void rule_watch(const DocScoring& d, const Thresholds& t, std::vector<Verdict>& out);
void rule_software(const DocScoring& d, const Thresholds& t, std::vector<Verdict>& out);
// gpu-fault / memory-degraded / nvlink-degraded / sliced (gpu null) from error messages that name no
// GPU of the document; the program's own errors as notes (score/reported_errors.hpp).
void rule_reported_errors(const DocScoring& d, const Thresholds& t, std::vector<Verdict>& out);
// no-peer-access: GPUs that cannot reach each other's memory directly (topo -p2p, the CUDA samples,
// nvbandwidth, NCCL): multi-GPU traffic is staged through host memory.
void rule_peer_access(const DocScoring& d, const Thresholds& t, std::vector<Verdict>& out);
void rule_peer_path(const DocScoring& d, const Thresholds& t, std::vector<Verdict>& out);
void rule_moved_data_check(const DocScoring& d, const Thresholds& t, std::vector<Verdict>& out);
// software (fabric-manager): a GPU whose NVLink fabric registration is not Completed/Success.
void rule_fabric(const DocScoring& d, const Thresholds& t, std::vector<Verdict>& out);
// Notes only: kernel-log events that are not the card's fault (application Xids, AER, unclassed).
void rule_kernel_notes(const DocScoring& d, const Thresholds& t, std::vector<Verdict>& out);
// Notes only: a board whose state (power limit, clocks, VBIOS, ECC, PCIe maxima, ...) strays from the
// other boards of its model in the document.
void rule_peer_state(const DocScoring& d, const Thresholds& t, std::vector<Verdict>& out);
// Notes only: video encoder or frame-capture sessions open when a GPU's state was read.
void rule_video_notes(const DocScoring& d, const Thresholds& t, std::vector<Verdict>& out);
void rule_retired_pages_notes(const DocScoring& d, const Thresholds& t, std::vector<Verdict>& out);
void rule_stopped_rows(const DocScoring& d, const Thresholds& t, std::vector<Verdict>& out);
// inconclusive: a GPU (or the document) on which no rule could decide, with what was missing and
// the command that would settle it. Runs last.
void rule_inconclusive(const DocScoring& d, const Thresholds& t, std::vector<Verdict>& out);

}  // namespace gpuaudit
