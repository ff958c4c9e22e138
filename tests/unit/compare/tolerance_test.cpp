// compare/tolerance: the default tolerance, family and figure overrides (longest prefix wins), bad specs refused.
#include "compare/tolerance.hpp"
#include "core/error.hpp"

#include <gtest/gtest.h>

#include <string>

using namespace gpuaudit;

TEST(Tolerance, DefaultIsFivePercent) {
  Tolerances t;
  EXPECT_DOUBLE_EQ(t.for_figure("hbm/copy"), kDefaultTolerancePct);
  EXPECT_DOUBLE_EQ(kDefaultTolerancePct, 5.0);
}

TEST(Tolerance, FamilyAndFigureOverridesLongestPrefixWins) {
  Tolerances t;
  t.parse("4%");
  t.parse("hbm=3%,pcie=10%, gemm=6 ,gemm/bf16=2.5%");
  EXPECT_DOUBLE_EQ(t.for_figure("hbm/copy"), 3);
  EXPECT_DOUBLE_EQ(t.for_figure("pcie/h2d_pinned"), 10);
  EXPECT_DOUBLE_EQ(t.for_figure("gemm/fp16"), 6);
  EXPECT_DOUBLE_EQ(t.for_figure("gemm/bf16"), 2.5);
  EXPECT_DOUBLE_EQ(t.for_figure("sm/fp32"), 4);
  EXPECT_DOUBLE_EQ(t.for_figure("hbmx/read"), 4);  // prefix only on '/' boundaries
  EXPECT_EQ(t.describe(), "4% (gemm 6%, gemm/bf16 2.5%, hbm 3%, pcie 10%)");
}

TEST(Tolerance, BadSpecsAreUsageErrors) {
  for (const char* bad : {"five", "5%%", "-1%", "100%", "=3%", "hbm=", "hbm=x"}) {
    Tolerances t;
    try {
      t.parse(bad);
      ADD_FAILURE() << bad << " was accepted";
    } catch (const Error& e) {
      EXPECT_EQ(e.code(), 2) << bad;
      EXPECT_NE(std::string(e.what()).find("--max-regression"), std::string::npos);
    }
  }
}

