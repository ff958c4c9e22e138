// baselines/baseline_check: the repository's set checks clean, each kind of problem is found, a figure
// above the datasheet needs a note. check_baselines on fields of any length and numbers of any size (issue #28): a 30 KB compute
// capability or MIG profile name overflowed the stack in std::regex; "1g.<400 nines>gb" threw
// out of std::stod ("internal error"). Each is now a problem of the set, listed.
#include "baselines/baseline_set.hpp"
#include "core/figure_catalogue.hpp"
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

TEST(Baselines, RealSetLoadsAndChecksClean) {
  const BaselineSet& set = repo_baselines();
  EXPECT_GE(set.models.size(), 70u);
  EXPECT_NE(set.version, "unversioned");
  const auto problems = check_baselines(set);
  for (const auto& p : problems) ADD_FAILURE() << p;
}

TEST(BaselineCheck, FindsEachKindOfProblem) {
  BaselineSet set = repo_baselines();
  Baseline b = *set.find("a100-sxm4-80gb");
  b.fp32_tflops->source.clear();                             // missing source
  b.expected["gemm/bf16"].value = 400;                       // above the 312 peak, no note
  b.expected["gemm/bf16"].note.clear();
  b.expected["hbm/bogus"] = b.expected["hbm/copy"];          // not a benchmark name
  b.expected["hbm/copy"].unit = "TFLOP/s";                   // wrong unit
  b.mig_profiles[0].sm_count = 200;                          // more SMs than the card
  b.mig_profiles[1].memory_slices = 6;                       // 6/8 of 80 GB is not 10 GB
  set.models.push_back(b);                                   // duplicate id
  Baseline twin = *set.find("a100-sxm4-80gb");
  twin.id = "a100-sxm4-80gb-twin";                           // same PCI id, name and memory
  twin.architecture_reference = false;
  set.models.push_back(twin);
  const auto problems = check_baselines(set);
  auto has = [&](const std::string& needle) {
    for (const auto& p : problems)
      if (p.find(needle) != std::string::npos) return true;
    return false;
  };
  EXPECT_TRUE(has("fp32_tflops has no source"));
  EXPECT_TRUE(has("above the datasheet peak"));
  EXPECT_TRUE(has("\"hbm/bogus\" is not a benchmark name"));
  EXPECT_TRUE(has("unit \"TFLOP/s\", should be \"GB/s\""));
  EXPECT_TRUE(has("has 200 SMs"));
  EXPECT_TRUE(has("memory slices"));
  EXPECT_TRUE(has("duplicate id"));
  EXPECT_TRUE(has("cannot be told apart"));
  EXPECT_TRUE(has("several architecture_reference"));
}

TEST(BaselineCheck, AboveDatasheetIsFineWithANote) {
  BaselineSet set;
  set.models = {*repo_baselines().find("geforce-rtx-4090-d")};
  set.models[0].architecture_reference = true;
  EXPECT_GT(set.models[0].expected.at("gemm/bf16").value, set.models[0].bf16_tensor_tflops->value);
  EXPECT_TRUE(check_baselines(set).empty());
  set.models[0].expected["gemm/bf16"].note.clear();
  EXPECT_FALSE(check_baselines(set).empty());
}

// Which figures a baseline may expect, in which unit, and which datasheet field bounds each: the
// figure catalogue's, every one of them (the check restates none).
TEST(BaselineCheck, ExpectableFiguresAndTheirPeaksComeFromTheCatalogue) {
  const Baseline& h100 = *repo_baselines().find("h100-sxm5-80gb");  // every datasheet field set, FP8 too
  int expectable = 0, bounded = 0;
  for (const CatalogueEntry& e : figure_catalogue()) {
    const std::string name(e.name);
    BaselineSet set;
    set.models = {h100};
    set.models[0].architecture_reference = true;
    Expectation x;
    x.value = 1e9;  // above any datasheet figure
    x.unit = std::string(e.spec.unit);
    x.source = "synthetic: this test";
    set.models[0].expected[name] = x;
    const auto problems = check_baselines(set);
    EXPECT_EQ(listed(problems, "\"" + name + "\" is not a benchmark name"), !e.spec.expected_per_model) << name;
    if (!e.spec.expected_per_model) continue;
    ++expectable;
    EXPECT_FALSE(listed(problems, name + " unit")) << name;
    // A bounding datasheet field is one the H100 has, so 1e9 exceeds it.
    EXPECT_EQ(listed(problems, "expected " + name + " (1e+09) is above the datasheet peak"), !e.spec.datasheet_peak.empty()) << name;
    bounded += !e.spec.datasheet_peak.empty();
  }
  EXPECT_EQ(expectable, 29);  // 25 GPU benchmark figures and 4 NCCL collectives
  EXPECT_EQ(bounded, 12);     // sm/fp32, sm/fp64, 2 tensor/mma, 4 gemm, 4 hbm
}
