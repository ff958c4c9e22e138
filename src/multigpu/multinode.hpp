// `gpuaudit run --nccl-multinode` under mpirun or srun: every rank takes its own inventory and
// runs the suites on its GPUs; the multi-gpu suite builds one NCCL communicator over all ranks;
// at the end rank 0 gathers every rank's inventory and figures into its document:
//   doc.extra["multinode"] = {ranks, nodes, launcher, ...}
//   doc.extra["ranks"]     = [{rank, node, local_rank, gpus: [...], host, software, gpu_status,
//                              gpu_inventory, benchmarks, output}, ...]   (rank order, rank 0 too)
// The other ranks write their own documents next to rank 0's ("<name>.rank<N>.json"), so
// nothing measured is lost when the gather cannot happen.
#pragma once

#include "core/result.hpp"
#include "multigpu/rank_world.hpp"

#include <memory>
#include <string>
#include <vector>

namespace gpuaudit::multigpu {

// What every rank tells the others at the start, so all take the same decisions.
struct RankIdentity {
  int rank = 0;
  int local_rank = 0;
  int local_size = 1;
  std::string node;
  bool gpu_ok = false;                  // its inventory found usable GPUs
  std::vector<std::string> gpu_uuids;   // doc.gpus, in index order
  std::vector<std::string> gpu_names;
  json extra;
};
GA_JSON_TYPE(RankIdentity, rank, local_rank, local_size, node, gpu_ok, gpu_uuids, gpu_names)

// The GPU indices (into the rank's doc.gpus) rank `me` drives in the cross-node communicator.
// One process per node uses all of its GPUs. Several processes on one node that see the same
// GPUs (mpirun -np 8 without binding) share them out by local rank (GPU i goes to local rank
// i mod local_size); processes already bound to their own GPUs (srun --gpus-per-task) keep them.
std::vector<int> gpus_for_rank(const std::vector<RankIdentity>& all, int me, const std::vector<int>& selected);

// "out.json" -> "out.rank3.json" (rank 0 keeps the name it was given).
std::string rank_output_path(const std::string& path, int rank);

// What one rank sends to rank 0 at the end: its identity and its document's own part.
json rank_payload(const ResultDocument& doc, const RankIdentity& id, const std::vector<int>& gpus,
                  const std::string& output);
// Rank 0 merges everyone's payloads (rank order) into its document.
void merge_rank_payloads(ResultDocument& doc, const std::vector<json>& payloads, const std::string& launcher);

class MultinodeRun {
 public:
  // Joins the job (MPI_Init through rank_world_factory()) and exchanges identities. Throws a
  // usage error when this binary was built without MPI.
  static std::unique_ptr<MultinodeRun> start(ResultDocument& doc, const std::vector<int>& selected_gpus);
  // The same with a given world (the tests' fake).
  static std::unique_ptr<MultinodeRun> start_with(std::unique_ptr<RankWorld> world, ResultDocument& doc,
                                                  const std::vector<int>& selected_gpus);
  ~MultinodeRun();

  int rank() const { return world_->rank(); }
  int size() const { return world_->size(); }
  bool is_root() const { return world_->rank() == 0; }
  RankWorld& world() { return *world_; }
  const std::vector<RankIdentity>& ranks() const { return ranks_; }
  bool all_gpu_ok() const;
  int nodes() const;
  // The GPUs (doc indices) this rank drives in the cross-node communicator.
  const std::vector<int>& my_gpus() const { return my_gpus_; }

  std::string output_path(const std::string& requested);
  // End of the run: rank 0 receives everyone's payload and merges it; the others send theirs.
  void gather(ResultDocument& doc);

 private:
  MultinodeRun() = default;
  std::unique_ptr<RankWorld> world_;
  std::vector<RankIdentity> ranks_;
  std::vector<int> my_gpus_;
  std::string output_;
  bool gathered_ = false;
};

// The run in progress (set by start, cleared by the destructor); the multi-gpu suite asks it
// whether to build a cross-node communicator. Null in a single-node run.
MultinodeRun* current_multinode();

}  // namespace gpuaudit::multigpu
