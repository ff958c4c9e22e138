#include "report/fleet_stragglers.hpp"

#include "core/figure_catalogue.hpp"
#include "core/stats.hpp"
#include "core/straggler_margin.hpp"

#include <filesystem>
#include <map>

namespace gpuaudit {
namespace {

struct NodeFigure {
  std::size_t run;
  double value;  // the document's median over its GPUs
  bool higher_is_better;
  std::string unit;
};

// figure -> each document's median of it
std::map<std::uint8_t, std::vector<NodeFigure>> node_figures(const Group& g, const std::vector<RunDigest>& runs) {
  std::map<std::uint8_t, std::vector<NodeFigure>> out;
  for (const std::size_t i : g.runs) {
    std::map<std::uint8_t, std::vector<double>> values;
    std::map<std::uint8_t, const RunDigest::Row*> first;
    for (const auto& row : runs[i].rows) {
      values[row.figure].push_back(row.value);
      first.try_emplace(row.figure, &row);
    }
    for (const auto& [figure, v] : values)
      out[figure].push_back({i, median_of(v), first[figure]->higher_is_better, runs[i].units[first[figure]->unit]});
  }
  return out;
}

// A node's name in its group: the host's, unless another document of the group has the same one
// (two runs on one host, or documents without a hostname): then the file's.
std::string node_label(const Group& g, const std::vector<RunDigest>& runs, std::size_t run) {
  int same = 0;
  for (const std::size_t i : g.runs) same += runs[i].node == runs[run].node ? 1 : 0;
  return same > 1 ? std::filesystem::path(runs[run].path).filename().string() : runs[run].node;
}

}  // namespace

std::vector<StragglerNode> straggler_nodes(const Group& g, const std::vector<RunDigest>& runs) {
  std::vector<StragglerNode> out;
  if (g.runs.size() < 3) return out;
  const auto& names = fleet_report_figures();
  for (const auto& [figure, nodes] : node_figures(g, runs)) {
    if (nodes.size() < 3 || figure >= names.size()) continue;
    std::vector<double> values;
    for (const auto& n : nodes) values.push_back(n.value);
    const double mid = median_of(values);
    if (!(mid > 0)) continue;
    for (const auto& n : nodes) {
      const double ratio = n.value / mid;
      const bool slow = n.higher_is_better ? ratio < 1 - kStragglerMargin : ratio > 1 + kStragglerMargin;
      if (slow) out.push_back({n.run, node_label(g, runs, n.run), names[figure], n.unit, n.value, mid});
    }
  }
  return out;
}

}  // namespace gpuaudit
