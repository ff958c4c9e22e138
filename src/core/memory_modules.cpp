#include "core/memory_modules.hpp"

#include <set>
#include <type_traits>

namespace gpuaudit {

namespace {

template <typename T>
json one_or_mixed(const std::set<T>& seen) {
  if (seen.empty()) return nullptr;
  if (seen.size() == 1) return *seen.begin();
  std::string out = "mixed: ";
  for (auto it = seen.begin(); it != seen.end(); ++it) {
    if (it != seen.begin()) out += " | ";
    if constexpr (std::is_same_v<T, std::string>) out += *it;
    else out += std::to_string(*it);
  }
  return out;
}

}  // namespace

json memory_modules_summary(const std::vector<MemoryModule>& slots, const std::string& source) {
  std::set<std::string> types;
  std::set<int> rated, configured;
  std::uint64_t total = 0;
  int populated = 0, below = 0;
  for (const auto& m : slots) {
    if (!m.bytes) continue;
    ++populated;
    total += *m.bytes;
    if (!m.type.empty() && m.type != "Unknown") types.insert(m.type);
    if (m.rated_mts) rated.insert(*m.rated_mts);
    if (m.configured_mts) configured.insert(*m.configured_mts);
    below += m.rated_mts && m.configured_mts && *m.configured_mts < *m.rated_mts ? 1 : 0;
  }
  json s = json::object();
  s["slots"] = slots.size();
  s["populated"] = populated;
  if (total > 0) s["total_gib"] = static_cast<double>(total) / static_cast<double>(1ull << 30);
  if (auto t = one_or_mixed(types); !t.is_null()) s["type"] = t;
  if (auto r = one_or_mixed(rated); !r.is_null()) s["rated_speed_mts"] = r;
  if (auto c = one_or_mixed(configured); !c.is_null()) s["configured_speed_mts"] = c;
  s["below_rated"] = below;
  s["source"] = source;
  return s;
}

}  // namespace gpuaudit
