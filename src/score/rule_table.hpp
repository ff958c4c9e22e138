// The verdict rules in the order they run, each with the findings it gives and the earlier findings
// it defers to: one table for the per-GPU rules and one for the document's. assess() runs them as
// listed; tests/unit/score/rule_table_test.cpp checks that every deferral names a finding an
// earlier rule gives, that each rule's file reads no other finding, and that every id has a rule.
#pragma once

#include "core/finding_ids.hpp"
#include "score/rules.hpp"

#include <string>
#include <string_view>
#include <vector>

namespace gpuaudit {

struct WrongResult;

// What a per-GPU rule may read besides its GPU.
struct GpuRuleContext {
  const std::vector<GpuScoring>& all;     // every GPU of the document (the straggler rule's peers)
  const std::vector<WrongResult>& wrong;  // outputs that disagree (score/wrong_results.hpp)
  const Thresholds& t;
  std::vector<std::string>& notes;        // the assessment's notes
};

struct GpuRule {
  std::string_view file;  // src/score/<file>.cpp
  void (*run)(GpuScoring& g, const GpuRuleContext& c);
  std::vector<finding_id::Id> gives{};
  std::vector<finding_id::Id> defers_to{};  // earlier findings on this GPU that silence or join it
  bool last_word = false;                 // speaks only where no earlier rule found anything
};

struct DocRule {
  std::string_view file;
  void (*run)(const DocScoring& d, const Thresholds& t, std::vector<Verdict>& out);
  std::vector<finding_id::Id> gives{};
  std::vector<finding_id::Id> defers_to{};  // findings of the GPUs or of earlier document rules
  bool last_word = false;
};

const std::vector<GpuRule>& gpu_rules();
const std::vector<DocRule>& doc_rules();

}  // namespace gpuaudit
