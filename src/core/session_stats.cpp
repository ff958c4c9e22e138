// GpuInfo.extra["encoder_stats"] / ["fbc_stats"] read back (core/session_stats.hpp).
#include "core/session_stats.hpp"

namespace gpuaudit {

std::optional<SessionStats> session_stats(const GpuInfo& gpu, const char* key) {
  if (!gpu.extra.is_object()) return std::nullopt;
  const auto it = gpu.extra.find(key);
  if (it == gpu.extra.end() || !it->is_object()) return std::nullopt;
  try {
    const SessionStats s = it->get<SessionStats>();
    if (s.active_sessions < 0) return std::nullopt;
    return s;
  } catch (const std::exception&) {
    return std::nullopt;  // a malformed entry says nothing a reader can use
  }
}

}  // namespace gpuaudit
