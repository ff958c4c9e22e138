// The "multi-gpu" suite of `gpuaudit run`: the machine's GPU topology (NVML), NCCL collectives
// for 1, 2, 4 ... N GPUs, the peer-to-peer copy matrix, and under --nccl-multinode one NCCL
// communicator across every rank of the MPI job. Measurement code: nccl_collectives.cpp and
// p2p_matrix.cpp; what becomes a row and why: src/multigpu/rows.hpp (host-tested).
#include "benchmarks/nccl_collectives.hpp"
#include "benchmarks/p2p_matrix.hpp"
#include "cuda/nccl_api.hpp"
#include "multigpu/device_map.hpp"
#include "multigpu/multinode.hpp"
#include "multigpu/rows.hpp"
#include "multigpu/sweep.hpp"
#include "multigpu/topology.hpp"
#include "multigpu/topology_baseline.hpp"
#include "probe/cuda_probe.hpp"
#include "probe/nvml_api.hpp"
#include "run/suite.hpp"
#include "core/exit_codes.hpp"

#include <algorithm>
#include <cstdio>
#include <limits>
#include <map>

namespace gpuaudit::multigpu {
namespace {

struct Plan {
  bool full = false;
  std::vector<Collective> collectives;  // selected and in this mode
  bool p2p = false;
};

Plan make_plan(const RunContext& ctx) {
  Plan p;
  p.full = ctx.options().mode == "full";
  for (Collective c : all_collectives()) {
    if (c != Collective::allreduce && !p.full) continue;  // the others are --full only
    if (ctx.selected("nccl/" + std::string(collective_name(c)))) p.collectives.push_back(c);
  }
  p.p2p = ctx.selected("p2p/matrix");
  return p;
}

struct Variant {
  DType dtype;
  bool in_place;
};

// quick: float out-of-place for every GPU count, bf16 and in-place once, on all GPUs;
// full: all four for every count. Collectives other than all-reduce: float out-of-place.
std::vector<Variant> variants(Collective c, bool full, bool all_gpus) {
  if (c != Collective::allreduce) return {{DType::f32, false}};
  if (full || all_gpus) return {{DType::f32, false}, {DType::f32, true}, {DType::bf16, false}, {DType::bf16, true}};
  return {{DType::f32, false}};
}
std::vector<Variant> quick_filter(std::vector<Variant> v, bool full) {
  if (full || v.size() < 4) return v;
  return {v[0], v[1], v[2]};  // quick on all GPUs: float oop, float in-place, bf16 oop
}

std::uint64_t smallest_free(const std::vector<MappedGpu>& gpus) {
  std::uint64_t m = std::numeric_limits<std::uint64_t>::max();
  for (const auto& g : gpus) {
    std::size_t free_b = 0, total_b = 0;
    if (cudaSetDevice(g.cuda_ordinal) == cudaSuccess && cudaMemGetInfo(&free_b, &total_b) == cudaSuccess)
      m = std::min<std::uint64_t>(m, free_b);
  }
  return m == std::numeric_limits<std::uint64_t>::max() ? 0 : m;
}

struct Context {
  RunContext* ctx = nullptr;
  Plan plan;
  std::vector<MappedGpu> gpus;
  Topology topology;
  std::vector<TopologyBaseline> baselines;
  const TopologyBaseline* baseline = nullptr;
  const NcclLoad* nccl = nullptr;
};

SweepOptions sweep_options(const Plan& plan, Collective c, Variant v, std::size_t cap) {
  SweepOptions o;
  o.collective = c;
  o.dtype = v.dtype;
  o.in_place = v.in_place;
  o.sizes = message_sizes(sweep_plan(plan.full, cap));
  o.samples = plan.full ? 5 : 3;
  o.target_sample_s = plan.full ? 5e-3 : 2e-3;
  return o;
}

// A one-GPU NCCL communicator: never a scaling figure, but proof that NCCL runs here. Each
// collective's one-rank call is checked at a few sizes; the answer per collective is "ok",
// "wrong" or why it could not run.
// Only in --full: ncclCommInitAll is a blocking call with no deadline (NCCL's bootstrap, its
// topology search and, on some images, a network plugin's probing can take tens of seconds or
// hang outright), and a one-GPU answer is no scaling figure, so --quick must not wait for it.
constexpr const char* kOneRankQuick =
    "not run in --quick (NCCL initialisation has no deadline and proves no scaling on one GPU; --full runs it)";

std::map<Collective, std::string> one_rank_calls(const Context& c, int cuda_ordinal) {
  std::map<Collective, std::string> out;
  for (Collective col : c.plan.collectives) out[col] = c.nccl->loaded ? "not run" : c.nccl->error;
  if (!c.nccl->loaded) return out;
  if (!c.plan.full) {
    for (auto& [col, status] : out) status = kOneRankQuick;
    return out;
  }
#if GPUAUDIT_HAVE_NCCL_H
  try {
    auto g = CommGroup::local(c.nccl->api, {cuda_ordinal});
    GroupBuffers b(*g, std::size_t{16} << 20);
    for (Collective col : c.plan.collectives) {
      SweepOptions o;
      o.collective = col;
      o.sizes = {8, 65536, std::size_t{16} << 20};
      o.samples = 1;
      o.target_sample_s = 1e-4;
      try {
        std::size_t wrong = 0;
        for (const auto& p : run_sweep(*g, b, o)) wrong += p.wrong_elements;
        out[col] = wrong ? "wrong" : "ok";
      } catch (const std::exception& e) {
        out[col] = e.what();
        if (dynamic_cast<const NcclTimeout*>(&e)) break;
      }
    }
  } catch (const std::exception& e) {
    for (auto& [col, status] : out) status = e.what();
  }
#else
  (void)cuda_ordinal;
#endif
  return out;
}

void record_one_rank_rows(Context& c, const MappedGpu* gpu) {
  const auto calls = gpu ? one_rank_calls(c, gpu->cuda_ordinal) : std::map<Collective, std::string>{};
  for (Collective col : c.plan.collectives) {
    const auto it = calls.find(col);
    c.ctx->record(single_gpu_collective_row(col, it != calls.end() ? it->second : "no CUDA device to run on",
                                            gpu ? std::optional<int>(gpu->doc_index) : std::nullopt));
  }
}

void record_single_gpu(Context& c, const std::string& why_single) {
  record_one_rank_rows(c, c.gpus.empty() ? nullptr : &c.gpus[0]);
  if (c.plan.p2p) c.ctx->record(unmeasured_row("p2p/matrix", "not-applicable", why_single));
}

void apply_scaling_in_document(ResultDocument& doc, const std::string& scope) {
  std::vector<std::size_t> at;
  std::vector<BenchmarkResult> rows;
  for (std::size_t i = 0; i < doc.benchmarks.size(); ++i) {
    const auto& b = doc.benchmarks[i];
    if (b.name.rfind("nccl/", 0) == 0 && b.params.is_object() && b.params.value("scope", "") == scope) {
      at.push_back(i);
      rows.push_back(b);
    }
  }
  add_scaling(rows);
  for (std::size_t k = 0; k < at.size(); ++k) doc.benchmarks[at[k]] = rows[k];
}

void run_node_collectives(Context& c) {
  RunContext& ctx = *c.ctx;
  const int total = static_cast<int>(c.gpus.size());
  const std::size_t cap = memory_cap_bytes(smallest_free(c.gpus));
  // All GPUs first, so the document's first nccl/allreduce row (what a reader or a scorer that
  // looks up one row finds) is the whole machine, float, out-of-place; then 2, 4, ...; one GPU
  // (no figure) last.
  std::vector<int> counts = gpu_counts(total);
  std::stable_partition(counts.begin(), counts.end(), [&](int n) { return n == total; });
  std::stable_partition(counts.begin(), counts.end(), [](int n) { return n != 1; });
  for (int n : counts) {
    if (ctx.interrupted()) return;
    if (n == 1) {
      record_one_rank_rows(c, &c.gpus[0]);
      continue;
    }
    std::vector<int> devices, indices;
    for (int i = 0; i < n; ++i) {
      devices.push_back(c.gpus[static_cast<std::size_t>(i)].cuda_ordinal);
      indices.push_back(c.gpus[static_cast<std::size_t>(i)].doc_index);
    }
#if GPUAUDIT_HAVE_NCCL_H
    try {
      auto group = CommGroup::local(c.nccl->api, devices);
      GroupBuffers buffers(*group, std::max<std::size_t>(cap, 1 << 20));
      for (Collective col : c.plan.collectives) {
        if (col != Collective::allreduce && n != total) continue;  // the others: all GPUs only
        for (Variant v : quick_filter(variants(col, c.plan.full, n == total), c.plan.full)) {
          if (ctx.interrupted()) return;
          ctx.progress("nccl/" + std::string(collective_name(col)) + " on " + std::to_string(n) + " GPUs, " +
                       dtype_name(v.dtype) + (v.in_place ? " in-place" : " out-of-place") + " ...");
          CollectiveRun run;
          run.collective = col;
          run.gpus = n;
          run.dtype = dtype_name(v.dtype);
          run.in_place = v.in_place;
          run.gpu_indices = indices;
          run.points = run_sweep(*group, buffers, sweep_options(c.plan, col, v, cap));
          if (c.baseline && col == Collective::allreduce) {
            run.expected = expected_allreduce_busbw(*c.baseline, n);
            run.topology_baseline = c.baseline->id;
          }
          ctx.record(collective_row(run));
        }
      }
    } catch (const std::exception& e) {
      json params = {{"gpus", n}, {"scope", "node"}, {"gpu_indices", indices}};
      for (Collective col : c.plan.collectives) ctx.record(unmeasured_row("nccl/" + std::string(collective_name(col)), "error", e.what(), params));
      if (dynamic_cast<const NcclTimeout*>(&e)) return;  // GPUs may be stuck: measure nothing more here
    }
#else
    (void)cap;
#endif
  }
  apply_scaling_in_document(ctx.mutable_document(), "node");
}

void run_p2p(Context& c) {
  RunContext& ctx = *c.ctx;
  P2pOptions o;
  if (c.plan.full) {
    o.bytes = std::size_t{256} << 20;
    o.samples = 5;
    o.target_sample_s = 20e-3;
  }
  for (bool peer : {true, false}) {
    if (ctx.interrupted()) return;
    ctx.progress(std::string("p2p/matrix, peer access ") + (peer ? "on" : "off") + " ...");
    try {
      ctx.record(p2p_row(peer, measure_p2p(c.gpus, peer, o), &c.topology, c.baseline, o.bytes));
    } catch (const std::exception& e) {
      ctx.record(unmeasured_row("p2p/matrix", "error", e.what(), {{"peer_access", peer}}));
    }
  }
}

// One communicator over every rank of the MPI job; all ranks call this in step.
void run_multinode(Context& c, MultinodeRun& mn) {
  RunContext& ctx = *c.ctx;
  RankWorld& world = mn.world();
  std::vector<MappedGpu> mine;
  for (int idx : mn.my_gpus())
    for (const auto& g : c.gpus)
      if (g.doc_index == idx) mine.push_back(g);
  std::string why;
  if (!c.nccl->loaded) why = c.nccl->error;
  else if (mine.empty()) why = "no GPU for this rank";
  else if (std::any_of(mine.begin(), mine.end(), [](const MappedGpu& g) { return g.mig; })) why = "MIG slices";
  json ready = {{"ok", why.empty()}, {"why", why}, {"gpus", static_cast<int>(mine.size())},
                {"free", smallest_free(mine)}, {"node", mn.ranks().empty() ? "" : mn.ranks()[static_cast<std::size_t>(mn.rank())].node}};
  const auto all = world.all_gather(ready.dump());
  int total = 0, first = 0;
  std::uint64_t free_min = std::numeric_limits<std::uint64_t>::max();
  std::string problems;
  for (std::size_t r = 0; r < all.size(); ++r) {
    const json j = json::parse(all[r]);
    if (!j.value("ok", false)) problems += (problems.empty() ? "" : "; ") + ("rank " + std::to_string(r) + ": " + j.value("why", "?"));
    if (static_cast<int>(r) < mn.rank()) first += j.value("gpus", 0);
    total += j.value("gpus", 0);
    free_min = std::min<std::uint64_t>(free_min, j.value("free", std::uint64_t{0}));
  }
  const json params = {{"gpus", total}, {"ranks", mn.size()}, {"nodes", mn.nodes()}, {"scope", "multinode"}};
  if (!problems.empty() || total < 2) {
    if (mn.is_root())
      ctx.record(unmeasured_row("nccl/allreduce", problems.empty() ? "not-applicable" : "error",
                                problems.empty() ? "the job has fewer than 2 GPUs" : "multi-node NCCL not possible: " + problems,
                                params));
    return;
  }
  std::vector<int> devices;
  for (const auto& g : mine) devices.push_back(g.cuda_ordinal);
  const std::size_t cap = memory_cap_bytes(free_min);
#if GPUAUDIT_HAVE_NCCL_H
  try {
    ctx.progress("nccl/allreduce across " + std::to_string(mn.nodes()) + " nodes, " + std::to_string(total) + " GPUs ...");
    auto group = CommGroup::world(c.nccl->api, world, devices, first, total);
    GroupBuffers buffers(*group, std::max<std::size_t>(cap, 1 << 20));
    const std::vector<Variant> vs = c.plan.full ? std::vector<Variant>{{DType::f32, false}, {DType::f32, true}, {DType::bf16, false}}
                                                : std::vector<Variant>{{DType::f32, false}};
    for (Variant v : vs) {
      SweepOptions o = sweep_options(c.plan, Collective::allreduce, v, cap);
      o.world = &world;
      CollectiveRun run;
      run.gpus = total;
      run.nodes = mn.nodes();
      run.scope = "multinode";
      run.dtype = dtype_name(v.dtype);
      run.in_place = v.in_place;
      run.gpu_indices = mn.my_gpus();
      run.points = run_sweep(*group, buffers, o);
      if (mn.is_root()) {
        BenchmarkResult row = collective_row(run);
        row.params["ranks"] = mn.size();
        row.params["gpu_indices"] = nullptr;  // per rank: see extra.ranks[].gpus
        ctx.record(row);
      }
    }
  } catch (const std::exception& e) {
    // A rank that failed half-way leaves the others waiting inside NCCL: end the job.
    std::fprintf(stderr, "gpuaudit: multi-node NCCL failed on rank %d: %s\n", mn.rank(), e.what());
    world.abort(exit_code::check_failed);
  }
#else
  (void)cap;
  (void)first;
#endif
}

void run_suite(RunContext& ctx) {
  Context c;
  c.ctx = &ctx;
  c.plan = make_plan(ctx);
  MultinodeRun* mn = current_multinode();
  if (c.plan.collectives.empty() && !c.plan.p2p) return;
  ResultDocument& doc = ctx.mutable_document();

  const NvmlLoad nvml = load_nvml();
  if (nvml.loaded) c.topology = read_topology(nvml.api);
  else c.topology.source = "no-nvml";
  if (!doc.extra.is_object()) doc.extra = json::object();
  doc.extra["topology"] = c.topology;

  const CudaProbe probe = probe_cuda();
  std::vector<CudaDeviceId> cuda;
  for (const auto& d : probe.devices) cuda.push_back({d.ordinal, d.pci_bus_id, d.uuid});
  c.gpus = map_gpus_to_cuda(doc.gpus, cuda, ctx.options().gpus);

  try {
    c.baselines = load_topology_baselines(default_topology_baselines_dir());
    if (!c.gpus.empty()) {
      const GpuInfo& g = doc.gpus[static_cast<std::size_t>(c.gpus[0].doc_index)];
      const auto m = match_topology_baseline(c.baselines, g.name, g.pcie.gen_gpu_max ? g.pcie.gen_gpu_max : g.pcie.gen_max);
      c.baseline = m.baseline;
      if (m.baseline) doc.extra["topology_baseline"] = {{"id", m.baseline->id}, {"method", m.method}};
    }
  } catch (const std::exception& e) {
    ctx.progress(std::string("multi-gpu: no topology baselines (") + e.what() + "); figures are reported without expectations");
  }

  c.nccl = &load_nccl();
  if (c.nccl->loaded) {
    doc.software.nccl_version = c.nccl->version;
    if (!doc.software.extra.is_object()) doc.software.extra = json::object();
    doc.software.extra["nccl_library"] = c.nccl->path;
  }

  const bool allreduce = std::find(c.plan.collectives.begin(), c.plan.collectives.end(), Collective::allreduce) !=
                         c.plan.collectives.end();
  if (mn && allreduce) {
    if (mn->all_gpu_ok()) run_multinode(c, *mn);
    else if (mn->is_root())
      ctx.record(unmeasured_row("nccl/allreduce", "error", "multi-node NCCL not possible: a rank of the job has no usable GPU",
                                {{"scope", "multinode"}, {"ranks", mn->size()}, {"nodes", mn->nodes()}}));
  }
  // Several processes of the job share this node's GPUs: the first of them measures the node.
  if (mn && mn->my_gpus().size() < c.gpus.size()) {
    bool first_on_node = true;
    const std::string node = mn->ranks()[static_cast<std::size_t>(mn->rank())].node;
    for (const auto& r : mn->ranks()) first_on_node &= !(r.node == node && r.rank < mn->rank());
    if (!first_on_node) return;
  }

  const bool any_mig = std::any_of(c.gpus.begin(), c.gpus.end(), [](const MappedGpu& g) { return g.mig; });
  if (c.gpus.size() <= 1 || any_mig) {
    record_single_gpu(c, c.gpus.size() > 1 ? "MIG slices: no peer-to-peer copies or NCCL rings between MIG instances"
                                           : "single GPU: no peer to copy to");
    return;
  }
  if (!c.plan.collectives.empty()) {
    if (!c.nccl->loaded) {
      for (Collective col : c.plan.collectives)
        ctx.record(unmeasured_row("nccl/" + std::string(collective_name(col)), "skipped", c.nccl->error,
                                  {{"scope", "node"}}));
    } else {
      run_node_collectives(c);
    }
  }
  if (c.plan.p2p && !ctx.interrupted()) run_p2p(c);
}

std::vector<std::string> multi_gpu_measurements() {
  std::vector<std::string> names{"p2p/matrix"};
  for (Collective c : all_collectives()) names.push_back("nccl/" + std::string(collective_name(c)));
  return names;
}

const RegisterSuite multi_gpu_suite{{"multi-gpu", 30, true, run_suite, multi_gpu_measurements}};

}  // namespace
}  // namespace gpuaudit::multigpu
