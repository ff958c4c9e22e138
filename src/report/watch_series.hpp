// The timelines of a `gpuaudit watch` document (watch/watch_record.hpp) as line charts for the HTML
// report, all on one time axis (seconds since the job started): the GPUs' utilisation, SM clock,
// power and temperature; the host's CPUs (busy, busiest core, steal, iowait) and the job's cores;
// disk and network traffic; and the job's own --metric. A triangle on the time axis marks where a
// GPU's clock-event reasons changed. A chart with no point is not drawn.
#pragma once

#include "report/svg_chart.hpp"
#include "watch/watch_record.hpp"

#include <cstddef>
#include <vector>

namespace gpuaudit {

// `first_id` numbers the charts' element ids (unique in the page); each chart takes the next one.
std::vector<XYChart> watch_charts(const WatchRecord& r, std::size_t first_id);

}  // namespace gpuaudit
