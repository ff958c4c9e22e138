// drift/security_floors.cpp: the floors are NVIDIA's September 2026 bulletin's (5861), each branch's
// first fixed Linux driver; below it, or on an older branch the bulletin no longer fixes, a driver is
// below the floor; a newer branch, a Windows version or the fixed version itself is not.
#include "drift/security_floors.hpp"

#include <gtest/gtest.h>

#include <string>

namespace gpuaudit {
namespace {

TEST(SecurityFloors, TheBulletinIsCitedAndDated) {
  const SecurityBulletin& b = security_bulletin();
  EXPECT_STREQ(b.id, "5861");
  EXPECT_STREQ(b.date, "2026-09-30");
  EXPECT_NE(std::string(b.url).find("NVIDIA/product-security/blob/08d1a287"), std::string::npos);
  // NVIDIA/product-security 2026/5861 CVE-2026-47501.json: Linux Tesla "All driver versions prior to".
  ASSERT_EQ(security_floors().size(), 4u);
  EXPECT_EQ(security_floors()[0].branch, 615);
  EXPECT_STREQ(security_floors()[0].fixed, "615.71.09");
  EXPECT_STREQ(security_floors()[1].fixed, "610.57.04");
  EXPECT_STREQ(security_floors()[2].fixed, "595.91.07");
  EXPECT_STREQ(security_floors()[3].fixed, "580.178.04");
}

TEST(SecurityFloors, BelowItsBranchsFixOrOnABranchNoLongerFixed) {
  EXPECT_EQ(below_security_floor("580.159.03"), ">= 580.178.04");  // the May 2026 fix, superseded
  EXPECT_EQ(below_security_floor("595.71.05"), ">= 595.91.07");
  EXPECT_EQ(below_security_floor("580.178.03"), ">= 580.178.04");
  EXPECT_EQ(below_security_floor("570.172.08"), "a fixed branch (R615, R610, R595, R580)");
  EXPECT_EQ(below_security_floor("535.309.01"), "a fixed branch (R615, R610, R595, R580)");
}

TEST(SecurityFloors, AtOrAboveTheFixANewerBranchOrAWindowsVersionIsNotJudgedBelow) {
  EXPECT_FALSE(below_security_floor("580.178.04"));
  EXPECT_FALSE(below_security_floor("580.200.01"));
  EXPECT_FALSE(below_security_floor("615.71.09"));
  EXPECT_FALSE(below_security_floor("620.10.01"));  // newer than the bulletin: not judged
  EXPECT_FALSE(below_security_floor("596.36"));      // Windows
  EXPECT_FALSE(below_security_floor(""));
  EXPECT_FALSE(below_security_floor("mixed: 570.1 | 580.2"));
}

}  // namespace
}  // namespace gpuaudit
