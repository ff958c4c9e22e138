// import/errors/software_messages.cpp: the tables' rows are well formed - a lower-case needle (lines
// are matched lower-cased), a kind, a meaning where the table does not share one - and no needle is
// in two rows, so no message can mean two things.
#include "import/errors/software_messages.hpp"

#include <gtest/gtest.h>

#include <cctype>
#include <set>
#include <string>

namespace gpuaudit::imports {
namespace {

TEST(SoftwareMessages, EveryRowHasALowerCaseNeedleAKindAndAMeaning) {
  std::set<std::string> needles;
  for (const auto table : {driver_messages(), no_gpu_messages(), build_messages(), cpu_only_messages()})
    for (const DriverMessage& m : table) {
      const std::string needle = m.needle;
      EXPECT_GE(needle.size(), 8u) << needle;
      for (const char c : needle) EXPECT_FALSE(std::isupper(static_cast<unsigned char>(c))) << needle;
      EXPECT_FALSE(std::string(m.kind).empty()) << needle;
      EXPECT_TRUE(needles.insert(needle).second) << "in two rows: " << needle;
      if (table.data() != no_gpu_messages().data()) EXPECT_FALSE(std::string(m.meaning).empty()) << needle;
    }
  EXPECT_GT(needles.size(), 100u);
}

}  // namespace
}  // namespace gpuaudit::imports
