// check_baselines on fields of any length and numbers of any size (issue #28): a 30 KB compute
// capability or MIG profile name overflowed the stack in std::regex; "1g.<400 nines>gb" threw
// out of std::stod ("internal error"). Each is now a problem of the set, listed.
#include "baselines/baseline_set.hpp"
#include "unit/support/repo_baselines.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

using namespace gpuaudit;

namespace {

bool listed(const std::vector<std::string>& problems, const std::string& part) {
  for (const auto& p : problems)
    if (p.find(part) != std::string::npos) return true;
  return false;
}

}  // namespace

TEST(BaselinesBaselineCheck, LongFieldsAndHugeNumbersAreProblemsNotCrashes) {
  BaselineSet set = repo_baselines();
  Baseline* h100 = nullptr;
  for (auto& b : set.models)
    if (b.id == "h100-sxm5-80gb") h100 = &b;
  ASSERT_TRUE(h100);
  ASSERT_GE(h100->mig_profiles.size(), 3u);
  h100->compute_capability = "9." + std::string(30000, '0') + "x";
  h100->mig_profiles[0].name = "1g." + std::string(30000, '1') + "gb";
  h100->mig_profiles[1].name = "1g." + std::string(400, '9') + "gb";
  h100->mig_profiles[2].name = "99999999999999999999g.10gb";
  h100->pci_device_ids.push_back("10de:" + std::string(30000, 'a'));
  std::vector<std::string> problems;
  ASSERT_NO_THROW(problems = check_baselines(set));
  EXPECT_TRUE(listed(problems, "h100-sxm5-80gb: compute_capability must look like \"9.0\""));
  EXPECT_TRUE(listed(problems, "MIG profile \"1g.1111"));
  EXPECT_TRUE(listed(problems, "MIG profile \"1g.9999"));
  EXPECT_TRUE(listed(problems, "MIG profile \"99999999999999999999g.10gb\" is not of the form"));
  EXPECT_TRUE(listed(problems, "PCI device id \"10de:aaa"));
  for (const auto& p : problems) EXPECT_LT(p.size(), 400u) << "a 30 KB field is quoted whole";
}

TEST(BaselinesBaselineCheck, TheWellFormedShapesStillPass) {
  BaselineSet set = repo_baselines();
  EXPECT_TRUE(check_baselines(set).empty());
  for (auto& b : set.models)
    if (b.id == "a100-sxm4-80gb") b.compute_capability = "8.0x";
  EXPECT_TRUE(listed(check_baselines(set), "a100-sxm4-80gb: compute_capability must look like"));
}
