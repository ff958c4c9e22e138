// The straggler nodes of a report's group: a document whose figure is more than kStragglerMargin
// worse than the median of the group's documents, each taken as the median over its own GPUs, so a
// fleet of 64 runs answers "which nodes are slow" in one line each (docs/report.md). Groups of fewer
// than three documents have no straggler: with two, which one is slow is not known.
#pragma once

#include "report/fleet.hpp"

#include <vector>

namespace gpuaudit {

std::vector<StragglerNode> straggler_nodes(const Group& g, const std::vector<RunDigest>& runs);

}  // namespace gpuaudit
