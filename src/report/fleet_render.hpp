// The faces of a fleet report: terminal text, CSV (one row per group) and a self-contained HTML
// page with SVG charts.
#pragma once

#include "core/json.hpp"
#include "report/fleet.hpp"

#include <cstddef>
#include <string>
#include <vector>

namespace gpuaudit {

// width: the group headings and findings lines are wrapped to it (the tables are not).
std::string fleet_text(const FleetReport& r, std::size_t width = 100);
std::string fleet_csv(const FleetReport& r);
json fleet_json(const FleetReport& r);  // "schema": "gpuaudit.report/1" (fleet_json.cpp)

struct HtmlOptions {
  std::string generated_utc;   // shown in the footer; empty leaves it out (reproducible output)
  size_t max_soak_runs = 8;    // timelines drawn; more are counted, not drawn
};
std::string fleet_html(const FleetReport& r, const std::vector<LoadedRun>& runs, const HtmlOptions& options = {});
std::string fleet_html(const FleetReport& r, const std::vector<RunDigest>& runs, const HtmlOptions& options = {});

// "17.3 USD" style money; "per BF16 PFLOP-hour" style labels used by every face.
std::string fmt_money(double v, const std::string& currency);
inline constexpr const char* kCostPflopLabel = "per dense-BF16 PFLOP/s-hour";
inline constexpr const char* kCostHbmLabel = "per TB/s-hour of memory bandwidth (hbm/copy)";
inline constexpr const char* kCostHostLabel = "per GB/s-hour of host copy (pcie/h2d)";

}  // namespace gpuaudit
