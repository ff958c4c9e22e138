// The one-line live status `watch --progress` redraws on a terminal at each interval: how long the
// job has run, each watched GPU's last utilisation, SM clock, power and temperature, the host's CPU
// busy share with the job's cores, and the job's last --metric reading. A pure function of the
// record, cut to `width` columns (ASCII only, so a cut never splits a character).
#pragma once

#include "watch/watch_record.hpp"

#include <cstddef>
#include <optional>
#include <string>

namespace gpuaudit {

std::string progress_line(const WatchRecord& r, std::optional<double> metric_now, std::size_t width);

}  // namespace gpuaudit
