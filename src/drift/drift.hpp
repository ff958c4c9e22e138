// `drift`: which nodes of a fleet are not like the others, and which run a driver below the security
// floor of NVIDIA's newest bulletin (drift/security_floors.hpp). Each node's fields (drift/node_fields.hpp)
// are compared within its group (by default the nodes with the same GPUs) against the golden value:
// the one a `--golden` file states (an exact value, or a minimum or maximum), else the value most
// nodes of the group have. A tie has no golden: it is said, not judged. A pure function of the nodes.
#pragma once

#include "core/json.hpp"
#include "drift/node_fields.hpp"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace gpuaudit {

struct DriftNode {
  std::string name;   // hostname, tags.node or the file
  std::string file;
  std::string group;  // the values of the --group-by keys, "8x NVIDIA H100 80GB HBM3" by default
  std::vector<NodeField> fields;
  bool vgpu_guest = false;  // a vGPU's guest driver follows the vGPU releases: no security floor
  bool security = true;     // hold the driver to the security floors (drift --no-security: not)
};

// One rule of a --golden file: {"driver": "570.124.06", "power_limit_w": {"min": 700}}.
struct GoldenRule {
  std::optional<std::string> exact;
  std::optional<double> min, max;
};
using GoldenFile = std::map<std::string, GoldenRule>;
// Throws input_error naming the field when a rule is neither a value nor {"min"/"max": number}.
GoldenFile golden_from_json(const json& j);

struct DriftCell {
  std::string node, group, field, klass, value;
  std::string golden;  // what was expected: "700", ">= 700", "570.124.06"
  std::string basis;   // "11 of 12 nodes" or "--golden"
};

struct DriftTie {
  std::string group, field;
  std::vector<std::pair<std::string, int>> values;  // value, nodes
};

struct DriftReport {
  std::size_t nodes = 0, groups = 0, fields_compared = 0;
  std::vector<DriftCell> odd;
  std::vector<DriftTie> ties;
  std::size_t security_judged = 0;  // nodes whose driver was held to the security floors
  bool fails() const;  // an odd performance field, or a driver below its security floor
};

DriftReport find_drift(const std::vector<DriftNode>& nodes, const GoldenFile& golden = {});

json drift_json(const DriftReport& r);
// "6 nodes in 2 groups, 4 fields compared; 2 odd values on 2 nodes; 6 nodes below the driver's
// security floor": the line drift_text and drift_markdown open with.
std::string drift_summary(const DriftReport& r);
std::string drift_text(const DriftReport& r, std::size_t width);

}  // namespace gpuaudit
