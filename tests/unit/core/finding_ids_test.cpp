// core/finding_ids.hpp: every finding id is a constant, each has its row in docs/scoring.md §5, and
// the docs name no id the code does not give.
#include "core/finding_ids.hpp"

#include <gtest/gtest.h>

#include <fstream>
#include <regex>
#include <set>
#include <sstream>
#include <string>

namespace gpuaudit::finding_id {
namespace {

// The ids in the first cell of each row of §5's findings table ("| `nvlink-degraded` / `no-nvlink` |").
std::set<std::string> documented_ids() {
  std::ifstream f(std::string(GPUAUDIT_SOURCE_DIR) + "/docs/scoring.md");
  std::string line;
  while (std::getline(f, line) && line.rfind("## 5. Findings", 0) != 0) {}
  while (std::getline(f, line) && line.rfind("| id |", 0) != 0) {}
  std::getline(f, line);  // |---|
  std::set<std::string> ids;
  static const std::regex cell_id("`([a-z-]+)`");
  while (std::getline(f, line) && line.rfind("|", 0) == 0) {
    const std::string first = line.substr(1, line.find('|', 1) - 1);
    for (std::sregex_iterator it(first.begin(), first.end(), cell_id), end; it != end; ++it) ids.insert((*it)[1]);
  }
  return ids;
}

TEST(FindingIds, EveryIdHasItsRowInTheScoringDocsAndNoRowNamesAnother) {
  const std::set<std::string> docs = documented_ids();
  ASSERT_FALSE(docs.empty()) << "docs/scoring.md: no findings table under '## 5. Findings'";
  std::set<std::string> code;
  for (const Id id : kAll) code.insert(id.str());
  for (const auto& id : code) EXPECT_TRUE(docs.count(id)) << id << " has no row in docs/scoring.md §5";
  for (const auto& id : docs) EXPECT_TRUE(code.count(id)) << id << " is documented but no rule gives it";
}

TEST(FindingIds, SeverityListsEveryIdButHealthyOnce) {
  std::set<std::string_view> seen;
  for (const Id id : kBySeverity) EXPECT_TRUE(seen.insert(id.text).second) << id.text << " twice";
  EXPECT_FALSE(seen.count(kHealthy.text));
  EXPECT_EQ(kAll.size(), kBySeverity.size() + 1);
  EXPECT_EQ(kAll.back(), kHealthy);
  EXPECT_EQ(kBySeverity.front(), kWrongResults);  // a GPU that computes wrong answers comes first
}

TEST(FindingIds, NamedFindsEveryConstantAndNothingElse) {
  for (const Id id : kAll) {
    const auto back = named(id.text);
    ASSERT_TRUE(back);
    EXPECT_EQ(*back, id);
  }
  EXPECT_FALSE(named("power_capped"));
  EXPECT_FALSE(named(""));
  EXPECT_TRUE(std::string("sliced") == kSliced);
  EXPECT_TRUE(std::string("sliced") != kHealthy);
}

}  // namespace
}  // namespace gpuaudit::finding_id
