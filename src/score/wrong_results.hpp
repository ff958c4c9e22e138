// Every sign in a document that a GPU computed wrong results, collected for rule_wrong_results:
//   - a row whose output check failed against the host reference (status check-failed; with
//     params.output_check, the count and the first differing element);
//   - GPUs of one model that computed the same product (the same benchmark, shape, algorithm and
//     input seed: measure/output_record.hpp) with different output bits: the GPUs outside a strict
//     majority, or both of a pair that disagree (which one is wrong is then not known);
//   - a soak timeline (extra.soak) whose output changed from one interval to another, and soak
//     reference outputs that differ between GPUs of one model running the same workload.
// Pure host code over the document.
#pragma once

#include "core/result.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace gpuaudit {

struct WrongResult {
  int gpu = 0;
  std::string source;   // "gemm/bf16", "soak"
  std::string against;  // "the host reference", "GPU 1 and GPU 2 (same inputs and algorithm)", ...
  std::optional<std::uint64_t> mismatches, checked;
  std::string first;    // "element 1234: got 1.5, expected 0.75 (tolerance 0.01)"
};

std::vector<WrongResult> find_wrong_results(const ResultDocument& doc);

}  // namespace gpuaudit
