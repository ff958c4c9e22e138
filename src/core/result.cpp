#include "core/result.hpp"

#include <ctime>

namespace gpuaudit {

const BenchmarkResult* ResultDocument::find(const std::string& name, std::optional<int> gpu) const {
  for (const auto& b : benchmarks)
    if (b.name == name && b.gpu == gpu) return &b;
  return nullptr;
}

std::string utc_now_iso8601() {
  std::time_t t = std::time(nullptr);
  std::tm tm{};
  gmtime_r(&t, &tm);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
  return buf;
}

}  // namespace gpuaudit
