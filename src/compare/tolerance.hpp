// How large a change must be before `compare` calls it, per figure:
// "--max-regression 5%" sets the default, "hbm=3%,pcie=10%" overrides families, "gemm/bf16=2%"
// one figure. The longest matching prefix (on '/' boundaries) wins.
#pragma once

#include <map>
#include <string>

namespace gpuaudit {

// The default when --max-regression is not given. 5% sits above the run-to-run scatter of a
// quiet cloud GPU's bandwidth and GEMM figures (about 1-2%), and below the losses people upgrade
// or downgrade over (a driver that costs 10% of GEMM, a link at half width).
inline constexpr double kDefaultTolerancePct = 5.0;

class Tolerances {
 public:
  Tolerances() = default;
  // Parses one or more comma-separated entries: "5%", "5", "hbm=3%", "gemm/bf16=2.5%".
  // Throws Error(exit_code::usage) on anything else. Later entries override earlier ones.
  void parse(const std::string& spec);

  double default_pct() const { return default_pct_; }
  double for_figure(const std::string& name) const;  // in percent
  const std::map<std::string, double>& overrides() const { return overrides_; }
  std::string describe() const;  // "5% (hbm 3%, pcie 10%)"

 private:
  double default_pct_ = kDefaultTolerancePct;
  std::map<std::string, double> overrides_;
};

}  // namespace gpuaudit
