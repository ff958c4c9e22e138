// Which benchmarks --only selects (suite.hpp): a prefix on slash boundaries.
#include "run/suite.hpp"

#include <gtest/gtest.h>

using namespace gpuaudit;

TEST(Suite, OnlySelectsByPrefixOnSlashBoundaries) {
  EXPECT_TRUE(name_selected("hbm/copy", {}));
  EXPECT_TRUE(name_selected("hbm/copy", {"hbm"}));
  EXPECT_TRUE(name_selected("hbm/copy", {"gemm", "hbm/copy"}));
  EXPECT_FALSE(name_selected("hbm/copy", {"hbm/co"}));
  EXPECT_FALSE(name_selected("host/disk_seq_read", {"hbm"}));
  EXPECT_TRUE(name_selected("host/disk_seq_read", {"host/"}));
}
