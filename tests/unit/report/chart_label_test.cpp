// report/chart_label: long group labels broken between their parts, the MIG profile kept, widths in code points.
#include "report/chart_label.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

using namespace gpuaudit;

TEST(ReportCharts, LongLabelsBreakBetweenPartsAndKeepTheMigProfile) {
  const std::string label = "gamma-compute / ap-south / NVIDIA H100 80GB HBM3 MIG 3g.40gb";
  EXPECT_EQ(fit_label(label, 80), std::vector<std::string>{label});
  EXPECT_EQ(fit_label(label, 54), (std::vector<std::string>{"gamma-compute / ap-south", "NVIDIA H100 80GB HBM3 MIG 3g.40gb"}));
  // Narrower: the vendor word goes first, then the middle; the end that tells slices apart stays.
  EXPECT_EQ(fit_label(label, 30), (std::vector<std::string>{"gamma-compute / ap-south", "H100 80GB HBM3 MIG 3g.40gb"}));
  const auto narrow = fit_label(label, 20);
  ASSERT_EQ(narrow.size(), 2u);
  for (const auto& l : narrow) EXPECT_LE(label_width(l), 20u) << l;
  EXPECT_NE(narrow[1].find("3g.40gb"), std::string::npos) << narrow[1];
  const auto one = fit_label("beta-gpu / us-central / NVIDIA H100 80GB HBM3 MIG 3g.40gb", 30, 1);
  ASSERT_EQ(one.size(), 1u);
  EXPECT_EQ(label_width(one[0]), 30u);
  EXPECT_NE(one[0].find("3g.40gb"), std::string::npos) << one[0];
  EXPECT_EQ(one[0].rfind("beta-gpu", 0), 0u) << one[0];
  // Code points, not bytes: a Japanese tag is not cut inside a character.
  const auto jp = fit_label("\xE6\x9D\xB1\xE4\xBA\xAC\xE6\x9D\xB1\xE4\xBA\xAC / x", 3, 1);
  EXPECT_EQ(label_width(jp[0]), 3u);
}

