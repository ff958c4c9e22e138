// The collectives gpuaudit measures and nccl-tests' bandwidth definitions for them.
//
// Two figures per message size, as nccl-tests reports them (see its doc/PERFORMANCE.md):
//   algbw = S / t          S: the size the caller asked to move (defined per collective below),
//                          t: the time of one operation. What an application sees.
//   busbw = algbw * F(n)   F: the share of S that crosses the busiest link of an optimal ring
//                          (or any optimal algorithm) on n ranks. It makes figures for different
//                          rank counts comparable with each other and with the link's speed:
//                          on healthy hardware busbw stays near the link bandwidth as n grows.
// GB/s here is decimal (1e9 B/s), like every gpuaudit figure.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace gpuaudit::multigpu {

enum class Collective { allreduce, allgather, reducescatter, alltoall };

// "allreduce" ... as used in benchmark names (nccl/<name>).
std::string_view collective_name(Collective c);
std::optional<Collective> collective_from_name(std::string_view name);
const std::vector<Collective>& all_collectives();

// F(n), the bus-bandwidth factor; n = number of ranks (>= 1). For n = 1 it is 0: one rank moves
// nothing over any link, which is why a one-rank figure must never be reported as scaling.
double bus_factor(Collective c, int n);

// algbw in GB/s for `bytes` moved in `seconds`; 0 when seconds <= 0.
double algbw_gbs(double bytes, double seconds);
double busbw_gbs(Collective c, double bytes, double seconds, int n);

// How many elements each rank passes to the NCCL call for a message of `bytes` (S, nccl-tests'
// "size"), and how many elements its send and receive buffers hold. S is rounded down so that it
// splits evenly into n chunks of whole elements; `bytes_moved` is the S actually used.
struct CollectiveShape {
  std::size_t call_count = 0;     // the `count` argument of the NCCL call
  std::size_t send_elements = 0;  // per rank
  std::size_t recv_elements = 0;  // per rank
  std::size_t bytes_moved = 0;    // S, for algbw
};
CollectiveShape collective_shape(Collective c, std::size_t bytes, std::size_t element_size, int n);

}  // namespace gpuaudit::multigpu
