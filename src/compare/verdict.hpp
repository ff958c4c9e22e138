// The verdict on one figure: regressed, improved or same, judged against the noise both runs
// measured rather than a fixed percentage alone. A change is called only when it is
//   1. larger than the tolerance (--max-regression, default 5%), and
//   2. larger than the noise: the bigger of the two runs' sample scatter (coefficient of
//      variation), so a figure that wobbles by 8% within one run is not "regressed" at -6%, and
//   3. real: a two-sided Mann-Whitney U test on the samples gives p < alpha (default 0.05). With
//      too few samples for the test ever to reach alpha (e.g. 3 against 3), the sample ranges
//      must not overlap instead.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace gpuaudit {

inline constexpr double kDefaultAlpha = 0.05;

enum class Verdict { same, regressed, improved };
const char* verdict_name(Verdict v);

struct Measured {
  double value = 0;             // the figure: a median
  std::vector<double> samples;  // what it came from; empty means {value}
};

struct Judgement {
  Verdict verdict = Verdict::same;
  std::optional<double> change_pct;  // (new - base) / base; null when base is 0
  double noise_pct = 0;              // max of the two coefficients of variation, in %
  double threshold_pct = 0;          // max(tolerance, noise)
  std::optional<double> p_value;     // of the U test, when one was possible
  std::string method;                // "u-test" | "u-test (normal approx.)" | "ranges"
  bool significant = false;
  std::string reason;                // one line: why this verdict
};

Judgement judge(const Measured& base, const Measured& next, bool higher_is_better, double tolerance_pct,
                double alpha = kDefaultAlpha);

}  // namespace gpuaudit
