// drift/drift_markdown.cpp: the drift report as Markdown: pass or FAIL, the odd cells in a table
// with every value escaped, the ties, and the security bulletin linked when drivers were judged.
#include "drift/drift_markdown.hpp"

#include <gtest/gtest.h>

namespace gpuaudit {
namespace {

DriftNode node(const std::string& name, const std::string& power, const std::string& driver) {
  return {name, name + ".json", "8x H100", {{"power_limit_w", "performance", power}, {"driver", "performance", driver}}};
}

TEST(DriftMarkdown, FailTableTiesAndTheBulletin) {
  const DriftReport r = find_drift({node("a", "700", "580.178.04"), node("b", "700", "580.178.04"), node("c|x", "350", "580.178.04")});
  const std::string md = drift_markdown(r);
  EXPECT_EQ(md.rfind("### gpuaudit drift: FAIL\n", 0), 0u) << md;
  EXPECT_NE(md.find("| c\\|x | 8x H100 | power\\_limit\\_w | 350 | 700 | 2 of 3 nodes | performance |"), std::string::npos) << md;
  EXPECT_NE(md.find("Security floors: [Security Bulletin: GPU Display Driver - September 2026]"), std::string::npos) << md;
  const std::string tie = drift_markdown(find_drift({node("a", "700", "x"), node("b", "350", "x")}));
  EXPECT_EQ(tie.rfind("### gpuaudit drift: pass\n", 0), 0u) << tie;
  EXPECT_NE(tie.find("- no majority for **power\\_limit\\_w** in 8x H100: 350 on 1 node; 700 on 1 node;"), std::string::npos) << tie;
  EXPECT_EQ(tie.find("Security floors"), std::string::npos) << tie;  // "x" is no Linux driver version
}

}  // namespace
}  // namespace gpuaudit
