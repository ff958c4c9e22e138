// compare/compare_markdown (and the JUnit beside it): user text from the documents escaped, a | kept
// inside its table cell.
#include "compare/compare.hpp"
#include "compare/compare_render.hpp"
#include "unit/support/compare_files.hpp"

#include <gtest/gtest.h>

#include <string>

using namespace gpuaudit;

TEST(CompareRender, UserTextIsEscapedEverywhere) {
  auto base = base_file("golden-synthetic.json");
  for (auto& g : base.docs[0].gpus) g.name = "<script>alert(\"x\")</script> & 'q' |";
  ResultDocument next = base.docs[0];
  next.software.driver_version = "1.0<b>\"";
  const auto c = compare_runs(base, next, "new\"<x>.json", {});
  for (const std::string& out : {compare_junit(c), compare_markdown(c)}) {
    EXPECT_EQ(out.find("<script>"), std::string::npos) << out;
    EXPECT_EQ(out.find("<b>"), std::string::npos);
    EXPECT_EQ(out.find("<x>"), std::string::npos);
  }
  EXPECT_NE(compare_junit(c).find("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;q&#39;"),
            std::string::npos);
  EXPECT_NE(compare_markdown(c).find("\\|"), std::string::npos);  // a | would end the table cell
}

