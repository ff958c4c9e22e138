// The tables of what `gpuaudit run` measured: each figure, its spread, and what the card did meanwhile.
#pragma once

#include "core/result.hpp"

#include <string>

namespace gpuaudit {

// Every GPU figure with its clocks, power and clock events; empty when the document has none.
std::string gpu_results_table(const ResultDocument& doc);

// The GPU table, then the host table (host_table.hpp); empty when the document has no figure.
std::string results_table(const ResultDocument& doc);

}  // namespace gpuaudit
