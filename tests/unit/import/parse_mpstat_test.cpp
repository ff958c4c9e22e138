// Unit tests of the mpstat parser (src/import/parse_mpstat.cpp).
#include "baselines/baseline_set.hpp"
#include "import/import.hpp"
#include "score/assess.hpp"
#include "score/baseline_lookup.hpp"
#include "score/thresholds.hpp"
#include "unit/support/import_test_support.hpp"

#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>

namespace gpuaudit::imports {
namespace {

using import_test::detected;

TEST(ImportHostCpu, SarColumnOrderIsNotTakenForMpstat) {
  const std::string raw =
      "Linux 5.15.0 (host) \t11/30/2026 \t_x86_64_\t(8 CPU)\n\n"
      "12:00:01 AM     CPU     %user     %nice   %system   %iowait    %steal     %idle\n"
      "12:10:01 AM     all     10.00      0.00      2.00      0.00     30.00     58.00\n";
  EXPECT_NE(detected(raw), "mpstat");
}

}  // namespace
}  // namespace gpuaudit::imports
