// `drift --markdown FILE`: the drift report as GitHub-flavoured Markdown (a CI job's step summary,
// $GITHUB_STEP_SUMMARY): the summary line, a table of the odd cells, the ties and the drivers below
// the security floor. A pure function of the report; every value from a document is escaped.
#pragma once

#include "drift/drift.hpp"

#include <string>

namespace gpuaudit {

std::string drift_markdown(const DriftReport& r);

}  // namespace gpuaudit
