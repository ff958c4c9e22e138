#include "core/figure_label.hpp"

namespace gpuaudit {

std::string figure_variant(const BenchmarkResult& b) {
  std::string v;
  const json& p = b.params;
  if (!p.is_object()) return v;
  if (auto it = p.find("dtype"); it != p.end() && it->is_string()) v += " " + it->get<std::string>();
  if (auto it = p.find("in_place"); it != p.end() && it->is_boolean() && it->get<bool>()) v += " in-place";
  if (auto it = p.find("peer_access"); it != p.end() && it->is_boolean()) v += it->get<bool>() ? " peer on" : " peer off";
  // A host-link copy measured with every GPU copying at once, beside the same copy measured alone.
  if (auto it = p.find("shares_host_link"); it != p.end() && it->is_boolean() && it->get<bool>() &&
      p.value("concurrency", std::string()) == "all-gpus")
    v += " all-gpus";
  if (auto it = p.find("nodes"); it != p.end() && it->is_number_integer() && it->get<int>() > 1)
    v += " " + std::to_string(it->get<int>()) + " nodes";
  return v;
}

std::string figure_gpu_count(const BenchmarkResult& b) {
  if (b.gpu || !b.params.is_object()) return "";
  const auto it = b.params.find("gpus");
  if (it == b.params.end() || !it->is_number_integer()) return "";
  return "x" + std::to_string(it->get<int>());
}

std::string figure_label(const BenchmarkResult& b) {
  const std::string count = figure_gpu_count(b);
  return b.name + figure_variant(b) + (count.empty() ? "" : " " + count);
}

}  // namespace gpuaudit
