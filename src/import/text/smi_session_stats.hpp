// nvidia-smi -q's "Encoder Stats" and "FBC Stats" blocks of one GPU section, read into
// GpuInfo.extra (core/session_stats.hpp). A block whose "Active Sessions" is not a count (N/A on a
// vGPU guest, a cut paste) is left out: unknown, never 0 sessions.
#pragma once

#include "core/result.hpp"
#include "import/text/indent_tree.hpp"

namespace gpuaudit::imports {

void read_session_stats(const IndentNode& gpu_section, GpuInfo& g);

}  // namespace gpuaudit::imports
