// import/errors/optix_errors: the table against the OptiX SDK's OptixResult (tests/data/references/
// optix-result-codes.tsv, both ways), and results found by name or number in real lines.
#include "import/errors/optix_errors.hpp"
#include "import/errors/software_errors.hpp"

#include "unit/support/reference_codes.hpp"

#include <gtest/gtest.h>

namespace gpuaudit::imports {
namespace {

TEST(OptixErrors, TheTableIsTheHeadersResultsBothWays) {
  test_support::expect_table_is_reference(optix_codes(), "optix-result-codes.tsv", 33);
}

std::optional<OptixError> in(const std::string& line) { return test_support::read_line(optix_error, line); }

// As posted (FRESH-2026-12-63): OWL #12 on an RTX 4070 Ti, NVISII #40 on a driver below 450.
TEST(OptixErrors, OptixInitsRefusalsAreTheDriver) {
  const auto library = in("Optix call (optixInit()) failed with code 7804 (line 157)");
  ASSERT_TRUE(library);
  EXPECT_EQ(library->meaning.kind, "optix-library-missing");
  EXPECT_EQ(library->meaning.cls, kClassSoftware);
  const auto abi = in("Optix call (optixInit()) failed with code 7801 (line 150)");
  ASSERT_TRUE(abi);
  EXPECT_EQ(abi->meaning.kind, "driver-too-old");
  EXPECT_EQ(in("optixInit returned OPTIX_ERROR_UNSUPPORTED_ABI_VERSION")->meaning.kind, "driver-too-old");
  EXPECT_EQ(in("OPTIX_ERROR_INVALID_VALUE: invalid value")->meaning.cls, kClassProgram);
  EXPECT_EQ(in("Optix call failed with code 7050")->meaning.cls, kClassUnknown);
}

TEST(OptixErrors, NoResultWithoutOptixsWordsOrAKnownNumber) {
  EXPECT_FALSE(in("cuda call failed with code 7804"));
  EXPECT_FALSE(in("Optix call failed with code 7777"));
  EXPECT_FALSE(in("OptiX 7.4 found, line 157"));
  EXPECT_FALSE(in("OPTIX_ERROR_"));
  EXPECT_FALSE(in(""));
}

TEST(OptixErrors, SoftwareErrorsReadsThem) {
  const auto found = find_software_errors("Optix call (optixInit()) failed with code 7804 (line 157)\n", "x");
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].kind, "optix-library-missing");
  EXPECT_NE(found[0].reference.find("optix_7_types.h"), std::string::npos);
}

}  // namespace
}  // namespace gpuaudit::imports
