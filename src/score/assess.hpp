// Scoring a result document: every GPU against its reference, the verdict rules, the headline,
// the delivered fraction and the cost. The assessment replaces any earlier one (re-scoring an old
// document against today's baselines records today's baselines_version).
#pragma once

#include "core/result.hpp"
#include "multigpu/topology_baseline.hpp"
#include "baselines/reference.hpp"
#include "score/thresholds.hpp"

#include <string>

namespace gpuaudit {

// Never throws for a well-formed document: a GPU with no reference gets an unknown-gpu finding.
// The assessment's `extra` carries the data behind it: "gpus" (reference, slice, delivered
// fraction and every figure's ratio), "shared_figures", "cost", "thresholds".
// `topologies`: the topology baselines that give multi-GPU rows without an expectation of their
// own one at score time (topology_expectation.hpp); null: the installed set.
Assessment assess(const ResultDocument& doc, const ReferenceLookup& lookup, const std::string& baselines_version,
                  const Thresholds& t, const std::vector<multigpu::TopologyBaseline>* topologies = nullptr);

// Scores `doc` and stores the assessment in it, replacing any earlier one; returns the exit code.
int score_document(ResultDocument& doc, const ReferenceLookup& lookup, const std::string& baselines_version,
                   const Thresholds& t, const std::vector<multigpu::TopologyBaseline>* topologies = nullptr);

// exit_codes.hpp: 1 (finding) when any finding is neither "healthy" nor "inconclusive" and is at
// least as sure as `fail_on` ("low", "medium" or "high"; a finding without a confidence counts as
// high); else 6 (inconclusive) when one is "inconclusive" (a CI gate must not read it as healthy);
// else 0. A finding less sure than `fail_on` is still in the assessment: it only does not fail.
int assessment_exit_code(const Assessment& a, const std::string& fail_on = "low");

// "low" 0, "medium" 1, "high" (and anything else) 2.
int confidence_rank(const std::string& confidence);

}  // namespace gpuaudit
