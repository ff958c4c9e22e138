// Notes only: a GPU whose state strays from the other boards of its model in the same document
//   (power limit, default limit, max clocks, VBIOS, ECC, persistence, compute or MIG mode, PCIe
//   maxima, NVLink links down: drift/node_fields.hpp gpu_fields). With three or more boards of a model,
//   a value more than half of them share is the node's own; a board with another is named ("GPU 3:
//   power_limit_w 350 where 7 of 8 have 700"). Judged without a baseline, so it holds for an unknown
//   model. Notes, not findings: a board set apart is worth a look, and the rules that judge its
//   consequence (power-capped, pcie-degraded, nvlink-degraded, memory-degraded) decide the verdict.
#include "drift/node_fields.hpp"
#include "score/rules.hpp"
#include "text/format.hpp"

#include <map>

namespace gpuaudit {

namespace {

// field -> value -> the indices of the boards with it
using FieldValues = std::map<std::string, std::map<std::string, std::vector<int>>>;

void note_strays(const std::string& model, const FieldValues& fields, std::size_t boards, std::vector<std::string>& notes) {
  for (const auto& [field, values] : fields) {
    for (const auto& [common, with] : values) {
      if (with.size() * 2 <= boards) continue;  // not the node's own value
      for (const auto& [value, gpus] : values)
        if (value != common)
          notes.push_back((gpus.size() == 1 ? "GPU " : "GPUs ") + gpu_ranges(gpus) + " (" + model + "): " + field + " " +
                          value + " where " + std::to_string(with.size()) + " of the " + std::to_string(boards) +
                          " boards of this model have " + common);
    }
  }
}

}  // namespace

void rule_peer_state(const DocScoring& d, const Thresholds&, std::vector<Verdict>&) {
  if (!d.notes) return;
  std::map<std::string, std::vector<const GpuInfo*>> by_model;
  for (const auto& g : d.doc->gpus)
    if (!g.mig.is_mig_device) by_model[g.name].push_back(&g);
  for (const auto& [model, boards] : by_model) {
    if (boards.size() < 3) continue;  // two boards that differ: which is off is not known
    FieldValues fields;
    for (const auto* g : boards)
      for (const auto& f : gpu_fields(*g)) fields[f.name][f.value].push_back(g->index);
    note_strays(model, fields, boards.size(), *d.notes);
  }
}

}  // namespace gpuaudit
