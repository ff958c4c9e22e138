// score/nvlink_links.cpp on the repository's baselines: the NVLink generation by compute
// capability, one link's bandwidth (NVIDIA's per-GPU totals over each generation's link count,
// GA102's half-width links), and the links a model has (0 without NVLink).
#include "score/nvlink_links.hpp"
#include "unit/support/repo_baselines.hpp"

#include <gtest/gtest.h>

#include <stdexcept>
#include <string>

using namespace gpuaudit;

namespace {

const Baseline& model(const std::string& id) {
  const Baseline* b = repo_baselines().find(id);
  if (!b) throw std::runtime_error("no baseline " + id);
  return *b;
}

}  // namespace

TEST(NvlinkLinks, TheGenerationFollowsTheComputeCapability) {
  EXPECT_EQ(nvlink_generation_of(model("tesla-p100-sxm2-16gb")), 1);
  EXPECT_EQ(nvlink_generation_of(model("tesla-v100-sxm2-32gb")), 2);
  EXPECT_EQ(nvlink_generation_of(model("a100-sxm4-80gb")), 3);
  EXPECT_EQ(nvlink_generation_of(model("h100-sxm5-80gb")), 4);
  EXPECT_EQ(nvlink_generation_of(model("b200-180gb")), 5);
  Baseline none;
  EXPECT_EQ(nvlink_generation_of(none), 0);
}

TEST(NvlinkLinks, OneLinksBandwidthBothDirections) {
  EXPECT_DOUBLE_EQ(nvlink_gbs_per_link(model("tesla-p100-sxm2-16gb")), 40.0);
  EXPECT_DOUBLE_EQ(nvlink_gbs_per_link(model("h100-sxm5-80gb")), 50.0);
  EXPECT_DOUBLE_EQ(nvlink_gbs_per_link(model("b200-180gb")), 100.0);
  EXPECT_DOUBLE_EQ(nvlink_gbs_per_link(model("geforce-rtx-3090")), 28.125);  // GA102: 112.5 GB/s over 4
}

TEST(NvlinkLinks, TheLinksAModelHas) {
  EXPECT_EQ(expected_nvlink_links(model("tesla-p100-sxm2-16gb")), 4);
  EXPECT_EQ(expected_nvlink_links(model("tesla-v100-sxm2-32gb")), 6);
  EXPECT_EQ(expected_nvlink_links(model("a100-sxm4-80gb")), 12);
  EXPECT_EQ(expected_nvlink_links(model("h100-sxm5-80gb")), 18);
  EXPECT_EQ(expected_nvlink_links(model("b200-180gb")), 18);
  EXPECT_EQ(expected_nvlink_links(model("geforce-rtx-3090")), 4);
  EXPECT_EQ(expected_nvlink_links(model("nvidia-l4")), 0);
}

TEST(NvlinkLinks, ABaselinesOwnLinkCountWins) {
  Baseline b = model("h100-sxm5-80gb");
  b.extra["nvlink_links"] = 12;
  EXPECT_EQ(expected_nvlink_links(b), 12);
}
