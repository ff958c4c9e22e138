// The multi-node run without MPI: ranks are threads of this test sharing a RankWorld made of a
// barrier and a table of byte strings, so the identity exchange, the GPU split and the final
// gather into rank 0's document are checked here. (The real MPI path: tests/cli/mpi_gather.sh.)
#include "multigpu/multinode.hpp"

#include "core/error.hpp"

#include <gtest/gtest.h>

#include <barrier>
#include <memory>
#include <mutex>
#include <thread>

using namespace gpuaudit;
using namespace gpuaudit::multigpu;

namespace {

struct SharedTable {
  explicit SharedTable(int n) : slots(static_cast<std::size_t>(n)), sync(n) {}
  std::vector<std::string> slots;
  std::barrier<> sync;
};

class ThreadWorld final : public RankWorld {
 public:
  ThreadWorld(std::shared_ptr<SharedTable> t, int rank, std::string node, int local_rank, int local_size)
      : t_(std::move(t)), rank_(rank), node_(std::move(node)), local_rank_(local_rank), local_size_(local_size) {}
  int rank() const override { return rank_; }
  int size() const override { return static_cast<int>(t_->slots.size()); }
  int local_rank() const override { return local_rank_; }
  int local_size() const override { return local_size_; }
  std::string node_name() const override { return node_; }
  std::string launcher() const override { return "threads"; }
  std::vector<std::string> all_gather(const std::string& mine) override {
    t_->slots[static_cast<std::size_t>(rank_)] = mine;
    t_->sync.arrive_and_wait();
    std::vector<std::string> out = t_->slots;
    t_->sync.arrive_and_wait();
    return out;
  }
  std::vector<std::string> gather_to_root(const std::string& mine) override {
    auto all = all_gather(mine);
    return rank_ == 0 ? all : std::vector<std::string>{};
  }
  std::string broadcast_from_root(const std::string& value) override {
    return all_gather(rank_ == 0 ? value : std::string())[0];
  }
  void abort(int code) override { aborted = code; }
  int aborted = -1;

 private:
  std::shared_ptr<SharedTable> t_;
  int rank_;
  std::string node_;
  int local_rank_, local_size_;
};

ResultDocument doc_for(const std::string& host, int gpus, const std::string& uuid_prefix) {
  ResultDocument d;
  d.host.hostname = host;
  d.host.cpu_model = "Test CPU " + host;
  d.gpu_status.state = gpus > 0 ? "ok" : "no-device";
  for (int i = 0; i < gpus; ++i) {
    GpuInfo g;
    g.index = i;
    g.name = "NVIDIA H100 80GB HBM3";
    g.uuid = uuid_prefix + std::to_string(i);
    d.gpus.push_back(g);
  }
  BenchmarkResult b;
  b.name = "host/steal";
  b.unit = "%";
  d.benchmarks.push_back(b);
  return d;
}

}  // namespace

TEST(MultiGpuMultinode, ThreeRanksGatherIntoRankZero) {
  const int n = 3;
  auto table = std::make_shared<SharedTable>(n);
  std::vector<ResultDocument> docs{doc_for("node-a", 0, "a"), doc_for("node-b", 0, "b"), doc_for("node-c", 0, "c")};
  std::vector<std::thread> ranks;
  std::vector<int> all_ok(n, -1);
  for (int r = 0; r < n; ++r)
    ranks.emplace_back([&, r] {
      auto world = std::make_unique<ThreadWorld>(table, r, docs[static_cast<std::size_t>(r)].host.hostname, 0, 1);
      auto run = MultinodeRun::start_with(std::move(world), docs[static_cast<std::size_t>(r)], {});
      EXPECT_EQ(current_multinode(), run.get());
      all_ok[static_cast<std::size_t>(r)] = run->all_gpu_ok() ? 1 : 0;
      EXPECT_EQ(run->nodes(), 3);
      run->output_path("/tmp/out.json");
      run->gather(docs[static_cast<std::size_t>(r)]);
    });
  for (auto& t : ranks) t.join();
  for (int ok : all_ok) EXPECT_EQ(ok, 0);  // no GPUs anywhere: nobody builds a communicator
  const json& extra = docs[0].extra;
  ASSERT_TRUE(extra.contains("ranks"));
  ASSERT_EQ(extra["ranks"].size(), 3u);
  for (int r = 0; r < n; ++r) {
    const json& p = extra["ranks"][static_cast<std::size_t>(r)];
    EXPECT_EQ(p["rank"], r);
    EXPECT_EQ(p["host"]["hostname"], docs[static_cast<std::size_t>(r)].host.hostname);
    EXPECT_EQ(p["host"]["cpu_model"], "Test CPU " + docs[static_cast<std::size_t>(r)].host.hostname);
    EXPECT_EQ(p["benchmarks"].size(), 1u);
  }
  EXPECT_EQ(extra["ranks"][1]["output"], "/tmp/out.rank1.json");
  EXPECT_EQ(extra["multinode"]["ranks"], 3);
  EXPECT_EQ(extra["multinode"]["nodes"], 3);
  EXPECT_FALSE(docs[1].extra.contains("ranks"));  // only rank 0 holds the whole job
  EXPECT_EQ(docs[2].extra["rank"]["rank"], 2);
  // The merged document survives a round trip through JSON.
  const ResultDocument back = json(docs[0]).get<ResultDocument>();
  EXPECT_EQ(back.extra["ranks"].size(), 3u);
}

TEST(MultiGpuMultinode, ProcessesSharingANodesGpusSplitThem) {
  std::vector<RankIdentity> all(4);
  for (int r = 0; r < 4; ++r) {
    all[static_cast<std::size_t>(r)].rank = r;
    all[static_cast<std::size_t>(r)].node = r < 2 ? "a" : "b";
    for (int g = 0; g < 4; ++g) all[static_cast<std::size_t>(r)].gpu_uuids.push_back((r < 2 ? "A" : "B") + std::to_string(g));
  }
  EXPECT_EQ(gpus_for_rank(all, 0, {}), (std::vector<int>{0, 2}));
  EXPECT_EQ(gpus_for_rank(all, 1, {}), (std::vector<int>{1, 3}));
  EXPECT_EQ(gpus_for_rank(all, 3, {}), (std::vector<int>{1, 3}));
  EXPECT_EQ(gpus_for_rank(all, 0, {2, 3}), (std::vector<int>{2}));
}

TEST(MultiGpuMultinode, BoundProcessesAndOneProcessPerNodeKeepTheirGpus) {
  std::vector<RankIdentity> bound(2);
  for (int r = 0; r < 2; ++r) {
    bound[static_cast<std::size_t>(r)].rank = r;
    bound[static_cast<std::size_t>(r)].node = "a";
    bound[static_cast<std::size_t>(r)].gpu_uuids = {"GPU-" + std::to_string(r)};  // srun --gpus-per-task=1
  }
  EXPECT_EQ(gpus_for_rank(bound, 1, {}), (std::vector<int>{0}));
  std::vector<RankIdentity> per_node(2);
  for (int r = 0; r < 2; ++r) {
    per_node[static_cast<std::size_t>(r)].rank = r;
    per_node[static_cast<std::size_t>(r)].node = r == 0 ? "a" : "b";
    per_node[static_cast<std::size_t>(r)].gpu_uuids = {"X0", "X1"};
  }
  EXPECT_EQ(gpus_for_rank(per_node, 1, {}), (std::vector<int>{0, 1}));
  EXPECT_TRUE(gpus_for_rank(per_node, 7, {}).empty());
}

TEST(MultiGpuMultinode, OutputPathsPerRank) {
  EXPECT_EQ(rank_output_path("res/out.json", 0), "res/out.json");
  EXPECT_EQ(rank_output_path("res/out.json", 12), "res/out.rank12.json");
  EXPECT_EQ(rank_output_path("out", 1), "out.rank1");
}

TEST(MultiGpuMultinode, WithoutMpiTheFlagIsAUsageError) {
  if (rank_world_factory()) GTEST_SKIP() << "this test binary has an MPI world";
  ResultDocument d;
  try {
    MultinodeRun::start(d, {});
    FAIL();
  } catch (const Error& e) {
    EXPECT_EQ(e.code(), exit_code::usage);
    EXPECT_NE(std::string(e.what()).find("MPI"), std::string::npos);
  }
}

TEST(MultiGpuMultinode, LeavingThroughAnExceptionAbortsTheJob) {
  // A one-rank world never aborts (nobody waits); pretend to be one of two.
  class TwoRankWorld final : public RankWorld {
   public:
    explicit TwoRankWorld(int* aborted) : aborted_(aborted) {}
    int rank() const override { return 1; }
    int size() const override { return 2; }
    int local_rank() const override { return 0; }
    int local_size() const override { return 1; }
    std::string node_name() const override { return "n"; }
    std::string launcher() const override { return "t"; }
    std::vector<std::string> all_gather(const std::string& mine) override { return {mine, mine}; }
    std::vector<std::string> gather_to_root(const std::string&) override { return {}; }
    std::string broadcast_from_root(const std::string& v) override { return v; }
    void abort(int code) override { *aborted_ = code; }

   private:
    int* aborted_;
  };
  int aborted = -1;
  ResultDocument d = doc_for("n", 1, "u");
  try {
    auto run = MultinodeRun::start_with(std::make_unique<TwoRankWorld>(&aborted), d, {});
    throw std::runtime_error("disk full");
  } catch (const std::runtime_error&) {
  }
  EXPECT_EQ(aborted, 1);
  EXPECT_EQ(current_multinode(), nullptr);
}
