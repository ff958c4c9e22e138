// Mann-Whitney U test (Wilcoxon rank-sum): are two sets of samples drawn from the same distribution?
// It ranks all samples together, so it makes no assumption about their shape: one preempted, slow
// sample moves a mean a lot but a rank by one place. Google Benchmark's compare tool uses the same
// test for the same reason.
#pragma once

#include <span>

namespace gpuaudit {

struct UTestResult {
  double u = 0;        // U of the first sample: pairs (x, y) with x > y, ties counting 1/2
  double p_value = 1;  // two-sided
  bool exact = false;  // exact distribution of U (no ties, small samples) or normal approximation
};

// Throws std::invalid_argument when either side is empty.
// Exact p-value when there are no ties and n1 * n2 <= kExactLimit; otherwise the normal
// approximation with tie correction and continuity correction (the same as SciPy's
// mannwhitneyu(..., method="asymptotic")).
inline constexpr int kExactLimit = 2500;
UTestResult mann_whitney_u(std::span<const double> x, std::span<const double> y);

// The smallest two-sided p-value the exact test can give for sample sizes n1 and n2:
// 2 / C(n1 + n2, n1). When it is not below alpha, the test cannot ever call a difference, and a
// caller has to judge from the spread instead (e.g. 3 samples against 3: at best p = 0.1).
double smallest_possible_p(int n1, int n2);

}  // namespace gpuaudit
