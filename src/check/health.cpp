#include "check/health.hpp"

#include "core/finding_ids.hpp"
#include "probe/inventory.hpp"
#include "text/wrap.hpp"

#include <algorithm>
#include <array>
#include <set>

namespace gpuaudit {

const char* health_level_name(HealthLevel level) {
  switch (level) {
    case HealthLevel::ok: return "OK";
    case HealthLevel::warn: return "WARN";
    case HealthLevel::fail: return "FAIL";
  }
  return "FAIL";
}

HealthLevel finding_level(const Finding& f) {
  using namespace finding_id;
  constexpr std::array faults{kWrongResults, kGpuFault, kMemoryDegraded, kPcieDegraded, kNvlinkDegraded};
  if (f.id == kHealthy) return HealthLevel::ok;
  const bool fault = std::find(faults.begin(), faults.end(), finding_id::named(f.id)) != faults.end();
  if (fault && f.confidence != "low") return HealthLevel::fail;
  return HealthLevel::warn;
}

std::vector<int> busy_gpus(const ResultDocument& doc) {
  std::vector<int> busy;
  for (const auto& g : doc.gpus)
    if (!g.processes.empty() || g.utilization_pct.value_or(0) >= 5) busy.push_back(g.index);
  return busy;
}

HealthVerdict health_verdict(const ResultDocument& doc, const std::string& state_only_note) {
  HealthVerdict v;
  const std::string suffix = state_only_note.empty() ? "" : " (" + state_only_note + ")";
  auto finish = [&](HealthLevel level, const std::string& what) {
    v.level = level;
    v.line = std::string("gpuaudit check: ") + health_level_name(level) + " " + what + suffix;
    return v;
  };
  if (gpu_unusable(doc.gpu_status) || doc.gpus.empty()) {
    const std::string why = doc.gpu_status.message.empty() ? "no GPU found" : doc.gpu_status.message;
    return finish(HealthLevel::fail, "no usable GPU: " + why);
  }
  for (const auto& b : doc.benchmarks)
    if (b.status == "check-failed") {
      v.details.push_back(b.name + ": output did not match the host reference");
      return finish(HealthLevel::fail, (b.gpu ? "gpu " + std::to_string(*b.gpu) + ": " : std::string()) + b.name +
                                           " computed wrong results (check-failed)");
    }
  const std::string count = std::to_string(doc.gpus.size()) + (doc.gpus.size() == 1 ? " GPU" : " GPUs");
  if (!doc.assessment) return finish(HealthLevel::warn, count + " not scored (no baselines)");

  std::vector<const Finding*> bad;
  for (const auto& f : doc.assessment->findings)
    if (finding_level(f) != HealthLevel::ok) bad.push_back(&f);
  std::stable_sort(bad.begin(), bad.end(),
                   [](const Finding* a, const Finding* b) { return finding_level(*a) > finding_level(*b); });
  for (const Finding* f : bad)
    v.details.push_back(std::string(health_level_name(finding_level(*f))) + " " +
                        (f->gpu ? "gpu " + std::to_string(*f->gpu) + ": " : std::string("host: ")) + f->id + ": " +
                        f->summary);
  if (bad.empty()) return finish(HealthLevel::ok, count + " healthy");
  const Finding& worst = *bad.front();
  std::string what = (worst.gpu ? "gpu " + std::to_string(*worst.gpu) + ": " : std::string("host: ")) + worst.id +
                     ": " + worst.summary;
  std::replace(what.begin(), what.end(), '\n', ' ');
  if (bad.size() > 1) what += " (+" + std::to_string(bad.size() - 1) + " more)";
  return finish(finding_level(worst), what);
}

std::string health_text(const HealthVerdict& v, bool verbose, std::size_t width) {
  std::string o = v.line + "\n";
  if (verbose)
    for (const auto& d : v.details) o += wrap(d, width, "  ", "    ");
  return o;
}

}  // namespace gpuaudit
