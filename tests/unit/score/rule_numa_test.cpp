// score/rule_numa.cpp: numa-misplaced when copies from the far NUMA node are much slower (placement
// matters) or faster (the affinity is wrong) than the near one; about the same rate is fine. Synthetic rows.
#include "baselines/baseline_set.hpp"
#include "core/exit_codes.hpp"
#include "core/stats.hpp"
#include "score/assess.hpp"
#include "score/assessment_text.hpp"
#include "score/baseline_lookup.hpp"
#include "unit/support/host_rows.hpp"
#include "unit/support/repo_baselines.hpp"

#include <gtest/gtest.h>

#include <filesystem>

namespace fs = std::filesystem;
using namespace gpuaudit;
using namespace gpuaudit::host_rows;

TEST(HostNuma, RemoteCopiesMuchSlowerMeanPlacementMatters) {
  const Assessment a = score(gpu_doc({row("pcie/h2d_pinned", 55, "GB/s", 0), row("pcie/h2d_pinned_remote", 30, "GB/s", 0)}));
  const Finding* f = find(a, "numa-misplaced");
  ASSERT_NE(f, nullptr) << why(a);
  EXPECT_EQ(f->confidence, "medium");
  EXPECT_NEAR(f->figures.at("remote_to_local"), 30.0 / 55, 1e-9);
  EXPECT_NE(f->summary.find("pin the data loader"), std::string::npos) << f->summary;
}

TEST(HostNuma, RemoteCopiesFasterMeanTheAffinityIsWrong) {
  const Assessment a = score(gpu_doc({row("pcie/h2d_pinned", 30, "GB/s", 0), row("pcie/h2d_pinned_remote", 52, "GB/s", 0)}));
  const Finding* f = find(a, "numa-misplaced");
  ASSERT_NE(f, nullptr) << why(a);
  EXPECT_EQ(f->confidence, "high");
  EXPECT_NE(f->summary.find("NUMA affinity is wrong"), std::string::npos) << f->summary;
}

TEST(HostNuma, RemoteCopiesAtAboutTheSameRateAreFine) {
  const Assessment a = score(gpu_doc({row("pcie/h2d_pinned", 55, "GB/s", 0), row("pcie/h2d_pinned_remote", 50, "GB/s", 0)}));
  EXPECT_EQ(find(a, "numa-misplaced"), nullptr) << why(a);
}
