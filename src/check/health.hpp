// `gpuaudit check`: the verdict of a scored document as a scheduler health check wants it — one
// NHC-style line and pass / warn / fail (docs/check.md). Pure: no NVML, no files.
#pragma once

#include "core/result.hpp"

#include <string>
#include <vector>

namespace gpuaudit {

enum class HealthLevel { ok, warn, fail };
const char* health_level_name(HealthLevel level);  // "OK", "WARN", "FAIL"

// FAIL: the hardware is faulty or unusable (uncorrectable memory errors, a link below its width or
// generation, NVLinks down, a figure that failed its output check, no usable GPU) — drain the node.
// WARN: it works but delivers less than it could, or gpuaudit cannot judge it (power cap, clock
// limit, heat, MIG slice, host-bound, old software, unknown model) — keep it, look at it.
// A low-confidence finding is never more than WARN.
HealthLevel finding_level(const Finding& f);

// GPUs another process uses now (gpus[].processes, or utilisation at or above 5 %): a check
// measures nothing on them, and says so.
std::vector<int> busy_gpus(const ResultDocument& doc);

struct HealthVerdict {
  HealthLevel level = HealthLevel::ok;
  std::string line;                  // "gpuaudit check: WARN gpu 3: power-capped: ..."
  std::vector<std::string> details;  // one line per finding that is not healthy, worst first
};

// `doc` scored (assessment set, or gpu_status saying why not); `state_only_note` is appended to
// the line when figures were not measured ("state only: GPUs 2,3 busy").
HealthVerdict health_verdict(const ResultDocument& doc, const std::string& state_only_note);

// What `check` prints: the line whole (schedulers grep it: never wrapped), then with `verbose` each
// detail wrapped to `width` under it.
std::string health_text(const HealthVerdict& v, bool verbose, std::size_t width);

}  // namespace gpuaudit
