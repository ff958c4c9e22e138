// The assessment as a person reads it: the headline, each finding with its evidence, the cost,
// and the table of every figure against its reference. Built from the Assessment alone (its
// `extra` holds the per-figure data), so a stored assessment prints the same as a fresh one.
#pragma once

#include "core/json.hpp"
#include "core/result.hpp"

#include <cstddef>
#include <string>

namespace gpuaudit {

// width > 0: prose (findings, evidence, notes) wrapped to it; 0: each on one line.
std::string assessment_text(const Assessment& a, std::size_t width = 0);

// Parts the one-screen summary (assessment_summary.hpp) prints the same way.
// What a renter, then an owner, can do about finding `id` (score/advice.hpp), indented under the
// finding; the renter's line is left out when `summary` already says what to ask the provider.
std::string advice_text(const std::string& id, const std::string& summary, std::size_t width);
// "$4.00" for USD (and no currency: the document's default), "4.00 EUR" for any other.
std::string money_text(double v, const std::string& currency);
// "none: 3 host figures, none past its threshold; no GPU verdict": the findings line when there are none.
std::string no_findings_text(const json& extra);
// "against H100 SXM5 80GB, matched by pci-id; scaled to MIG 3g.40gb": how one GPU (an entry of
// extra.gpus) was judged.
std::string reference_text(const json& gpu);
// "baselines 2026.12.01, thresholds: built-in defaults, scored ...", with its newline.
std::string scored_with_text(const Assessment& a);
// The figures of one GPU (or the machine's shared ones) against their references, as a table.
// The figure table; wider than `width` (0: any width), its notes leave it for lines after it.
std::string figure_table_text(const json& figures, std::size_t width = 0);
// "cost at $4 per hour:" and its lines, when the assessment has a cost; else "".
std::string cost_text(const json& extra, std::size_t width);

}  // namespace gpuaudit
