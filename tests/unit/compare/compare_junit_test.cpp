// compare/compare_junit: one JUnit test case per figure, a failure for each regression.
#include "compare/compare.hpp"
#include "compare/compare_render.hpp"
#include "unit/support/compare_files.hpp"

#include <gtest/gtest.h>

#include <string>

using namespace gpuaudit;

TEST(CompareRender, JUnitHasOneTestCasePerFigureAndFailuresForRegressions) {
  const auto c = compare_files("golden-synthetic.json", "hbm-drop-20pct-synthetic.json");
  const std::string x = compare_junit(c);
  size_t cases = 0;
  for (size_t p = x.find("<testcase "); p != std::string::npos; p = x.find("<testcase ", p + 1)) ++cases;
  EXPECT_EQ(cases, c.figures.size());
  EXPECT_NE(x.find("failures=\"1\""), std::string::npos);
  EXPECT_NE(x.find("<failure type=\"regressed\""), std::string::npos);
  EXPECT_NE(x.find("software changed: driver"), std::string::npos);
}

