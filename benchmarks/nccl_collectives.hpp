// NCCL communicators over a set of GPUs and the size sweep of one collective on them. Works the
// same for one process driving all GPUs of a node (ncclCommInitAll) and for one communicator
// across the processes of an MPI job (unique id broadcast by RankWorld, ncclCommInitRank).
#pragma once

#include "cuda/cuda_raii.hpp"
#include "cuda/nccl_api.hpp"
#include "kernels/nccl_pattern.cuh"
#include "multigpu/collectives.hpp"
#include "multigpu/rank_world.hpp"
#include "multigpu/summary.hpp"

#include <memory>
#include <string>
#include <vector>

namespace gpuaudit::multigpu {

struct SweepOptions {
  Collective collective = Collective::allreduce;
  DType dtype = DType::f32;
  bool in_place = false;
  std::vector<std::size_t> sizes;
  int samples = 3;
  double target_sample_s = 2e-3;  // one timed sample lasts about this long
  double timeout_s = 120;         // per wait on the GPUs
  RankWorld* world = nullptr;     // across processes: iteration counts and wrong counts agree
};

}  // namespace gpuaudit::multigpu

#if GPUAUDIT_HAVE_NCCL_H

namespace gpuaudit::multigpu {

// NCCL did not finish in time: the communicators were aborted and must not be used again.
struct NcclTimeout : std::runtime_error {
  using std::runtime_error::runtime_error;
};

class CommGroup {
 public:
  // One process, all `devices` (CUDA ordinals): ranks 0..n-1.
  static std::unique_ptr<CommGroup> local(const NcclApi& api, const std::vector<int>& devices);
  // This process's `devices` as ranks first_rank.. of an `nranks` communicator spanning the job.
  static std::unique_ptr<CommGroup> world(const NcclApi& api, RankWorld& world, const std::vector<int>& devices,
                                          int first_rank, int nranks);
  ~CommGroup();
  CommGroup(const CommGroup&) = delete;
  CommGroup& operator=(const CommGroup&) = delete;

  int nranks() const { return nranks_; }
  int local_count() const { return static_cast<int>(devices_.size()); }
  int device(int i) const { return devices_[static_cast<std::size_t>(i)]; }
  int rank(int i) const { return first_rank_ + i; }
  cudaStream_t stream(int i) const { return streams_[static_cast<std::size_t>(i)]->get(); }
  ncclComm_t comm(int i) const { return comms_[static_cast<std::size_t>(i)]; }
  const NcclApi& api() const { return api_; }

  // Waits for every local stream; past `seconds` aborts the communicators and throws NcclTimeout.
  void wait(double seconds);
  bool aborted() const { return aborted_; }
  void abort();

 private:
  CommGroup(const NcclApi& api, std::vector<int> devices, int first_rank, int nranks);
  const NcclApi& api_;
  std::vector<int> devices_;
  int first_rank_ = 0, nranks_ = 0;
  std::vector<ncclComm_t> comms_;
  std::vector<std::unique_ptr<DeviceStream>> streams_;
  bool aborted_ = false;
};

// Send and receive buffers of `bytes` each on every local GPU of a group, reused by all sweeps.
struct GroupBuffers {
  GroupBuffers(const CommGroup& g, std::size_t bytes);
  std::vector<std::unique_ptr<DeviceBytes>> send, recv;
  std::size_t bytes = 0;
};


// Checks the result at every size (a fresh fill, one operation, a device-side comparison), then
// times it. The time of one operation is the slowest local GPU's; across processes rank 0's.
std::vector<SweepPoint> run_sweep(CommGroup& g, GroupBuffers& b, const SweepOptions& o);

// "ncclAllReduce: unhandled cuda error (...)": throws std::runtime_error.
void nccl_check(const NcclApi& api, ncclResult_t r, const char* what, ncclComm_t comm = nullptr);

}  // namespace gpuaudit::multigpu

#endif  // GPUAUDIT_HAVE_NCCL_H
