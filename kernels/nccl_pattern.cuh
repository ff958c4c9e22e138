// Device-side fill and check of the collective and copy buffers, with the values of
// src/multigpu/pattern.hpp (host-tested). Launchers only: no timing, no NCCL.
#pragma once

#include "multigpu/pattern.hpp"

#include <cuda_runtime.h>

#include <cstddef>
#include <cstdint>

namespace gpuaudit::multigpu {

enum class DType { f32, bf16 };
inline std::size_t dtype_size(DType t) { return t == DType::f32 ? 4 : 2; }
inline const char* dtype_name(DType t) { return t == DType::f32 ? "float" : "bf16"; }
inline double dtype_exact_limit(DType t) { return t == DType::f32 ? kExactFloat : kExactBf16; }

// Which expected-value rule applies to an output buffer.
enum class Layout { allreduce, allgather, reducescatter, alltoall, copy };

// buf[j] = p.value(first_index + j, rank) for j < elements.
void fill_pattern(void* buf, std::size_t elements, DType t, const Pattern& p, std::uint64_t first_index,
                  std::uint64_t rank, cudaStream_t s);

// Counts the elements of buf that differ from what `layout` expects (count: the NCCL call's
// count; rank: the global rank, or for `copy` the source whose values were copied).
// Synchronises `s`; throws CudaError on a CUDA error.
std::size_t count_wrong(const void* buf, std::size_t elements, DType t, Layout layout, const Pattern& p,
                        std::uint64_t count, std::uint64_t rank, cudaStream_t s);

}  // namespace gpuaudit::multigpu
