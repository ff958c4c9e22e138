#include "multigpu/multinode.hpp"

#include "core/error.hpp"
#include "probe/inventory.hpp"

#include <algorithm>
#include <exception>
#include <set>

namespace gpuaudit::multigpu {

namespace {

// Per thread: the run and the suites live on the main thread; the tests run several ranks as threads.
thread_local MultinodeRun* g_current = nullptr;

bool usable(const ResultDocument& doc) {
  return !gpu_unusable(doc.gpu_status) && doc.gpu_status.state != "not-built";
}

}  // namespace

RankWorldFactory& rank_world_factory() {
  static RankWorldFactory factory = nullptr;
  return factory;
}

MultinodeRun* current_multinode() { return g_current; }

std::vector<int> gpus_for_rank(const std::vector<RankIdentity>& all, int me, const std::vector<int>& selected) {
  const RankIdentity* mine = nullptr;
  for (const auto& r : all)
    if (r.rank == me) mine = &r;
  if (!mine) return {};
  std::vector<int> visible = selected;
  if (visible.empty())
    for (int i = 0; i < static_cast<int>(mine->gpu_uuids.size()); ++i) visible.push_back(i);

  // Ranks on this node, in rank order, and whether any of them sees one of my GPUs.
  std::vector<int> node_ranks;
  bool shared = false;
  const std::set<std::string> my_uuids(mine->gpu_uuids.begin(), mine->gpu_uuids.end());
  for (const auto& r : all) {
    if (r.node != mine->node) continue;
    node_ranks.push_back(r.rank);
    if (r.rank != me)
      for (const auto& u : r.gpu_uuids) shared |= my_uuids.count(u) > 0;
  }
  if (node_ranks.size() <= 1 || !shared) return visible;
  std::sort(node_ranks.begin(), node_ranks.end());
  const auto pos = static_cast<std::size_t>(std::find(node_ranks.begin(), node_ranks.end(), me) - node_ranks.begin());
  std::vector<int> out;
  for (std::size_t i = 0; i < visible.size(); ++i)
    if (i % node_ranks.size() == pos) out.push_back(visible[i]);
  return out;
}

std::string rank_output_path(const std::string& path, int rank) {
  if (rank == 0) return path;
  const std::string tag = ".rank" + std::to_string(rank);
  const std::string ext = ".json";
  if (path.size() > ext.size() && path.compare(path.size() - ext.size(), ext.size(), ext) == 0)
    return path.substr(0, path.size() - ext.size()) + tag + ext;
  return path + tag;
}

json rank_payload(const ResultDocument& doc, const RankIdentity& id, const std::vector<int>& gpus,
                  const std::string& output) {
  json p = json::object();
  p["rank"] = id.rank;
  p["node"] = id.node;
  p["local_rank"] = id.local_rank;
  p["local_size"] = id.local_size;
  json used = json::array();
  for (int i : gpus) {
    if (i < 0 || i >= static_cast<int>(doc.gpus.size())) continue;
    const GpuInfo& g = doc.gpus[static_cast<std::size_t>(i)];
    used.push_back({{"index", g.index}, {"uuid", g.uuid}, {"name", g.name}, {"pci_bus_id", g.pci_bus_id}});
  }
  p["gpus"] = used;
  p["output"] = output;
  p["created_utc"] = doc.created_utc;
  p["host"] = doc.host;
  p["software"] = doc.software;
  p["gpu_status"] = doc.gpu_status;
  p["gpu_inventory"] = doc.gpus;
  p["benchmarks"] = doc.benchmarks;
  return p;
}

void merge_rank_payloads(ResultDocument& doc, const std::vector<json>& payloads, const std::string& launcher) {
  json ranks = json::array();
  std::set<std::string> nodes;
  int gpus = 0;
  for (const auto& p : payloads) {
    ranks.push_back(p);
    if (p.contains("node") && p["node"].is_string()) nodes.insert(p["node"].get<std::string>());
    if (p.contains("gpus") && p["gpus"].is_array()) gpus += static_cast<int>(p["gpus"].size());
  }
  if (!doc.extra.is_object()) doc.extra = json::object();
  doc.extra["multinode"] = {{"ranks", static_cast<int>(payloads.size())},
                            {"nodes", static_cast<int>(nodes.size())},
                            {"gpus", gpus},
                            {"launcher", launcher},
                            {"gathered_utc", utc_now_iso8601()}};
  doc.extra["ranks"] = ranks;
}

std::unique_ptr<MultinodeRun> MultinodeRun::start(ResultDocument& doc, const std::vector<int>& selected_gpus) {
  RankWorldFactory factory = rank_world_factory();
  if (!factory)
    throw input_error("--nccl-multinode needs a gpuaudit built with MPI (libopenmpi-dev installed, cmake -DGPUAUDIT_MPI=ON)");
  return start_with(factory(), doc, selected_gpus);
}

std::unique_ptr<MultinodeRun> MultinodeRun::start_with(std::unique_ptr<RankWorld> world, ResultDocument& doc,
                                                       const std::vector<int>& selected_gpus) {
  std::unique_ptr<MultinodeRun> run(new MultinodeRun());
  run->world_ = std::move(world);
  RankIdentity me;
  me.rank = run->world_->rank();
  me.local_rank = run->world_->local_rank();
  me.local_size = run->world_->local_size();
  me.node = run->world_->node_name();
  if (me.node.empty()) me.node = doc.host.hostname;
  me.gpu_ok = usable(doc);
  for (const auto& g : doc.gpus) {
    me.gpu_uuids.push_back(g.uuid);
    me.gpu_names.push_back(g.name);
  }
  for (const auto& bytes : run->world_->all_gather(json(me).dump())) {
    try {
      run->ranks_.push_back(json::parse(bytes).get<RankIdentity>());
    } catch (const std::exception& e) {
      throw Error(exit_code::usage, std::string("multi-node: a rank sent an unreadable identity (") + e.what() + ")");
    }
  }
  run->my_gpus_ = gpus_for_rank(run->ranks_, me.rank, selected_gpus);
  if (!doc.extra.is_object()) doc.extra = json::object();
  doc.extra["rank"] = {{"rank", me.rank}, {"ranks", run->world_->size()}, {"node", me.node},
                       {"local_rank", me.local_rank}, {"gpus", run->my_gpus_}};
  g_current = run.get();
  return run;
}

MultinodeRun::~MultinodeRun() {
  if (g_current == this) g_current = nullptr;
  // Leaving through an exception before the gather: the other ranks would wait for this one
  // forever, so end the whole job.
  if (world_ && !gathered_ && std::uncaught_exceptions() > 0 && world_->size() > 1) world_->abort(1);
}

bool MultinodeRun::all_gpu_ok() const {
  return std::all_of(ranks_.begin(), ranks_.end(), [](const RankIdentity& r) { return r.gpu_ok; });
}

int MultinodeRun::nodes() const {
  std::set<std::string> n;
  for (const auto& r : ranks_) n.insert(r.node);
  return static_cast<int>(n.size());
}

std::string MultinodeRun::output_path(const std::string& requested) {
  output_ = rank_output_path(requested, rank());
  return output_;
}

void MultinodeRun::gather(ResultDocument& doc) {
  RankIdentity me;
  for (const auto& r : ranks_)
    if (r.rank == rank()) me = r;
  const std::string mine = rank_payload(doc, me, my_gpus_, output_).dump();
  const std::vector<std::string> all = world_->gather_to_root(mine);
  gathered_ = true;
  if (!is_root()) return;
  std::vector<json> payloads;
  for (std::size_t i = 0; i < all.size(); ++i) {
    try {
      payloads.push_back(json::parse(all[i]));
    } catch (const std::exception& e) {
      payloads.push_back({{"rank", static_cast<int>(i)}, {"error", std::string("unreadable payload: ") + e.what()}});
    }
  }
  merge_rank_payloads(doc, payloads, world_->launcher());
}

}  // namespace gpuaudit::multigpu
