#include "score/families.hpp"

#include "core/figure_catalogue.hpp"

#include <algorithm>

namespace gpuaudit {

namespace {

// Tolerances are relative to the measured achievable value of a healthy card, not to the
// datasheet: they cover run-to-run noise, clock boost differences between boards, driver and
// library versions, and the spread between public measurements of the same model.
const std::vector<Family>& families() {
  static const std::vector<Family> f{
      {"hbm", 0.10, SliceScaling::memory, true,
       "STREAM-like copies are limited by the memory itself, not by clocks or power; public "
       "measurements of one model agree within about 5% (H100 SXM triad 2900-2970 GB/s), so a "
       "card 10% short has lost bandwidth"},
      {"l2", 0.20, SliceScaling::memory, false,
       "L2 bandwidth depends on the access pattern and on the SM clock; few public references"},
      {"gemm", 0.15, SliceScaling::compute, true,
       "cuBLAS picks kernels by shape and version, and tensor throughput follows the boost clock "
       "under power management; public BF16 figures of one model spread about 10% (H100 SXM "
       "torch 784-798, MAMF 795; L4 55-71)"},
      {"tensor", 0.15, SliceScaling::compute, true,
       "raw MMA loops follow the SM clock like GEMM does, without cuBLAS's kernel choice"},
      {"sm-rate", 0.10, SliceScaling::compute, true,
       "an FMA/integer loop is SMs x clock x a constant; only the sustained clock moves it"},
      {"sm-census", 0.0, SliceScaling::compute, false,
       "a count: every SM of the model must be there (judged by the sliced rule)"},
      {"launch", 1.0, SliceScaling::none, false,
       "launch latency depends on the host CPU, the driver and virtualization; shown, not judged"},
      {"pcie", 0.15, SliceScaling::none, true,
       "the same GPU copies 10% faster or slower on different hosts (root complex, IOMMU, host "
       "memory); 15% still catches a link running one generation or half the lanes short"},
      {"pcie-pageable", 0.35, SliceScaling::none, false,
       "pageable copies go through a host memcpy and depend mostly on the host; shown, not judged"},
      {"memory-size", 0.10, SliceScaling::memory, false,
       "allocatable memory is the label minus the driver's reserve (judged by the sliced rule)"},
      {"nccl", 0.20, SliceScaling::none, true,
       "collective bus bandwidth depends on message size, topology and NCCL version"},
      {"p2p", 0.20, SliceScaling::none, false, "peer copies depend on the topology between the two GPUs"},
      {"host", 0.25, SliceScaling::none, false,
       "host figures have no per-GPU reference; the host-bound rule judges them with thresholds"},
      {"other", 0.25, SliceScaling::none, false, "no family: shown with a wide tolerance, not judged"},
  };
  return f;
}

const Family& by_id(std::string_view id) {
  for (const auto& f : families())
    if (f.id == id) return f;
  return families().back();
}

bool starts_with(std::string_view s, std::string_view p) { return s.substr(0, p.size()) == p; }

}  // namespace

const std::vector<Family>& all_families() { return families(); }

const Family& family_of(std::string_view b) {
  if (starts_with(b, "hbm/")) return by_id("hbm");
  if (starts_with(b, "l2/")) return by_id("l2");
  if (starts_with(b, "gemm/")) return by_id("gemm");
  if (starts_with(b, "tensor/")) return by_id("tensor");
  if (b == "sm/census") return by_id("sm-census");
  if (b == "sm/launch" || b == "sm/launch_sync" || b == "sm/contention") return by_id("launch");
  if (starts_with(b, "sm/")) return by_id("sm-rate");
  if (b == "pcie/h2d_pageable" || b == "pcie/d2h_pageable") return by_id("pcie-pageable");
  if (starts_with(b, "pcie/")) return by_id("pcie");
  if (starts_with(b, "mem/")) return by_id("memory-size");
  if (starts_with(b, "nccl/")) return by_id("nccl");
  if (starts_with(b, "p2p/")) return by_id("p2p");
  if (starts_with(b, "host/")) return by_id("host");
  return by_id("other");
}

const std::vector<std::string>& tensor_figures() {
  static const std::vector<std::string> v = figures_in_group(kTensorGroup);
  return v;
}

const std::vector<std::string>& vector_figures() {
  static const std::vector<std::string> v = figures_in_group(kVectorGroup);
  return v;
}

const std::vector<std::string>& memory_figures() {
  static const std::vector<std::string> v = figures_in_group(kMemoryGroup);
  return v;
}

const std::vector<std::string>& pcie_link_figures() {
  static const std::vector<std::string> v = figures_in_group(kPcieLinkGroup);
  return v;
}

bool is_heavy_benchmark(std::string_view b) {
  const auto spec = figure_spec(b);
  return spec && (spec->groups & (kTensorGroup | kVectorGroup));
}

bool is_staged_peer_copy(const BenchmarkResult& b) {
  if (b.name != "p2p/matrix") return false;
  const auto it = b.params.find("peer_access");
  return it != b.params.end() && it->is_boolean() && !it->get<bool>();
}

}  // namespace gpuaudit
