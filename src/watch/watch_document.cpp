#include "watch/watch_document.hpp"

namespace gpuaudit {

std::optional<WatchRecord> read_watch(const ResultDocument& doc) {
  if (!doc.extra.is_object()) return std::nullopt;
  const auto it = doc.extra.find("watch");
  if (it == doc.extra.end() || !it->is_object()) return std::nullopt;
  try {
    return it->get<WatchRecord>();
  } catch (const std::exception&) {
    return std::nullopt;  // a foreign or damaged section: absent, never a crash
  }
}

}  // namespace gpuaudit
