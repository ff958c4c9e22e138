// One parser of MIG profile names for the baselines check, the slice share and the profile
// inference (issue #28): it agrees with the regular expressions it replaced, and numbers past int
// or double are "not a profile", not std::stoi/std::stod's exception ("internal error").
#include "baselines/mig_profile_name.hpp"

#include <gtest/gtest.h>

#include <random>
#include <regex>
#include <string>
#include <vector>

using namespace gpuaudit;

TEST(BaselinesMigProfileName, ReadsNvidiasNames) {
  const auto p = parse_mig_profile_name("3g.40gb");
  ASSERT_TRUE(p);
  EXPECT_EQ(p->compute_slices, 3);
  EXPECT_EQ(p->memory_gb, 40);
  EXPECT_EQ(p->suffix, "");
  EXPECT_EQ(parse_mig_profile_name("1g.10gb+me")->suffix, "+me");
  EXPECT_EQ(parse_mig_profile_name("1g.20gb-me.all junk")->suffix, "-me.all junk");  // the leading part is the profile
  for (const char* s : {"", "g.10gb", "3g.gb", "3g.40", "3G.40GB", " 3g.40gb", "-3g.40gb", "3g.-40gb"})
    EXPECT_FALSE(parse_mig_profile_name(s)) << s;
  for (const char* s : {"", "+me", "+me.all", "+gfx", "-me"}) EXPECT_TRUE(known_mig_profile_suffix(s)) << s;
  for (const char* s : {"+ME", "+me.al", "me", "+gfx+me"}) EXPECT_FALSE(known_mig_profile_suffix(s)) << s;
}

TEST(BaselinesMigProfileName, NumbersPastIntOrDoubleAreNoProfile) {
  EXPECT_FALSE(parse_mig_profile_name("99999999999999999999g.10gb"));
  EXPECT_FALSE(parse_mig_profile_name("1g." + std::string(400, '9') + "gb"));
  EXPECT_FALSE(parse_mig_profile_name("3g." + std::string(30000, '4') + "gb"));
  EXPECT_FALSE(parse_mig_profile_name(std::string(30000, '3') + "g.40gb"));
}

TEST(BaselinesMigProfileName, AgreesWithTheRegularExpressionsItReplaced) {
  // score/slice.cpp's ^(\d+)g\.(\d+)gb and baseline_check.cpp's whole-name form.
  const std::regex lead(R"(^(\d+)g\.(\d+)gb)");
  const std::regex whole(R"(^([1-7])g\.([0-9]+)gb(\+me(\.all)?|\+gfx|-me)?$)");
  const std::vector<std::string> pieces{"1", "3", "7", "8", "0", "10", "40", "g", ".", "gb", "+me", ".all", "+gfx", "-me", "x", " "};
  const std::vector<std::vector<std::string>> shaped{{"1", "3", "7", "8", "0", "10", "", "07"},
                                                     {"g.", "g", "G.", "g.."},
                                                     {"10", "40", "0", "", "5"},
                                                     {"gb", "GB", "", "g"},
                                                     {"", "", "+me", "+me.all", "+gfx", "-me", "x", " ", "+me.al"}};
  std::mt19937 rng(28);
  std::uniform_int_distribution<std::size_t> piece(0, pieces.size() - 1), count(1, 7);
  int parsed = 0;
  for (int i = 0; i < 20000; ++i) {
    std::string name;
    if (i % 2)
      for (const auto& part : shaped) name += part[rng() % part.size()];
    else
      for (std::size_t k = count(rng); k > 0; --k) name += pieces[piece(rng)];
    std::smatch m;
    const auto p = parse_mig_profile_name(name);
    const bool want = std::regex_search(name, m, lead) && m[1].length() <= 9;  // past int: no profile now
    ASSERT_EQ(p.has_value(), want) << name;
    if (!p) continue;
    ++parsed;
    EXPECT_EQ(p->compute_slices, std::stoi(m[1].str())) << name;
    EXPECT_EQ(p->memory_gb, std::stod(m[2].str())) << name;
    const bool checked = p->slices_text.size() == 1 && p->compute_slices >= 1 && p->compute_slices <= 7 &&
                         known_mig_profile_suffix(p->suffix);
    EXPECT_EQ(checked, std::regex_match(name, whole)) << name;
  }
  EXPECT_GT(parsed, 300);
}
