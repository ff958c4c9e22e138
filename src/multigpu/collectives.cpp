#include "multigpu/collectives.hpp"

namespace gpuaudit::multigpu {

std::string_view collective_name(Collective c) {
  switch (c) {
    case Collective::allreduce: return "allreduce";
    case Collective::allgather: return "allgather";
    case Collective::reducescatter: return "reducescatter";
    case Collective::alltoall: return "alltoall";
  }
  return "?";
}

std::optional<Collective> collective_from_name(std::string_view name) {
  for (Collective c : all_collectives())
    if (collective_name(c) == name) return c;
  return std::nullopt;
}

const std::vector<Collective>& all_collectives() {
  static const std::vector<Collective> all{Collective::allreduce, Collective::allgather,
                                           Collective::reducescatter, Collective::alltoall};
  return all;
}

double bus_factor(Collective c, int n) {
  if (n <= 1) return 0.0;
  const double dn = n;
  switch (c) {
    // Allreduce = reduce-scatter then all-gather. In a ring each rank sends (n-1)/n of the data
    // in each phase, so 2(n-1)/n of S crosses every link: busbw = algbw * 2(n-1)/n.
    case Collective::allreduce: return 2.0 * (dn - 1.0) / dn;
    // All-gather: S is the gathered (output) size; each rank must receive the n-1 chunks of
    // S/n it does not own, so (n-1)/n of S arrives over its link.
    case Collective::allgather:
    // Reduce-scatter: S is the input size; each rank must send away the n-1 chunks it does not
    // keep (n-1)/n of S, the mirror image of all-gather.
    case Collective::reducescatter:
    // All-to-all: S is what each rank sends in total; the chunk for itself stays local, the
    // other (n-1)/n of S leaves over its link.
    case Collective::alltoall: return (dn - 1.0) / dn;
  }
  return 0.0;
}

double algbw_gbs(double bytes, double seconds) { return seconds > 0 ? bytes / seconds / 1e9 : 0.0; }

double busbw_gbs(Collective c, double bytes, double seconds, int n) {
  return algbw_gbs(bytes, seconds) * bus_factor(c, n);
}

CollectiveShape collective_shape(Collective c, std::size_t bytes, std::size_t element_size, int n) {
  CollectiveShape s;
  if (element_size == 0 || n < 1) return s;
  const std::size_t ranks = static_cast<std::size_t>(n);
  std::size_t total = bytes / element_size;  // elements in S
  switch (c) {
    case Collective::allreduce:
      // S = the buffer each rank reduces; in and out have the same size.
      s.call_count = total;
      s.send_elements = s.recv_elements = total;
      break;
    case Collective::allgather:
      // S = the gathered output; each rank contributes S/n (the call's count).
      total -= total % ranks;
      s.call_count = total / ranks;
      s.send_elements = total / ranks;
      s.recv_elements = total;
      break;
    case Collective::reducescatter:
      // S = the input of each rank; each keeps S/n of the reduced result (the call's count).
      total -= total % ranks;
      s.call_count = total / ranks;
      s.send_elements = total;
      s.recv_elements = total / ranks;
      break;
    case Collective::alltoall:
      // S = what each rank sends (and receives) in total, S/n to every peer (the per-peer count).
      total -= total % ranks;
      s.call_count = total / ranks;
      s.send_elements = s.recv_elements = total;
      break;
  }
  s.bytes_moved = total * element_size;
  return s;
}

}  // namespace gpuaudit::multigpu
