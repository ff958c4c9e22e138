// Small helpers every measurement uses: turning timed launches into samples, copying chunks of an
// output back for the host check, and fresh seeds (every check draws new random inputs).
#pragma once

#include "cuda/cuda_check.hpp"
#include "cuda/launch_timer.hpp"
#include "measure/measurement.hpp"
#include "measure/output_check.hpp"

#include <cuda_runtime.h>

#include <cstdint>
#include <vector>

namespace gpuaudit {

// Samples = work_per_launch / seconds_per_launch / unit_scale (e.g. bytes and 1e9 for GB/s); the
// window and the manual time come from the timing.
Measurement measurement_from_timing(const LaunchTiming& t, double work_per_launch, double unit_scale);

// How the timing went, for the document's params.
json timing_params(const LaunchTiming& t);

// A seed that differs from call to call (clock and a counter).
std::uint64_t fresh_seed();

template <typename T>
struct Gathered {
  std::vector<T> values;
  std::vector<std::uint64_t> index;  // position of each value in the device array
};

// Copies `count` chunks of `chunk` elements (see sample_chunk_offsets) of device array `dev` (n
// elements) to the host. Synchronous.
template <typename T>
Gathered<T> gather_chunks(const T* dev, std::uint64_t n, std::uint64_t chunk, std::size_t count, std::uint64_t seed) {
  Gathered<T> g;
  for (std::uint64_t off : sample_chunk_offsets(n, chunk, count, seed)) {
    const std::uint64_t len = off + chunk <= n ? chunk : n - off;
    const std::size_t at = g.values.size();
    g.values.resize(at + len);
    GA_CUDA(cudaMemcpy(g.values.data() + at, dev + off, len * sizeof(T), cudaMemcpyDeviceToHost));
    for (std::uint64_t i = 0; i < len; ++i) g.index.push_back(off + i);
  }
  return g;
}

// Bit patterns of floats, for exact comparisons with check_equal.
std::vector<std::uint32_t> float_bits(const std::vector<float>& v);

}  // namespace gpuaudit
