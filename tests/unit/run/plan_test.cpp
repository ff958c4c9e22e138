// The plan `run` prints before measuring (plan.hpp): GPUs, driver, suites and output, the selected GPUs
// and suites only, and the no-GPU state named once for the suites that need a GPU.
#include "run/plan.hpp"

#include <gtest/gtest.h>

namespace gpuaudit {
namespace {

ResultDocument two_gpu_doc() {
  ResultDocument d;
  d.mode = "quick";
  for (int i = 0; i < 2; ++i) {
    GpuInfo g;
    g.index = i;
    g.name = "NVIDIA H100 80GB HBM3";
    d.gpus.push_back(g);
  }
  d.software.driver_version = "570.86.15";
  d.software.cuda_driver_version = 12080;
  return d;
}

std::vector<Suite> suites() {
  auto names = [](std::vector<std::string> v) { return [v] { return v; }; };
  return {{"host", 10, false, nullptr, names({"host/cpu"})},
          {"gpu", 20, true, nullptr, names({"hbm/copy", "gemm/bf16"})},
          {"multi-gpu", 30, true, nullptr, names({"nccl/allreduce"})},
          {"host", 1000, false, nullptr, names({"host/cpu"}), true}};
}

TEST(RunPlan, SaysWhatItWillMeasureAndWhere) {
  RunOptions opt;
  const std::string text = run_plan_text(make_run_plan(two_gpu_doc(), suites(), opt, true, "out.json"));
  EXPECT_EQ(text,
            "gpuaudit run (quick)\n"
            "  GPUs     0: NVIDIA H100 80GB HBM3, 1: NVIDIA H100 80GB HBM3\n"
            "  driver   570.86.15 (CUDA 12.8)\n"
            "  suites   host, gpu, multi-gpu\n"
            "  writing  out.json\n");
}

TEST(RunPlan, NamesTheSelectedGpusAndSuitesOnly) {
  RunOptions opt;
  opt.gpus = {1};
  opt.only = {"hbm"};
  const RunPlan p = make_run_plan(two_gpu_doc(), suites(), opt, true, "-");
  EXPECT_EQ(p.gpus, std::vector<std::string>{"1: NVIDIA H100 80GB HBM3"});
  EXPECT_EQ(p.suites, std::vector<std::string>{"gpu"});
  EXPECT_NE(run_plan_text(p).find("  writing  the document to stdout\n"), std::string::npos);
}

// The message itself ("no NVIDIA driver found: ...") is the verdict's to say, once.
TEST(RunPlan, NamesTheNoGpuStateForEverySuiteThatNeedsOne) {
  ResultDocument d;
  d.mode = "quick";
  d.gpu_status = {"no-driver", "no NVIDIA driver (libnvidia-ml.so.1 not found)", {}};
  const std::string text = run_plan_text(make_run_plan(d, suites(), RunOptions{}, false, "o.json"));
  EXPECT_EQ(text,
            "gpuaudit run (quick)\n"
            "  GPUs     none (no-driver)\n"
            "  driver   none\n"
            "  suites   host\n"
            "  skipped  gpu, multi-gpu: no usable GPU (no-driver)\n"
            "  writing  o.json\n");
}

}  // namespace
}  // namespace gpuaudit
