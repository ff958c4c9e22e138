// score/rule_table.cpp: the rules' order agrees with what each defers to, every finding id has a
// rule, and each rule file reads only the findings its row declares.
#include "score/rule_table.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <string>

namespace gpuaudit {
namespace {

using Ids = std::set<std::string>;

Ids texts(const std::vector<finding_id::Id>& ids) {
  Ids out;
  for (const auto id : ids) out.insert(id.str());
  return out;
}

// "kNvlinkDegraded" -> "nvlink-degraded"
std::string kebab(const std::string& constant) {
  std::string out;
  for (std::size_t i = 1; i < constant.size(); ++i) {
    const char c = constant[i];
    if (std::isupper(static_cast<unsigned char>(c))) {
      if (i > 1) out += '-';
      out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    } else {
      out += c;
    }
  }
  return out;
}

// The finding ids a source file names (finding_id::kX).
Ids named_in(const std::string& file) {
  std::ifstream f(std::string(GPUAUDIT_SOURCE_DIR) + "/src/score/" + file + ".cpp");
  std::stringstream ss;
  ss << f.rdbuf();
  const std::string text = ss.str();
  Ids out;
  static const std::regex constant(R"(finding_id::(k[A-Za-z]+))");
  for (std::sregex_iterator it(text.begin(), text.end(), constant), end; it != end; ++it) out.insert(kebab((*it)[1]));
  return out;
}

TEST(RuleTable, EveryDeferralNamesAFindingAnEarlierRuleGives) {
  Ids given;
  for (const GpuRule& r : gpu_rules()) {
    for (const auto id : r.defers_to) EXPECT_TRUE(given.count(id.str())) << r.file << " defers to " << id.text << ", which no earlier rule gives";
    for (const auto id : r.gives) given.insert(id.str());
  }
  for (const DocRule& r : doc_rules()) {
    for (const auto id : r.defers_to) EXPECT_TRUE(given.count(id.str())) << r.file << " defers to " << id.text << ", which no earlier rule gives";
    for (const auto id : r.gives) given.insert(id.str());
  }
  for (const auto id : finding_id::kAll) EXPECT_TRUE(given.count(id.str())) << id.text << " is given by no rule";
}

TEST(RuleTable, EachRuleFileNamesOnlyTheFindingsItsRowsDeclare) {
  std::map<std::string, Ids> declared, gives;
  for (const GpuRule& r : gpu_rules()) {
    for (const auto& s : texts(r.gives)) declared[std::string(r.file)].insert(s), gives[std::string(r.file)].insert(s);
    for (const auto& s : texts(r.defers_to)) declared[std::string(r.file)].insert(s);
  }
  for (const DocRule& r : doc_rules()) {
    for (const auto& s : texts(r.gives)) declared[std::string(r.file)].insert(s), gives[std::string(r.file)].insert(s);
    for (const auto& s : texts(r.defers_to)) declared[std::string(r.file)].insert(s);
  }
  for (const auto& [file, ids] : declared) {
    const Ids named = named_in(file);
    for (const auto& id : named) EXPECT_TRUE(ids.count(id)) << file << ".cpp reads " << id << " but its row does not declare it";
    for (const auto& id : gives[file]) EXPECT_TRUE(named.count(id)) << file << ".cpp never gives " << id;
  }
}

TEST(RuleTable, EveryRuleFileHasARow) {
  std::set<std::string> listed;
  for (const GpuRule& r : gpu_rules()) listed.emplace(r.file);
  for (const DocRule& r : doc_rules()) listed.emplace(r.file);
  for (const auto& e : std::filesystem::directory_iterator(std::string(GPUAUDIT_SOURCE_DIR) + "/src/score")) {
    const std::string stem = e.path().stem().string();
    if (e.path().extension() != ".cpp" || stem.rfind("rule_", 0) != 0 || stem == "rule_table") continue;
    EXPECT_TRUE(listed.count(stem)) << "src/score/" << stem << ".cpp has no row in rule_table.cpp";
  }
}

TEST(RuleTable, WrongResultsIsNeverSilencedAndInconclusiveSpeaksLast) {
  const auto& gpu = gpu_rules();
  for (const GpuRule& r : gpu)
    if (r.file == "rule_wrong_results") EXPECT_TRUE(r.defers_to.empty());
  ASSERT_FALSE(doc_rules().empty());
  EXPECT_EQ(doc_rules().back().file, "rule_inconclusive");
  EXPECT_TRUE(doc_rules().back().last_word);
}

}  // namespace
}  // namespace gpuaudit
