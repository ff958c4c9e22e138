// Outputs of tools gpuaudit knows but does not import, named in the "not an output gpuaudit can
// import" error so that the person who pasted one learns what to paste instead, rather than only
// that nothing matched. Only what the tool itself prints tells them (DCGM's dcgmi/Query.cpp,
// Health.cpp, DeviceMonitor.cpp headers):
//
// - `dcgmi discovery -l`: "| GPU ID | Device Information |" and per GPU its name, bus id and UUID,
//   which nvidia-smi -q (or -L) prints too, with the model details the rules need beside them.
// - `dcgmi health -c`: "| Health Monitor Report |", DCGM's background watches' verdicts, whose
//   messages are the ones dcgmi diag prints (import that, or nvidia-smi -q for the counters).
// - `dcgmi dmon`: "#Entity" over DCGM field short names and "GPU N" rows: a sample log whose
//   columns are whatever fields -e chose; nvidia-smi dmon or a --query-gpu log gives the figures.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace gpuaudit::imports {

// "dcgmi discovery -l (DCGM's GPU list, line 3): ..." (or "a kernel log with no NVIDIA driver line ...") when `text` (normalised) is one of the
// outputs above, nullopt otherwise. Never throws.
std::optional<std::string> unread_output(std::string_view text);

}  // namespace gpuaudit::imports
