// import/errors/opencl_errors: the table against Khronos' CL/cl.h (tests/data/references/
// opencl-error-codes.tsv, both ways), and statuses found by name or number in real lines.
#include "import/errors/opencl_errors.hpp"
#include "import/errors/software_errors.hpp"

#include "unit/support/reference_codes.hpp"

#include <gtest/gtest.h>

namespace gpuaudit::imports {
namespace {

TEST(OpenClErrors, TheTableIsClHsErrorCodesBothWays) {
  test_support::expect_table_is_reference(opencl_codes(), "opencl-error-codes.tsv", 63);
}

TEST(OpenClErrors, ByNameOrByNumberOnAnOpenClLine) {
  // LuxRays through BlendLuxCore (LuxCoreRender/BlendLuxCore, a new driver on Windows 11).
  const auto lux = opencl_error("OpenCL driver API error (code: -1, file:C:\\luxcore\\luxrays\\src\\luxrays\\devices\\ocldevice.cpp, "
                                "line: 100): CL_DEVICE_NOT_FOUND",
                                "opencl driver api error (code: -1, file:c:\\luxcore\\luxrays\\src\\luxrays\\devices\\ocldevice.cpp, "
                                "line: 100): cl_device_not_found");
  ASSERT_TRUE(lux);
  EXPECT_EQ(lux->code->number, -1);
  EXPECT_EQ(lux->meaning.cls, kClassUnknown);  // one platform's answer: normal while walking several
  const auto build = opencl_error("clBuildProgram failed: -11", "clbuildprogram failed: -11");
  ASSERT_TRUE(build);
  EXPECT_EQ(build->code->name, std::string("CL_BUILD_PROGRAM_FAILURE"));
  EXPECT_EQ(build->meaning.cls, kClassProgram);
  EXPECT_FALSE(opencl_error("make: *** [all] Error -1", "make: *** [all] error -1"));  // no OpenCL on the line
  EXPECT_FALSE(opencl_error("set BUILD_CL_DEVICE_NOT_FOUND_FLAG", "set build_cl_device_not_found_flag"));
}

TEST(OpenClErrors, SoftwareErrorsReadThem) {
  const auto e = find_software_errors("Error: clGetPlatformIDs returned -1001 (CL_PLATFORM_NOT_FOUND_KHR)\n", "x");
  ASSERT_EQ(e.size(), 1u);
  EXPECT_EQ(e[0].kind, "no-device");
  EXPECT_EQ(e[0].cls, "software");
}

}  // namespace
}  // namespace gpuaudit::imports
