// core/names: figure families, group keys and currencies checked, a typo refused with the nearest right name.
#include "core/error.hpp"
#include "core/names.hpp"

#include <gtest/gtest.h>

#include <string>

namespace gpuaudit {
namespace {

TEST(Names, FigureFamilyTypoIsRefusedWithTheNearest) {
  EXPECT_NO_THROW(check_figure_prefix("hbm", "--max-regression"));
  EXPECT_NO_THROW(check_figure_prefix("gemm/bf16", "--max-regression"));
  EXPECT_NO_THROW(check_figure_prefix("gpu_burn", "--max-regression"));  // an importer's family
  try {
    check_figure_prefix("hbmx", "--max-regression");
    FAIL() << "hbmx accepted";
  } catch (const Error& e) {
    EXPECT_EQ(e.code(), 2);
    EXPECT_NE(std::string(e.what()).find("did you mean 'hbm'"), std::string::npos) << e.what();
  }
}

TEST(Names, GroupKeysMustBeBuiltInOrATag) {
  EXPECT_NO_THROW(check_group_keys({"provider", "region", "gpu"}, {}));
  EXPECT_NO_THROW(check_group_keys({"team"}, {"team"}));
  try {
    check_group_keys({"provider", "bogus"}, {"team"});
    FAIL() << "bogus accepted";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("\"bogus\""), std::string::npos) << e.what();
  }
  try {
    check_group_keys({"provder"}, {});
    FAIL();
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("did you mean 'provider'"), std::string::npos) << e.what();
  }
}

TEST(Names, CurrencyIsUpperCaseIsoCode) {
  EXPECT_EQ(normalize_currency("eur", "--currency"), "EUR");
  EXPECT_EQ(normalize_currency("USD", "--currency"), "USD");
  EXPECT_THROW(normalize_currency("euro", "--currency"), Error);
  EXPECT_THROW(normalize_currency("$", "--currency"), Error);
  EXPECT_THROW(normalize_currency("", "--currency"), Error);
}

}  // namespace
}  // namespace gpuaudit
