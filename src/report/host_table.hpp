// The host half of the table `gpuaudit run` prints: the host checks have no GPU, clock or power,
// so they get columns of their own, and each row shows the figure the host-bound rule judges
// (rule_host.cpp) beside the samples' median: the all-core ratio, the whole run's steal and iowait
// share (the median 1 s window is not what is judged), fio's p99 latency, the decode rate the GPUs
// are fed at, and how much of the CPUs other processes used meanwhile.
#pragma once

#include "core/result.hpp"

#include <string>

namespace gpuaudit {

bool is_host_row(const BenchmarkResult& b);

// Empty when the document has no host row.
std::string host_table(const ResultDocument& doc);

// The "judged" cell of one host row ("all-core ratio 0.88; others 2% of CPUs"); empty when the
// row's own median is what is judged.
std::string host_judged_cell(const BenchmarkResult& b);

// The spread as CV%, or "-" where a CV says nothing: a median of zero, or a share (%) below one
// point (iowait 0.02% in most windows: a CV of 300% is noise around nothing).
std::string spread_cell(const BenchmarkResult& b);

}  // namespace gpuaudit
