// The odd node out (drift/drift.hpp) on synthetic nodes: the majority of a group, a tie said and not
// judged, a --golden value, minimum and maximum, groups kept apart, and only performance fields fail.
#include "drift/drift.hpp"

#include "core/error.hpp"
#include "unit/support/golden_text.hpp"

#include <gtest/gtest.h>

#include <algorithm>

namespace gpuaudit {
namespace {

DriftNode node(const std::string& name, const std::string& power, const std::string& driver,
               const std::string& group = "8x H100", const std::string& nccl = "2.21.5") {
  return {name, name + ".json", group,
          {{"power_limit_w", "performance", power}, {"driver", "performance", driver}, {"nccl", "environment", nccl}}};
}

TEST(Drift, TheMinorityIsOddAgainstTheMajority) {
  const DriftReport r = find_drift({node("a", "700", "570.1"), node("b", "700", "570.1"), node("c", "350", "570.1")});
  ASSERT_EQ(r.odd.size(), 1u);
  EXPECT_EQ(r.odd[0].node, "c");
  EXPECT_EQ(r.odd[0].field, "power_limit_w");
  EXPECT_EQ(r.odd[0].value, "350");
  EXPECT_EQ(r.odd[0].golden, "700");
  EXPECT_EQ(r.odd[0].basis, "2 of 3 nodes");
  EXPECT_TRUE(r.fails());
  EXPECT_EQ(r.nodes, 3u);
  EXPECT_EQ(r.fields_compared, 3u);
}

TEST(Drift, ATieIsSaidNotJudged) {
  const DriftReport r = find_drift({node("a", "700", "570.1"), node("b", "350", "570.1")});
  EXPECT_TRUE(r.odd.empty());
  ASSERT_EQ(r.ties.size(), 1u);
  EXPECT_EQ(r.ties[0].field, "power_limit_w");
  EXPECT_FALSE(r.fails());
  EXPECT_NE(drift_text(r, 100).find("no majority (350 on 1 node, 700 on 1 node)"), std::string::npos) << drift_text(r, 100);
}

TEST(Drift, GroupsAreComparedApart) {
  const DriftReport r = find_drift({node("a", "700", "570.1", "8x H100"), node("b", "700", "570.1", "8x H100"),
                                    node("c", "400", "570.1", "8x A100"), node("d", "400", "570.1", "8x A100")});
  EXPECT_TRUE(r.odd.empty());
  EXPECT_EQ(r.groups, 2u);
}

TEST(Drift, GoldenValuesMinimaAndMaxima) {
  const GoldenFile g = golden_from_json(json::parse(R"({"driver": "570.1", "power_limit_w": {"min": 500, "max": 700}})"));
  const DriftReport r = find_drift({node("a", "700", "570.1"), node("b", "450", "570.1"), node("c", "700", "550.9")}, g);
  ASSERT_EQ(r.odd.size(), 2u);
  EXPECT_EQ(r.odd[0].node, "c");  // fields in the order of the votes: driver before power_limit_w
  EXPECT_EQ(r.odd[0].golden, "570.1");
  EXPECT_EQ(r.odd[1].node, "b");
  EXPECT_EQ(r.odd[1].golden, ">= 500, <= 700");
  EXPECT_EQ(r.odd[1].basis, "--golden");
  // A lone node is judged against --golden too.
  EXPECT_EQ(find_drift({node("x", "300", "570.1")}, g).odd.size(), 1u);
}

TEST(Drift, AMixedNodeIsOddAndOnlyPerformanceFieldsFail) {
  const DriftReport mixed = find_drift({node("a", "700", "570.1"), node("b", "700", "570.1"), node("c", "mixed: 350 | 700", "570.1")});
  ASSERT_EQ(mixed.odd.size(), 1u);
  EXPECT_EQ(mixed.odd[0].value, "mixed: 350 | 700");
  const DriftReport env = find_drift({node("a", "700", "570.1"), node("b", "700", "570.1", "8x H100", "2.18.1"),
                                      node("c", "700", "570.1")});
  ASSERT_EQ(env.odd.size(), 1u);
  EXPECT_EQ(env.odd[0].klass, "environment");
  EXPECT_FALSE(env.fails());
}

TEST(Drift, ABadGoldenIsAnInputError) {
  EXPECT_THROW(golden_from_json(json::parse("[1, 2]")), Error);
  EXPECT_THROW(golden_from_json(json::parse(R"({"power_limit_w": {"min": "x"}})")), Error);
  EXPECT_THROW(golden_from_json(json::parse(R"({"power_limit_w": [700]})")), Error);
  EXPECT_EQ(*golden_from_json(json::parse(R"({"ecc": true, "vcpus": 64})")).at("ecc").exact, "on");
  EXPECT_EQ(*golden_from_json(json::parse(R"({"vcpus": 64})")).at("vcpus").exact, "64");
}

TEST(Drift, JsonHasTheOddCells) {
  const json j = drift_json(find_drift({node("a", "700", "570.1"), node("b", "700", "570.1"), node("c", "350", "570.1")}));
  EXPECT_EQ(j["schema"], "gpuaudit.drift/1");
  EXPECT_EQ(j["fails"], true);
  ASSERT_EQ(j["odd"].size(), 1u);
  EXPECT_EQ(j["odd"][0]["node"], "c");
  EXPECT_EQ(j["odd"][0]["class"], "performance");
}

// A generated fleet of five nodes with one node's VBIOS changed, and another's driver: each named with
// its node, field, value and the fleet's, exit 1 (issue #32's "done when").
TEST(Drift, AChangedVbiosOrDriverOnOneNodeIsNamedWithBothValues) {
  std::vector<DriftNode> fleet;
  for (const char* n : {"n1", "n2", "n3", "n4", "n5"}) {
    DriftNode d = node(n, "700", "580.178.04");
    d.fields.push_back({"vbios", "performance", "96.00.99.00.01"});
    fleet.push_back(d);
  }
  fleet[2].fields.back().value = "96.00.74.00.0B";
  fleet[4].fields[1].value = "580.159.03";
  const DriftReport r = find_drift(fleet);
  ASSERT_EQ(r.odd.size(), 3u);  // n3's VBIOS, n5's driver, and n5's driver below its security floor
  const auto cell = [&](const std::string& field) {
    return *std::find_if(r.odd.begin(), r.odd.end(), [&](const DriftCell& c) { return c.field == field; });
  };
  EXPECT_EQ(cell("vbios").node, "n3");
  EXPECT_EQ(cell("vbios").value, "96.00.74.00.0B");
  EXPECT_EQ(cell("vbios").golden, "96.00.99.00.01");
  EXPECT_EQ(cell("vbios").basis, "4 of 5 nodes");
  EXPECT_EQ(cell("driver").node, "n5");
  EXPECT_EQ(cell("driver").golden, "580.178.04");
  EXPECT_EQ(cell("driver_security").golden, ">= 580.178.04");
  EXPECT_TRUE(r.fails());
  fleet[2].fields.back().value = "96.00.99.00.01";
  fleet[4].fields[1].value = "580.178.04";
  EXPECT_FALSE(find_drift(fleet).fails());  // a uniform fleet on a fixed driver
}

// A Linux driver below its branch's fix in NVIDIA's bulletin, or on a branch it no longer fixes, is a
// security cell that fails the gate even when every node has it; a vGPU guest and --no-security are
// not judged; the bulletin is named under the table.
TEST(Drift, ADriverBelowItsSecurityFloorFailsEvenWhenAllNodesShareIt) {
  std::vector<DriftNode> nodes{node("a", "700", "580.159.03"), node("b", "700", "580.159.03")};
  DriftReport r = find_drift(nodes);
  ASSERT_EQ(r.odd.size(), 2u);
  EXPECT_EQ(r.odd[0].field, "driver_security");
  EXPECT_EQ(r.odd[0].klass, "security");
  EXPECT_EQ(r.odd[0].golden, ">= 580.178.04");
  EXPECT_EQ(r.odd[0].basis, "NVIDIA bulletin 5861 (2026-09-30)");
  EXPECT_TRUE(r.fails());
  EXPECT_NE(drift_text(r, 200).find("security floors: Security Bulletin: GPU Display Driver - September 2026"),
            std::string::npos)
      << drift_text(r, 200);
  EXPECT_EQ(drift_json(r)["security_bulletin"]["id"], "5861");
  nodes[0].vgpu_guest = true;
  nodes[1].security = false;
  r = find_drift(nodes);
  EXPECT_TRUE(r.odd.empty());
  EXPECT_FALSE(r.fails());
  EXPECT_EQ(drift_text(r, 200).find("security floors"), std::string::npos);
  EXPECT_FALSE(find_drift({node("a", "700", "580.178.04"), node("b", "700", "580.178.04")}).fails());
}

// Four nodes of one group, one capped and one on another driver, and a tie in a second group, as a
// terminal of 80 and 120 columns shows them (GPUAUDIT_UPDATE_GOLDEN=1 rewrites
// tests/data/text-golden/drift-synthetic-*.txt).
TEST(Drift, GoldenAt80And120Columns) {
  const DriftReport r = find_drift({node("node-a", "700", "570.124.06"), node("node-b", "700", "570.124.06"),
                                    node("node-c", "350", "570.124.06"), node("node-d", "700", "550.54.15"),
                                    node("node-e", "400", "570.124.06", "8x A100"), node("node-f", "300", "570.124.06", "8x A100")});
  for (const std::size_t width : {80u, 120u})
    expect_golden_text(drift_text(r, width), "drift-synthetic-" + std::to_string(width) + ".txt");
}

}  // namespace
}  // namespace gpuaudit
