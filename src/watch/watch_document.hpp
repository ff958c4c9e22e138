// The watch record (watch/watch_record.hpp) read back from a result document, for the rules that
// judge it and the report that draws it. Defensive: a document without "watch", or with one this
// build cannot read, simply has none.
#pragma once

#include "core/result.hpp"
#include "watch/watch_record.hpp"

#include <optional>

namespace gpuaudit {

std::optional<WatchRecord> read_watch(const ResultDocument& doc);

}  // namespace gpuaudit
