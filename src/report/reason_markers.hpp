// The marks a timeline chart puts on its time axis where a GPU's clock-event reasons changed to a
// non-empty set ("GPU 0 at 20 s: sw-thermal"): one helper for the soak's and the watch's points,
// whatever their type, as long as each has t_s and reasons.
#pragma once

#include "report/svg_chart.hpp"
#include "text/format.hpp"

#include <string>
#include <vector>

namespace gpuaudit {

template <class Points>
void add_reason_markers(int gpu, const Points& points, std::vector<Marker>& out) {
  std::vector<std::string> previous;
  for (const auto& p : points) {
    if (!p.reasons.empty() && p.reasons != previous) {
      std::string t = "GPU " + std::to_string(gpu) + " at " + fmt_num(p.t_s, p.t_s >= 10 ? 0 : 1) + " s:";
      for (const auto& x : p.reasons) t += " " + x;
      out.push_back({p.t_s, t});
    }
    previous = p.reasons;
  }
}

}  // namespace gpuaudit
