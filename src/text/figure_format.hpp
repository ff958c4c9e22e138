// Numbers the way a reader wants them: digits that suit the magnitude (4312, 789.3, 2.41, 0.034).
#pragma once

#include <optional>
#include <string>

namespace gpuaudit {

std::string fmt_figure(double v);
std::string fmt_figure(const std::optional<double>& v, const std::string& none = "-");
std::string fmt_change_pct(const std::optional<double>& pct);  // "+3.2%", "-20%", "-" when null
std::string fmt_p_value(double p);                              // "0.032", "<0.001"
std::string fmt_alpha(double a);                                // "0.05", "0.001"

}  // namespace gpuaudit
