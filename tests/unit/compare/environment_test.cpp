// compare/environment: hardware differences refuse a comparison (or are listed when allowed), a
// different default CUDA toolkit is listed as a software difference.
#include "compare/compare.hpp"
#include "compare/compare_render.hpp"
#include "unit/support/compare_files.hpp"

#include <gtest/gtest.h>

#include <string>

using namespace gpuaudit;

TEST(CompareRuns, DifferentHardwareIsRefusedWithTheReason) {
  std::string msg;
  EXPECT_EQ(error_code_of([] { compare_files("golden-synthetic.json", "a100-synthetic.json"); }, &msg), 2);
  EXPECT_NE(msg.find("GPU model"), std::string::npos) << msg;
  EXPECT_NE(msg.find("A100"), std::string::npos) << msg;
  EXPECT_NE(msg.find("--allow-different-hardware"), std::string::npos) << msg;
  EXPECT_EQ(error_code_of([] { compare_files("golden-synthetic.json", "mig-3g40gb-synthetic.json"); }, &msg), 2);
  EXPECT_NE(msg.find("MIG profile none ("), std::string::npos) << msg;
  EXPECT_NE(msg.find("3g.40gb"), std::string::npos) << msg;
  EXPECT_EQ(error_code_of([] { compare_files("golden-synthetic.json", "two-gpus-synthetic.json"); }, &msg), 2);
  EXPECT_NE(msg.find("GPU count 1"), std::string::npos) << msg;
}

TEST(CompareRuns, DifferentHardwareAllowedIsListed) {
  CompareOptions opt;
  opt.allow_different_hardware = true;
  const auto c = compare_files("golden-synthetic.json", "a100-synthetic.json", opt);
  ASSERT_EQ(c.hardware_differences.size(), 1u);
  EXPECT_EQ(c.hardware_differences[0].what, "GPU model");
  EXPECT_NE(compare_text(c).find("hardware DIFFERS"), std::string::npos);
}

TEST(CompareRuns, ADifferentDefaultToolkitIsListedAsASoftwareDifference) {
  ResultDocument base = read_result(kCompareData + "golden-synthetic.json");
  ResultDocument next = base;
  CudaToolkit t;
  t.path = "/usr/local/cuda-12.8";
  t.version = "12.8.1";
  t.version_number = 12080;
  t.is_default = true;
  base.software.cuda_toolkits = {t};
  t.path = "/usr/local/cuda-13.0";
  t.version = "13.0";
  t.version_number = 13000;
  next.software.cuda_toolkits = {t};
  BaseRuns runs;
  runs.docs.push_back(base);
  runs.names.push_back("base.json");
  const auto c = compare_runs(runs, next, "new.json", {});
  ASSERT_EQ(c.software_differences.size(), 1u);
  EXPECT_EQ(c.software_differences[0].what, "CUDA toolkit (/usr/local/cuda)");
  EXPECT_EQ(c.software_differences[0].base, "12.8.1");
  EXPECT_EQ(c.software_differences[0].next, "13.0");
}

