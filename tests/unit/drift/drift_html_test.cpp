// drift/drift_html.cpp: the drift report as one HTML page: pass or FAIL, the matrix of odd nodes by
// the fields they differ in (values escaped, the expected value beside each, a node's other odd
// fields "as expected"), the ties, the bulletin; no script and a policy that forbids any.
#include "drift/drift_html.hpp"

#include <gtest/gtest.h>

namespace gpuaudit {
namespace {

DriftNode node(const std::string& name, const std::string& power, const std::string& governor) {
  return {name, name + ".json", "8x H100",
          {{"power_limit_w", "performance", power}, {"cpu_governor", "performance", governor}, {"driver", "performance", "580.178.04"}}};
}

TEST(DriftHtml, TheMatrixOfOddNodesAndFields) {
  const DriftReport r = find_drift({node("a", "700", "performance"), node("b", "700", "performance"),
                                    node("c", "700", "performance"), node("<script>x</script>", "350", "performance"),
                                    node("e", "700", "powersave")});
  const std::string html = drift_html(r);
  EXPECT_NE(html.find("<h1>gpuaudit drift: <span class=\"fail\">FAIL</span></h1>"), std::string::npos);
  EXPECT_EQ(html.find("<script"), std::string::npos) << "a node's name is escaped, and the page has no script";
  EXPECT_NE(html.find("&lt;script&gt;x&lt;/script&gt;"), std::string::npos);
  EXPECT_NE(html.find("default-src 'none'"), std::string::npos);
  EXPECT_NE(html.find("<th>cpu_governor</th><th>power_limit_w</th>"), std::string::npos) << html;
  EXPECT_NE(html.find("350<span class=\"exp\">expected 700 (4 of 5 nodes)</span>"), std::string::npos) << html;
  EXPECT_NE(html.find("<td class=\"same\">as expected</td>"), std::string::npos);  // e's power, the script node's governor
  EXPECT_NE(html.find("Security floors: <a href=\"https://"), std::string::npos);
}

TEST(DriftHtml, AUniformFleetAndATie) {
  const std::string same = drift_html(find_drift({node("a", "700", "performance"), node("b", "700", "performance")}));
  EXPECT_NE(same.find("class=\"pass\">pass"), std::string::npos);
  EXPECT_NE(same.find("Every node of each group has the expected value"), std::string::npos);
  const std::string tie = drift_html(find_drift({node("a", "700", "performance"), node("b", "350", "performance")}));
  EXPECT_NE(tie.find("<li><strong>power_limit_w</strong> in 8x H100: 350 on 1 node; 700 on 1 node;"), std::string::npos) << tie;
}

}  // namespace
}  // namespace gpuaudit
