#include "compare/verdict.hpp"

#include "compare/mann_whitney.hpp"
#include "core/stats.hpp"
#include "text/figure_format.hpp"
#include "text/format.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace gpuaudit {

const char* verdict_name(Verdict v) {
  switch (v) {
    case Verdict::regressed: return "regressed";
    case Verdict::improved: return "improved";
    case Verdict::same: break;
  }
  return "same";
}

namespace {

std::vector<double> samples_of(const Measured& m) {
  return m.samples.empty() ? std::vector<double>{m.value} : m.samples;
}

double cv_pct(const std::vector<double>& s) {
  if (s.size() < 2) return 0;
  return 100.0 * summarize(s).cv;
}

// "5%", "2.5%", "0.3%": a tolerance or a scatter, without trailing zeros.
std::string pct(double v) {
  std::string s = fmt_num(v, std::fabs(v) < 10 ? 1 : 0);
  if (s.size() > 2 && s.compare(s.size() - 2, 2, ".0") == 0) s.resize(s.size() - 2);
  return s + "%";
}

std::string p_text(double p) { return p < 0.001 ? "p<0.001" : "p=" + fmt_num(p, 3); }

}  // namespace

Judgement judge(const Measured& base, const Measured& next, bool higher_is_better, double tolerance_pct,
                double alpha) {
  Judgement j;
  const auto bs = samples_of(base), ns = samples_of(next);
  j.noise_pct = std::max(cv_pct(bs), cv_pct(ns));
  j.threshold_pct = std::max(tolerance_pct, j.noise_pct);

  // Size of the change, and in which direction it matters.
  double magnitude = 0;  // |change| in %, infinite when base is 0 and new is not
  if (base.value != 0) {
    j.change_pct = 100.0 * (next.value - base.value) / std::fabs(base.value);
    magnitude = std::fabs(*j.change_pct);
  } else if (next.value != 0) {
    magnitude = std::numeric_limits<double>::infinity();
  }
  const bool went_up = next.value > base.value;
  const bool worse = went_up != higher_is_better;

  const int n1 = static_cast<int>(bs.size()), n2 = static_cast<int>(ns.size());
  if (smallest_possible_p(n1, n2) < alpha) {
    const UTestResult u = mann_whitney_u(bs, ns);
    j.p_value = u.p_value;
    j.method = u.exact ? "u-test" : "u-test (normal approx.)";
    j.significant = u.p_value < alpha;
  } else {
    const auto [bmin, bmax] = std::minmax_element(bs.begin(), bs.end());
    const auto [nmin, nmax] = std::minmax_element(ns.begin(), ns.end());
    j.method = "ranges";
    j.significant = *nmax < *bmin || *nmin > *bmax;
  }

  const std::string change = j.change_pct ? fmt_change_pct(j.change_pct) : (magnitude > 0 ? "from 0" : "0%");
  const std::string evidence = j.p_value ? p_text(*j.p_value) + ", " + std::to_string(n1) + " vs " +
                                               std::to_string(n2) + " samples"
                                         : std::to_string(n1) + " vs " + std::to_string(n2) +
                                               " samples, too few for a rank test; ranges " +
                                               (j.significant ? "apart" : "overlap");
  if (magnitude <= j.threshold_pct) {
    j.reason = change + " is within " +
               (j.noise_pct > tolerance_pct ? "the noise (" + pct(j.noise_pct) + " scatter)"
                                            : "tolerance " + pct(tolerance_pct));
    return j;
  }
  if (!j.significant) {
    j.reason = change + " but not significant (" + evidence + ")";
    return j;
  }
  j.verdict = worse ? Verdict::regressed : Verdict::improved;
  j.reason = change + (worse ? " worse" : " better") + ", beyond " +
             (j.noise_pct > tolerance_pct ? "the noise " + pct(j.noise_pct) : "tolerance " + pct(tolerance_pct)) +
             " (" + evidence + ")";
  return j;
}

}  // namespace gpuaudit
