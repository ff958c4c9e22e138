// What `watch` prints when the job has ended: how it ran, each diagnosis with its evidence, and the
// cost per unit of its output. A pure function of the record, wrapped to `width`.
#pragma once

#include "watch/watch_record.hpp"

#include <cstddef>
#include <string>

namespace gpuaudit {

std::string watch_text(const WatchRecord& r, std::size_t width);

}  // namespace gpuaudit
