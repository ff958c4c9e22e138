// import/errors/cublas_errors: the table against cublas_api.h's cublasStatus_t (tests/data/references/
// cublas-status-codes.tsv, both ways), and statuses found by name in real lines.
#include "import/errors/cublas_errors.hpp"
#include "import/errors/software_errors.hpp"

#include "unit/support/reference_codes.hpp"

#include <gtest/gtest.h>

namespace gpuaudit::imports {
namespace {

TEST(CublasErrors, TheTableIsTheHeadersStatusesBothWays) {
  test_support::expect_table_is_reference(cublas_codes(), "cublas-status-codes.tsv", 9);
}

// As posted: Open-Sora #584 (FRESH-2026-12-66) and PyTorch's usual wordings.
TEST(CublasErrors, StatusesByNameWithTheirClass) {
  const auto internal = cublas_error("RuntimeError: CUDA error: CUBLAS_STATUS_INTERNAL_ERROR when calling `cublasCreate(handle)`");
  ASSERT_TRUE(internal);
  EXPECT_EQ(internal->meaning.cls, kClassUnknown);
  EXPECT_EQ(cublas_error("CUBLAS_STATUS_ALLOC_FAILED when calling `cublasCreate(handle)`")->meaning.kind, "out-of-memory");
  EXPECT_EQ(cublas_error("CUBLAS_STATUS_ARCH_MISMATCH when calling cublasGemmEx")->meaning.cls, kClassSoftware);
  EXPECT_FALSE(cublas_error("CUBLAS_STATUS_SUCCESS"));
  EXPECT_FALSE(cublas_error("MY_CUBLAS_STATUS_INTERNAL_ERROR"));
  EXPECT_FALSE(cublas_error("CUBLAS_STATUS_"));
  const auto found = find_software_errors("RuntimeError: CUDA error: CUBLAS_STATUS_EXECUTION_FAILED when calling `cublasSgemm( handle)`\n", "x");
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].kind, "cublas-execution-failed");
  EXPECT_NE(found[0].reference.find("cublas_api.h"), std::string::npos);
}

}  // namespace
}  // namespace gpuaudit::imports
