// `drift --html FILE`: the drift report as one self-contained HTML page (no script, no outside
// resource; a Content-Security-Policy that forbids both) for a fleet owner to open or attach: the
// summary line, a matrix of the odd nodes (rows) by the fields they differ in (columns), each cell
// the node's value with the expected one beside it and coloured by class (performance and security
// fail the gate; environment and info are said), then the ties and the security bulletin. A pure
// function of the report: the matrix holds the odd cells only, so its size follows the drift, not
// the fleet. Every value from a document is escaped.
#pragma once

#include "drift/drift.hpp"

#include <string>

namespace gpuaudit {

std::string drift_html(const DriftReport& r);

}  // namespace gpuaudit
