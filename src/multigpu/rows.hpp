// Turning multi-GPU measurements into BenchmarkResult rows of the result document. Host code, so
// the rules (what is the figure, when a row is not applicable, what scoring gets) are tested here.
//
// nccl/<collective> rows: gpu null; params {gpus, ranks, nodes, scope "node"|"multinode", dtype,
//   in_place, gpu_indices, min_bytes, max_bytes, sizes}; the figure is the bus bandwidth at the
//   size where it peaks (samples: that size's repeated measurements); derived: peak_busbw_gbs,
//   peak_algbw_gbs, peak_bytes, near_peak_bytes (90%), small_message_latency_us, and where the
//   topology baseline knows it expected_busbw_gbs + fraction_of_expected (+ expected_uncertain);
//   extra.sweep: every size (bytes, count, time_us, algbw_gbs, busbw_gbs, wrong_elements).
// p2p/matrix rows (one with peer access on, one off): gpu null; the samples are the copy
//   bandwidths of every ordered GPU pair (so min = the weakest pair); derived min/max pair,
//   median latency, expected + fraction_of_expected (weakest pair vs the baseline); extra.pairs.
#pragma once

#include "core/result.hpp"
#include "multigpu/collectives.hpp"
#include "multigpu/summary.hpp"
#include "multigpu/topology.hpp"
#include "multigpu/topology_baseline.hpp"

#include <optional>
#include <string>
#include <vector>

namespace gpuaudit::multigpu {

struct CollectiveRun {
  Collective collective = Collective::allreduce;
  int gpus = 0;                  // ranks in the communicator
  int nodes = 1;
  std::string scope = "node";    // "node" | "multinode"
  std::string dtype = "float";   // "float" | "bf16"
  bool in_place = false;
  std::vector<int> gpu_indices;  // document indices (this node)
  std::vector<SweepPoint> points;
  std::optional<BusbwExpectation> expected;
  std::string topology_baseline;  // id of the profile the expectation came from
};

BenchmarkResult collective_row(const CollectiveRun& run);

// The row for one GPU: never a figure (a one-rank collective moves nothing between GPUs), but
// the one-rank NCCL call was made: `one_rank_status` "ok" (it ran and its result was right),
// "wrong" (it ran and the result was wrong: check-failed), or why it could not run.
BenchmarkResult single_gpu_collective_row(Collective c, const std::string& one_rank_status,
                                          std::optional<int> gpu_index);

// A row that could not be measured: status "error" | "skipped" | "not-applicable".
BenchmarkResult unmeasured_row(const std::string& name, const std::string& status, const std::string& message,
                               json params = json::object());

// Adds scaling efficiency to the rows of one (collective, dtype, in_place, scope) family:
// derived "scaling_efficiency_vs_2gpu" on each row, extra.scaling on the largest.
void add_scaling(std::vector<BenchmarkResult>& rows);

struct PairCopy {
  int src = 0, dst = 0;          // document indices
  bool peer_access = false;      // this measurement had peer access enabled
  bool peer_possible = false;    // cudaDeviceCanAccessPeer
  double gbs = 0;                // median
  std::vector<double> gbs_samples;
  double latency_us = 0;         // one small copy, back to back
  std::size_t wrong_bytes = 0;   // destination differed from source
  std::string error;             // non-empty: this pair failed
};

BenchmarkResult p2p_row(bool peer_access, const std::vector<PairCopy>& pairs, const Topology* topology,
                        const TopologyBaseline* baseline, std::size_t copy_bytes);

}  // namespace gpuaudit::multigpu
