// Multi-GPU figures in the shapes people already read: p2p/matrix as the GPU x GPU bandwidth
// matrix of CUDA's p2pBandwidthLatencyTest, beside the link types of `nvidia-smi topo -m` (from the
// document's topology), and each NCCL row as nccl-tests' per-size table.
#pragma once

#include "core/result.hpp"

#include <string>

namespace gpuaudit {

// One p2p/matrix row: "GPU0 .. GPUn" rows (from) and columns (to), GB/s; "?" where a pair was not
// measured, the diagonal the local copy when the row has it. With the topology, its link matrix
// (X, NV18, PIX, SYS, ...) to the right.
std::string p2p_matrix_text(const BenchmarkResult& row, const json& topology);

// One nccl/<collective> row with extra.sweep: size, count, type, time, algbw, busbw, #wrong; an
// in-place and an out-of-place row of the same collective share one table, as nccl-tests prints it.
std::string nccl_sweep_text(const BenchmarkResult* out_of_place, const BenchmarkResult* in_place);

// Every p2p/matrix and NCCL table of the document, each under a heading; "" when it has none.
std::string multigpu_tables_text(const ResultDocument& doc);

}  // namespace gpuaudit
