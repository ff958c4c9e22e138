// RankWorld over MPI. Compiled only when CMake finds MPI (cmake/Mpi.cmake): this folder sits
// below src/multigpu/, out of reach of the host library's src/*/*.cpp glob on purpose.
//
// Why MPI at all, when NCCL only needs its unique id copied to every rank: mpirun and srun are
// how clusters start jobs (placement, binding, the network), and MPI gives us the id broadcast
// and the final gather of every rank's document over the same job, without a home-made launcher.
#include "multigpu/rank_world.hpp"

#include <mpi.h>

#include <cstdlib>
#include <string>
#include <vector>

namespace gpuaudit::multigpu {
namespace {

class MpiWorld final : public RankWorld {
 public:
  MpiWorld() {
    int initialized = 0;
    MPI_Initialized(&initialized);
    if (!initialized) {
      int provided = 0;
      // Funneled: only the main thread calls MPI (the telemetry sampler never does).
      MPI_Init_thread(nullptr, nullptr, MPI_THREAD_FUNNELED, &provided);
      owns_ = true;
    }
    MPI_Comm_rank(MPI_COMM_WORLD, &rank_);
    MPI_Comm_size(MPI_COMM_WORLD, &size_);
    MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, rank_, MPI_INFO_NULL, &local_);
    MPI_Comm_rank(local_, &local_rank_);
    MPI_Comm_size(local_, &local_size_);
    char name[MPI_MAX_PROCESSOR_NAME] = {};
    int len = 0;
    MPI_Get_processor_name(name, &len);
    node_.assign(name, static_cast<std::size_t>(len));
    char version[MPI_MAX_LIBRARY_VERSION_STRING] = {};
    MPI_Get_library_version(version, &len);
    launcher_.assign(version, static_cast<std::size_t>(len));
    if (const auto nl = launcher_.find_first_of(",\n"); nl != std::string::npos) launcher_.resize(nl);
  }

  ~MpiWorld() override {
    if (local_ != MPI_COMM_NULL) MPI_Comm_free(&local_);
    int finalized = 0;
    MPI_Finalized(&finalized);
    if (owns_ && !finalized) MPI_Finalize();
  }

  int rank() const override { return rank_; }
  int size() const override { return size_; }
  int local_rank() const override { return local_rank_; }
  int local_size() const override { return local_size_; }
  std::string node_name() const override { return node_; }
  std::string launcher() const override { return launcher_; }

  std::vector<std::string> all_gather(const std::string& mine) override {
    std::vector<int> sizes(static_cast<std::size_t>(size_));
    int n = static_cast<int>(mine.size());
    MPI_Allgather(&n, 1, MPI_INT, sizes.data(), 1, MPI_INT, MPI_COMM_WORLD);
    std::vector<int> offsets;
    const int total = layout(sizes, offsets);
    std::string buffer(static_cast<std::size_t>(total), '\0');
    MPI_Allgatherv(mine.data(), n, MPI_CHAR, buffer.data(), sizes.data(), offsets.data(), MPI_CHAR, MPI_COMM_WORLD);
    return split(buffer, sizes, offsets);
  }

  std::vector<std::string> gather_to_root(const std::string& mine) override {
    std::vector<int> sizes(static_cast<std::size_t>(size_));
    int n = static_cast<int>(mine.size());
    MPI_Gather(&n, 1, MPI_INT, sizes.data(), 1, MPI_INT, 0, MPI_COMM_WORLD);
    std::vector<int> offsets;
    const int total = rank_ == 0 ? layout(sizes, offsets) : 0;
    std::string buffer(static_cast<std::size_t>(total), '\0');
    MPI_Gatherv(mine.data(), n, MPI_CHAR, buffer.data(), sizes.data(), offsets.data(), MPI_CHAR, 0, MPI_COMM_WORLD);
    if (rank_ != 0) return {};
    return split(buffer, sizes, offsets);
  }

  std::string broadcast_from_root(const std::string& value) override {
    int n = rank_ == 0 ? static_cast<int>(value.size()) : 0;
    MPI_Bcast(&n, 1, MPI_INT, 0, MPI_COMM_WORLD);
    std::string out = rank_ == 0 ? value : std::string(static_cast<std::size_t>(n), '\0');
    MPI_Bcast(out.data(), n, MPI_CHAR, 0, MPI_COMM_WORLD);
    return out;
  }

  void abort(int exit_code) override { MPI_Abort(MPI_COMM_WORLD, exit_code); }

 private:
  static int layout(const std::vector<int>& sizes, std::vector<int>& offsets) {
    offsets.assign(sizes.size(), 0);
    int total = 0;
    for (std::size_t i = 0; i < sizes.size(); ++i) {
      offsets[i] = total;
      total += sizes[i];
    }
    return total;
  }
  static std::vector<std::string> split(const std::string& buffer, const std::vector<int>& sizes,
                                        const std::vector<int>& offsets) {
    std::vector<std::string> out;
    for (std::size_t i = 0; i < sizes.size(); ++i)
      out.push_back(buffer.substr(static_cast<std::size_t>(offsets[i]), static_cast<std::size_t>(sizes[i])));
    return out;
  }

  bool owns_ = false;
  int rank_ = 0, size_ = 1, local_rank_ = 0, local_size_ = 1;
  MPI_Comm local_ = MPI_COMM_NULL;
  std::string node_, launcher_;
};

std::unique_ptr<RankWorld> make_mpi_world() { return std::make_unique<MpiWorld>(); }

// Registers MPI as the world of --nccl-multinode runs when this file is linked in.
const bool registered = [] {
  rank_world_factory() = &make_mpi_world;
  return true;
}();

}  // namespace
}  // namespace gpuaudit::multigpu
