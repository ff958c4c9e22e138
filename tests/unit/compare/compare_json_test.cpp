// compare/compare_json: the gpuaudit.compare/1 document carries each figure's verdict and the counts.
#include "compare/compare.hpp"
#include "compare/compare_render.hpp"
#include "unit/support/compare_files.hpp"

#include <gtest/gtest.h>

#include <string>

using namespace gpuaudit;

TEST(CompareRender, JsonCarriesVerdictsAndCounts) {
  const auto c = compare_files("golden-synthetic.json", "hbm-drop-20pct-synthetic.json");
  const json j = compare_json(c);
  EXPECT_EQ(j["schema"], "gpuaudit.compare/1");
  EXPECT_EQ(j["counts"]["regressed"], 1);
  EXPECT_TRUE(j["regression"].get<bool>());
  bool found = false;
  for (const auto& f : j["figures"])
    if (f["name"] == "hbm/copy") {
      found = true;
      EXPECT_EQ(f["verdict"], "regressed");
      EXPECT_LT(f["p_value"].get<double>(), 0.001);
      EXPECT_NEAR(f["change_pct"].get<double>(), -20, 1);
    }
  EXPECT_TRUE(found);
}

