// core/suggest: typos are refused with the nearest right name, in one place for every option that takes names.
#include "core/suggest.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace gpuaudit {
namespace {

const std::vector<std::string> kCommands{"info", "run", "score", "compare", "report", "baselines", "soak", "import"};

TEST(Suggest, NearestCommandForATypo) {
  EXPECT_EQ(nearest_name("infoo", kCommands), "info");
  EXPECT_EQ(nearest_name("comapre", kCommands), "compare");
  EXPECT_EQ(nearest_name("SCORE", kCommands), "score");
  EXPECT_EQ(nearest_name("base", kCommands), "baselines");  // a unique prefix
  EXPECT_FALSE(nearest_name("xyzzy", kCommands));
  EXPECT_FALSE(nearest_name("", kCommands));
  EXPECT_EQ(did_you_mean("repot", kCommands), "; did you mean 'report'?");
  EXPECT_EQ(did_you_mean("zz", kCommands), "");
}

TEST(Suggest, EditDistanceIsCaseInsensitive) {
  EXPECT_EQ(edit_distance("hbm", "HBM"), 0u);
  EXPECT_EQ(edit_distance("hbmx", "hbm"), 1u);
  EXPECT_EQ(edit_distance("", "abc"), 3u);
}

}  // namespace
}  // namespace gpuaudit
