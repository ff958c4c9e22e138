// nvidia-smi -q "Encoder Stats" / "FBC Stats" -> GpuInfo.extra (import/text/smi_session_stats.hpp).
#include "import/text/smi_session_stats.hpp"

#include "core/session_stats.hpp"
#include "import/text/smi_values.hpp"

#include <utility>

namespace gpuaudit::imports {

namespace {

// "Active Sessions : 2", "Average FPS : 243", "Average Latency : 3280335" (microseconds).
std::optional<SessionStats> block_stats(const IndentNode& block) {
  const auto sessions = block.get({"Active Sessions"});
  const auto n = sessions ? smi::count(*sessions) : std::nullopt;
  if (!n || *n > 1'000'000) return std::nullopt;
  SessionStats s;
  s.active_sessions = static_cast<int>(*n);
  if (auto v = block.get({"Average FPS"})) s.average_fps = smi::number(*v);
  if (auto v = block.get({"Average Latency"})) s.average_latency_us = smi::number(*v);
  return s;
}

}  // namespace

void read_session_stats(const IndentNode& gpu_section, GpuInfo& g) {
  for (const auto& [header, key] : {std::pair{"Encoder Stats", kEncoderStatsKey}, std::pair{"FBC Stats", kFbcStatsKey}})
    if (const IndentNode* block = gpu_section.child({header}))
      if (auto s = block_stats(*block)) g.extra[key] = *s;
}

}  // namespace gpuaudit::imports
