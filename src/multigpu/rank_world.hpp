// The processes of one multi-node run, as far as the host code needs them: who am I, how many
// are we, and a few collective exchanges of bytes. The MPI build provides it
// (src/multigpu/mpi/mpi_world.cpp, compiled only when CMake finds MPI); the tests provide a fake.
// Keeping MPI behind this interface lets the host library, the CUDA code and the unit tests
// build without MPI headers.
#pragma once

#include <memory>
#include <string>
#include <vector>

namespace gpuaudit::multigpu {

class RankWorld {
 public:
  virtual ~RankWorld() = default;
  virtual int rank() const = 0;
  virtual int size() const = 0;
  virtual int local_rank() const = 0;   // among the ranks on this node
  virtual int local_size() const = 0;
  virtual std::string node_name() const = 0;
  virtual std::string launcher() const = 0;  // "Open MPI v4.1.4", for the document

  // Every rank passes `mine`; every rank gets all ranks' bytes in rank order.
  virtual std::vector<std::string> all_gather(const std::string& mine) = 0;
  // Every rank passes `mine`; rank 0 gets all ranks' bytes in rank order, the others nothing.
  virtual std::vector<std::string> gather_to_root(const std::string& mine) = 0;
  // Rank 0's `value` to every rank (the others' argument is ignored).
  virtual std::string broadcast_from_root(const std::string& value) = 0;
  // Ends every rank of the job (a rank failed half-way: the others would wait for it forever).
  virtual void abort(int exit_code) = 0;
};

using RankWorldFactory = std::unique_ptr<RankWorld> (*)();

// Set by a static registration in the MPI build; null in a build without MPI.
RankWorldFactory& rank_world_factory();

}  // namespace gpuaudit::multigpu
