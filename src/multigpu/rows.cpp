#include "multigpu/rows.hpp"

#include "core/stats.hpp"

#include <algorithm>
#include <map>

namespace gpuaudit::multigpu {

namespace {

std::string nccl_name(Collective c) { return "nccl/" + std::string(collective_name(c)); }

}  // namespace

BenchmarkResult collective_row(const CollectiveRun& run) {
  BenchmarkResult r;
  r.name = nccl_name(run.collective);
  r.unit = "GB/s";
  r.params = {{"gpus", run.gpus},
              {"nodes", run.nodes},
              {"scope", run.scope},
              {"dtype", run.dtype},
              {"in_place", run.in_place},
              {"gpu_indices", run.gpu_indices},
              {"sizes", static_cast<int>(run.points.size())}};
  if (!run.points.empty()) {
    r.params["min_bytes"] = run.points.front().bytes;
    r.params["max_bytes"] = run.points.back().bytes;
  }
  json sweep = json::array();
  for (const auto& p : run.points) sweep.push_back(p);
  r.extra = json::object();
  r.extra["sweep"] = sweep;
  if (!run.topology_baseline.empty()) r.extra["topology_baseline"] = run.topology_baseline;

  const SweepSummary s = summarize_sweep(run.points);
  if (s.sizes_wrong > 0) {
    std::size_t first = 0, wrong = 0;
    for (const auto& p : run.points)
      if (p.wrong_elements > 0) {
        if (!wrong) first = p.bytes;
        wrong += p.wrong_elements;
      }
    r.status = "check-failed";
    r.message = "wrong result at " + std::to_string(s.sizes_wrong) + " of " + std::to_string(s.sizes) +
                " sizes (first at " + size_label(first) + ", " + std::to_string(wrong) + " elements in all)";
    return r;
  }
  if (s.peak_busbw_gbs <= 0) {
    r.status = "error";
    r.message = "no size produced a bandwidth";
    return r;
  }
  for (const auto& p : run.points)
    if (p.bytes == s.peak_bytes) r.samples = p.busbw_samples;
  if (r.samples.empty()) r.samples = {s.peak_busbw_gbs};
  r.summary = summarize(r.samples);
  r.derived["peak_busbw_gbs"] = s.peak_busbw_gbs;
  r.derived["peak_algbw_gbs"] = s.peak_algbw_gbs;
  r.derived["peak_bytes"] = static_cast<double>(s.peak_bytes);
  if (s.near_peak_bytes) r.derived["near_peak_bytes"] = static_cast<double>(*s.near_peak_bytes);
  if (s.small_message_latency_us) r.derived["small_message_latency_us"] = *s.small_message_latency_us;
  if (run.expected && run.expected->value > 0) {
    r.derived["expected_busbw_gbs"] = run.expected->value;
    r.derived["fraction_of_expected"] = s.peak_busbw_gbs / run.expected->value;
    r.derived["expected_uncertain"] = run.expected->uncertain ? 1.0 : 0.0;
    r.extra["expected_source"] = run.expected->source;
  }
  return r;
}

BenchmarkResult single_gpu_collective_row(Collective c, const std::string& one_rank_status,
                                          std::optional<int> gpu_index) {
  BenchmarkResult r;
  r.name = nccl_name(c);
  r.unit = "GB/s";
  r.params = {{"gpus", 1}, {"scope", "node"}};
  if (gpu_index) r.params["gpu_indices"] = json::array({*gpu_index});
  r.extra = {{"one_rank_call", one_rank_status}};
  const std::string why = "one GPU: a collective on one rank moves nothing between GPUs, so there is no scaling figure";
  if (one_rank_status == "wrong") {
    r.status = "check-failed";
    r.message = "the one-rank NCCL " + std::string(collective_name(c)) + " returned a wrong result";
  } else if (one_rank_status == "ok") {
    r.status = "not-applicable";
    r.message = why + "; the one-rank NCCL call ran and its result was right";
  } else {
    r.status = "not-applicable";
    r.message = why + "; the one-rank NCCL call could not run: " + one_rank_status;
  }
  return r;
}

BenchmarkResult unmeasured_row(const std::string& name, const std::string& status, const std::string& message,
                               json params) {
  BenchmarkResult r;
  r.name = name;
  r.status = status;
  r.message = message;
  r.unit = name.rfind("p2p/", 0) == 0 || name.rfind("nccl/", 0) == 0 ? "GB/s" : "";
  r.params = std::move(params);
  return r;
}

void add_scaling(std::vector<BenchmarkResult>& rows) {
  // Families: same name, dtype, in_place and scope; only rows with a figure take part.
  std::map<std::string, std::vector<BenchmarkResult*>> families;
  for (auto& r : rows) {
    if (r.status != "ok" || !r.derived.count("peak_busbw_gbs")) continue;
    const std::string key = r.name + "|" + r.params.value("dtype", "") + "|" +
                            (r.params.value("in_place", false) ? "ip" : "oop") + "|" + r.params.value("scope", "");
    families[key].push_back(&r);
  }
  for (auto& [key, fam] : families) {
    std::vector<std::pair<int, double>> peaks;
    std::optional<double> expected;
    BenchmarkResult* largest = nullptr;
    for (auto* r : fam) {
      const int n = r->params.value("gpus", 0);
      peaks.emplace_back(n, r->derived["peak_busbw_gbs"]);
      if (!largest || n > largest->params.value("gpus", 0)) largest = r;
    }
    if (largest && largest->derived.count("expected_busbw_gbs")) expected = largest->derived["expected_busbw_gbs"];
    const auto scaling = scaling_efficiency(peaks, expected);
    json table = json::array();
    for (const auto& s : scaling) {
      json row = {{"gpus", s.gpus}, {"peak_busbw_gbs", s.peak_busbw_gbs}};
      row["efficiency_vs_2gpu"] = s.efficiency_vs_2gpu ? json(*s.efficiency_vs_2gpu) : json(nullptr);
      row["efficiency_vs_expected"] = s.efficiency_vs_expected ? json(*s.efficiency_vs_expected) : json(nullptr);
      table.push_back(row);
      for (auto* r : fam)
        if (r->params.value("gpus", 0) == s.gpus && s.efficiency_vs_2gpu)
          r->derived["scaling_efficiency_vs_2gpu"] = *s.efficiency_vs_2gpu;
    }
    if (largest && !table.empty()) largest->extra["scaling"] = table;
  }
}

BenchmarkResult p2p_row(bool peer_access, const std::vector<PairCopy>& pairs, const Topology* topology,
                        const TopologyBaseline* baseline, std::size_t copy_bytes) {
  BenchmarkResult r;
  r.name = "p2p/matrix";
  r.unit = "GB/s";
  r.params = {{"peer_access", peer_access}, {"copy_bytes", copy_bytes}, {"direction", "one-way"},
              {"method", "cudaMemcpyPeerAsync"}};
  r.extra = json::object();
  json list = json::array();
  std::vector<double> latencies;
  std::size_t wrong = 0;
  int errors = 0, measured = 0, not_possible = 0;
  std::string first_error;
  for (const auto& p : pairs) {
    json e = {{"src", p.src}, {"dst", p.dst}, {"peer_possible", p.peer_possible}};
    if (topology)
      if (const auto* t = topology->pair(p.src, p.dst)) {
        e["link"] = t->label;
        e["link_description"] = t->description;
      }
    if (!p.error.empty()) {
      e["error"] = p.error;
      ++errors;
      if (first_error.empty()) first_error = p.error;
    } else if (peer_access && !p.peer_possible) {
      e["skipped"] = "no peer access between these GPUs";
      ++not_possible;
    } else {
      e["gbs"] = p.gbs;
      e["latency_us"] = p.latency_us;
      e["wrong_bytes"] = p.wrong_bytes;
      wrong += p.wrong_bytes;
      if (p.wrong_bytes == 0) {
        r.samples.push_back(p.gbs);
        latencies.push_back(p.latency_us);
        ++measured;
      }
    }
    list.push_back(e);
  }
  r.extra["pairs"] = list;
  if (wrong > 0) {
    r.status = "check-failed";
    r.message = std::to_string(wrong) + " bytes arrived wrong";
    r.samples.clear();
    return r;
  }
  if (measured == 0) {
    r.status = errors ? "error" : "not-applicable";
    r.message = errors ? first_error
                       : (not_possible ? "no GPU pair allows peer access (the driver refuses P2P here)" : "no GPU pair");
    r.samples.clear();
    return r;
  }
  r.summary = summarize(r.samples);
  r.derived["min_pair_gbs"] = r.summary->min;
  r.derived["max_pair_gbs"] = r.summary->max;
  r.derived["pairs_measured"] = measured;
  if (not_possible) r.derived["pairs_without_peer_access"] = not_possible;
  if (!latencies.empty()) r.derived["median_latency_us"] = median_of(latencies);
  if (errors) r.message = std::to_string(errors) + " pairs failed: " + first_error;
  if (baseline) {
    // Each pair against what its path should give: on PCIe boxes pairs without a common switch
    // have their own (lower) expectation; the weakest pair relative to its own decides.
    std::optional<double> worst_fraction;
    const Sourced* worst_expected = nullptr;
    for (const auto& p : pairs) {
      if (!p.error.empty() || p.wrong_bytes || (peer_access && !p.peer_possible) || p.gbs <= 0) continue;
      const Sourced* e = peer_access ? &baseline->expected.p2p_gbs_peer_on : &baseline->expected.p2p_gbs_peer_off;
      if (peer_access && baseline->expected.p2p_gbs_peer_on_across_sockets && topology)
        if (const auto* t = topology->pair(p.src, p.dst);
            t && t->nvlinks == 0 && (t->pcie_path == "SYS" || t->pcie_path == "NODE" || t->pcie_path == "PHB"))
          e = &*baseline->expected.p2p_gbs_peer_on_across_sockets;
      if (e->value <= 0) continue;
      const double f = p.gbs / e->value;
      if (!worst_fraction || f < *worst_fraction) {
        worst_fraction = f;
        worst_expected = e;
      }
    }
    if (worst_fraction && worst_expected) {
      r.derived["expected_gbs"] = worst_expected->value;
      r.derived["fraction_of_expected"] = *worst_fraction;
      r.derived["expected_uncertain"] = worst_expected->uncertain ? 1.0 : 0.0;
      r.extra["expected_source"] = worst_expected->source;
      r.extra["topology_baseline"] = baseline->id;
    }
  }
  return r;
}

}  // namespace gpuaudit::multigpu
